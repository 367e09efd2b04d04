package aie2

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"kernelcraft/ref"
)

// conv2d and conv_block on the bf16 4x8x4 matrix MAC (configuration 28:
// C[4][4] += X[4][8] · Y[8][4]), in the manner of mlir-aie's mmul-based
// convolution kernels: the four rows of X are four output pixels (of one
// output row for conv2d, of one 2x2 pooling window for conv_block), its
// eight columns eight input channels of one tap; Y holds those channels'
// weights for four output channels. An accumulator (16 fp32 lanes) is a
// 4-pixel x 4-channel tile; a segment keeps up to 18 of them (G groups of
// pixels x J blocks of output channels) and runs every tap and channel
// block over them. This takes four times the MACs per cycle of the
// element-wise mode, and, the layouts being channels last, the matrix
// operands are formed in registers:
//
//   - X: the four 16-byte pixel rows are loaded as 32-byte halves and put
//     in place by vshuffle (T128_4x2 deinterleave when each row fills a
//     quarter of its half: 16 and 32 channels), a vshift (a contiguous run
//     of pixels off the 32-byte grid: 8 channels), or vshift per row and
//     two interleaves (any other channel count or stride);
//   - Y: the eight weight rows of a tap's channel block (C_out contiguous
//     bf16 each) are transposed into J 8x4 matrices by 64-bit deinterleave
//     rounds (rows on the 32-byte grid) or, for rows off it, a vshift per
//     row and interleave rounds (64, 128, 256 bits);
//   - taps in the zero padding: conv2d skips an input row outside the
//     image (a branch over the tap row), a column outside it reads a zero
//     buffer in the kernel's 1 KiB; conv_block, whose X mixes two input
//     rows, points an outside row at the zero buffer;
//   - channels beyond C_in (C_in = 3, 12) meet zero weight rows.
//
// Accumulators start from the bias (a 4x4 pattern per channel block,
// built once in the kernel area) and are rounded to bf16 to nearest even.
// conv2d transposes each tile back to pixel-major rows with interleaves;
// conv_block takes ReLU and the 2x2 maximum of a window's four rows
// (vshift + vmax_lt.bf16) in bf16 (rounding is monotonic, so the maximum
// of rounded values is the rounded maximum). Outputs that are not whole
// aligned 32-byte vectors go through a staging buffer, a word at a time.

func init() {
	register("conv2d", func(p *Prog, c *ref.Case, params ref.Params) error {
		return genConvMM(p, c, params, false)
	})
	register("conv_block", func(p *Prog, c *ref.Case, params ref.Params) error {
		return genConvMM(p, c, params, true)
	})
}

// Shuffle modes (aiev2_enums.h).
const (
	shDeint64Lo  = 6  // T64_8x2_lo: even 64-bit elements of a:b
	shDeint64Hi  = 7  // odd
	shDeint128Lo = 8  // T128_4x2_lo: quarters 0, 2 of a and of b
	shDeint256Lo = 10 // T256_2x2_lo: low halves of a and b
	shDeint256Hi = 11 // high halves
	shIntlv128Lo = 12 // T128_2x4_lo: a.q0 b.q0 a.q1 b.q1
	shIntlv128Hi = 13 // a.q2 b.q2 a.q3 b.q3
	shIntlv64Lo  = 14 // T64_2x8_lo: a.e0 b.e0 … a.e3 b.e3
	shIntlv64Hi  = 15 // a.e4 b.e4 … a.e7 b.e7
)

// Registers of the matrix-MAC convolutions.
const (
	mmZeroX = "x11" // all zero
	mmCfg   = "r2"  // 28: bf16 4x8x4
	mmJunk  = "r23" // vmax_lt's mask, unused
	mmPZ    = "p0"  // the zero buffer
	mmPB    = "p1"  // the bias patterns of the pass
	mmPS    = "p2"  // the staging buffer
	mmPO    = "p3"  // the output row
	mmPQ0   = "p4"  // input row of tap row kh (+ the segment's bias)
	mmPQ1   = "p5"  // input row kh+1 (conv_block)
	mmPY    = "p6"  // weights, walked by post-increment loads
)

// xrow is one row of an X operand: zero, or 16 bytes at byte off of the
// input row addressed by pointer dr (0: mmPQ0, 1: mmPQ1).
type xrow struct {
	zero bool
	dr   int
	off  int
}

// mmConv generates one matrix-MAC convolution kernel.
type mmConv struct {
	o                               *opBuilder
	p                               *Prog
	Cin, Cout, H, W, KH, KW, pad, s int
	OH, OW                          int
	pool                            bool
	nb                              int // channel blocks of 8
	rows                            int // row iterations
	ng                              int // pixel groups per row iteration
	segs                            [][]int
	passes                          [][2]int // (j0, J)
	rowB                            int      // input row bytes

	zeroOff, zeroSz, stageOff int // kernel-area layout (bias patterns at 0)
	direct                    bool
	aligned                   bool // every input row on the 32-byte grid
	khStatic                  bool // tap rows unrolled (weights of a tap row off the grid)
	kh                        int  // the unrolled tap row

	consts  map[int]string // cached constant registers
	counts  map[int]int    // constant uses (first generation pass)
	tmp     int            // rotating scalar temporaries r28..r31
	xfree   []string       // free vector registers, oldest first
	yq      []int          // Y loads of the current body, in order (offsets from rWk)
	segBias int
	j0, J   int
}

const mmArea = 0x70000

// genConvMM writes conv2d (pool false) or conv_block (pool true).
func genConvMM(p *Prog, c *ref.Case, params ref.Params, pool bool) error {
	for i, n := range []string{"x", "w", "bias", "y"} {
		r, err := Reg(c, n)
		if err != nil {
			return err
		}
		if want := fmt.Sprintf("p%d", i); r != want {
			return fmt.Errorf("tensor %s in %s, want %s", n, r, want)
		}
	}
	// First pass: count the constants the kernel asks for; second: cache
	// the most used in registers.
	counts := map[int]int{}
	if err := genConvMMOnce(&Prog{}, c, params, pool, nil, counts); err != nil {
		return err
	}
	type kv struct{ v, n int }
	var all []kv
	for v, n := range counts {
		all = append(all, kv{v, n})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].v < all[j].v
	})
	consts := map[int]string{}
	for i, r := range mmConstRegs {
		if i < len(all) {
			consts[all[i].v] = r
		}
	}
	return genConvMMOnce(p, c, params, pool, consts, nil)
}

func genConvMMOnce(p *Prog, c *ref.Case, params ref.Params, pool bool, consts map[int]string, counts map[int]int) error {
	m := &mmConv{p: p, pool: pool, consts: consts, counts: counts}
	m.Cin, m.Cout, m.H, m.W = params.Cin, params.Cout, params.Hin, params.Win
	m.KH, m.KW, m.pad, m.s = params.KH, params.KW, params.Pad, params.Stride
	if m.s == 0 || pool {
		m.s = 1
	}
	if m.Cin <= 0 || m.Cout <= 0 || m.H <= 0 || m.W <= 0 || m.KH <= 0 || m.KW <= 0 {
		return fmt.Errorf("bad shape C_in %d C_out %d H %d W %d KH %d KW %d", m.Cin, m.Cout, m.H, m.W, m.KH, m.KW)
	}
	if m.Cout%4 != 0 {
		return fmt.Errorf("output channel count %d: only multiples of 4 are supported yet", m.Cout)
	}
	m.OH = (m.H+2*m.pad-m.KH)/m.s + 1
	m.OW = (m.W+2*m.pad-m.KW)/m.s + 1
	m.nb = (m.Cin + 7) / 8
	m.rowB = m.W * m.Cin * 2
	m.aligned = m.rowB%32 == 0
	m.khStatic = (m.KW*m.Cin*m.Cout*2)%32 != 0
	if pool {
		if params.Pool != 2 {
			return fmt.Errorf("pool = %d: only 2x2 pooling is supported yet", params.Pool)
		}
		m.rows = m.OH / 2
		m.ng = m.OW / 2
	} else {
		m.rows = m.OH
		m.ng = (m.OW + 3) / 4
	}
	if m.rows <= 0 || m.ng <= 0 {
		return fmt.Errorf("empty output")
	}
	jt := m.Cout / 4
	if jt <= 5 {
		m.passes = [][2]int{{0, jt}}
	} else {
		for j := 0; j < jt; j += 4 {
			m.passes = append(m.passes, [2]int{j, min(4, jt-j)})
		}
	}
	jmax := 0
	for _, ps := range m.passes {
		jmax = max(jmax, ps[1])
	}
	gmax := 18 / jmax
	if m.pool {
		gmax = min(gmax, 4) // the zero buffer spans a segment's input
	}
	nseg := (m.ng + gmax - 1) / gmax
	for s, g := 0, 0; s < nseg; s++ {
		n := (m.ng - g + (nseg - s) - 1) / (nseg - s)
		var seg []int
		for i := 0; i < n; i++ {
			seg = append(seg, g+i)
		}
		g += n
		m.segs = append(m.segs, seg)
	}
	// Direct stores: whole aligned 32-byte vectors of output.
	if pool {
		m.direct = m.Cout%16 == 0
	} else {
		m.direct = m.Cout%16 == 0 || (m.Cout == 8 && m.OW%4 == 0)
	}
	// Kernel area: bias patterns (32 bytes per block of 4 channels), the
	// zero buffer, the staging buffer.
	m.zeroOff = (m.Cout / 4) * 32
	zs := 64
	for _, seg := range m.segs {
		lo, hi := m.segSpan(seg)
		if pool {
			zs = max(zs, hi-lo)
		}
	}
	m.zeroSz = (zs + 31) &^ 31
	m.stageOff = m.zeroOff + m.zeroSz
	if !m.direct {
		need := 0
		for _, seg := range m.segs {
			need = max(need, len(seg)*jmax*32)
		}
		if m.stageOff+need > 1024 {
			return fmt.Errorf("kernel area: %d bytes of staging after %d do not fit 1 KiB", need, m.stageOff)
		}
	} else if m.stageOff > 1024 {
		return fmt.Errorf("kernel area: %d bytes do not fit 1 KiB", m.stageOff)
	}
	for i := 0; i < 11; i++ {
		m.xfree = append(m.xfree, fmt.Sprintf("x%d", i))
	}
	xa, err := tensorAddr(c, "x")
	if err != nil {
		return err
	}
	wa, err := tensorAddr(c, "w")
	if err != nil {
		return err
	}
	ya, err := tensorAddr(c, "y")
	if err != nil {
		return err
	}
	return m.program(xa, wa, ya)
}

// pix is the (row offset, column) of a group's m-th output pixel within a
// row iteration (conv_block: of the convolution), and whether it exists.
func (m *mmConv) pix(g, i int) (dr, ow int, ok bool) {
	if m.pool {
		return i / 2, 2*g + i%2, true
	}
	ow = 4*g + i
	return 0, ow, ow < m.OW
}

// xrows are the rows of group g's X for tap column kw, channel block b.
func (m *mmConv) xrows(g, kw, b int) [4]xrow {
	var out [4]xrow
	for i := 0; i < 4; i++ {
		dr, ow, ok := m.pix(g, i)
		iw := ow*m.s + kw - m.pad
		if !ok || iw < 0 || iw >= m.W {
			out[i] = xrow{zero: true}
			continue
		}
		out[i] = xrow{dr: dr, off: (iw*m.Cin + 8*b) * 2}
	}
	return out
}

// segSpan bounds the input bytes a segment's X loads read (relative to
// the input row): [lo, hi).
func (m *mmConv) segSpan(seg []int) (lo, hi int) {
	lo, hi = 1<<30, -(1 << 30)
	for _, g := range seg {
		for kw := 0; kw < m.KW; kw++ {
			for b := 0; b < m.nb; b++ {
				for _, r := range m.xrows(g, kw, b) {
					if r.zero {
						continue
					}
					f := r.off &^ 31
					lo = min(lo, f)
					hi = max(hi, f+96)
				}
			}
		}
	}
	if lo > hi {
		return 0, 0
	}
	return lo, hi
}

// k is a register holding the constant v: a cached one, or a rotating
// temporary set here.
func (m *mmConv) k(v int) string {
	if m.counts != nil {
		m.counts[v]++
	}
	if r, ok := m.consts[v]; ok {
		return r
	}
	r := m.temp()
	m.con(r, v)
	return r
}

func (m *mmConv) temp() string {
	r := fmt.Sprintf("r%d", 28+m.tmp%4)
	m.tmp++
	return r
}

func (m *mmConv) con(r string, v int) {
	if v >= -1024 && v <= 1023 {
		m.o.alu(fmt.Sprintf("movx %s, #%d", r, v), r)
	} else {
		m.o.alu(fmt.Sprintf("movxm %s, #%d", r, v), r)
	}
}

func (m *mmConv) allocX() (string, error) {
	if len(m.xfree) == 0 {
		return "", fmt.Errorf("out of vector registers")
	}
	r := m.xfree[0]
	m.xfree = m.xfree[1:]
	return r, nil
}

func (m *mmConv) freeX(rs ...string) {
	for _, r := range rs {
		if r != mmZeroX && r != "" {
			m.xfree = append(m.xfree, r)
		}
	}
}

func half(x string, h int) string {
	if h == 0 {
		return "wl" + x[1:]
	}
	return "wh" + x[1:]
}

func (m *mmConv) shuffle(d, a, b string, mode int) {
	k := m.k(mode)
	m.o.vec2(fmt.Sprintf("vshuffle %s, %s, %s, %s", d, a, b, k), d, a, b, k)
}

func (m *mmConv) vshift(d, a, b, k string) {
	m.o.vec2(fmt.Sprintf("vshift %s, %s, %s, %s", d, a, b, k), d, a, b, k)
}

func (m *mmConv) vmax(d, a, b string) {
	m.o.op(fmt.Sprintf("vmax_lt.bf16 %s, %s, %s, %s", d, mmJunk, a, b), rd(1, a, b), cat(rd(2, d), rd(2, mmJunk)))
}

// xload loads the 32 bytes at input-row offset f (32-byte aligned) of
// row pointer dr into w.
func (m *mmConv) xload(w string, dr, f int) error {
	imm := f - m.segBias
	if imm < -1024 || imm > 992 {
		return fmt.Errorf("input offset %d beyond the load immediates (segment bias %d)", f, m.segBias)
	}
	ptr := mmPQ0
	if dr == 1 {
		ptr = mmPQ1
	}
	m.o.vld(fmt.Sprintf("vlda %s, [%s, #%d]", w, ptr, imm), w, ptr, "")
	return nil
}

func (m *mmConv) zload(w string) {
	m.o.vld(fmt.Sprintf("vlda %s, [%s, #0]", w, mmPZ), w, mmPZ, "")
}

// buildX forms the X operand of rows r in a register (mmZeroX when every
// row is zero).
func (m *mmConv) buildX(r [4]xrow) (string, error) {
	real := 0
	for _, x := range r {
		if !x.zero {
			real++
		}
	}
	if real == 0 {
		return mmZeroX, nil
	}
	if !m.aligned {
		return m.buildXGeneric(r)
	}
	same := func(a, b xrow, d int) bool {
		return !a.zero && !b.zero && a.dr == b.dr && b.off == a.off+d
	}
	// Four contiguous rows: two halves, or three and a vshift.
	if same(r[0], r[1], 16) && same(r[1], r[2], 16) && same(r[2], r[3], 16) {
		f, sh := r[0].off&^31, r[0].off&31
		X, err := m.allocX()
		if err != nil {
			return "", err
		}
		if sh == 0 {
			if err := m.xload(half(X, 0), r[0].dr, f); err != nil {
				return "", err
			}
			return X, m.xload(half(X, 1), r[0].dr, f+32)
		}
		B, err := m.allocX()
		if err != nil {
			return "", err
		}
		for i, w := range []string{half(X, 0), half(X, 1), half(B, 0)} {
			if err := m.xload(w, r[0].dr, f+32*i); err != nil {
				return "", err
			}
		}
		m.vshift(X, X, B, m.k(sh))
		m.freeX(B)
		return X, nil
	}
	// Two contiguous pairs on the grid: two halves.
	if same(r[0], r[1], 16) && same(r[2], r[3], 16) && r[0].off%32 == 0 && r[2].off%32 == 0 {
		X, err := m.allocX()
		if err != nil {
			return "", err
		}
		if err := m.xload(half(X, 0), r[0].dr, r[0].off); err != nil {
			return "", err
		}
		return X, m.xload(half(X, 1), r[2].dr, r[2].off)
	}
	// Every row in quarter q of a 32-byte half: four halves and a
	// T128_4x2 deinterleave.
	q, okq := -1, true
	for _, x := range r {
		if x.zero {
			continue
		}
		qq := (x.off / 16) % 2
		if x.off%16 != 0 || (q >= 0 && qq != q) {
			okq = false
			break
		}
		q = qq
	}
	if okq {
		A, err := m.allocX()
		if err != nil {
			return "", err
		}
		B, err := m.allocX()
		if err != nil {
			return "", err
		}
		ws := []string{half(A, 0), half(A, 1), half(B, 0), half(B, 1)}
		for i, x := range r {
			if x.zero {
				m.zload(ws[i])
			} else if err := m.xload(ws[i], x.dr, x.off&^31); err != nil {
				return "", err
			}
		}
		m.shuffle(A, A, B, shDeint128Lo+q)
		m.freeX(B)
		return A, nil
	}
	return m.buildXGeneric(r)
}

// buildXGeneric moves each row to the front of a register with a vshift
// by its offset in a 96-byte window plus the row pointer's misalignment
// (rRes0/rRes1: input rows of ragged widths are not on the 32-byte grid),
// then interleaves: T01 = [R0.q0 R1.q0 …], T23 likewise, X = [T01.lo
// T23.lo].
func (m *mmConv) buildXGeneric(r [4]xrow) (string, error) {
	type win struct{ dr, f int }
	uses := map[win]int{}
	for _, x := range r {
		if !x.zero {
			uses[win{x.dr, x.off &^ 31}]++
		}
	}
	wins := map[win][2]string{}
	row := func(x xrow) (string, error) {
		if x.zero {
			return mmZeroX, nil
		}
		key := win{x.dr, x.off &^ 31}
		W, ok := wins[key]
		if !ok {
			for i := range W {
				var err error
				if W[i], err = m.allocX(); err != nil {
					return "", err
				}
			}
			for i, w := range []string{half(W[0], 0), half(W[0], 1), half(W[1], 0)} {
				if err := m.xload(w, x.dr, key.f+32*i); err != nil {
					return "", err
				}
			}
			wins[key] = W
		}
		uses[key]--
		sh := m.temp()
		res := rRes0
		if x.dr == 1 {
			res = rRes1
		}
		m.o.alu(fmt.Sprintf("add %s, %s, #%d", sh, res, x.off&31), sh, res)
		d := W[0]
		if uses[key] > 0 {
			var err error
			if d, err = m.allocX(); err != nil {
				return "", err
			}
		} else {
			m.freeX(W[1])
			delete(wins, key)
		}
		m.vshift(d, W[0], W[1], sh)
		return d, nil
	}
	pair := func(a, b xrow) (string, error) {
		A, err := row(a)
		if err != nil {
			return "", err
		}
		B, err := row(b)
		if err != nil {
			return "", err
		}
		if A == mmZeroX && B == mmZeroX {
			return mmZeroX, nil
		}
		d := A
		if d == mmZeroX {
			d = B
		}
		m.shuffle(d, A, B, shIntlv128Lo)
		if B != d {
			m.freeX(B)
		}
		return d, nil
	}
	T01, err := pair(r[0], r[1])
	if err != nil {
		return "", err
	}
	T23, err := pair(r[2], r[3])
	if err != nil {
		return "", err
	}
	X := T01
	if X == mmZeroX {
		X = T23
	}
	m.shuffle(X, T01, T23, shDeint256Lo)
	if T23 != X {
		m.freeX(T23)
	}
	return X, nil
}

// yrow is the weight row k of a tap's channel block for the pass: zero,
// or 8J bytes at off (from the pass's weight pointer of the tap row).
type yrow struct {
	zero bool
	off  int
}

func (m *mmConv) yrows(kw, b int) [8]yrow {
	var out [8]yrow
	for k := 0; k < 8; k++ {
		ci := 8*b + k
		if ci >= m.Cin {
			out[k] = yrow{zero: true}
			continue
		}
		out[k] = yrow{off: ((m.kh*m.KW+kw)*m.Cin+ci)*m.Cout*2 + 8*m.j0}
	}
	return out
}

// yKind: 1 = J 2 over a 128-byte slab on the grid, 2 = J 4 with every row
// on the grid, 0 = generic.
func (m *mmConv) yKind(r [8]yrow) int {
	all := true
	for _, y := range r {
		all = all && !y.zero
	}
	if all && m.J == 2 && m.Cout == 8 && r[0].off%32 == 0 {
		return 1
	}
	if m.J == 4 {
		ok := true
		for _, y := range r {
			ok = ok && (y.zero || y.off%32 == 0)
		}
		if ok {
			return 2
		}
	}
	return 0
}

// yLoads lists the offsets the Y build of (kw, b) loads, in order (the
// zero rows of kind 2 load the zero buffer and are not listed).
func (m *mmConv) yLoads(kw, b int) []int {
	r := m.yrows(kw, b)
	var out []int
	switch m.yKind(r) {
	case 1:
		for i := 0; i < 4; i++ {
			out = append(out, r[0].off+32*i)
		}
	case 2:
		for _, y := range r {
			if !y.zero {
				out = append(out, y.off)
			}
		}
	default:
		for _, y := range r {
			if y.zero {
				continue
			}
			f, sh := y.off&^31, y.off&31
			out = append(out, f)
			if sh+8*m.J > 32 {
				out = append(out, f+32)
			}
		}
	}
	return out
}

// yload loads the next listed weight half into w (post-incrementing the
// walking pointer to the one after).
func (m *mmConv) yload(w string, off int) error {
	if len(m.yq) == 0 || m.yq[0] != off {
		return fmt.Errorf("internal: weight load order")
	}
	m.yq = m.yq[1:]
	d := 0
	if len(m.yq) > 0 {
		d = m.yq[0] - off
	}
	if d < -256 || d > 224 {
		m.o.op(fmt.Sprintf("vldb %s, [%s, #0]", w, mmPY), rd(1, mmPY), rd(7, w))
		m.o.op(fmt.Sprintf("padda [%s], #%d", mmPY, d), rd(1, mmPY), rd(1, mmPY))
		return nil
	}
	m.o.op(fmt.Sprintf("vldb %s, [%s], #%d", w, mmPY, d), rd(1, mmPY), cat(rd(7, w), rd(1, mmPY)))
	return nil
}

// buildY forms the J Y operands of (kw, b).
func (m *mmConv) buildY(kw, b int) ([]string, error) {
	r := m.yrows(kw, b)
	J := m.J
	switch m.yKind(r) {
	case 1:
		A, err := m.allocX()
		if err != nil {
			return nil, err
		}
		B, err := m.allocX()
		if err != nil {
			return nil, err
		}
		ws := []string{half(A, 0), half(A, 1), half(B, 0), half(B, 1)}
		for i, w := range ws {
			if err := m.yload(w, r[0].off+32*i); err != nil {
				return nil, err
			}
		}
		C, err := m.allocX()
		if err != nil {
			return nil, err
		}
		m.shuffle(C, A, B, shDeint64Lo)
		m.shuffle(A, A, B, shDeint64Hi)
		m.freeX(B)
		return []string{C, A}, nil
	case 2:
		var R [4]string
		for i := 0; i < 4; i++ {
			x, err := m.allocX()
			if err != nil {
				return nil, err
			}
			R[i] = x
			for h := 0; h < 2; h++ {
				y := r[2*i+h]
				if y.zero {
					m.zload(half(x, h))
				} else if err := m.yload(half(x, h), y.off); err != nil {
					return nil, err
				}
			}
		}
		T0, err := m.allocX()
		if err != nil {
			return nil, err
		}
		T1, err := m.allocX()
		if err != nil {
			return nil, err
		}
		m.shuffle(T0, R[0], R[1], shDeint64Lo)
		m.shuffle(T1, R[0], R[1], shDeint64Hi)
		m.shuffle(R[0], R[2], R[3], shDeint64Lo)
		m.shuffle(R[1], R[2], R[3], shDeint64Hi)
		// Y0 = lo(T0, R0), Y2 = hi(T0, R0), Y1 = lo(T1, R1), Y3 = hi(T1, R1)
		m.shuffle(R[2], T0, R[0], shDeint64Lo)
		m.shuffle(R[3], T0, R[0], shDeint64Hi)
		m.shuffle(T0, T1, R[1], shDeint64Lo)
		m.shuffle(R[0], T1, R[1], shDeint64Hi)
		m.freeX(T1, R[1])
		return []string{R[2], T0, R[3], R[0]}, nil
	}
	// Generic: row k at the front of R_k, then interleave rounds.
	var R [8]string
	for k, y := range r {
		if y.zero {
			R[k] = mmZeroX
			continue
		}
		x, err := m.allocX()
		if err != nil {
			return nil, err
		}
		f, sh := y.off&^31, y.off&31
		if err := m.yload(half(x, 0), f); err != nil {
			return nil, err
		}
		if sh+8*J > 32 {
			if err := m.yload(half(x, 1), f+32); err != nil {
				return nil, err
			}
		}
		if sh != 0 {
			m.vshift(x, x, x, m.k(sh))
		}
		R[k] = x
	}
	// Per four rows: S = 64-bit interleaves of row pairs, U = 128-bit
	// interleaves: U[0] = [j0 | j1], U[1] = [j2 | j3], U[2] = [j4 | -].
	quad := func(R []string) ([3]string, error) {
		var U [3]string
		nz := false
		for _, x := range R {
			nz = nz || x != mmZeroX
		}
		if !nz {
			return [3]string{mmZeroX, mmZeroX, mmZeroX}, nil
		}
		var S [2][2]string // [pair][lo, hi]
		for pr := 0; pr < 2; pr++ {
			a, b := R[2*pr], R[2*pr+1]
			if a == mmZeroX && b == mmZeroX {
				S[pr] = [2]string{mmZeroX, mmZeroX}
				continue
			}
			lo, err := m.allocX()
			if err != nil {
				return U, err
			}
			m.shuffle(lo, a, b, shIntlv64Lo)
			S[pr][0] = lo
			S[pr][1] = mmZeroX
			if J > 4 {
				hi, err := m.allocX()
				if err != nil {
					return U, err
				}
				m.shuffle(hi, a, b, shIntlv64Hi)
				S[pr][1] = hi
			}
			m.freeX(a, b)
		}
		mk := func(a, b string, mode int) (string, error) {
			if a == mmZeroX && b == mmZeroX {
				return mmZeroX, nil
			}
			d, err := m.allocX()
			if err != nil {
				return "", err
			}
			m.shuffle(d, a, b, mode)
			return d, nil
		}
		var err error
		if U[0], err = mk(S[0][0], S[1][0], shIntlv128Lo); err != nil {
			return U, err
		}
		U[1] = mmZeroX
		if J > 2 {
			if U[1], err = mk(S[0][0], S[1][0], shIntlv128Hi); err != nil {
				return U, err
			}
		}
		U[2] = mmZeroX
		if J > 4 {
			if U[2], err = mk(S[0][1], S[1][1], shIntlv128Lo); err != nil {
				return U, err
			}
		}
		m.freeX(S[0][0], S[1][0], S[0][1], S[1][1])
		return U, nil
	}
	U, err := quad(R[:4])
	if err != nil {
		return nil, err
	}
	V, err := quad(R[4:])
	if err != nil {
		return nil, err
	}
	Y := make([]string, J)
	for j := 0; j < J; j++ {
		a, b := U[j/2], V[j/2]
		mode := shDeint256Lo + j%2
		if a == mmZeroX && b == mmZeroX {
			Y[j] = mmZeroX
			continue
		}
		d, err := m.allocX()
		if err != nil {
			return nil, err
		}
		m.shuffle(d, a, b, mode)
		Y[j] = d
		if j%2 == 1 || j == J-1 {
			m.freeX(a, b)
		}
	}
	return Y, nil
}

func (m *mmConv) acc(gi, j int) string { return accName(gi*m.J + j) }

// body is one tap row (kh) of a segment and pass: for every kw and
// channel block, the Y operands once, then each group's X and its MACs.
func (m *mmConv) body(seg []int) error {
	for kw := 0; kw < m.KW; kw++ {
		for b := 0; b < m.nb; b++ {
			Y, err := m.buildY(kw, b)
			if err != nil {
				return err
			}
			for gi, g := range seg {
				X, err := m.buildX(m.xrows(g, kw, b))
				if err != nil {
					return err
				}
				if X != mmZeroX {
					for j := 0; j < m.J; j++ {
						if Y[j] == mmZeroX {
							continue
						}
						a := m.acc(gi, j)
						m.o.mac(fmt.Sprintf("vmac.f %s, %s, %s, %s, %s", a, a, X, Y[j], mmCfg), a, a, X, Y[j], mmCfg)
					}
				}
				m.freeX(X)
			}
			m.freeX(Y...)
			if len(m.xfree) != 11 {
				return fmt.Errorf("internal: %d vector registers leaked", 11-len(m.xfree))
			}
		}
	}
	return nil
}

func (m *mmConv) block() { m.o = &opBuilder{b: newBlock()} }

func (m *mmConv) flush(jump string, reads ...string) error {
	if m.o.err != nil {
		return m.o.err
	}
	return m.o.b.emit(m.p, jump, reads...)
}

// Scalar registers (r16..r20 cache constants, r28..r31 rotate as
// temporaries, r27 is sel.nez's condition).
const (
	rRows  = "r0"
	rKh    = "r1"
	rZeroC = "r3"
	rH     = "r4"
	rXrow  = "r5"  // address of input row ihBase (may lie outside x)
	rIH    = "r6"  // ihBase
	rWk    = "r7"  // the pass's weights of tap row kh (at the first load)
	rYrow  = "r8"  // output row + 512
	rXk    = "r9"  // address of input row ihBase + kh
	rIHk   = "r10" // ihBase + kh
	rTA    = "r11"
	rTB    = "r12"
	rZi    = "r13" // pointer of a row outside the image (conv_block)
	rRowB  = "r14" // input row bytes
	rKhS   = "r15" // weight bytes per tap row
	rRes0  = "r21" // misalignment of input row kh
	rRes1  = "r22" // of row kh+1
	rStep  = "r24" // input bytes per row iteration
	rOStep = "r25" // output bytes per row iteration
)

var mmConstRegs = []string{"r16", "r17", "r18", "r19", "r20"}

func (m *mmConv) program(xa, wa, ya int) error {
	p := m.p
	prologue(p)
	m.block()
	o := m.o
	// Bias patterns: block j = bias[4j..4j+3] four times (vbcst.64).
	o.op(fmt.Sprintf("movxm p7, #%d", mmArea), nil, rd(1, "p7"))
	pairs := [][2]string{{"r16", "r17"}, {"r18", "r19"}}
	for j := 0; j < m.Cout/4; j++ {
		pr := pairs[j%2]
		o.op(fmt.Sprintf("lda %s, [p2, #%d]", pr[0], 8*j), rd(1, "p2"), rd(7, pr[0]))
		o.op(fmt.Sprintf("lda %s, [p2, #%d]", pr[1], 8*j+4), rd(1, "p2"), rd(7, pr[1]))
		x := fmt.Sprintf("x%d", j%2)
		o.op(fmt.Sprintf("vbcst.64 %s, %s:%s", x, pr[1], pr[0]), rd(1, pr[0], pr[1]), rd(2, x))
		o.op(fmt.Sprintf("vst %s, [p7, #%d]", half(x, 0), 32*j), rd(1, half(x, 0), "p7"), rd(5, "M:area"))
	}
	m.con(rZeroC, 0)
	o.op(fmt.Sprintf("vbcst.16 %s, %s", mmZeroX, rZeroC), rd(1, rZeroC), rd(2, mmZeroX))
	for off := 0; off < m.zeroSz; off += 32 {
		o.op(fmt.Sprintf("vst %s, [p7, #%d]", half(mmZeroX, 0), m.zeroOff+off), rd(1, half(mmZeroX, 0), "p7"), rd(5, "M:area"))
	}
	o.op(fmt.Sprintf("movxm %s, #%d", mmPZ, mmArea+m.zeroOff), nil, rd(1, mmPZ))
	m.con(mmCfg, 28)
	m.con(rH, m.H)
	m.con(rRowB, m.rowB)
	m.con(rKhS, m.KW*m.Cin*m.Cout*2)
	step, ostep := m.s*m.rowB, m.OW*m.Cout*2
	if m.pool {
		step, ostep = 2*m.rowB, (m.OW/2)*m.Cout*2
	}
	m.con(rStep, step)
	m.con(rOStep, ostep)
	m.con(rZi, mmArea+m.zeroOff+512)
	for _, v := range slices.Sorted(maps.Keys(m.consts)) { // in order: the kernel text must not depend on map iteration
		m.con(m.consts[v], v)
	}
	m.con(rRows, m.rows)
	m.con(rIH, -m.pad)
	m.con(rXrow, xa-m.pad*m.rowB)
	m.con(rYrow, ya+512)
	if err := m.flush(""); err != nil {
		return err
	}

	rowTop := p.NewLabel("cvrow")
	p.Align16()
	p.Label(rowTop)
	for _, seg := range m.segs {
		for _, ps := range m.passes {
			if err := m.segPass(seg, ps[0], ps[1], wa); err != nil {
				return err
			}
		}
	}
	m.block()
	m.o.alu(fmt.Sprintf("add %s, %s, %s", rXrow, rXrow, rStep), rXrow, rXrow, rStep)
	st := m.s
	if m.pool {
		st = 2
	}
	m.o.alu(fmt.Sprintf("add %s, %s, #%d", rIH, rIH, st), rIH, rIH)
	m.o.alu(fmt.Sprintf("add %s, %s, %s", rYrow, rYrow, rOStep), rYrow, rYrow, rOStep)
	m.o.alu(fmt.Sprintf("add %s, %s, #-1", rRows, rRows), rRows, rRows)
	if err := m.flush("jnz "+rRows+", #"+rowTop, rRows); err != nil {
		return err
	}
	p.Op("done")
	return nil
}

// segPass: accumulators from the bias, the tap rows (a loop, or
// unrolled when a tap row's weights are not a whole number of 32-byte
// vectors), the epilogue.
func (m *mmConv) segPass(seg []int, j0, J int, wa int) error {
	p := m.p
	m.j0, m.J = j0, J
	lo, _ := m.segSpan(seg)
	m.segBias = lo + 512
	m.kh = 0
	m.planY()

	m.block()
	o := m.o
	o.op(fmt.Sprintf("movxm %s, #%d", mmPB, mmArea+32*j0+128), nil, rd(1, mmPB))
	for gi := range seg {
		for j := 0; j < J; j++ {
			a := m.acc(gi, j)
			o.vld(fmt.Sprintf("vlda.conv.fp32.bf16 %s, [%s, #%d]", a, mmPB, 32*j-128), a, mmPB, "")
		}
	}
	m.con(rKh, m.KH)
	o.alu(fmt.Sprintf("add %s, %s, #0", rIHk, rIH), rIHk, rIH)
	o.alu(fmt.Sprintf("add %s, %s, #0", rXk, rXrow), rXk, rXrow)
	m.con(rWk, wa+m.yFirst())
	if err := m.flush(""); err != nil {
		return err
	}

	if m.khStatic {
		for kh := 0; kh < m.KH; kh++ {
			m.kh = kh
			m.planY()
			skip := p.NewLabel("cvskip")
			m.block()
			if kh > 0 {
				m.o.alu(fmt.Sprintf("add %s, %s, #1", rIHk, rIHk), rIHk, rIHk)
				m.o.alu(fmt.Sprintf("add %s, %s, %s", rXk, rXk, rRowB), rXk, rXk, rRowB)
				m.con(rWk, wa+m.yFirst())
			}
			if err := m.tapRow(seg, skip); err != nil {
				return err
			}
		}
		m.kh = 0
	} else {
		hdr, skip := p.NewLabel("cvkh"), p.NewLabel("cvskip")
		p.Align16()
		p.Label(hdr)
		m.block()
		if err := m.tapRow(seg, skip); err != nil {
			return err
		}
		m.block()
		o = m.o
		o.alu(fmt.Sprintf("add %s, %s, #-1", rKh, rKh), rKh, rKh)
		o.alu(fmt.Sprintf("add %s, %s, #1", rIHk, rIHk), rIHk, rIHk)
		o.alu(fmt.Sprintf("add %s, %s, %s", rXk, rXk, rRowB), rXk, rXk, rRowB)
		o.alu(fmt.Sprintf("add %s, %s, %s", rWk, rWk, rKhS), rWk, rWk, rKhS)
		if err := m.flush("jnz "+rKh+", #"+hdr, rKh); err != nil {
			return err
		}
	}

	m.block()
	if err := m.epilogue(seg); err != nil {
		return err
	}
	return m.flush("")
}

// planY lists the weight loads of a tap row's body in order.
func (m *mmConv) planY() {
	m.yq = nil
	for kw := 0; kw < m.KW; kw++ {
		for b := 0; b < m.nb; b++ {
			m.yq = append(m.yq, m.yLoads(kw, b)...)
		}
	}
}

func (m *mmConv) yFirst() int {
	if len(m.yq) > 0 {
		return m.yq[0]
	}
	return 0
}

// tapRow finishes the current block as the header of tap row rIHk (the
// row pointers and their misalignment; conv2d skips to skip when the row
// is outside the image), then writes the body; skip labels what follows.
func (m *mmConv) tapRow(seg []int, skip string) error {
	p := m.p
	o := m.o
	k31 := m.k(31)
	kb := m.k(m.segBias)
	// row pointer dr: the row's address A (rXk, + a row for dr 1), its
	// misalignment res = A & 31, pQ = A - res + segment bias.
	for dr := 0; dr < 1+boolInt(m.pool); dr++ {
		pq, res := mmPQ0, rRes0
		if dr == 1 {
			pq, res = mmPQ1, rRes1
			o.alu(fmt.Sprintf("add %s, %s, %s", rTA, rXk, rRowB), rTA, rXk, rRowB)
			o.alu(fmt.Sprintf("add %s, %s, #1", rTB, rIHk), rTB, rIHk)
			o.alu(fmt.Sprintf("ltu r27, %s, %s", rTB, rH), "r27", rTB, rH)
		} else {
			o.alu(fmt.Sprintf("add %s, %s, #0", rTA, rXk), rTA, rXk)
			o.alu(fmt.Sprintf("ltu r27, %s, %s", rIHk, rH), "r27", rIHk, rH)
		}
		o.alu(fmt.Sprintf("and %s, %s, %s", res, rTA, k31), res, rTA, k31)
		o.alu(fmt.Sprintf("sub %s, %s, %s", rTA, rTA, res), rTA, rTA, res)
		o.alu(fmt.Sprintf("add %s, %s, %s", rTA, rTA, kb), rTA, rTA, kb)
		if m.pool {
			o.alu(fmt.Sprintf("sel.nez %s, %s, %s, r27", rTA, rTA, rZi), rTA, rTA, rZi, "r27")
			o.alu(fmt.Sprintf("sel.nez %s, %s, %s, r27", res, res, rZeroC), res, res, rZeroC, "r27")
		}
		o.op(fmt.Sprintf("mov %s, %s", pq, rTA), rd(1, rTA), rd(1, pq))
	}
	o.op(fmt.Sprintf("mov %s, %s", mmPY, rWk), rd(1, rWk), rd(1, mmPY))
	if m.pool {
		if err := m.flush(""); err != nil {
			return err
		}
	} else {
		// conv2d: a tap row outside the image adds nothing: skip it.
		o.alu(fmt.Sprintf("ltu r27, %s, %s", rIHk, rH), "r27", rIHk, rH)
		if err := m.flush("jz r27, #"+skip, "r27"); err != nil {
			return err
		}
	}
	m.block()
	if err := m.body(seg); err != nil {
		return err
	}
	if len(m.yq) != 0 {
		return fmt.Errorf("internal: %d weight loads not made", len(m.yq))
	}
	if err := m.flush(""); err != nil {
		return err
	}
	if !m.pool {
		p.Align16()
		p.Label(skip)
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// vconv rounds accumulator a to bf16 into w.
func (m *mmConv) vconv(w, a string) {
	m.o.op(fmt.Sprintf("vconv.bf16.fp32 %s, %s", w, a), rd(1, a), rd(2, w))
}

// vstO stores w at output-row byte offset off (32-byte aligned).
func (m *mmConv) vstO(w string, off int) error {
	imm := off - 512
	if imm < -1024 || imm > 992 {
		return fmt.Errorf("output offset %d beyond the store immediates", off)
	}
	m.o.op(fmt.Sprintf("vst %s, [%s, #%d]", w, mmPO, imm), rd(1, w, mmPO), rd(5, "M:y"))
	return nil
}

// pool2 leaves in lanes 0..3 and 16..19 of V the maxima of the four rows
// (pixels of a 2x2 window) of its two bf16 4x4 tiles (lanes 0..15,
// 16..31), and ReLU.
func (m *mmConv) pool2(V string) error {
	S, err := m.allocX()
	if err != nil {
		return err
	}
	m.vshift(S, V, V, m.k(16))
	m.vmax(V, V, S)
	m.vshift(S, V, V, m.k(8))
	m.vmax(V, V, S)
	m.vmax(V, V, mmZeroX)
	m.freeX(S)
	return nil
}

// epilogue rounds the segment's accumulators and stores them (conv_block:
// pooled), directly as aligned vectors or through the staging buffer.
func (m *mmConv) epilogue(seg []int) error {
	o := m.o
	J := m.J
	o.op(fmt.Sprintf("mov %s, %s", mmPO, rYrow), rd(1, rYrow), rd(1, mmPO))
	if m.direct {
		for gi, g := range seg {
			switch {
			case m.pool: // J = 4
				var P [2]string
				for q := 0; q < 2; q++ {
					V, err := m.allocX()
					if err != nil {
						return err
					}
					m.vconv(half(V, 0), m.acc(gi, 2*q))
					m.vconv(half(V, 1), m.acc(gi, 2*q+1))
					if err := m.pool2(V); err != nil {
						return err
					}
					P[q] = V
				}
				m.shuffle(P[1], P[0], P[1], shDeint64Lo)
				m.shuffle(P[0], P[1], P[1], shDeint64Lo)
				if err := m.vstO(half(P[0], 0), (g*m.Cout+4*m.j0)*2); err != nil {
					return err
				}
				m.freeX(P[0], P[1])
			case J == 4:
				var A [4]string
				for j := range A {
					x, err := m.allocX()
					if err != nil {
						return err
					}
					A[j] = x
					m.vconv(half(x, 0), m.acc(gi, j))
				}
				m.shuffle(A[0], A[0], A[1], shIntlv64Lo)
				m.shuffle(A[1], A[2], A[3], shIntlv64Lo)
				m.shuffle(A[2], A[0], A[1], shIntlv128Lo)
				m.shuffle(A[3], A[0], A[1], shIntlv128Hi)
				for i := 0; i < 4; i++ {
					if _, ow, ok := m.pix(g, i); ok {
						if err := m.vstO(half(A[2+i/2], i%2), (ow*m.Cout+4*m.j0)*2); err != nil {
							return err
						}
					}
				}
				m.freeX(A[:]...)
			default: // J = 2, C_out = 8, whole groups
				A, err := m.allocX()
				if err != nil {
					return err
				}
				B, err := m.allocX()
				if err != nil {
					return err
				}
				m.vconv(half(A, 0), m.acc(gi, 0))
				m.vconv(half(B, 0), m.acc(gi, 1))
				m.shuffle(A, A, B, shIntlv64Lo)
				for h := 0; h < 2; h++ {
					if err := m.vstO(half(A, h), (4*g+2*h)*m.Cout*2); err != nil {
						return err
					}
				}
				m.freeX(A, B)
			}
		}
		return nil
	}
	// Staging: slot (gi, j) holds tile j of group gi (conv_block: the
	// pooled pixel's four channels in its first 8 bytes).
	o.op(fmt.Sprintf("movxm %s, #%d", mmPS, mmArea+m.stageOff), nil, rd(1, mmPS))
	stv := func(w string, slot int) {
		o.op(fmt.Sprintf("vst %s, [%s, #%d]", w, mmPS, slot*32), rd(1, w, mmPS), rd(5, "M:stage"))
	}
	for gi := range seg {
		if m.pool {
			for q := 0; 2*q < J; q++ {
				V, err := m.allocX()
				if err != nil {
					return err
				}
				m.vconv(half(V, 0), m.acc(gi, 2*q))
				if 2*q+1 < J {
					m.vconv(half(V, 1), m.acc(gi, 2*q+1))
				} else {
					m.o.vec2(fmt.Sprintf("vmov %s, %s", half(V, 1), half(V, 0)), half(V, 1), half(V, 0))
				}
				if err := m.pool2(V); err != nil {
					return err
				}
				stv(half(V, 0), gi*J+2*q)
				if 2*q+1 < J {
					stv(half(V, 1), gi*J+2*q+1)
				}
				m.freeX(V)
			}
			continue
		}
		for j := 0; j < J; j++ {
			V, err := m.allocX()
			if err != nil {
				return err
			}
			m.vconv(half(V, 0), m.acc(gi, j))
			stv(half(V, 0), gi*J+j)
			m.freeX(V)
		}
	}
	type cp struct{ src, dst int }
	var cps []cp
	for gi, g := range seg {
		for i := 0; i < 4; i++ {
			ow := g
			if !m.pool {
				var ok bool
				if _, ow, ok = m.pix(g, i); !ok {
					continue
				}
			} else if i > 0 {
				continue
			}
			for j := 0; j < J; j++ {
				for h := 0; h < 2; h++ {
					cps = append(cps, cp{(gi*J+j)*32 + 8*i + 4*h, (ow*m.Cout+4*(m.j0+j))*2 + 4*h})
				}
			}
		}
	}
	o.op(fmt.Sprintf("padda [%s], #%d", mmPO, cps[0].dst-512), rd(1, mmPO), rd(1, mmPO))
	if cps[0].src != 0 {
		o.op(fmt.Sprintf("padda [%s], #%d", mmPS, cps[0].src), rd(1, mmPS), rd(1, mmPS))
	}
	for i, c := range cps {
		ds, dd := 0, 0
		if i+1 < len(cps) {
			ds, dd = cps[i+1].src-c.src, cps[i+1].dst-c.dst
		}
		if ds < -256 || ds > 252 || dd < -256 || dd > 252 {
			return fmt.Errorf("staging copy step beyond the post-increment immediates")
		}
		t := m.temp()
		o.op(fmt.Sprintf("lda %s, [%s], #%d", t, mmPS, ds), cat(rd(1, mmPS), rd(5, "M:stage")), cat(rd(7, t), rd(1, mmPS)))
		o.op(fmt.Sprintf("st %s, [%s], #%d", t, mmPO, dd), rd(1, t, mmPO), cat(rd(1, mmPO), rd(5, "M:y")))
	}
	return nil
}
