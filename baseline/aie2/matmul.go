package aie2

import (
	"fmt"
)

// The matrix kernels (gemm, linear, bmm and the projections of ffn and
// swiglu), in the manner of mlir-aie's mm.cc: bf16 4x8x4 MACs (vmac.f,
// configuration 28) into fp32 accumulators, an output block of 8 rows by
// 16 columns (2x4 tiles of 4x4, eight accumulators) at a time, the
// reduction over K in chunks of 16 under a loop, results rounded to bf16
// to nearest even.
//
// mm.cc reads operands that mlir-aie's DMA has already tiled; here the
// tensors are row-major in data memory, so the kernel tiles them in
// registers as it goes: the 4x8 A tiles of two k-steps come from four
// rows of 16 (one 256-bit load each) by one vshuffle each (T128_4x2), the
// 8x4 B tiles of four column groups from eight rows of 16 by two rounds
// of vshuffle (T64_8x2), a W tile of Linear (y = x W^T) by T128_4x2 and
// the 4x8 -> 8x4 transpose T16_4x8. Rows whose start is not 32-byte
// aligned (ragged K or N) are read as two aligned loads and a vshift,
// two of them packed into one register by T256_2x2. Rows past the end of
// the reduction are read from a zeroed chunk of the kernel's own memory,
// columns past it are cleared by vsel; results are stored row by row
// (vst) when the rows are aligned, else through an aligned staging
// buffer by 32-bit stores. The code of a block is list-scheduled
// (matmul_sched.go) with virtual vector registers.
//
// Kernel memory (the first 1 KiB of data memory): 32 zero bytes at
// 0x70000, the staging buffer of one block's output tiles at 0x70020.

const (
	areaZero  = 0x70000
	areaStage = 0x70020
	dmemEnd   = 0x80000
)

// vshuffle modes (aiev2_enums.h).
const (
	shufT64Lo    = 6  // T64_8x2_lo: even 64-bit units of a:b
	shufT64Hi    = 7  // T64_8x2_hi: odd ones
	shufT128Lo   = 8  // T128_4x2_lo: the first 128-bit unit of each 256-bit row
	shufT128Hi   = 9  // T128_4x2_hi: the second
	shufT256Lo   = 10 // T256_2x2_lo: [a.lo | b.lo]
	shufI64Lo    = 14 // T64_2x8_lo: interleave 64-bit units of a and b
	shufI64Hi    = 15 // T64_2x8_hi
	shufT16x4x8  = 29 // T16_4x8: row-major 4x8 of a -> its 8x4 transpose
	mmBlockRows  = 8
	mmBlockCols  = 16
	mmChunk      = 16
	mmAccPerTile = 4
)

// mmGen holds what a matrix kernel's generator has set up: the operation
// list, virtual register numbering and the registers holding constants.
type mmGen struct {
	s      *mmSched
	pro    []mmItem // the prologue (constants), scheduled first
	nextV  int
	consts map[int]string
	cpool  []string
	masks  map[uint32]string
	mpool  []string
	mregs  map[int]string
	labels int
}

func newMMGen() *mmGen {
	g := &mmGen{
		s:      &mmSched{pool: []string{"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11"}},
		consts: map[int]string{},
		masks:  map[uint32]string{},
		mregs:  map[int]string{},
	}
	for _, i := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 31, 18, 19} {
		g.cpool = append(g.cpool, fmt.Sprintf("r%d", i))
	}
	for i := 0; i < 8; i++ {
		g.mpool = append(g.mpool, fmt.Sprintf("m%d", i))
	}
	return g
}

// v is a new virtual vector register.
func (g *mmGen) v() int { g.nextV++; return g.nextV }

func vx(v int) string  { return fmt.Sprintf("%%%d", v) }
func vlo(v int) string { return fmt.Sprintf("%%%dl", v) }
func vhi(v int) string { return fmt.Sprintf("%%%dh", v) }

// preOp adds a prologue operation writing reg.
func (g *mmGen) preOp(text, reg string) {
	g.pro = append(g.pro, mmItem{op: &mmOp{text: text, wr: []mmOpnd{{reg, 1}}}})
}

// k is a register holding the constant v (set in the prologue).
func (g *mmGen) k(v int) (string, error) {
	if r, ok := g.consts[v]; ok {
		return r, nil
	}
	if len(g.cpool) == 0 {
		return "", fmt.Errorf("out of constant registers")
	}
	r := g.cpool[0]
	g.cpool = g.cpool[1:]
	g.consts[v] = r
	g.preOp(fmt.Sprintf("movxm %s, #%d", r, v), r)
	return r, nil
}

// tmpK sets the temporary r13 to v for the next operation.
func (g *mmGen) tmpK(v int) string {
	if v >= -1024 && v <= 1023 {
		g.op(fmt.Sprintf("movx r13, #%d", v), nil, []mmOpnd{{"r13", 1}}, nil)
	} else {
		g.op(fmt.Sprintf("movxm r13, #%d", v), nil, []mmOpnd{{"r13", 1}}, nil)
	}
	return "r13"
}

// mask is a vsel mask register (r16, r17) holding v.
func (g *mmGen) mask(v uint32) (string, error) {
	if r, ok := g.masks[v]; ok {
		return r, nil
	}
	if len(g.masks) == 2 {
		return "", fmt.Errorf("out of mask registers")
	}
	r := fmt.Sprintf("r%d", 16+len(g.masks))
	g.masks[v] = r
	g.preOp(fmt.Sprintf("movxm %s, #%d", r, int32(v)), r)
	return r, nil
}

// mreg is an m register holding a pointer increment too large for an
// immediate.
func (g *mmGen) mreg(v int) (string, error) {
	if r, ok := g.mregs[v]; ok {
		return r, nil
	}
	if len(g.mpool) == 0 {
		return "", fmt.Errorf("out of m registers for pointer increments")
	}
	r := g.mpool[0]
	g.mpool = g.mpool[1:]
	g.mregs[v] = r
	g.preOp(fmt.Sprintf("movxm %s, #%d", r, v), r)
	return r, nil
}

// op adds an operation to the body.
func (g *mmGen) op(text string, rd, wr []mmOpnd, mem *mmMem) *mmOp {
	o := &mmOp{text: text, rd: rd, wr: wr, mem: mem}
	g.s.items = append(g.s.items, mmItem{op: o})
	return o
}

// shuffle: dst = vshuffle(a, b, mode).
func (g *mmGen) shuffle(dst, a, b string, mode int) error {
	r, err := g.k(mode)
	if err != nil {
		return err
	}
	g.op(fmt.Sprintf("vshuffle %s, %s, %s, %s", dst, a, b, r), []mmOpnd{{a, 1}, {b, 1}, {r, 1}}, []mmOpnd{{dst, 2}}, nil)
	return nil
}

// bankMask is the set of 16 KiB banks [addr, addr+n) touches.
func bankMask(addr, n int) uint8 {
	var m uint8
	for b := (addr >> 14) & 3; b <= ((addr+n-1)>>14)&3; b++ {
		m |= 1 << b
	}
	return m
}

// mmWalker loads or stores through one pointer with post-modify: the
// increment of each access is the distance to the next one's offset
// (filled in by finish), an immediate when it fits, else an m register.
type mmWalker struct {
	g      *mmGen
	ptr    string
	mn     string // vlda, vldb, vst, lda, st
	lo, hi int    // immediate post-modify range
	region string
	banks  uint8
	ops    []*mmOp
	offs   []int
	texts  []string // "mn reg, [ptr]" prefix parts
	rng    [][2]int // each access's immediate range
}

func (g *mmGen) mmWalker(ptr, mn, region string, banks uint8) *mmWalker {
	w := &mmWalker{g: g, ptr: ptr, mn: mn, region: region, banks: banks}
	switch mn {
	case "vlda", "vst":
		w.lo, w.hi = -2048, 2016
	case "vldb":
		w.lo, w.hi = -256, 224
	case "lda", "st":
		w.lo, w.hi = -256, 252
	}
	return w
}

// access adds a load into (or store from) reg at byte offset off.
func (w *mmWalker) access(reg string, off int) { w.accessMn(w.mn, reg, off) }

// accessMn is access by another mnemonic (lda.u16, st.s16: half words,
// their increments in m registers; st.s16 reads its data in cycle 7 and
// writes memory in cycle 11).
func (w *mmWalker) accessMn(mn, reg string, off int) {
	store := mn == "vst" || mn == "st" || mn == "st.s16"
	m := &mmMem{region: w.region, banks: w.banks, c: 5, store: store}
	rng := [2]int{w.lo, w.hi}
	data := 1
	if mn == "st.s16" || mn == "lda.u16" {
		rng = [2]int{0, 0}
	}
	if mn == "st.s16" {
		data, m.c = 7, 11
	}
	var o *mmOp
	if store {
		o = w.g.op("", []mmOpnd{{reg, data}, {w.ptr, 1}}, []mmOpnd{{w.ptr, 1}}, m)
	} else {
		o = w.g.op("", []mmOpnd{{w.ptr, 1}}, []mmOpnd{{reg, 7}, {w.ptr, 1}}, m)
	}
	w.ops = append(w.ops, o)
	w.offs = append(w.offs, off)
	w.rng = append(w.rng, rng)
	w.texts = append(w.texts, fmt.Sprintf("%s %s, [%s]", mn, reg, w.ptr))
}

// finish writes the increments, the last one moving the pointer to end.
func (w *mmWalker) finish(end int) error {
	if len(w.offs) > 0 && w.offs[0] != 0 {
		return fmt.Errorf("matmul: the walk of %s starts at offset %d, not at its pointer", w.ptr, w.offs[0])
	}
	for i, o := range w.ops {
		next := end
		if i+1 < len(w.ops) {
			next = w.offs[i+1]
		}
		d := next - w.offs[i]
		if d >= w.rng[i][0] && d <= w.rng[i][1] {
			o.text = fmt.Sprintf("%s, #%d", w.texts[i], d)
			continue
		}
		m, err := w.g.mreg(d)
		if err != nil {
			return err
		}
		o.text = fmt.Sprintf("%s, %s", w.texts[i], m)
		o.rd = append(o.rd, mmOpnd{m, 1})
	}
	return nil
}

// mmMat is a row-major bf16 matrix operand of a block: element (r, c) of
// the block is at base + 2*(r*ld + c), base being 32-byte aligned in
// every block; rows and cols bound the valid elements.
type mmMat struct {
	w        *mmWalker
	zeroLoad string // vlda or vldb
	ld       int
	rows     int // valid rows (others read as zeros)
	mis      int // the block base's offset from 32-byte alignment (the mmWalker's pointer is the aligned address below it)
	shift    int // rows before the mmWalker's position
}

// rowPair makes a virtual x holding the 16-element windows of rows r0
// and r1 starting at column col (a multiple of 16) relative to the mmWalker's
// current chunk: [row r0 | row r1]. Rows outside the matrix read zeros.
func (g *mmGen) rowPair(m *mmMat, r0, r1, col int) (int, error) {
	out := g.v()
	type src struct {
		zero    bool
		off, sh int
	}
	srcOf := func(r int) src {
		if r < 0 || r >= m.rows {
			return src{zero: true}
		}
		b := m.mis + 2*((r-m.shift)*m.ld+col)
		return src{off: b - b%32, sh: b % 32}
	}
	s := [2]src{srcOf(r0), srcOf(r1)}
	direct := func(x src, dst string) {
		if x.zero {
			g.op(fmt.Sprintf("%s %s, [p7, #0]", m.zeroLoad, dst), []mmOpnd{{"p7", 1}}, []mmOpnd{{dst, 7}},
				&mmMem{region: "zero", banks: 1, c: 5})
			return
		}
		m.w.access(dst, x.off)
	}
	if s[0].sh == 0 && s[1].sh == 0 {
		direct(s[0], vlo(out))
		direct(s[1], vhi(out))
		return out, nil
	}
	var win [2]int
	for i, x := range s {
		if x.zero || x.sh == 0 {
			win[i] = g.v()
			direct(x, vlo(win[i]))
			continue
		}
		t := g.v()
		m.w.access(vlo(t), x.off)
		m.w.access(vhi(t), x.off+32)
		r, err := g.k(x.sh)
		if err != nil {
			return 0, err
		}
		win[i] = g.v()
		g.op(fmt.Sprintf("vshift %s, %s, %s, %s", vx(win[i]), vx(t), vx(t), r),
			[]mmOpnd{{vx(t), 1}, {r, 1}}, []mmOpnd{{vx(win[i]), 2}}, nil)
	}
	return out, g.shuffle(vx(out), vx(win[0]), vx(win[1]), shufT256Lo)
}

// tiles4x8 makes the two 4x8 tiles (k-steps 0 and 1 of a chunk) of rows
// r..r+3 at column col: T128_4x2 lo and hi of the two row pairs; with
// valid < 16 the columns from valid on are cleared.
func (g *mmGen) tiles4x8(m *mmMat, r, col, valid int, need [2]bool) ([2]int, error) {
	var out [2]int
	p0, err := g.rowPair(m, r, r+1, col)
	if err != nil {
		return out, err
	}
	p1, err := g.rowPair(m, r+2, r+3, col)
	if err != nil {
		return out, err
	}
	var zero int
	for s := range 2 {
		if !need[s] {
			continue
		}
		out[s] = g.v()
		if err := g.shuffle(vx(out[s]), vx(p0), vx(p1), shufT128Lo+s); err != nil {
			return out, err
		}
		if v := valid - 8*s; v < 8 {
			if zero == 0 {
				zero = g.v()
				r0, err := g.k(0)
				if err != nil {
					return out, err
				}
				g.op(fmt.Sprintf("vbcst.16 %s, %s", vx(zero), r0), []mmOpnd{{r0, 1}}, []mmOpnd{{vx(zero), 2}}, nil)
			}
			var mask uint32
			for row := range 4 {
				for kk := max(v, 0); kk < 8; kk++ {
					mask |= 1 << (8*row + kk)
				}
			}
			mr, err := g.mask(mask)
			if err != nil {
				return out, err
			}
			masked := g.v()
			g.op(fmt.Sprintf("vsel.16 %s, %s, %s, %s", vx(masked), vx(out[s]), vx(zero), mr),
				[]mmOpnd{{vx(out[s]), 1}, {vx(zero), 1}, {mr, 1}}, []mmOpnd{{vx(masked), 2}}, nil)
			out[s] = masked
		}
	}
	return out, nil
}

// mmSide says how the second operand of C = A x B is stored.
type mmSide int

const (
	sideKN mmSide = iota // B[k][n] row-major (gemm, bmm, ffn, swiglu)
	sideNK               // W[n][k] row-major (linear: B = W^T)
)

// mmBlock describes one output block's code.
type mmBlock struct {
	a, b       *mmMat
	side       mmSide
	k          int // the reduction length
	rows, cols int // valid rows (<= 8) and columns (<= 16) of the block
	bias       bool
}

// chunkOps emits the loads, tiles and MACs of chunk kc (16 of k) of a
// block; the walkers stand at the chunk's start.
func (g *mmGen) chunkOps(bl *mmBlock, kc int) error {
	valid := min(mmChunk, bl.k-kc*mmChunk)
	need := [2]bool{true, valid > 8}
	mt := (bl.rows + 3) / 4
	nt := (bl.cols + 3) / 4
	cfg, err := g.k(28)
	if err != nil {
		return err
	}
	var xt [2][2]int
	for t := range mt {
		x, err := g.tiles4x8(bl.a, 4*t, 0, valid, need)
		if err != nil {
			return err
		}
		xt[t] = x
	}
	mac := func(t, j, s, y int) {
		acc := fmt.Sprintf("bml%d", 4*t+j)
		g.op(fmt.Sprintf("vmac.f %s, %s, %s, %s, %s", acc, acc, vx(xt[t][s]), vx(y), cfg),
			[]mmOpnd{{acc, 3}, {vx(xt[t][s]), 1}, {vx(y), 1}, {cfg, 1}}, []mmOpnd{{acc, 6}}, nil)
	}
	if bl.side == sideNK {
		// W rows 4j..4j+3 of the block: two 4x8 tiles, each transposed.
		for j := range nt {
			wt, err := g.tiles4x8(bl.b, 4*j, 0, valid, need)
			if err != nil {
				return err
			}
			for s := range 2 {
				if !need[s] {
					continue
				}
				y := g.v()
				if err := g.shuffle(vx(y), vx(wt[s]), vx(wt[s]), shufT16x4x8); err != nil {
					return err
				}
				for t := range mt {
					mac(t, j, s, y)
				}
			}
		}
		return nil
	}
	bm := *bl.b
	bm.rows = bl.k
	bm.shift = kc * mmChunk
	for s := range 2 {
		if !need[s] {
			continue
		}
		// Rows 8s..8s+7 of the chunk, 16 columns: 4 row pairs, then
		// T64_8x2 twice.
		var rp [4]int
		for i := range 4 {
			r0 := kc*mmChunk + 8*s + 2*i
			v, err := g.rowPair(&bm, r0, r0+1, 0)
			if err != nil {
				return err
			}
			rp[i] = v
		}
		var st [4]int
		for i := range 4 {
			st[i] = g.v()
			if err := g.shuffle(vx(st[i]), vx(rp[2*(i/2)]), vx(rp[2*(i/2)+1]), shufT64Lo+i%2); err != nil {
				return err
			}
		}
		// Y0 = (S0,S2) lo, Y2 = hi, Y1 = (S1,S3) lo, Y3 = hi.
		for _, j := range []int{0, 2, 1, 3} {
			if j >= nt {
				continue
			}
			y := g.v()
			if err := g.shuffle(vx(y), vx(st[j%2]), vx(st[2+j%2]), shufT64Lo+j/2); err != nil {
				return err
			}
			for t := range mt {
				mac(t, j, s, y)
			}
		}
	}
	return nil
}

// mmOut is where a block's results go: C row-major with row stride ld
// (elements), the block base mis bytes past 32-byte alignment.
type mmOut struct {
	ptr     string
	ld, mis int
	region  string
	banks   uint8
}

// output stores the block's accumulators, rounded to bf16.
func (g *mmGen) output(bl *mmBlock, o *mmOut) error {
	mt := (bl.rows + 3) / 4
	nt := (bl.cols + 3) / 4
	aligned := bl.cols == mmBlockCols && (2*o.ld)%32 == 0 && o.mis == 0
	if aligned {
		w := g.mmWalker(o.ptr, "vst", o.region, o.banks)
		for t := range mt {
			q := [2]int{g.v(), g.v()}
			for j := range 4 {
				dst := vlo(q[j/2])
				if j%2 == 1 {
					dst = vhi(q[j/2])
				}
				acc := fmt.Sprintf("bml%d", 4*t+j)
				g.op(fmt.Sprintf("vconv.bf16.fp32 %s, %s", dst, acc), []mmOpnd{{acc, 1}}, []mmOpnd{{dst, 2}}, nil)
			}
			l, h := g.v(), g.v()
			if err := g.shuffle(vx(l), vx(q[0]), vx(q[1]), shufI64Lo); err != nil {
				return err
			}
			if err := g.shuffle(vx(h), vx(q[0]), vx(q[1]), shufI64Hi); err != nil {
				return err
			}
			rows := [2]int{g.v(), g.v()}
			for i := range 2 {
				if err := g.shuffle(vx(rows[i]), vx(l), vx(h), shufI64Lo+i); err != nil {
					return err
				}
			}
			for rr := range 4 {
				r := 4*t + rr
				if r >= bl.rows {
					break
				}
				src := vlo(rows[rr/2])
				if rr%2 == 1 {
					src = vhi(rows[rr/2])
				}
				w.access(src, 2*r*o.ld)
			}
		}
		return w.finish(0)
	}
	// Tiles to the staging buffer, then 32-bit words to C.
	for t := range mt {
		for j := range nt {
			v := g.v()
			acc := fmt.Sprintf("bml%d", 4*t+j)
			g.op(fmt.Sprintf("vconv.bf16.fp32 %s, %s", vlo(v), acc), []mmOpnd{{acc, 1}}, []mmOpnd{{vlo(v), 2}}, nil)
			off := areaStage - areaZero + 32*(4*t+j)
			g.op(fmt.Sprintf("vst %s, [p7, #%d]", vlo(v), off), []mmOpnd{{vlo(v), 1}, {"p7", 1}}, nil,
				&mmMem{region: "stage", banks: 1, c: 5, store: true})
		}
	}
	ld := g.mmWalker("p6", "lda", "stage", 1)
	st := g.mmWalker(o.ptr, "st", o.region, o.banks)
	tmp := 0
	for r := range bl.rows {
		t, rr := r/4, r%4
		for c := 0; c < bl.cols; c += 2 {
			j := c / 4
			reg := fmt.Sprintf("r%d", 13+tmp%3)
			tmp++
			if c+1 == bl.cols {
				ld.accessMn("lda.u16", reg, 32*(4*t+j)+8*rr+2*(c%4))
				st.accessMn("st.s16", reg, 2*(r*o.ld+c))
				continue
			}
			ld.access(reg, 32*(4*t+j)+8*rr+2*(c%4))
			st.access(reg, 2*(r*o.ld+c))
		}
	}
	if err := ld.finish(0); err != nil {
		return err
	}
	return st.finish(0)
}
