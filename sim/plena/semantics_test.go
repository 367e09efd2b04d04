package plena

import (
	"encoding/binary"
	"math"
	"math/rand"
	"strings"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/mx"
)

// runWith assembles src, lets pre fill memories and registers, runs to the
// end and returns the machine.
func runWith(t *testing.T, src string, pre func(m *Machine)) *Machine {
	t.Helper()
	m := newMachine(t, loadHW(t, "plena"), src, Options{})
	if pre != nil {
		pre(m)
	}
	mustRun(t, m)
	return m
}

func randInts(r *rand.Rand, n, lim int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.Intn(2*lim+1) - lim)
	}
	return v
}

func bf(x float64) float32 { return F32FromBF16(BF16FromF32(float32(x))) }

// matrixFixture: rows 0..63 and tiles 0..1 of small integers (every f32
// sum below is exact, so the f32 order cannot matter and the expected
// values are float64 sums rounded once to bf16).
func matrixFixture(m *Machine, seed int64) (rows [][]float32, tiles [][]float32) {
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 64; i++ {
		rows = append(rows, randInts(r, 64, 4))
		m.setRow(i, rows[i])
	}
	for i := 0; i < 2; i++ {
		tiles = append(tiles, randInts(r, 64*64, 4))
		m.setTile(i, tiles[i])
	}
	return
}

func checkRow(t *testing.T, m *Machine, r int, cols int, want []float64, what string) {
	t.Helper()
	got := m.testRow(r)
	for j, w := range want {
		if got[cols+j] != bf(w) {
			t.Fatalf("%s: row %d col %d = %g, want %g", what, r, cols+j, got[cols+j], bf(w))
		}
	}
}

func TestMatrixUnit(t *testing.T) {
	var rows, tiles [][]float32
	fix := func(m *Machine) { rows, tiles = matrixFixture(m, 1) }
	tile := func(n, r, c int) float64 { return float64(tiles[n][r*64+c]) }

	// M_MM twice (tile 0 columns 8.., tile 1 columns 8.., rows 0..3 then
	// 4..7), then M_MM_WO with a row stride of 2 to rows 100.. columns 12..
	m := runWith(t, `S_ADDI_INT gp1, gp0, 8
S_ADDI_INT gp2, gp0, 4104
S_ADDI_INT gp3, gp0, 256
M_MM 0, gp1, gp0
M_MM 0, gp2, gp3
S_ADDI_INT gp4, gp0, 6412
S_ADDI_INT gp5, gp0, 2
M_MM_WO gp4, gp5, 0
M_MM_WO gp4, gp5, 64`, fix)
	for i := 0; i < 4; i++ {
		want := make([]float64, 4)
		for j := 0; j < 4; j++ {
			for k := 0; k < 64; k++ {
				want[j] += float64(rows[i][k])*tile(0, k, 8+j) + float64(rows[4+i][k])*tile(1, k, 8+j)
			}
		}
		checkRow(t, m, 100+2*i, 12, want, "M_MM/M_MM_WO")
		// The second M_MM_WO wrote the cleared accumulator (zeros), one row later.
		checkRow(t, m, 101+2*i, 12, []float64{0, 0, 0, 0}, "M_MM_WO clears")
	}

	// M_TMM: vector address first, tile rows 4..7 transposed.
	m = runWith(t, "S_ADDI_INT gp1, gp0, 256\nM_TMM 0, gp0, gp1\nS_ADDI_INT gp4, gp0, 6400\nM_MM_WO gp4, gp0, 0", fix)
	for i := 0; i < 4; i++ {
		want := make([]float64, 4)
		for j := range want {
			for k := 0; k < 64; k++ {
				want[j] += float64(rows[i][k]) * tile(0, 4+j, k)
			}
		}
		checkRow(t, m, 100+i, 0, want, "M_TMM")
	}

	// M_BMM (interleaved heads: column h*4+b) and M_BTMM (contiguous:
	// b*16+h), head offset 16 of tile 1, then M_BMM_WO to rows 256...
	for _, trans := range []bool{false, true} {
		op := "M_BMM"
		if trans {
			op = "M_BTMM"
		}
		m = runWith(t, "S_ADDI_INT gp1, gp0, 4112\n"+op+" 0, gp1, gp0\nS_LUI_INT gp4, 4\nM_BMM_WO gp4, 0", fix)
		for b := 0; b < 4; b++ {
			for i := 0; i < 64; i += 21 {
				want := make([]float64, 64)
				for c := range want {
					for h := 0; h < 16; h++ {
						if trans {
							want[c] += float64(rows[i][b*16+h]) * tile(1, c, 16+h)
						} else {
							want[c] += float64(rows[i][h*4+b]) * tile(1, 16+h, c)
						}
					}
				}
				checkRow(t, m, 256+b*64+i, 0, want, op)
			}
		}
	}

	// M_MV (tile 1 columns 60..63) and M_TMV (tile 1 rows 0..3), M_MV_WO.
	m = runWith(t, "S_ADDI_INT gp1, gp0, 4156\nS_ADDI_INT gp2, gp0, 640\nM_MV 0, gp1, gp2\nS_ADDI_INT gp4, gp0, 6404\nM_MV_WO gp4, 0", fix)
	want := make([]float64, 4)
	for j := range want {
		for k := 0; k < 64; k++ {
			want[j] += float64(rows[10][k]) * tile(1, k, 60+j)
		}
	}
	checkRow(t, m, 100, 4, want, "M_MV")
	m = runWith(t, "S_ADDI_INT gp1, gp0, 4096\nS_ADDI_INT gp2, gp0, 640\nM_TMV 0, gp1, gp2\nS_ADDI_INT gp4, gp0, 6400\nM_MV_WO gp4, 0", fix)
	for j := range want {
		want[j] = 0
		for k := 0; k < 64; k++ {
			want[j] += float64(rows[10][k]) * tile(1, j, k)
		}
	}
	checkRow(t, m, 100, 0, want, "M_TMV")

	// M_BTMV: matrix address gp[rs1] + gp[rd]; M_BMV_WO writes BROADCAST rows.
	m = runWith(t, "S_ADDI_INT gp1, gp0, 4096\nS_ADDI_INT gp3, gp0, 48\nS_ADDI_INT gp2, gp0, 320\nM_BTMV gp3, gp1, gp2\nS_ADDI_INT gp4, gp0, 6400\nM_BMV_WO gp4, 0", fix)
	for b := 0; b < 4; b++ {
		w := make([]float64, 64)
		for c := range w {
			for h := 0; h < 16; h++ {
				w[c] += float64(rows[5][b*16+h]) * tile(1, c, 48+h)
			}
		}
		checkRow(t, m, 100+b, 0, w, "M_BTMV")
	}
}

// TestMatrixF32Accumulation: the accumulator is f32 and rounds to bf16
// only on write-out: 256 M_MM of a product 1 + 2^-8 (not a bf16 value)
// sum exactly in f32.
func TestMatrixF32Accumulation(t *testing.T) {
	m := runWith(t, "C_LOOP_START gp1, 3\nM_MM 0, gp0, gp0\nC_LOOP_END gp1\nM_MM_WO gp2, gp0, 0", func(m *Machine) {
		row := make([]float32, 64)
		row[0] = 1
		for i := 0; i < 4; i++ {
			m.setRow(i, row)
		}
		tile := make([]float32, 64*64)
		tile[0] = 1 + 1.0/256 // f32 in Matrix SRAM: not rounded
		m.setTile(0, tile)
	})
	// 3 x (1 + 2^-8) = 3.01171875: bf16 has 8 bits, so 3.0117 rounds to 3.0 (RNE);
	// if each step were rounded to bf16 the sum would be 3 exactly too, so
	// check the f32 accumulator directly before the write-out instead.
	if got := m.testRow(0)[0]; got != bf(3*(1+1.0/256)) {
		t.Errorf("write-out %g, want bf16(3.01171875) = %g", got, bf(3*(1+1.0/256)))
	}
	m2 := newMachine(t, loadHW(t, "plena"), "M_MM 0, gp0, gp0\nM_MM 0, gp0, gp0", Options{})
	row := make([]float32, 64)
	row[0] = 1
	m2.setRow(0, row)
	tile := make([]float32, 64*64)
	tile[0] = 1 + 1.0/256
	m2.setTile(0, tile)
	mustRun(t, m2)
	if m2.macc[0] != 2*(1+1.0/256) {
		t.Errorf("f32 accumulator %g, want %g", m2.macc[0], 2*(1+1.0/256))
	}
}

func TestVectorUnit(t *testing.T) {
	a := make([]float32, 64)
	b := make([]float32, 64)
	for i := range a {
		a[i] = float32(i) - 20
		b[i] = float32(i%7) * 0.5
	}
	fpsram := func(m *Machine, vals ...float32) {
		for i, v := range vals {
			binary.LittleEndian.PutUint16(m.ms.fpmem.Data[2*i:], F16FromF32(v))
		}
	}
	pre := func(m *Machine) {
		m.setRow(1, a)
		m.setRow(2, b)
		m.setRow(3, b) // overwritten: the mask keeps rs1's values, not rd's
		fpsram(m, 0, 1.5, float32(math.Inf(-1)), 0.25)
	}
	m := runWith(t, `S_ADDI_INT gp1, gp0, 64
S_ADDI_INT gp2, gp0, 128
S_ADDI_INT gp3, gp0, 192
S_ADDI_INT gp4, gp0, 256
S_ADDI_INT gp5, gp0, 5
S_LD_FP f1, gp0, 1
V_SUB_VV gp4, gp1, gp2, 0
C_SET_V_MASK_REG gp5
V_ADD_VV gp3, gp1, gp2, 1
S_ADDI_INT gp6, gp0, 320
V_SUB_VF gp6, gp1, f1, 0, 1
S_ADDI_INT gp7, gp0, 384
V_MUL_VF gp7, gp1, f1, 1`, pre)
	sub, add, rsub, mul := m.testRow(4), m.testRow(3), m.testRow(5), m.testRow(6)
	for i := 0; i < 64; i++ {
		if sub[i] != bf(float64(a[i]-b[i])) {
			t.Fatalf("V_SUB_VV computes rs1 - rs2 (the emulator; the documents say rs2 - rs1): [%d] = %g, want %g", i, sub[i], a[i]-b[i])
		}
		seg := i / 16
		want := a[i] // V_MASK 0b0101: segments 0 and 2 get the result, 1 and 3 rs1
		if seg == 0 || seg == 2 {
			want = a[i] + b[i]
		}
		if add[i] != bf(float64(want)) {
			t.Fatalf("masked V_ADD_VV [%d] = %g, want %g", i, add[i], want)
		}
		if rsub[i] != bf(1.5-float64(a[i])) {
			t.Fatalf("V_SUB_VF rorder 1 [%d] = %g, want 1.5 - x", i, rsub[i])
		}
		wm := a[i]
		if seg == 0 || seg == 2 {
			wm = a[i] * 1.5
		}
		if mul[i] != bf(float64(wm)) {
			t.Fatalf("masked V_MUL_VF [%d] = %g, want %g", i, mul[i], wm)
		}
	}

	// exp, reciprocal; the mask operand of V_EXP_V is dropped by PLENA's
	// assembler (the whole row is computed), but a word with rmask set is
	// masked.
	x := make([]float32, 64)
	for i := range x {
		x[i] = bf(float64(i-32) / 8)
	}
	m = runWith(t, "S_ADDI_INT gp1, gp0, 64\nS_ADDI_INT gp2, gp0, 128\nS_ADDI_INT gp5, gp0, 2\nC_SET_V_MASK_REG gp5\nV_EXP_V gp2, gp1, 1\nS_ADDI_INT gp3, gp0, 192\nV_RECI_V gp3, gp1, 0", func(m *Machine) { m.setRow(1, x) })
	e, r := m.testRow(2), m.testRow(3)
	for i := range x {
		if e[i] != bf(float64(float32(math.Exp(float64(x[i]))))) {
			t.Fatalf("V_EXP_V [%d] = %g, want exp(%g)", i, e[i], x[i])
		}
		if r[i] != bf(float64(1/x[i])) {
			t.Fatalf("V_RECI_V [%d] = %g, want 1/%g", i, r[i], x[i])
		}
	}

	// Reductions accumulate into fd (f16).
	m = runWith(t, "S_ADDI_INT gp1, gp0, 64\nS_LD_FP f1, gp0, 3\nV_RED_SUM f1, gp1\nV_RED_SUM f1, gp1\nS_LD_FP f2, gp0, 2\nV_RED_MAX f2, gp1, 0\nV_RED_SUM f0, gp1", pre)
	var sum float64
	for _, v := range a {
		sum += float64(v)
	}
	if got := F32FromF16(m.F(1)); got != F32FromF16(F16FromF32(float32(F32FromF16(F16FromF32(float32(0.25+sum)))+float32(sum)))) {
		t.Errorf("2 x V_RED_SUM from 0.25: %g, want %g", got, 0.25+2*sum)
	}
	if got := F32FromF16(m.F(2)); got != 43 {
		t.Errorf("V_RED_MAX from -inf: %g, want 43", got)
	}
	if m.F(0) != 0 {
		t.Errorf("V_RED_SUM f0 wrote f0")
	}
}

// TestMaskedReduction: a masked V_RED_SUM (a raw word: PLENA's assembler
// cannot set its mask) replaces each selected segment by its sum first.
func TestMaskedReduction(t *testing.T) {
	hw := loadHW(t, "plena")
	// S_ADDI_INT gp1, gp0, 1; C_SET_V_MASK_REG gp1; V_RED_SUM f1, gp0 with rmask 1.
	words := []uint32{0x22 | 1<<6 | 1<<14, 0x2e | 1<<6, 0x15 | 1<<6 | 1<<18}
	m, err := New(hw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(wordsImage(t, hw, words)); err != nil {
		t.Fatal(err)
	}
	row := make([]float32, 64)
	for i := range row {
		row[i] = 1
	}
	m.setRow(0, row)
	mustRun(t, m)
	// Segment 0 (16 ones) becomes 16 x 16; the other 48 stay 1: 304.
	if got := F32FromF16(m.F(1)); got != 304 {
		t.Errorf("masked V_RED_SUM = %g, want 304", got)
	}
}

func TestScalarUnits(t *testing.T) {
	m := runWith(t, `S_LD_FP f1, gp0, 0
S_LD_FP f2, gp0, 1
S_LD_FP f3, gp0, 2
S_ADD_FP f4, f1, f2
S_ADD_FP f5, f1, f3
S_RECI_FP f6, f7
S_SQRT_FP f7, f7
S_EXP_FP f1, f1
S_MAX_FP f2, f0, f3
S_ADD_FP f0, f1, f1
S_ADDI_INT gp0, gp0, 5
S_ADDI_INT gp1, gp0, 0
S_SUB_INT gp2, gp3, gp1
S_LUI_INT gp3, 16
S_MUL_INT gp4, gp3, gp3
S_ST_INT gp3, gp0, 7
S_LD_INT gp5, gp0, 7
S_ST_FP f5, gp0, 10
S_LD_FP f0, gp0, 10`, func(m *Machine) {
		for i, v := range []uint16{0x3c00, 0x1000, 0x1001} { // 1, 2^-11, 2^-11 + 2^-21
			binary.LittleEndian.PutUint16(m.ms.fpmem.Data[2*i:], v)
		}
		m.SetF(7, 0x4200) // 3.0
	})
	for _, c := range []struct {
		name      string
		got, want uint16
	}{
		{"1 + 2^-11 (a tie: to even)", m.F(4), 0x3c00},
		{"1 + 2^-11 + 2^-21 (above the tie)", m.F(5), 0x3c01},
		{"1/3", m.F(6), 0x3555},
		{"sqrt(3)", m.F(7), 0x3eee},
		{"exp(1)", m.F(1), 0x4170},
		{"max(0, 2^-11+)", m.F(2), 0x1001},
		{"S_LD_FP f0 loads f0", m.F(0), 0x3c01},
	} {
		if c.got != c.want {
			t.Errorf("%s = %#04x, want %#04x", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		name      string
		got, want uint32
	}{
		{"gp0 is not hard-wired", m.GP(0), 5},
		{"gp1 = gp0", m.GP(1), 5},
		{"0 - 5 wraps", m.GP(2), 0xfffffffb},
		{"S_LUI_INT 16", m.GP(3), 65536},
		{"65536^2 wraps", m.GP(4), 0},
		{"INT SRAM round trip (index gp0 + 7 = 12)", m.GP(5), 65536},
	} {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
	if got := binary.LittleEndian.Uint32(m.ms.intmem.Data[4*12:]); got != 65536 {
		t.Errorf("INT SRAM[12] = %d", got)
	}
}

// mxImage writes a tensor of E4M3 codes and its scale plane to HBM at
// base (elements, then scales at base + len(codes)) and returns the
// decoded values.
func mxImage(m *Machine, base int, codes []byte, scales []byte) []float32 {
	copy(m.ms.hbm.Data[base:], codes)
	copy(m.ms.hbm.Data[base+len(codes):], scales)
	v := make([]float32, len(codes))
	for i, c := range codes {
		v[i] = mx.DecodeE4M3(c) * mx.DecodeE8M0(scales[i/8])
	}
	return v
}

func randCodes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		c := byte(r.Intn(256))
		if c&0x78 == 0x78 {
			c &^= 0x08 // no Inf/NaN
		}
		b[i] = c
	}
	return b
}

func TestHBMTransfers(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	codes := randCodes(r, 128*128) // a 128 x 128 tensor
	scales := make([]byte, len(codes)/8)
	for i := range scales {
		scales[i] = byte(120 + r.Intn(14))
	}
	var vals []float32
	pre := func(m *Machine) { vals = mxImage(m, 1024, codes, scales) }
	// a1 = 1024 (tensor base); SCALE = 16384; STRIDE = 128.
	// H_PREFETCH_V: rows 2..5, columns 64..127 (offset 2*128+64) to VRAM 640;
	// rstride 0: 4 consecutive 64-element rows from offset 64*5 to VRAM 1024;
	// H_PREFETCH_M: rows 64.., columns 0..63 into tile 2.
	m := runWith(t, `S_ADDI_INT gp1, gp0, 1024
C_SET_ADDR_REG a1, gp0, gp1
S_LUI_INT gp2, 4
C_SET_SCALE_REG gp2
S_ADDI_INT gp3, gp0, 128
C_SET_STRIDE_REG gp3
S_ADDI_INT gp4, gp0, 320
S_ADDI_INT gp5, gp0, 640
H_PREFETCH_V gp5, gp4, a1, 1, 0
S_ADDI_INT gp4, gp0, 320
S_ADDI_INT gp5, gp0, 1024
H_PREFETCH_V gp5, gp4, a1, 0, 0
S_LUI_INT gp4, 2
S_ADDI_INT gp5, gp0, 8192
H_PREFETCH_M gp5, gp4, a1, 1, 0`, pre)
	for i := 0; i < 4; i++ {
		got := m.testRow(10 + i)
		got2 := m.testRow(16 + i)
		for j := 0; j < 64; j++ {
			if want := bf(float64(vals[(2+i)*128+64+j])); got[j] != want {
				t.Fatalf("H_PREFETCH_V stride: row %d col %d = %g, want %g", i, j, got[j], want)
			}
			if want := bf(float64(vals[320+64*i+j])); got2[j] != want {
				t.Fatalf("H_PREFETCH_V rstride 0: row %d col %d = %g, want %g", i, j, got2[j], want)
			}
		}
	}
	tb, _ := m.tile(8192, "test")
	for rr := 0; rr < 64; rr++ {
		for c := 0; c < 64; c++ {
			if got, want := tileAt(tb, 64, rr, c), vals[(64+rr)*128+c]; got != want {
				t.Fatalf("H_PREFETCH_M tile[%d][%d] = %g, want %g (f32, not rounded)", rr, c, got, want)
			}
		}
	}

	// H_STORE_V: 4 rows to HBM at offset 0 with stride 128 (rows 0, 128,
	// 256, 384 of the tensor at 4096, scales at 4096 + 1024 + floor(i*16)):
	// elements are mx.EncodeBlock's, the scale chunks are patched.
	row := make([]float32, 64)
	m = runWith(t, `S_LUI_INT gp1, 1
C_SET_ADDR_REG a2, gp0, gp1
S_ADDI_INT gp2, gp0, 1024
C_SET_SCALE_REG gp2
S_ADDI_INT gp3, gp0, 128
C_SET_STRIDE_REG gp3
H_STORE_V gp0, gp0, a2, 1, 0`, func(m *Machine) {
		for i := 0; i < 4; i++ {
			for j := range row {
				row[j] = float32(r.NormFloat64() * math.Ldexp(1, i*3-4))
			}
			m.setRow(i, row)
		}
		for i := 0; i < 64; i++ {
			m.ms.hbm.Data[4096+1024+i] = 0xee // scale bytes the store must keep
		}
	})
	elems := make([]byte, 8)
	for i := 0; i < 4; i++ {
		src := m.testRow(i)
		for b := 0; b < 8; b++ {
			s := mx.EncodeBlock(src[b*8:b*8+8], elems)
			if got := m.ms.hbm.Data[4096+1024+i*16+b]; got != s {
				t.Fatalf("H_STORE_V row %d scale %d = %d, want %d", i, b, got, s)
			}
			for k := 0; k < 8; k++ {
				if got := m.ms.hbm.Data[4096+i*128+b*8+k]; got != elems[k] {
					t.Fatalf("H_STORE_V row %d element %d = %#02x, want %#02x", i, b*8+k, got, elems[k])
				}
			}
		}
		if got := m.ms.hbm.Data[4096+1024+i*16+8]; got != 0xee {
			t.Fatalf("H_STORE_V overwrote scale byte %d", i*16+8)
		}
	}
	if st := m.Stats(); st.Counters[1] != 8*64 || st.Counters[0] != 4*64 {
		t.Errorf("H_STORE_V: %d bytes written, %d read; want 4 element chunks + 4 scale chunks written and 4 scale chunks read", st.Counters[1], st.Counters[0])
	}
}

// TestScaleChunkEdge: a row's scale bytes past the end of their 64-byte
// chunk read as 0 (the emulator copies only what the chunk holds).
func TestScaleChunkEdge(t *testing.T) {
	// Elements at 0..63; SCALE 124: the row's 8 scale bytes are 124..131,
	// of which only 124..127 are in the chunk [64, 128).
	m := runWith(t, "S_ADDI_INT gp1, gp0, 124\nC_SET_SCALE_REG gp1\nH_PREFETCH_V gp0, gp0, a0, 0, 0", func(m *Machine) {
		for i := 0; i < 64; i++ {
			m.ms.hbm.Data[i] = 0x38 + byte(i%8) // 1.0 .. 1.875
		}
		for i := 124; i < 132; i++ {
			m.ms.hbm.Data[i] = 128 // 2^1
		}
	})
	got := m.testRow(0)
	for j := 0; j < 64; j++ {
		want := mx.DecodeE4M3(m.ms.hbm.Data[j]) * 2
		if j/8 >= 4 {
			want = 0
		}
		if got[j] != want {
			t.Fatalf("col %d = %g, want %g", j, got[j], want)
		}
	}
}

func TestLoops(t *testing.T) {
	// Nested loops; writing the counter in the body changes the trip count.
	m := runWith(t, `C_LOOP_START gp1, 3
C_LOOP_START gp2, 4
S_ADDI_INT gp3, gp3, 1
C_LOOP_END gp2
S_ADDI_INT gp4, gp4, 1
C_LOOP_END gp1
C_LOOP_START gp5, 10
S_ADDI_INT gp6, gp6, 1
S_ADDI_INT gp5, gp0, 1
C_LOOP_END gp5`, nil)
	if m.GP(3) != 12 || m.GP(4) != 3 || m.GP(6) != 1 || m.GP(1) != 0 || m.GP(2) != 0 {
		t.Errorf("gp3 %d (12), gp4 %d (3), gp6 %d (1: the body set the counter to 1), gp1 %d, gp2 %d", m.GP(3), m.GP(4), m.GP(6), m.GP(1), m.GP(2))
	}
	// The emulator's C_BREAK (0x31): pops the innermost loop, zeroes its
	// counter, falls through; C_LOOP_END then finds no loop.
	hw := loadHW(t, "plena")
	mm, _ := New(hw, Options{})
	words := []uint32{0x2f | 1<<6 | 5<<10, 0x22 | 2<<6 | 2<<10 | 1<<14, 0x31, 0x22 | 3<<6}
	if err := mm.Load(wordsImage(t, hw, words)); err != nil {
		t.Fatal(err)
	}
	mustRun(t, mm)
	if mm.GP(1) != 0 || mm.GP(2) != 1 || len(mm.loops) != 0 {
		t.Errorf("C_BREAK: gp1 %d, gp2 %d, %d loops", mm.GP(1), mm.GP(2), len(mm.loops))
	}
}

func TestTraps(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
		kind            sim.TrapKind
	}{
		{"VRAM misaligned", "S_ADDI_INT gp1, gp0, 3\nV_ADD_VV gp2, gp1, gp0, 0", "not a multiple of VLEN", sim.TrapMisaligned},
		{"VRAM past the end", "S_LUI_INT gp1, 16\nV_ADD_VV gp2, gp1, gp0, 0", "past its 1024 rows", sim.TrapAccess},
		{"MRAM column offset", "S_ADDI_INT gp1, gp0, 2\nM_MM 0, gp1, gp0", "multiple of BLEN", sim.TrapMisaligned},
		{"MRAM offset past MLEN", "S_ADDI_INT gp1, gp0, 256\nM_MM 0, gp1, gp0", "below MLEN", sim.TrapMisaligned},
		{"MRAM past the end", "S_LUI_INT gp1, 4\nM_MM 0, gp1, gp0", "past its 4 tiles", sim.TrapAccess},
		{"M_TMV needs a tile base", "S_ADDI_INT gp1, gp0, 4\nM_TMV 0, gp1, gp0", "not a tile base", sim.TrapMisaligned},
		{"M_BMM head offset", "S_ADDI_INT gp1, gp0, 8\nM_BMM 0, gp1, gp0", "head offset", sim.TrapMisaligned},
		{"M_BMM_WO alignment", "S_ADDI_INT gp1, gp0, 4\nM_BMM_WO gp1, 0", "multiple of MLEN", sim.TrapMisaligned},
		{"HBM alignment", "S_ADDI_INT gp1, gp0, 8\nH_PREFETCH_V gp0, gp1, a0, 0, 0", "not 64-byte aligned", sim.TrapMisaligned},
		{"HBM past the end", "S_ADDI_INT gp1, gp0, 1\nC_SET_ADDR_REG a1, gp1, gp0\nH_PREFETCH_V gp0, gp0, a1, 0, 0", "past the end of HBM", sim.TrapAccess},
		{"prefetch to a misaligned row", "S_ADDI_INT gp1, gp0, 32\nH_PREFETCH_V gp1, gp0, a0, 0, 0", "not a multiple of VLEN", sim.TrapMisaligned},
		{"FP SRAM past the end", "S_LD_FP f1, gp0, 1024", "past its 1024 entries", sim.TrapAccess},
		{"S_MAP_V_FP past the end", "S_MAP_V_FP gp0, gp0, 1000", "run past its 1024 entries", sim.TrapAccess},
		{"INT SRAM past the end", "S_LD_INT gp1, gp0, 5000", "past its 1024 entries", sim.TrapAccess},
		{"loop count 0", "C_LOOP_START gp1, 0", "greater than 0", sim.TrapIllegal},
		{"C_LOOP_END without a loop", "C_LOOP_END gp3", "no active C_LOOP_START", sim.TrapIllegal},
		{"loop body limit", "C_LOOP_START gp1, 2\nC_LOOP_START gp2, 5001\nS_ADDI_INT gp3, gp3, 1\nC_LOOP_END gp2\nC_LOOP_END gp1", "more than 10000 instructions", sim.TrapConfig},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := newMachine(t, loadHW(t, "plena"), c.src, Options{})
			h := m.Run()
			if h.Kind != sim.HaltTrap || h.Trap.Kind != c.kind || !strings.Contains(h.String(), c.want) {
				t.Fatalf("halt %s (%s), want a %s trap with %q", h.KindName(), h, c.kind, c.want)
			}
			if h.ExitStatus() != sim.ExitTrap {
				t.Errorf("exit status %d", h.ExitStatus())
			}
		})
	}
	// Words the emulator cannot execute.
	hw := loadHW(t, "plena")
	for _, w := range []uint32{0, 0x32, 0x34, 0x3f} {
		m, _ := New(hw, Options{})
		if err := m.Load(wordsImage(t, hw, []uint32{w})); err != nil {
			t.Fatal(err)
		}
		if h := m.Run(); h.Kind != sim.HaltTrap || h.Trap.Kind != sim.TrapIllegal {
			t.Errorf("word %#x: %s, want an illegal-instruction trap", w, h)
		}
	}
}

// TestPrefetchPastVRAM: rows of an H_PREFETCH_V past the end of Vector
// SRAM are dropped without a fault, as the emulator drops them.
func TestPrefetchPastVRAM(t *testing.T) {
	m := runWith(t, "S_ADDI_INT gp1, gp0, 65408\nS_LUI_INT gp2, 1\nC_SET_SCALE_REG gp2\nH_PREFETCH_V gp1, gp0, a0, 0, 0", func(m *Machine) {
		for i := 0; i < 256; i++ {
			m.ms.hbm.Data[i] = 0x38
		}
		for i := 4096; i < 4128; i++ {
			m.ms.hbm.Data[i] = 127
		}
	})
	if got := m.testRow(1022)[0]; got != 1 {
		t.Errorf("row 1022 = %g, want 1", got)
	}
}

// TestMaxFPNaN: S_MAX_FP is half 2.6.0's f16::max (the version PLENA's
// emulator pins): rs2 when it compares greater than rs1 (f16 ordering: no
// NaN is greater or smaller than anything, -0 equals +0), else rs1, bits
// and all. So a NaN in rs1 wins (max(NaN, 1) = NaN, its payload and sign
// kept), a NaN in rs2 loses (max(1, NaN) = 1), and max(-0, +0) = -0.
func TestMaxFPNaN(t *testing.T) {
	for _, c := range []struct {
		name     string
		rs1, rs2 uint16
		want     uint16
	}{
		{"NaN, 1", 0x7e00, 0x3c00, 0x7e00},
		{"negative NaN with payload, 1", 0xfe01, 0x3c00, 0xfe01},
		{"signaling NaN, -inf", 0x7c01, 0xfc00, 0x7c01},
		{"1, NaN", 0x3c00, 0x7e00, 0x3c00},
		{"-inf, negative NaN", 0xfc00, 0xfe00, 0xfc00},
		{"NaN, other NaN", 0x7e01, 0xfe02, 0x7e01},
		{"-0, +0", 0x8000, 0x0000, 0x8000},
		{"+0, -0", 0x0000, 0x8000, 0x0000},
		{"1, 2", 0x3c00, 0x4000, 0x4000},
		{"2, 1", 0x4000, 0x3c00, 0x4000},
		{"-2, -1", 0xc000, 0xbc00, 0xbc00},
		{"-inf, smallest subnormal", 0xfc00, 0x0001, 0x0001},
	} {
		m := runWith(t, "S_MAX_FP f3, f1, f2", func(m *Machine) {
			m.SetF(1, c.rs1)
			m.SetF(2, c.rs2)
		})
		if got := m.F(3); got != c.want {
			t.Errorf("S_MAX_FP(%s) = %#04x, want %#04x", c.name, got, c.want)
		}
	}
}
