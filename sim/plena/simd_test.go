package plena

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"kernelcraft/sim/vec"
)

// The element loops run through sim/vec, whose SIMD paths must give the
// bits of its pure-Go loops. TestElementLoopsBitExact runs each matrix
// and vector instruction on random state full of edge cases (NaNs of both
// signs and several payloads, infinities, signed zeros, subnormals, bf16
// rounding ties) under every path the host has and checks every bit of
// the result against a scalar computation written here from SEMANTICS.md
// (the fixed f32 orders, no FMA, the NaN rule of sim/vec: the first NaN
// operand in the formula's order, quieted; 0xffc00000 for an invalid
// operation).

func quietNaN(x float32) float32 { return math.Float32frombits(math.Float32bits(x) | 0x00400000) }

func ruleNaN(x, y float32) float32 {
	switch {
	case x != x:
		return quietNaN(x)
	case y != y:
		return quietNaN(y)
	}
	return math.Float32frombits(0xffc00000)
}

func rAdd(x, y float32) float32 {
	if r := x + y; r == r {
		return r
	}
	return ruleNaN(x, y)
}

func rSub(x, y float32) float32 {
	if r := x - y; r == r {
		return r
	}
	return ruleNaN(x, y)
}

func rMul(x, y float32) float32 {
	if r := float32(x * y); r == r {
		return r
	}
	return ruleNaN(x, y)
}

// edgy returns an f32 that is an edge case one time in four.
func edgy(r *rand.Rand, normal func() float32) float32 {
	if r.Intn(4) != 0 {
		return normal()
	}
	edges := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fc12000,
		0xffd30000, 0x7f810000, 0x00010000, 0x80020000, 0x3f808000, 0x3f818000, 0x7f7f8000, 0x00000001}
	return math.Float32frombits(edges[r.Intn(len(edges))])
}

// simdState fills Vector SRAM rows 0..159, tiles 0..1, the accumulators
// and the f registers with random values and edge cases.
func simdState(m *Machine, r *rand.Rand) {
	vl := m.cfg.VLEN
	row := make([]float32, vl)
	for i := 0; i < 160; i++ {
		for j := range row {
			row[j] = edgy(r, func() float32 { return float32(r.NormFloat64()) })
		}
		m.storeRow(i, row)
	}
	tile := make([]float32, m.cfg.MLEN*m.cfg.MLEN)
	for ti := 0; ti < 2; ti++ {
		for j := range tile {
			tile[j] = edgy(r, func() float32 { return float32(r.NormFloat64()) })
		}
		m.setTile(ti, tile)
	}
	for _, acc := range [][]float32{m.macc, m.hmacc, m.hvacc, m.vacc} {
		for j := range acc {
			if r.Intn(3) == 0 {
				acc[j] = edgy(r, func() float32 { return float32(r.NormFloat64()) })
			}
		}
	}
	for i := range m.f {
		m.f[i] = m.cfg.Scalar.FromF32(float32(r.NormFloat64()))
	}
	m.f[7] = m.cfg.Scalar.FromF32(float32(math.Inf(-1)))
}

// snapshot is every bit the element loops can change.
type snapshot struct {
	vsram                    []byte
	macc, hmacc, hvacc, vacc []uint32
	f                        [8]uint16
}

func bitsOf32(v []float32) []uint32 {
	b := make([]uint32, len(v))
	for i, x := range v {
		b[i] = math.Float32bits(x)
	}
	return b
}

func (m *Machine) snap() snapshot {
	return snapshot{slices.Clone(m.ms.vsram.Data[:300*2*m.cfg.VLEN]), bitsOf32(m.macc), bitsOf32(m.hmacc), bitsOf32(m.hvacc), bitsOf32(m.vacc), m.f}
}

func (s snapshot) diff(o snapshot) string {
	for i := 0; i < len(s.vsram); i += 2 {
		if a, b := binary.LittleEndian.Uint16(s.vsram[i:]), binary.LittleEndian.Uint16(o.vsram[i:]); a != b {
			return fmt.Sprintf("vsram row %d element %d: %#04x, want %#04x", i/128, i%128/2, a, b)
		}
	}
	for k, p := range [][2][]uint32{{s.macc, o.macc}, {s.hmacc, o.hmacc}, {s.hvacc, o.hvacc}, {s.vacc, o.vacc}} {
		for i := range p[0] {
			if p[0][i] != p[1][i] {
				return fmt.Sprintf("%s[%d]: %#08x, want %#08x", []string{"m_accum", "hm_accum", "hv_accum", "v_accum"}[k], i, p[0][i], p[1][i])
			}
		}
	}
	if s.f != o.f {
		return fmt.Sprintf("f registers %04x, want %04x", s.f, o.f)
	}
	return ""
}

func TestElementLoopsBitExact(t *testing.T) {
	hw := loadHW(t, "plena")
	const tile1 = 4096 // Matrix SRAM tile 1
	// Each case: gp1, gp2 and gp3 (and V_MASK = gp4) set, one instruction,
	// and the expected effect computed from the state before it.
	type want func(m *Machine, row func(int) []float32, tile func(r, c int) float32)
	dot := func(n int, x func(k int) float32, w func(k int) float32) float32 {
		var s float32
		for k := 0; k < n; k++ {
			s = rAdd(s, rMul(x(k), w(k)))
		}
		return s
	}
	bfRow := func(m *Machine, r int, f func(i int) float32) {
		v := make([]float32, m.cfg.VLEN)
		for i := range v {
			v[i] = f(i)
		}
		m.storeRow(r, v)
	}
	masked := func(m *Machine, mask bool, vmask uint32, a []float32, f func(i int) float32) func(i int) float32 {
		return func(i int) float32 {
			if mask && vmask>>uint(i/m.cfg.HLEN)&1 == 0 {
				return a[i]
			}
			return f(i)
		}
	}
	type simdCase struct {
		name string
		gp   [5]uint32 // gp1..gp4 (V_MASK = gp4)
		src  string
		prep func(m *Machine, seed int64) // after the random state, before the run
		want want
	}
	cases := []simdCase{
		{"M_MM", [5]uint32{0, tile1 + 8, 2 * 64}, "M_MM 0, gp1, gp2", nil, func(m *Machine, row func(int) []float32, tile func(r, c int) float32) {
			for i := 0; i < 4; i++ {
				a := row(2 + i)
				for j := 0; j < 4; j++ {
					m.macc[i*4+j] = rAdd(m.macc[i*4+j], dot(64, func(k int) float32 { return a[k] }, func(k int) float32 { return tile(k, 8+j) }))
				}
			}
		}},
		{"M_TMM", [5]uint32{0, tile1 + 12*64, 5 * 64}, "M_TMM 0, gp2, gp1", nil, func(m *Machine, row func(int) []float32, tile func(r, c int) float32) {
			for i := 0; i < 4; i++ {
				a := row(5 + i)
				for j := 0; j < 4; j++ {
					m.macc[i*4+j] = rAdd(m.macc[i*4+j], dot(64, func(k int) float32 { return a[k] }, func(k int) float32 { return tile(12+j, k) }))
				}
			}
		}},
		{"M_MV", [5]uint32{0, tile1 + 60, 7 * 64}, "M_MV 0, gp1, gp2", nil, func(m *Machine, row func(int) []float32, tile func(r, c int) float32) {
			a := row(7)
			for j := 0; j < 4; j++ {
				m.vacc[j] = rAdd(m.vacc[j], dot(64, func(k int) float32 { return a[k] }, func(k int) float32 { return tile(k, 60+j) }))
			}
		}},
		{"M_TMV", [5]uint32{0, tile1, 9 * 64}, "M_TMV 0, gp1, gp2", nil, func(m *Machine, row func(int) []float32, tile func(r, c int) float32) {
			a := row(9)
			for j := 0; j < 4; j++ {
				m.vacc[j] = rAdd(m.vacc[j], dot(64, func(k int) float32 { return a[k] }, func(k int) float32 { return tile(j, k) }))
			}
		}},
		{"M_BMM", [5]uint32{0, tile1 + 32, 64 * 64}, "M_BMM 0, gp1, gp2", nil, func(m *Machine, row func(int) []float32, tile func(r, c int) float32) {
			for b := 0; b < 4; b++ {
				for i := 0; i < 64; i++ {
					a := row(64 + i)
					for c := 0; c < 64; c++ {
						s := dot(16, func(h int) float32 { return a[h*4+b] }, func(h int) float32 { return tile(32+h, c) })
						p := &m.hmacc[(b*64+i)*64+c]
						*p = rAdd(*p, rMul(s, m.cfg.BMMScale))
					}
				}
			}
		}},
		{"M_BTMM", [5]uint32{0, tile1 + 48, 10 * 64}, "M_BTMM 0, gp1, gp2", nil, func(m *Machine, row func(int) []float32, tile func(r, c int) float32) {
			for b := 0; b < 4; b++ {
				for i := 0; i < 64; i++ {
					a := row(10 + i)
					for c := 0; c < 64; c++ {
						s := dot(16, func(h int) float32 { return a[b*16+h] }, func(h int) float32 { return tile(c, 48+h) })
						p := &m.hmacc[(b*64+i)*64+c]
						*p = rAdd(*p, rMul(s, m.cfg.BMMScale))
					}
				}
			}
		}},
		{"M_BTMV", [5]uint32{0, tile1 + 16, 3 * 64, 0}, "M_BTMV gp3, gp1, gp2", nil, func(m *Machine, row func(int) []float32, tile func(r, c int) float32) {
			a := row(3)
			for b := 0; b < 4; b++ {
				for c := 0; c < 64; c++ {
					s := dot(16, func(h int) float32 { return a[b*16+h] }, func(h int) float32 { return tile(c, 16+h) })
					m.hvacc[b*64+c] = rAdd(m.hvacc[b*64+c], rMul(s, m.cfg.BMMScale))
				}
			}
		}},
	}
	// The write-outs round the accumulators (edge cases included) with
	// this package's own BF16FromF32, not through sim/vec.
	put := func(m *Machine, r, c int, v float32) {
		binary.LittleEndian.PutUint16(m.ms.vsram.Data[2*(r*64+c):], BF16FromF32(v))
	}
	cases = append(cases,
		simdCase{"M_MM_WO", [5]uint32{0, 2*64 + 8}, "M_MM_WO gp1, gp0, 0", nil, func(m *Machine, _ func(int) []float32, _ func(r, c int) float32) {
			for i := 0; i < 4; i++ {
				for j := 0; j < 4; j++ {
					put(m, 2+i, 8+j, m.macc[i*4+j])
				}
			}
			clear(m.macc)
		}},
		simdCase{"M_MV_WO", [5]uint32{0, 7*64 + 60}, "M_MV_WO gp1, 0", nil, func(m *Machine, _ func(int) []float32, _ func(r, c int) float32) {
			for j := 0; j < 4; j++ {
				put(m, 7, 60+j, m.vacc[j])
			}
			clear(m.vacc)
		}},
		simdCase{"M_BMM_WO", [5]uint32{0, 64}, "M_BMM_WO gp1, 0", nil, func(m *Machine, _ func(int) []float32, _ func(r, c int) float32) {
			for r := 0; r < 256; r++ {
				for c := 0; c < 64; c++ {
					put(m, 1+r, c, m.hmacc[r*64+c])
				}
			}
			clear(m.hmacc)
		}},
		simdCase{"M_BMV_WO", [5]uint32{0, 3 * 64}, "M_BMV_WO gp1, 0", nil, func(m *Machine, _ func(int) []float32, _ func(r, c int) float32) {
			for r := 0; r < 4; r++ {
				for c := 0; c < 64; c++ {
					put(m, 3+r, c, m.hvacc[r*64+c])
				}
			}
			clear(m.hvacc)
		}},
	)
	// The V ops: rd = gp1, rs1 = gp2, rs2 = gp3 (rows 1, 4, 6; rd = rs1 in
	// the in-place variants), f2 for the scalar forms.
	type vop struct {
		name, src string
		f         func(a, b, f float32) float32
	}
	vops := []vop{
		{"V_ADD_VV", "V_ADD_VV gp1, gp2, gp3, %d", func(a, b, _ float32) float32 { return rAdd(a, b) }},
		{"V_SUB_VV", "V_SUB_VV gp1, gp2, gp3, %d", func(a, b, _ float32) float32 { return rSub(a, b) }},
		{"V_MUL_VV", "V_MUL_VV gp1, gp2, gp3, %d", func(a, b, _ float32) float32 { return rMul(a, b) }},
		{"V_ADD_VF", "V_ADD_VF gp1, gp2, f2, %d", func(a, _, f float32) float32 { return rAdd(a, f) }},
		{"V_SUB_VF", "V_SUB_VF gp1, gp2, f2, %d, 0", func(a, _, f float32) float32 { return rSub(a, f) }},
		// f − row is tch's neg(row − f) (SEMANTICS.md): the sign bit flipped.
		{"V_SUB_VF rorder", "V_SUB_VF gp1, gp2, f2, %d, 1", func(a, _, f float32) float32 {
			return math.Float32frombits(math.Float32bits(rSub(a, f)) ^ 0x80000000)
		}},
		{"V_MUL_VF", "V_MUL_VF gp1, gp2, f7, %d", func(a, _, f float32) float32 { return rMul(a, f) }},
		{"V_RECI_V", "V_RECI_V gp1, gp2, %d", func(a, _, _ float32) float32 {
			if a != a {
				return quietNaN(a)
			}
			return 1 / a
		}},
		{"V_EXP_V", "V_EXP_V gp1, gp2, %d", func(a, _, _ float32) float32 {
			if a != a {
				return quietNaN(a)
			}
			return float32(math.Exp(float64(a)))
		}},
	}
	for _, v := range vops {
		for _, inPlace := range []bool{false, true} {
			for _, mask := range []bool{false, true} {
				if mask && (v.name == "V_RECI_V" || v.name == "V_EXP_V") {
					continue // PLENA's assembler drops their masks
				}
				v := v
				rd := uint32(64)
				name := v.name
				if inPlace {
					rd, name = 4*64, name+" in place"
				}
				if mask {
					name += " masked"
				}
				fr := 2
				if v.name == "V_MUL_VF" {
					fr = 7
				}
				cases = append(cases, simdCase{name, [5]uint32{0, rd, 4 * 64, 6 * 64, 0b1010}, fmt.Sprintf(v.src, map[bool]int{false: 0, true: 1}[mask]), nil, func(m *Machine, row func(int) []float32, _ func(r, c int) float32) {
					a, b := row(4), row(6)
					f := m.cfg.Scalar.ToF32(m.f[fr])
					bfRow(m, int(rd/64), masked(m, mask, 0b1010, a, func(i int) float32 { return v.f(a[i], b[i], f) }))
				}})
			}
		}
	}
	cases = append(cases,
		simdCase{"V_RED_SUM", [5]uint32{0, 0, 11 * 64}, "V_RED_SUM f3, gp2", nil, func(m *Machine, row func(int) []float32, _ func(r, c int) float32) {
			a := row(11)
			var l [8]float32
			for i, x := range a {
				l[i%8] = rAdd(l[i%8], x)
			}
			s := rAdd(rAdd(rAdd(l[0], l[4]), rAdd(l[2], l[6])), rAdd(rAdd(l[1], l[5]), rAdd(l[3], l[7])))
			m.f[3] = m.cfg.Scalar.FromF32(m.cfg.Scalar.ToF32(m.f[3]) + s)
		}},
		simdCase{"V_RED_MAX", [5]uint32{0, 0, 12 * 64}, "V_RED_MAX f4, gp2, 0", func(m *Machine, seed int64) {
			if seed%2 == 0 {
				return
			}
			// No NaN, the largest value 0: the first zero (here -0) wins.
			z := make([]float32, 64)
			for i := range z {
				z[i] = -float32(i % 5)
			}
			z[9] = float32(math.Copysign(0, -1))
			m.storeRow(12, z)
			m.f[4] = m.cfg.Scalar.FromF32(-3)
		}, func(m *Machine, row func(int) []float32, _ func(r, c int) float32) {
			a := row(12)
			fv := m.cfg.Scalar.ToF32(m.f[4])
			mx, nan := a[0], false
			for _, x := range a {
				nan = nan || x != x
				if x > mx {
					mx = x
				}
			}
			if !nan && (mx > fv) {
				m.f[4] = m.cfg.Scalar.FromF32(mx)
			} else {
				m.f[4] = m.cfg.Scalar.FromF32(fv)
			}
		}},
	)
	paths := append(vec.Paths(), "generic")
	prev := vec.Path()
	defer vec.SetPath(prev)
	for _, c := range cases {
		src := ""
		for i := 1; i <= 4; i++ {
			src += fmt.Sprintf("S_ADDI_INT gp%d, gp0, %d\n", i, c.gp[i])
		}
		src += "C_SET_V_MASK_REG gp4\n" + c.src + "\n"
		for seed := int64(0); seed < 4; seed++ {
			var want snapshot
			for pi, p := range paths {
				m := newMachine(t, hw, src, Options{})
				simdState(m, rand.New(rand.NewSource(seed)))
				if c.prep != nil {
					c.prep(m, seed)
				}
				if pi == 0 {
					ref := newMachine(t, hw, src, Options{})
					simdState(ref, rand.New(rand.NewSource(seed)))
					if c.prep != nil {
						c.prep(ref, seed)
					}
					row := func(r int) []float32 { return ref.testRow(r) }
					tile := func(r, col int) float32 {
						return math.Float32frombits(binary.LittleEndian.Uint32(ref.ms.msram.Data[4*(tile1+r*64+col):]))
					}
					c.want(ref, row, tile)
					want = ref.snap()
				}
				if !vec.SetPath(p) {
					t.Fatalf("path %s", p)
				}
				mustRun(t, m)
				if d := m.snap().diff(want); d != "" {
					t.Errorf("%s, seed %d, path %s: %s", c.name, seed, p, d)
				}
			}
		}
	}
}
