package plena

// Moving case tensors between HBM and the on-chip SRAMs, in the manner of
// PLENA's preload_act template (activations into Vector SRAM as
// [C/VLEN, R, VLEN]) and its projection template (weight tiles into Matrix
// SRAM with H_PREFETCH_M), plus the hardware parameters and the Vector
// SRAM allocator every generator shares.
//
// Register convention (every generator in this package keeps it, so that
// the families' code composes):
//
//	gp0         always 0: never written (Prog.SetInt and every primitive rely on it).
//	gp1..gp3    primitive scratch: SetHBM, PreloadAct, PreloadVec,
//	            PrefetchTile, Prog.SetInt callers and the row ops of
//	            matmul.go may clobber them; hold nothing in them across a
//	            primitive call.
//	gp4..gp9    template working registers (addresses carried across loop
//	            iterations): the template that is running owns them; a
//	            caller must not expect them preserved across a template
//	            call (Projection, the row-op loops).
//	gp10..gp14  template loop counters (C_LOOP_START/C_LOOP_END), gp10 the
//	            outermost level a template uses; a template that runs
//	            inside a caller's loop is given its first free counter.
//	gp15        the loop counter of a primitive's own (innermost) loop.
//	f0          0.0: never written. f1..f7: scratch of the row ops.
//	a0..a7      HBM address registers: a primitive sets the one it is
//	            given (with SCALE_REG and STRIDE_REG) before every
//	            transfer, so nothing is assumed about them in between.

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
)

// Register roles of the convention above.
const (
	// RegScratch0..RegScratch2 are the primitives' scratch registers.
	RegScratch0, RegScratch1, RegScratch2 = 1, 2, 3
	// RegWork0 is the first of the template working registers gp4..gp9.
	RegWork0 = 4
	// RegLoop0 is the outermost template loop counter (gp10..gp14).
	RegLoop0 = 10
	// RegPrimLoop is the loop counter of a primitive's own loop.
	RegPrimLoop = 15
)

// HW holds the hardware parameters the generators need, from the case's
// hardware config.
type HW struct {
	MLEN, VLEN, BLEN, HLEN int
	PrefetchV              int // rows per H_PREFETCH_V (HBM_V_Prefetch_Amount)
	MTiles                 int // Matrix SRAM tiles of MLEN x MLEN
	VRows                  int // Vector SRAM rows of VLEN
	MaxLoop                int // instructions one loop iteration may execute
}

// HWOf reads the hardware parameters of the case's hardware config.
func HWOf(c *ref.Case) (HW, error) {
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return HW{}, err
	}
	h := HW{
		MLEN: int(hw.Param("mlen", 0)), VLEN: int(hw.Param("vlen", 0)), BLEN: int(hw.Param("blen", 0)),
		HLEN: int(hw.Param("hlen", 0)), PrefetchV: int(hw.Param("hbm_v_prefetch", 0)),
		MTiles: int(hw.Param("matrix_sram_size", 0) / max(hw.Param("mlen", 1), 1)), VRows: int(hw.Param("vector_sram_rows", 0)),
		MaxLoop: int(hw.Param("max_loop_instructions", 10000)),
	}
	if h.MLEN <= 0 || h.VLEN != h.MLEN || h.BLEN <= 0 || h.MLEN%h.BLEN != 0 || h.PrefetchV <= 0 || h.MTiles <= 0 || h.VRows <= 0 {
		return HW{}, fmt.Errorf("hardware config %s: these baselines need MLEN = VLEN, BLEN | MLEN and positive SRAM sizes (mlen %d vlen %d blen %d prefetch %d tiles %d rows %d)",
			c.HW, h.MLEN, h.VLEN, h.BLEN, h.PrefetchV, h.MTiles, h.VRows)
	}
	return h, nil
}

// HBMTensor is a case tensor in HBM as a kernel addresses it: R rows of C
// MXFP8 elements (all leading dimensions flattened into R), row r at
// element offset r*Pitch from Addr, and its scale plane at Addr +
// ScaleReg (what SCALE_REG must hold while the address register holds
// Addr).
type HBMTensor struct {
	Name       string
	Shape      []int
	Addr       uint32 // HBM byte address (from HBM's base) of element (0, 0)
	ScaleReg   uint32
	Rows, Cols int
	Pitch      int // elements from one row's start to the next (a multiple of 64)
}

// HBMOf is the case tensor name, which must be an MXFP8 tensor in HBM.
func HBMOf(c *ref.Case, name string) (HBMTensor, error) {
	s, err := Tensor(c, name)
	if err != nil {
		return HBMTensor{}, err
	}
	if s.Memory != "hbm" || s.Layout == nil || s.DType != ref.MXFP8 {
		return HBMTensor{}, fmt.Errorf("tensor %s is %s in %s, not MXFP8 in HBM", name, s.DType, s.Memory)
	}
	base, err := regionBase(c, "hbm")
	if err != nil {
		return HBMTensor{}, err
	}
	t := HBMTensor{Name: name, Shape: s.Shape, Addr: uint32(s.Addr - base), ScaleReg: uint32(s.Layout.ScaleReg)}
	t.Rows, t.Cols = 1, s.Shape[len(s.Shape)-1]
	for _, d := range s.Shape[:len(s.Shape)-1] {
		t.Rows *= d
	}
	t.Pitch = t.Cols
	if s.Layout.Pitch > 0 {
		t.Pitch = s.Layout.Pitch
	}
	if t.Pitch%64 != 0 || t.Addr%64 != 0 {
		return HBMTensor{}, fmt.Errorf("tensor %s: address %d and row pitch %d must be multiples of 64 for HBM prefetches", name, t.Addr, t.Pitch)
	}
	return t, nil
}

// regionBase is the base address of a memory region of the case's
// hardware config.
func regionBase(c *ref.Case, name string) (uint64, error) {
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return 0, err
	}
	for _, r := range hw.Memory {
		if r.Name == name {
			return uint64(r.Base), nil
		}
	}
	return 0, fmt.Errorf("hardware config %s has no %s region", c.HW, name)
}

// VTensor is a matrix in Vector SRAM in PLENA's activation layout
// [ceil(Cols/VLEN), Stride, VLEN]: element (r, c) at element address
// Addr + ((c/VLEN)*Stride + r)*VLEN + c%VLEN. Rows <= Stride rows are
// meaningful; a view of some rows of a larger matrix keeps the larger
// Stride (see RowsView).
type VTensor struct {
	Addr   uint32 // element address of (0, 0), a multiple of VLEN
	Rows   int
	Cols   int
	Stride int // rows per column block
	VLEN   int
}

// Blocks is the number of VLEN-wide column blocks.
func (v VTensor) Blocks() int { return (v.Cols + v.VLEN - 1) / v.VLEN }

// At is the element address of row r of column block b.
func (v VTensor) At(r, b int) uint32 { return v.Addr + uint32((b*v.Stride+r)*v.VLEN) }

// RowsView is rows [r0, r0+n) of v, as a matrix of its own with v's
// block stride.
func (v VTensor) RowsView(r0, n int) VTensor {
	w := v
	w.Addr = v.At(r0, 0)
	w.Rows = n
	return w
}

// VOut is a case output tensor in Vector SRAM (PLENA's activation layout,
// as ref places outputs) as a VTensor.
func VOut(c *ref.Case, name string) (VTensor, error) {
	s, err := Tensor(c, name)
	if err != nil {
		return VTensor{}, err
	}
	h, err := HWOf(c)
	if err != nil {
		return VTensor{}, err
	}
	if s.Memory != "vsram" || s.Layout == nil || s.Layout.Block != h.VLEN {
		return VTensor{}, fmt.Errorf("tensor %s is not in Vector SRAM in blocks of VLEN", name)
	}
	base, err := regionBase(c, "vsram")
	if err != nil {
		return VTensor{}, err
	}
	r, cols := 1, s.Shape[len(s.Shape)-1]
	for _, d := range s.Shape[:len(s.Shape)-1] {
		r *= d
	}
	return VTensor{Addr: uint32((s.Addr - base) / 2), Rows: r, Cols: cols, Stride: r, VLEN: h.VLEN}, nil
}

// VAlloc hands out Vector SRAM regions from the end of the outputs
// upwards. Every region is followed by Spare rows, so that the last
// H_PREFETCH_V or M_MM_WO of a ragged row count (which write
// HBM_V_Prefetch_Amount or BLEN rows) lands in them.
type VAlloc struct {
	hw   HW
	next int // next free row
}

// NewVAlloc starts allocating after every Vector SRAM output of the case
// (and their spare rows).
func NewVAlloc(c *ref.Case, h HW) (*VAlloc, error) {
	a := &VAlloc{hw: h}
	for _, s := range c.Tensors {
		if s.Memory != "vsram" {
			continue
		}
		v, err := VOut(c, s.Name)
		if err != nil {
			return nil, err
		}
		end := int(v.Addr)/h.VLEN + v.Blocks()*v.Stride + a.Spare()
		a.next = max(a.next, end)
	}
	return a, nil
}

// Spare is the number of rows left free after every region.
func (a *VAlloc) Spare() int { return max(a.hw.PrefetchV, a.hw.BLEN) }

// Matrix allocates a rows x cols matrix in the activation layout.
func (a *VAlloc) Matrix(name string, rows, cols int) (VTensor, error) {
	v := VTensor{Addr: uint32(a.next * a.hw.VLEN), Rows: rows, Cols: cols, Stride: rows, VLEN: a.hw.VLEN}
	need := v.Blocks()*rows + a.Spare()
	if a.next+need > a.hw.VRows {
		return VTensor{}, fmt.Errorf("vector SRAM: %s (%d x %d) needs rows %d..%d, past its %d rows", name, rows, cols, a.next, a.next+need, a.hw.VRows)
	}
	a.next += need
	return v, nil
}

// Free is the number of Vector SRAM rows not yet allocated.
func (a *VAlloc) Free() int { return a.hw.VRows - a.next - a.Spare() }

// SetHBM points address register areg at t and sets SCALE_REG and
// STRIDE_REG for it (STRIDE = t's row pitch); clobbers gp1.
func SetHBM(p *Prog, areg int, t HBMTensor) {
	SetHBMStride(p, areg, t, uint32(t.Pitch))
}

// SetHBMStride is SetHBM with another STRIDE_REG value (0 repeats one
// row; VLEN reads consecutive VLEN-element pieces of one row); clobbers
// gp1.
func SetHBMStride(p *Prog, areg int, t HBMTensor, stride uint32) {
	p.SetInt(RegScratch0, t.Addr)
	p.Op("C_SET_ADDR_REG a%d, gp0, gp%d", areg, RegScratch0)
	p.SetInt(RegScratch0, t.ScaleReg)
	p.Op("C_SET_SCALE_REG gp%d", RegScratch0)
	p.SetInt(RegScratch0, stride)
	p.Op("C_SET_STRIDE_REG gp%d", RegScratch0)
}

// PreloadAct is PLENA's preload_act: rows [row0, row0+dst.Rows) of t
// into dst (Vector SRAM, [ceil(C/VLEN), Stride, VLEN]), one H_PREFETCH_V
// per HBM_V_Prefetch_Amount rows in a C_LOOP per column block. It sets
// areg, SCALE_REG and STRIDE_REG (SetHBM) and clobbers gp1..gp3 and gp15.
// When dst.Rows is not a multiple of the prefetch amount, the last
// prefetch of a block also writes the next rows: the next block's first
// rows (loaded afterwards) or the spare rows after dst.
func PreloadAct(p *Prog, h HW, areg int, t HBMTensor, row0 int, dst VTensor) error {
	if dst.Cols > t.Pitch || row0 < 0 || dst.Rows <= 0 {
		return fmt.Errorf("preload %s: rows %d.. x %d columns do not fit its pitch %d", t.Name, row0, dst.Cols, t.Pitch)
	}
	if t.Rows == 1 && dst.Rows == 1 && dst.Stride == 1 {
		return PreloadVec(p, h, areg, t, dst)
	}
	SetHBM(p, areg, t)
	n := (dst.Rows + h.PrefetchV - 1) / h.PrefetchV
	step := h.PrefetchV * t.Pitch
	if step >= 1<<18 || h.PrefetchV*h.VLEN >= 1<<18 {
		return fmt.Errorf("preload %s: pitch %d too large for an S_ADDI_INT step", t.Name, t.Pitch)
	}
	p.Comment("preload_act %s rows %d..%d -> Vector SRAM %d as [%d, %d, %d]", t.Name, row0, row0+dst.Rows-1, dst.Addr, dst.Blocks(), dst.Stride, h.VLEN)
	for b := 0; b < dst.Blocks(); b++ {
		p.SetInt(RegScratch1, dst.At(0, b))
		p.SetInt(RegScratch2, uint32(row0*t.Pitch+b*h.VLEN))
		p.Loop(RegPrimLoop, n, func() {
			p.Op("H_PREFETCH_V gp%d, gp%d, a%d, 1, 0", RegScratch1, RegScratch2, areg)
			if n > 1 {
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch1, RegScratch1, h.PrefetchV*h.VLEN)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch2, RegScratch2, step)
			}
		})
	}
	return nil
}

// PreloadVec brings a vector (t of one row, e.g. a bias) into dst as
// ceil(C/VLEN) consecutive Vector SRAM rows ([C/VLEN, 1, VLEN]), with
// STRIDE_REG = VLEN so that one H_PREFETCH_V reads HBM_V_Prefetch_Amount
// consecutive pieces of the row. The last prefetch may write up to
// HBM_V_Prefetch_Amount-1 rows past dst (its spare rows). Sets areg,
// SCALE_REG and STRIDE_REG; clobbers gp1..gp3 and gp15.
func PreloadVec(p *Prog, h HW, areg int, t HBMTensor, dst VTensor) error {
	if t.Rows != 1 || dst.Stride != 1 {
		return fmt.Errorf("preload vector %s: %d rows into a block stride of %d", t.Name, t.Rows, dst.Stride)
	}
	SetHBMStride(p, areg, t, uint32(h.VLEN))
	n := (dst.Blocks() + h.PrefetchV - 1) / h.PrefetchV
	p.Comment("preload %s (%d elements) -> Vector SRAM %d as %d rows", t.Name, t.Cols, dst.Addr, dst.Blocks())
	p.SetInt(RegScratch1, dst.Addr)
	p.SetInt(RegScratch2, 0)
	p.Loop(RegPrimLoop, n, func() {
		p.Op("H_PREFETCH_V gp%d, gp%d, a%d, 1, 0", RegScratch1, RegScratch2, areg)
		if n > 1 {
			p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch1, RegScratch1, h.PrefetchV*h.VLEN)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch2, RegScratch2, h.PrefetchV*h.VLEN)
		}
	})
	return nil
}

// PrefetchTiles is the projection template's weight prefetch: n MLEN x
// MLEN tiles of t into Matrix SRAM tiles tile0, tile0+1, ..., tile k
// holding t's rows row0 + k*rowStep .. +MLEN-1 and columns col0 + k*colStep
// .. +MLEN-1 (row-major in HBM at the tensor's pitch). The caller sets
// areg, SCALE_REG and STRIDE_REG (SetHBM) once before; clobbers gp1, gp2
// and gp15.
func PrefetchTiles(p *Prog, h HW, areg int, t HBMTensor, tile0, n, row0, col0, rowStep, colStep int) error {
	if tile0 < 0 || n <= 0 || tile0+n > h.MTiles {
		return fmt.Errorf("prefetch %s: tiles %d..%d of %d", t.Name, tile0, tile0+n-1, h.MTiles)
	}
	off := row0*t.Pitch + col0
	step := rowStep*t.Pitch + colStep
	if off%64 != 0 || step%64 != 0 || step >= 1<<18 {
		return fmt.Errorf("prefetch %s: offset %d, step %d (multiples of 64, step < 2^18)", t.Name, off, step)
	}
	p.SetInt(RegScratch0, uint32(tile0*h.MLEN*h.MLEN))
	p.SetInt(RegScratch1, uint32(off))
	p.Loop(RegPrimLoop, n, func() {
		p.Op("H_PREFETCH_M gp%d, gp%d, a%d, 1, 0", RegScratch0, RegScratch1, areg)
		if n > 1 {
			p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch0, RegScratch0, h.MLEN*h.MLEN)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch1, RegScratch1, step)
		}
	})
	return nil
}
