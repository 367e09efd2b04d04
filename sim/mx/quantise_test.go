package mx

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestQuantiseMXHarness: PLENA's harness quantiser on hand-computed
// blocks (two guard bits then half to even; no carry into the exponent;
// PLENA's subnormal (m/8)*2^-7, which also catches [2^-7, 2^-6)).
func TestQuantiseMXHarness(t *testing.T) {
	for _, tc := range []struct{ in, want []float64 }{
		{[]float64{1, 0.5, 0.25, 0}, []float64{1, 0.5, 0.25, 0}},
		// 1.0625 = 1 + 0.5/8: floor(4*0.5)/4 = 0.5, a tie, even -> 1.
		{[]float64{1.0625, 1.1875, 1.9999, -3}, []float64{1, 1.25, 1.875, -3}},
		// Block max 3 (e = 1): 0.01 / 2 = 0.005 in [2^-8, 2^-7): subnormal
		// m = hardware_round(0.005*2^7*8) = hardware_round(5.12) = 5 ->
		// 5/8*2^-7*2.
		{[]float64{3, 0.01}, []float64{3, 5.0 / 8 * math.Ldexp(1, -7) * 2}},
		// Block max 2 (e = 1): 0.0155/2 = 0.00775 in [2^-7, 2^-6) takes
		// the subnormal branch and saturates at 7/8*2^-7.
		{[]float64{2, 0.0155}, []float64{2, 7.0 / 8 * math.Ldexp(1, -7) * 2}},
	} {
		got := slices.Clone(tc.in)
		Quantise(got, len(got))
		for i := range tc.want {
			if got[i] != tc.want[i] {
				t.Errorf("quantise %v: [%d] = %g, want %g", tc.in, i, got[i], tc.want[i])
			}
		}
	}
}

// TestMXExactAgainstSimulator: every quantised block encodes exactly, the
// simulator's decoder (DecodeE4M3, DecodeE8M0) reads the values back, and the
// emulator's store quantiser (EncodeBlock) writes the same bytes for
// them.
func TestMXExactAgainstSimulator(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		blk := make([]float64, Block)
		sc := math.Ldexp(1, r.IntN(40)-20)
		for i := range blk {
			if r.IntN(6) > 0 {
				blk[i] = r.NormFloat64() * sc
			}
		}
		Quantise(blk, Block)
		f := make([]float32, Block)
		for i, v := range blk {
			f[i] = float32(v)
		}
		elems := make([]byte, Block)
		scale, err := encodeExact(f, elems)
		if err != nil {
			t.Fatalf("%v: %v", blk, err)
		}
		for i, v := range blk {
			if got := float64(DecodeE4M3(elems[i]) * DecodeE8M0(scale)); got != v {
				t.Fatalf("block %v: element %d decodes to %g, want %g", blk, i, got, v)
			}
		}
		store := make([]byte, Block)
		if s2 := EncodeBlock(f, store); s2 != scale || !slices.Equal(store, elems) {
			t.Fatalf("block %v: store quantiser writes %d %v, exact encoding %d %v", blk, s2, store, scale, elems)
		}
	}
	if _, err := encodeExact([]float32{1, 1.1}, make([]byte, 2)); err == nil {
		t.Error("1.1 with block scale 1 encoded without error")
	}
}

// TestQuantiseMXFast: the quantiser (binary exponents by Frexp, powers of
// two by their bits) gives exactly what the harness's formula, with
// math.Log2 and math.Exp2, gives: on random float32 values of every
// magnitude, powers of two and their float32 neighbours.
func TestQuantiseMXFast(t *testing.T) {
	slowE4M3 := func(v float64) float64 {
		if v == 0 {
			return 0
		}
		sign := 1.0
		if v < 0 {
			sign, v = -1, -v
		}
		exp := math.Floor(math.Log2(float64(float32(v) + 1e-9)))
		exp = math.Max(-7, math.Min(7, exp))
		m := v / math.Exp2(exp)
		if exp != -7 {
			q := math.Min(7, math.Max(0, hardwareRound((m-1)*8)))
			return sign * (1 + q/8) * math.Exp2(exp)
		}
		q := math.Min(7, math.Max(0, hardwareRound(m*8)))
		return sign * q / 8 * math.Exp2(-7)
	}
	slowBlock := func(blk []float64) {
		var maxAbs float32
		for _, x := range blk {
			maxAbs = max(maxAbs, float32(math.Abs(float64(float32(x)))))
		}
		e := math.Floor(math.Log2(float64(maxAbs + 1e-9)))
		e = math.Max(-127, math.Min(127, e))
		for i, x := range blk {
			v := float64(float32(x)) / math.Exp2(e)
			blk[i] = math.Ldexp(slowE4M3(v), int(e)) + 0 // as quantiseBlock: no -0
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var vals []float64
	for e := -140; e <= 126; e++ { // float32 values (2^127 * 1.9375 is the largest here)
		p := math.Ldexp(1, e)
		vals = append(vals, p, float64(math.Nextafter32(float32(p), 0)), float64(math.Nextafter32(float32(p), float32(math.Inf(1)))), -p, 1.5*p, 1.9375*p, 1.0625*p)
	}
	for range 200000 {
		vals = append(vals, float64(float32(rng.NormFloat64()*math.Ldexp(1, rng.IntN(80)-40))))
	}
	for i := 0; i+Block <= len(vals); i += 3 {
		a := append([]float64(nil), vals[i:i+Block]...)
		b := append([]float64(nil), a...)
		c := append([]float64(nil), a...)
		stable := quantiseBlock(a)
		slowBlock(b)
		if quantiseBlock8((*[Block]float64)(c)) != stable {
			t.Fatalf("block at %d: quantiseBlock8 and quantiseBlock differ on stability", i)
		}
		for j := range a {
			if math.Float64bits(a[j]) != math.Float64bits(b[j]) {
				t.Fatalf("block at %d, element %d (%g): fast %g, formula %g", i, j, vals[i+j], a[j], b[j])
			}
			if math.Float64bits(c[j]) != math.Float64bits(b[j]) {
				t.Fatalf("block at %d, element %d (%g): quantiseBlock8 %g, formula %g", i, j, vals[i+j], c[j], b[j])
			}
		}
	}
	for _, v := range vals {
		if f, s := quantiseE4M3(v), slowE4M3(v); math.Float64bits(f) != math.Float64bits(s) && !(v > 0 && v < 1e-300) {
			t.Fatalf("quantiseE4M3(%g): fast %g, formula %g", v, f, s)
		}
	}
}

// TestQuantiseMXVector: the vector quantiser (quantiseBlocks and its
// fix-ups) gives quantiseBlock's bits and stability, block by block, on
// values of every magnitude, zeros of both signs, float32 subnormals,
// values just below powers of two (where the harness's 1e-9 moves the
// shared exponent), infinities and NaNs.
func TestQuantiseMXVector(t *testing.T) {
	if !vectorAvailable() {
		t.Skip("no vector quantiser on this host")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	special := []float64{0, math.Copysign(0, -1), 0x1p-140, -0x1p-149, 0x1p-126, math.Inf(1), math.Inf(-1), math.NaN(), 1 - 0x1p-24, 0x1p-30 - 0x1p-54, 1e-9, 0x1p-27}
	n := 1 << 16
	vals := make([]float64, n)
	for i := range vals {
		switch r := rng.IntN(64); {
		case r == 0:
			vals[i] = special[rng.IntN(len(special))]
		case r < 4: // a float64 that is not a float32
			vals[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(60)-30)
		default:
			vals[i] = float64(float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(300)-150)))
		}
	}
	// Blocks of one magnitude with a few tiny elements (the fix-ups).
	for b := 0; b < 1024; b++ {
		sc := math.Ldexp(1, rng.IntN(60)-30)
		for i := range Block {
			vals[b*Block+i] = rng.NormFloat64() * sc * math.Ldexp(1, -rng.IntN(12))
		}
	}
	// Blocks with elements where the float32 1e-9 carries x/2^e over
	// 2^-6 or 2^-5, and on the clamped exponent's grid.
	for b := 1024; b < 1024+256; b++ {
		e := rng.IntN(200) - 100
		p := func(k int) float64 { return math.Ldexp(1, e+k) }
		edge := []float64{
			p(0) * 1.5, p(-5) - p(-29), -(p(-6) - p(-30)), p(-7) * 1.999, -p(-8) * 1.3,
			p(-11), p(-6) - p(-29), p(-5) * (1 - 0x1p-22),
		}
		for i := range Block {
			vals[b*Block+i] = float64(float32(edge[(i+b)%len(edge)] * (1 + float64(rng.IntN(3))*0x1p-23)))
		}
		vals[b*Block] = p(0) * 1.5
	}
	got := append([]float64(nil), vals...)
	if !quantiseVector(got[:0], nil) {
		t.Fatal("empty data is not stable")
	}
	for lo := 0; lo < n; lo += 4096 + 8 {
		hi := min(n, lo+4096+8)
		want := append([]float64(nil), vals[lo:hi]...)
		stable := true
		for b := 0; b < len(want); b += Block {
			if !quantiseBlock(want[b : b+Block]) {
				stable = false
			}
		}
		enc := make([]byte, 4*(hi-lo))
		if quantiseVector(got[lo:hi], enc) != stable {
			t.Errorf("elements %d..%d: stability differs", lo, hi-1)
		}
		for i, w := range want {
			if g := got[lo+i]; math.Float64bits(g) != math.Float64bits(w) && !(g != g && w != w) {
				t.Fatalf("element %d (%g, block %v): vector %g, quantiseBlock %g", lo+i, vals[lo+i], vals[(lo+i)&^7:(lo+i)&^7+8], g, w)
			}
			if g, w := binary.LittleEndian.Uint32(enc[4*i:]), math.Float32bits(float32(w)); g != w && !(g&0x7fffffff > 0x7f800000 && w&0x7fffffff > 0x7f800000) {
				t.Fatalf("element %d (%g): encoded %#x, want %#x", lo+i, vals[lo+i], g, w)
			}
		}
	}
	// Stability block by block, and pair by pair (the vector loop takes
	// two blocks at a time).
	for b := 0; b < n; b += Block {
		blk := append([]float64(nil), vals[b:b+Block]...)
		if quantiseVector(append([]float64(nil), blk...), nil) != quantiseBlock(blk) {
			t.Fatalf("block %v: stability differs", vals[b:b+Block])
		}
		if b+2*Block <= n {
			pair := append([]float64(nil), vals[b:b+2*Block]...)
			got := quantiseVector(append([]float64(nil), pair...), nil)
			s0, s1 := quantiseBlock(pair[:Block]), quantiseBlock(pair[Block:])
			if got != (s0 && s1) {
				t.Fatalf("blocks %v: stability differs", vals[b:b+2*Block])
			}
		}
	}
}

// TestMXEncodeVector: the vector encoder (encodeBlocks) writes what
// encodeBytes writes for every block it encodes, and stops only at a
// block where encodeBytes needs encodeSlow (or fails): on quantised
// blocks of every magnitude, with zeros of both signs, PLENA's subnormal
// codes, float32 subnormals, values that are no code, infinities and
// NaNs, and tiny blocks where a zero lane's exponent difference looks
// like a code's.
func TestMXEncodeVector(t *testing.T) {
	if !vectorAvailable() {
		t.Skip("no vector encoder on this host")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	const nb = 1 << 13
	vals := make([]float64, nb*Block)
	for b := range nb {
		blk := vals[b*Block : (b+1)*Block]
		sc := math.Ldexp(1, rng.IntN(250)-125)
		for i := range blk {
			blk[i] = rng.NormFloat64() * sc * math.Ldexp(1, -rng.IntN(12))
		}
		if b%2 == 0 {
			quantiseBlock(blk)
		}
		switch rng.IntN(16) {
		case 0:
			blk[rng.IntN(Block)] = 0
		case 1:
			blk[rng.IntN(Block)] = math.Copysign(0, -1)
		case 2:
			blk[rng.IntN(Block)] = []float64{math.Inf(1), math.Inf(-1), math.NaN(), 0x1p-140, 0x1p-149}[rng.IntN(5)]
		case 3: // a block of zeros but one tiny value
			clear(blk)
			blk[rng.IntN(Block)] = math.Ldexp(1, -rng.IntN(10)-117)
		case 4:
			clear(blk)
		}
	}
	x := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(x[4*i:], math.Float32bits(float32(v)))
	}
	codes, scales := make([]byte, len(vals)), make([]byte, nb)
	stops, vectorBlocks := 0, 0
	for b := 0; b < nb; {
		done := encodeBlocks(x[32*b:], codes[8*b:], scales[b:])
		for i := b; i < b+done; i++ {
			var want [Block]byte
			sc, err := encodeBytes(x[32*i:32*i+32], want[:])
			if err != nil || sc != scales[i] || want != [Block]byte(codes[8*i:8*i+8]) {
				t.Fatalf("block %d %v: vector scale %d codes %v, want %d %v (%v)", i, vals[8*i:8*i+8], scales[i], codes[8*i:8*i+8], sc, want, err)
			}
		}
		vectorBlocks += done
		b += done
		if b == nb {
			break
		}
		var f [Block]float32
		for j := range f {
			f[j] = float32(vals[8*b+j])
		}
		var c [Block]byte
		if _, ok := encodeFast(f[:], c[:]); ok {
			t.Fatalf("block %d %v: the vector encoder stopped at a block encodeFast encodes", b, f)
		}
		stops++
		b++
	}
	t.Logf("%d blocks encoded in vectors, %d stops", vectorBlocks, stops)
	if stops == 0 || vectorBlocks < nb/2 {
		t.Fatalf("%d blocks encoded in vectors, %d stops: the test covers too little", vectorBlocks, stops)
	}
}

// TestMXDecodeVector: the vector decoder (DequantBits, sim/vec's loop),
// which package ref's ReadBack and H_PREFETCH_* use, gives
// the bits of PLENA's scalar decoding (E4M3 value times E8M0 scale in
// float32) for every code with every scale byte (NaNs, infinities and
// zero scales included), on the host's path.
func TestMXDecodeVector(t *testing.T) {
	codes := make([]byte, 256*256)
	scales := make([]float32, len(codes)/Block)
	for i := range codes { // every code with every scale byte
		codes[i] = byte(i)
	}
	for b := range scales {
		scales[b] = DecodeE8M0(byte(b / (256 / Block)))
	}
	out := make([]byte, 4*len(codes))
	DequantBits(out, codes, scales)
	for i, c := range codes {
		sb := byte(i / Block / (256 / Block))
		want := math.Float32bits(DecodeE4M3(c) * DecodeE8M0(sb))
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != want {
			t.Fatalf("code %#x scale %#x: %#x, want %#x", c, sb, got, want)
		}
	}
}

// BenchmarkQuantiseMX times the harness quantiser (Quantise) on a
// 256 x 256 matrix of normal values, as a case's weights get it.
func BenchmarkQuantiseMX(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	src := make([]float64, 256*256)
	for i := range src {
		src[i] = r.NormFloat64() / 16
	}
	data := make([]float64, len(src))
	for b.Loop() {
		copy(data, src)
		Quantise(data, 256)
	}
}

// BenchmarkEncodeMXExact times the exact MXFP8 encoder on quantised
// blocks (a case tensor's memory image).
func BenchmarkEncodeMXExact(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]float64, 256*256)
	for i := range data {
		data[i] = r.NormFloat64() / 16
	}
	Quantise(data, 256)
	f := make([]float32, len(data))
	for i, v := range data {
		f[i] = float32(v)
	}
	elems := make([]byte, len(f))
	for b.Loop() {
		for k := 0; k < len(f); k += Block {
			if _, err := encodeExact(f[k:k+Block], elems[k:]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestQuantiseMXNoNegativeZero: a small negative quantised to zero is +0
// (zero's MX encoding has no sign; a -0 input would read back as +0 and
// fail the checker's bit-for-bit test of read-only inputs: sdpa c1,
// hidden seed 39608).
func TestQuantiseMXNoNegativeZero(t *testing.T) {
	data := []float64{3, -1e-4, 1, 0, -2, -1e-5, 0.5, 1}
	Quantise(data, Block)
	for i, v := range data {
		if v == 0 && math.Signbit(v) {
			t.Errorf("element %d quantised to -0", i)
		}
	}
	if data[1] != 0 || data[5] != 0 {
		t.Errorf("small negatives quantised to %g and %g, want 0", data[1], data[5])
	}
}
