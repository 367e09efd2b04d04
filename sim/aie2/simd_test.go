package aie2

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim/vec"
)

// Differential tests of the MAC tile products: the scalar reference
// (ref_test.go: the simulator's original per-lane code) against
// vec.MacBF16 and vec.MacInt on the pure-Go fallback and on every SIMD
// path of the host, over random and edge-case operands (NaN, infinities,
// subnormals, ties, cancellation, overflow).

// edgeBF16 and edgeF32 are the operand patterns the rule treats specially.
var (
	edgeBF16 = []uint16{
		0, 0x8000, 0x0001, 0x807F, 0x0080, 0x8080, 0x3F80, 0xBF80, 0x3F81, 0x4000, 0x3F00,
		0x3380, 0x33C0, 0x3381, 0x7F7F, 0xFF7F, 0x7F00, 0x0100, 0x7F80, 0xFF80, 0x7FC0, 0xFF81,
	}
	edgeF32 = []uint32{
		0, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x3F800001,
		0x4B800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001,
	}
)

// fillMacOperands fills the multiplicands (bf16) and two fp32 accumulators;
// special allows infinities and NaNs, near clusters the exponents so that
// terms overlap, cancel and round at ties.
func fillMacOperands(r *rand.Rand, x, y, a1, a2 *[64]byte, special, near bool) {
	bf := func() uint16 {
		var h uint16
		switch r.IntN(8) {
		case 0:
			h = edgeBF16[r.IntN(len(edgeBF16))]
		case 1, 2, 3, 4, 5:
			if near {
				h = uint16(r.Uint32())&0x807F | uint16(118+r.IntN(20))<<7
				break
			}
			fallthrough
		default:
			h = uint16(r.Uint32())
		}
		if !special && h&0x7F80 == 0x7F80 {
			h &^= 0x0080
		}
		return h
	}
	f32 := func() uint32 {
		var v uint32
		switch r.IntN(6) {
		case 0:
			v = edgeF32[r.IntN(len(edgeF32))]
		case 1:
			v = 0
		case 2, 3, 4:
			if near {
				v = r.Uint32()&0x807FFFFF | uint32(105+r.IntN(50))<<23
				break
			}
			fallthrough
		default:
			v = r.Uint32()
		}
		if !special && v&0x7F800000 == 0x7F800000 {
			v &^= 0x00800000
		}
		return v
	}
	for i := range 32 {
		binary.LittleEndian.PutUint16(x[2*i:], bf())
		binary.LittleEndian.PutUint16(y[2*i:], bf())
	}
	for i := range 16 {
		binary.LittleEndian.PutUint32(a1[4*i:], f32())
		binary.LittleEndian.PutUint32(a2[4*i:], f32())
	}
	if near && r.IntN(4) == 0 { // exact cancellation against the first product of lane 0
		binary.LittleEndian.PutUint16(x[2:], binary.LittleEndian.Uint16(x[0:])^0x8000)
		binary.LittleEndian.PutUint16(y[2*4:], binary.LittleEndian.Uint16(y[0:]))
	}
}

// simdPaths are the vec paths to compare: the fallback and the host's.
func simdPaths() []string { return append([]string{"generic"}, vec.Paths()...) }

// checkMacF runs one bf16 MAC on every path against the reference.
func checkMacF(t *testing.T, mm *macMode, x, y, a1, a2 *[64]byte, cfg uint32, negMul bool) {
	t.Helper()
	want := refMacF(mm, x, y, a1, a2, cfg, negMul)
	var neg uint8
	if negMul {
		neg |= vec.NegMul
	}
	if cfg&cfgSubAcc1 != 0 {
		neg |= vec.NegAcc1
	}
	if cfg&cfgSubAcc2 != 0 {
		neg |= vec.NegAcc2
	}
	for _, p := range simdPaths() {
		vec.SetPath(p)
		var got [64]byte
		vec.MacBF16(&got, x, y, a1, a2, mm.lay, neg)
		if got != want {
			for l := range 16 {
				g, w := binary.LittleEndian.Uint32(got[4*l:]), binary.LittleEndian.Uint32(want[4*l:])
				if g != w {
					t.Fatalf("%s on %s, cfg %#x negMul %v: lane %d = %#08x, reference %#08x\nx  %x\ny  %x\na1 %x\na2 %x", mm.name, p, cfg, negMul, l, g, w, x, y, a1, a2)
				}
			}
		}
	}
}

// TestMacFPathsMatchReference: random and edge-case operands, every bf16
// mode, every negation bit.
func TestMacFPathsMatchReference(t *testing.T) {
	defer vec.UseFallback(false)
	r := rand.New(rand.NewPCG(19, 7))
	for i := range macModes {
		mm := &macModes[i]
		if !mm.fp {
			continue
		}
		for it := range 2000 {
			var x, y, a1, a2 [64]byte
			fillMacOperands(r, &x, &y, &a1, &a2, it%4 == 0, it%2 == 1)
			if it%3 == 0 {
				a2 = [64]byte{}
			}
			cfg := uint32(r.IntN(4)) << 12
			checkMacF(t, mm, &x, &y, &a1, &a2, cfg, r.IntN(2) == 0)
		}
	}
}

// TestAccAddFPathsMatchReference: the fp32 accumulator additions.
func TestAccAddFPathsMatchReference(t *testing.T) {
	defer vec.UseFallback(false)
	r := rand.New(rand.NewPCG(19, 8))
	var zero [64]byte
	for it := range 2000 {
		var x, y, a1, a2 [64]byte
		fillMacOperands(r, &x, &y, &a1, &a2, it%4 == 0, it%2 == 1)
		if it%8 == 0 { // x + (−x): exact cancellation
			for l := range 16 {
				binary.LittleEndian.PutUint32(a2[4*l:], binary.LittleEndian.Uint32(a1[4*l:]))
			}
		}
		n1, n2 := r.IntN(2) == 0, it%8 == 0 || r.IntN(2) == 0
		want := refAccAddF(&a1, &a2, n1, n2)
		var neg uint8
		if n1 {
			neg |= vec.NegAcc1
		}
		if n2 {
			neg |= vec.NegAcc2
		}
		for _, p := range simdPaths() {
			vec.SetPath(p)
			var got [64]byte
			vec.MacBF16(&got, &zero, &zero, &a1, &a2, accLayout, neg)
			if got != want {
				t.Fatalf("accumulator add on %s, neg %v/%v:\na1 %x\na2 %x\ngot  %x\nwant %x", p, n1, n2, a1, a2, got, want)
			}
		}
	}
}

// checkMacInt runs one integer MAC on every path against the reference.
func checkMacInt(t *testing.T, mm *macMode, x, y *[64]byte, a1, a2 *[128]byte, cfg uint32, negMul bool) {
	t.Helper()
	want := refMacInt(mm, x, y, a1, a2, cfg, negMul)
	var neg uint8
	if negMul {
		neg |= vec.NegMul
	}
	if cfg&cfgSubAcc1 != 0 {
		neg |= vec.NegAcc1
	}
	if cfg&cfgSubAcc2 != 0 {
		neg |= vec.NegAcc2
	}
	n := mm.m * mm.n * mm.abits / 8
	for _, p := range simdPaths() {
		vec.SetPath(p)
		var got [128]byte
		vec.MacInt(&got, x, y, a1, a2, &mm.ig, cfg&cfgSgnX != 0, cfg&cfgSgnY != 0, neg)
		if string(got[:n]) != string(want[:n]) {
			t.Fatalf("%s on %s, cfg %#x negMul %v:\nx  %x\ny  %x\na1 %x\na2 %x\ngot  %x\nwant %x", mm.name, p, cfg, negMul, x, y, a1, a2, got[:n], want[:n])
		}
	}
}

// TestMacIntPathsMatchReference: every integer mode, signedness and
// negation bit, random operands with the extremes of each width.
func TestMacIntPathsMatchReference(t *testing.T) {
	defer vec.UseFallback(false)
	r := rand.New(rand.NewPCG(19, 9))
	ext := []byte{0x00, 0x7F, 0x80, 0xFF}
	fill := func(b []byte) {
		for i := range b {
			if r.IntN(4) == 0 {
				b[i] = ext[r.IntN(len(ext))]
			} else {
				b[i] = byte(r.Uint32())
			}
		}
	}
	for i := range macModes {
		mm := &macModes[i]
		if mm.fp || mm.ybits == 4 || mm.elem { // mac4 composes two MacInt calls (TestMacInt8xInt4); element-wise modes run macElemInt (TestMacElemInt32, TestMacElemInt16And8)
			continue
		}
		for range 500 {
			var x, y [64]byte
			var a1, a2 [128]byte
			fill(x[:])
			fill(y[:])
			fill(a1[:])
			fill(a2[:])
			checkMacInt(t, mm, &x, &y, &a1, &a2, uint32(r.IntN(4))<<8|uint32(r.IntN(8))<<11, r.IntN(2) == 0)
		}
	}
}

// FuzzMacFRef: any operands, any bf16 mode and negation bits; the
// fallback and the SIMD paths against the scalar reference.
func FuzzMacFRef(f *testing.F) {
	f.Add(make([]byte, 256), uint16(28))
	seed := make([]byte, 256)
	for i := range seed {
		seed[i] = byte(i*97 + 13)
	}
	f.Add(seed, uint16(60|1<<11|1<<12))
	f.Add(seed, uint16(28|1<<13))
	var fp []*macMode
	for i := range macModes {
		if macModes[i].fp {
			fp = append(fp, &macModes[i])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, sel uint16) {
		defer vec.UseFallback(false)
		var buf [256]byte
		copy(buf[:], data)
		x, y := (*[64]byte)(buf[0:64]), (*[64]byte)(buf[64:128])
		a1, a2 := (*[64]byte)(buf[128:192]), (*[64]byte)(buf[192:256])
		mm := fp[int(sel&0xFF)%len(fp)]
		checkMacF(t, mm, x, y, a1, a2, uint32(sel)&(cfgSubAcc1|cfgSubAcc2), sel&cfgSubMul != 0)
	})
}

// TestMacNoAllocs: the steady state of a loop of vmac.f bundles (the
// benchmark's) allocates nothing, on any path.
func TestMacNoAllocs(t *testing.T) {
	defer vec.UseFallback(false)
	m := build(t, vmacLoop(1000), Options{})
	for _, p := range simdPaths() {
		vec.SetPath(p)
		m.reset()
		m.SetReg("r0", 28)
		for range 50 { // into the loop
			m.step(false)
		}
		if n := testing.AllocsPerRun(500, func() { m.step(false) }); n != 0 || m.halted {
			t.Errorf("%s: %v allocations per cycle (halted early: %v)", p, n, m.halted)
		}
	}
}

// FuzzMacIntRef: any operands, integer mode, signedness and negation
// bits; every path against the scalar reference.
func FuzzMacIntRef(f *testing.F) {
	f.Add(make([]byte, 384), uint16(776))
	seed := make([]byte, 384)
	for i := range seed {
		seed[i] = byte(i*151 + 7)
	}
	f.Add(seed, uint16(3<<11|1<<13))
	var im []*macMode
	for i := range macModes {
		if !macModes[i].fp {
			im = append(im, &macModes[i])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, sel uint16) {
		defer vec.UseFallback(false)
		var buf [384]byte
		copy(buf[:], data)
		mm := im[int(sel&0xFF)%len(im)]
		checkMacInt(t, mm, (*[64]byte)(buf[0:64]), (*[64]byte)(buf[64:128]), (*[128]byte)(buf[128:256]), (*[128]byte)(buf[256:384]),
			uint32(sel)&(cfgSgnX|cfgSgnY|cfgSubAcc1|cfgSubAcc2), sel&cfgSubMul != 0)
	})
}

// TestShufflePaths: every vshuffle mode as a byte permutation
// (shuffleIdx through vec.PermuteBytes, on every path) gives what the
// mode table's transposes give (shuffle) on random registers.
func TestShufflePaths(t *testing.T) {
	defer vec.UseFallback(false)
	if len(shuffleIdx) != 48 {
		t.Fatalf("%d vshuffle modes, want 48", len(shuffleIdx))
	}
	r := rand.New(rand.NewPCG(4, 4))
	for range 20 {
		var in [128]byte
		for i := range in {
			in[i] = byte(r.Uint32())
		}
		for mode := range shuffleIdx {
			var want [64]byte
			shuffle(want[:], in[:], uint32(mode))
			for _, p := range simdPaths() {
				vec.SetPath(p)
				var got [64]byte
				vec.PermuteBytes(&got, &in, &shuffleIdx[mode])
				if got != want {
					t.Fatalf("mode %d on %s: got %x, want %x", mode, p, got, want)
				}
			}
		}
	}
}

// numericsLoop is a zero-overhead loop of n iterations over vsrs, vups,
// vconv both ways, vpack and vst.srs/vst.conv/vst.pack stores into data
// memory.
func numericsLoop(n int) string {
	body := []string{
		"vsrs.s16.s32 wl1, bml0, s0",
		"vups.s32.s16 bml1, wl0, s0",
		"vconv.bf16.fp32 wl2, bml2",
		"vconv.fp32.bf16 bml3, wl3",
		"vpack.s8.s16 wl4, x5",
		"vsrs.s8.s32 wl6, cm0, s0",
		"vst.srs.s16.s64 cm1, s0, [p0, #0]",
		"vst.conv.bf16.fp32 bml2, [p0, #32]",
		"nopa ; nopb ; vst.pack.s8.s16 x5, [p0, #64] ; nopx ; nopm ; nopv", // 128 bits, ending the loop on a 16-byte boundary
	}
	return "movxm ls, #start\nmovxm le, #last\nmovxm lc, #" + itoa(n) + "\nmovxm p0, #0x70000\nmovxm crrnd, #12\nmovxm crsat, #1\n" +
		strings.Repeat(wideNop+"\n", 7) + ".p2align 4\nstart:\n" + strings.Join(body[:len(body)-1], "\n") + "\n.p2align 4\nlast:\n" + body[len(body)-1] + "\n" +
		strings.Repeat("nop\n", 7) + "done\n"
}

// TestNumericsNoAllocs: the steady state of a loop of SRS, UPS, pack and
// conversion bundles allocates nothing, on any path, and every path
// leaves the same registers and memory.
func TestNumericsNoAllocs(t *testing.T) {
	defer vec.UseFallback(false)
	m := build(t, numericsLoop(1000), Options{})
	r := rand.New(rand.NewPCG(5, 5))
	regs := []string{"bml0", "cm0", "cm1", "bml2", "wl0", "wl3", "x5"}
	init := map[string][]byte{}
	for _, name := range regs {
		v, _ := m.Vec(name)
		b := make([]byte, len(v))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		init[name] = b
	}
	var first string
	var want [][]byte
	for _, p := range simdPaths() {
		vec.SetPath(p)
		m.reset()
		m.SetReg("s0", 5)
		for _, name := range regs {
			m.SetVec(name, init[name])
		}
		for range 50 { // into the loop
			m.step(false)
		}
		if n := testing.AllocsPerRun(500, func() { m.step(false) }); n != 0 || m.halted {
			t.Errorf("%s: %v allocations per cycle (halted early: %v)", p, n, m.halted)
		}
		var got [][]byte
		for _, name := range []string{"wl1", "bml1", "wl2", "bml3", "wl4", "wl6"} {
			v, _ := m.Vec(name)
			got = append(got, v)
		}
		mem, _ := m.ReadMem(0x70000, 96)
		got = append(got, mem)
		if want == nil {
			first, want = p, got
			continue
		}
		for i := range want {
			if !bytes.Equal(got[i], want[i]) {
				t.Errorf("%s and %s differ in result %d: %x, %x", p, first, i, got[i], want[i])
			}
		}
	}
}

// refCompare is the lane loop of vmax_lt/vmin_ge (d and mask) and
// vge/vlt/veqz (mask) that the simulator's whole-register compares
// (vec.Less, vec.Zero, vec.Select) replace: bf16 lanes compared as
// float32 values, integer lanes signed or unsigned.
func refCompare(mn string, w int, fp, signed bool, a, b []byte) (d [64]byte, mask uint64) {
	less := func(i int) bool {
		if fp {
			x := math.Float32frombits(uint32(binary.LittleEndian.Uint16(a[2*i:])) << 16)
			y := math.Float32frombits(uint32(binary.LittleEndian.Uint16(b[2*i:])) << 16)
			return x < y
		}
		x, y := vec.GetLane(a, i, w, signed), vec.GetLane(b, i, w, signed)
		if signed {
			return x < y
		}
		return uint64(x) < uint64(y)
	}
	for i := 0; i < 512/w; i++ {
		var bit bool
		switch mn {
		case "vmax_lt", "vlt":
			bit = less(i)
		case "vmin_ge", "vge":
			bit = !less(i)
		default:
			bit = vec.GetLane(a, i, w, false) == 0
		}
		src := a
		if bit {
			mask |= 1 << i
			src = b
		}
		vec.PutLane(d[:], i, w, uint64(vec.GetLane(src, i, w, false)))
	}
	return d, mask
}

// TestComparePaths: every compare form (signed, crVaddSign-signed and
// unsigned, bf16) on random registers biased to equal lanes, ±0,
// infinities and NaNs, on every path, against the lane loop.
func TestComparePaths(t *testing.T) {
	defer vec.UseFallback(false)
	r := rand.New(rand.NewPCG(6, 19))
	ext := []uint16{0, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFFF, 0x0080, 0x8080, 0x3F80, 0xBF80}
	type form struct {
		mn, suf string
		w       int
	}
	var forms []form
	for _, mn := range []string{"vmax_lt", "vmin_ge", "vge", "vlt"} {
		for _, suf := range []string{"s8", "s16", "s32", "d8", "d16", "d32", "bf16"} {
			e, _ := isadefs.ParseElem(suf)
			forms = append(forms, form{mn, suf, e.Bits})
		}
	}
	forms = append(forms, form{"veqz", "8", 8}, form{"veqz", "16", 16}, form{"veqz", "32", 32})
	for _, fm := range forms {
		mreg := "r16"
		if fm.w == 8 {
			mreg = "r17:r16"
		}
		var src string
		switch fm.mn {
		case "vmax_lt", "vmin_ge":
			src = fmt.Sprintf("%s.%s x2, %s, x0, x1", fm.mn, fm.suf, mreg)
		case "veqz":
			src = fmt.Sprintf("%s.%s %s, x0", fm.mn, fm.suf, mreg)
		default:
			src = fmt.Sprintf("%s.%s %s, x0, x1", fm.mn, fm.suf, mreg)
		}
		src += "\nnop\nnop\nnop\ndone\n"
		for k := range 6 {
			a, b := make([]byte, 64), make([]byte, 64)
			for i := 0; i < 64; i += 2 {
				x, y := uint16(r.Uint32()), uint16(r.Uint32())
				switch r.IntN(3) {
				case 0:
					x, y = ext[r.IntN(len(ext))], ext[r.IntN(len(ext))]
				case 1:
					y = x
				}
				binary.LittleEndian.PutUint16(a[i:], x)
				binary.LittleEndian.PutUint16(b[i:], y)
			}
			if k == 0 {
				clear(a[:32]) // veqz: zero lanes
			}
			sign := uint64(k & 1)
			signed := fm.suf[0] == 's' || fm.suf[0] == 'd' && sign == 1 || fm.mn == "veqz"
			wantD, wantMask := refCompare(fm.mn, fm.w, fm.suf == "bf16", signed, a, b)
			for _, p := range simdPaths() {
				vec.SetPath(p)
				m := build(t, src, Options{})
				m.SetVec("x0", a)
				m.SetVec("x1", b)
				if err := m.SetReg("crvaddsign", sign); err != nil {
					t.Fatal(err)
				}
				if h := m.Run(); !h.OK() {
					t.Fatalf("%s: %v", src, h)
				}
				mask := uint64(m.mustReg(t, "r16"))
				if fm.w == 8 {
					mask |= uint64(m.mustReg(t, "r17")) << 32
				}
				if mask != wantMask {
					t.Fatalf("%s.%s on %s (crvaddsign %d):\na %x\nb %x\nmask %#x, want %#x", fm.mn, fm.suf, p, sign, a, b, mask, wantMask)
				}
				if fm.mn == "vmax_lt" || fm.mn == "vmin_ge" {
					if d, _ := m.Vec("x2"); !bytes.Equal(d, wantD[:]) {
						t.Fatalf("%s.%s on %s: x2 %x, want %x", fm.mn, fm.suf, p, d, wantD)
					}
				}
			}
		}
	}
}
