package ref

import (
	"fmt"
	"math"

	isadefs "kernelcraft/isa-defs"
)

// targetInfo is what a case needs to know about a target: dtypes, where
// tensors go, alignment and the calling convention.
type targetInfo struct {
	floatDType string // element type of float tasks
	align      uint64 // tensor address alignment in bytes
	dataMem    string // region for inputs, consts and outputs
	scratchMem string // preferred region for scratch ("" = dataMem)
	reserve    uint64 // bytes at the start of dataMem left to the kernel (.data, .bss, stack)
	// bankBytes, when set, spreads dataMem's tensors over its banks of
	// that many bytes (spreadBanks), as a bank-aware allocator places a
	// tile's buffers; 0 packs them one after another.
	bankBytes  uint64
	regs       []string // registers that receive tensor addresses, in order
	scratchReg []string // registers for scratch addresses in scratchMem (plena)
	spReg      string   // stack pointer register set to the top of the reserve, or ""
	ownMems    []string // memory regions left to the kernel as a whole (Convention.KernelMemories)
	halt       string
	notes      string

	// Tables a target fills when its cases are not plain dense tensors
	// (plena; coral and aie2 leave them empty).
	taskNote string // the dtype note of every task's definition ("" = the task's BF16Note)
	inDType  string // element type of inputs and consts in dataMem ("" = floatDType): plena's HBM holds MXFP8
	rowAlign int    // rows of dataMem tensors padded to a multiple of this many elements (0 = dense)
	outMem   string // region for outputs ("" = dataMem)
	outBlock string // hardware param: outputs in outMem stored in column blocks of that width ("" = row-major)
	// tileRows is a hardware param: a matrix (rank >= 2) in dataMem has
	// its last matrix's rows padded with zero rows to a multiple of it
	// ("" = no row padding): plena's MLEN, so that H_PREFETCH_M of a
	// ragged matrix's last tile reads zeros, not the scale plane.
	tileRows  string
	noScratch bool // no scratch tensor: the on-chip memories are the kernel's own
	// scratch, when set, replaces the tasks' scratch tensor (noScratch
	// and scratchElems): its dtype and element count, 0 for none (plena:
	// an HBM KV cache for the attention tasks that project K and V).
	scratch func(task string, p Params) (dtype string, elems int)
	// consts are extra constant tensors of a task, each in its own
	// memory region (plena's FP SRAM preload).
	consts func(task string, p Params) []constTensor
	// haltRule is the task text's rule for ending a program ("" = "End
	// with `halt`").
	haltRule string
	// bigHW is the hardware config of configurations for which fits is
	// false ("" = always the target's own).
	bigHW string
	fits  func(task string, config int, p Params) bool

	// intTasks are the tasks whose cases are int8 with integer
	// requantisation on the target (coral's; nil: none).
	intTasks map[string]bool
	// scratchDType is the element type of a float task's scratch tensor
	// ("" = floatDType).
	scratchDType string
	// note, when set, is the dtype note of a task's definition on the
	// target (coral's own per task); else taskNote, else BF16Note.
	note func(t *Task) string
	// ffnActivation is the activation of the ffn task ("" = GELU, tanh
	// form).
	ffnActivation string
	// vectorBits is the width of a vector register, for a diagnosis's
	// lane arithmetic when the hardware config gives no vlen.
	vectorBits int
	// precision says how the target's kernels compute the numbers a
	// case's traps concern (traps.go).
	precision precision
	// describe adds the target's own section to the task text (memory
	// layout in the target's terms, registers, preloads).
	describe func(c *Case) string
}

// constTensor is a constant tensor a target adds to a case.
type constTensor struct {
	name   string
	dtype  string
	memory string
	values *Array
	doc    []string // what each element is, for the task text
}

var targetInfos = map[string]targetInfo{
	"coral": {
		floatDType: "float32", align: 16, dataMem: "dtcm", reserve: 0x400,
		intTasks:     map[string]bool{"gemv": true, "gemm": true, "bmm": true, "linear": true, "conv2d": true, "depthwise_conv": true, "conv_block": true, "ffn": true, "swiglu": true},
		scratchDType: "float32", note: func(t *Task) string { return t.CoralNote }, ffnActivation: "relu", vectorBits: 128,
		bigHW: "coral-highmem", fits: func(task string, config int, _ Params) bool { return !highmem[fmt.Sprintf("%s/%d", task, config)] },
		precision: coralPrecision,
		regs:      []string{"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"},
		spReg:     "sp", halt: "mpause",
		notes: "a0..a7 hold the tensors' addresses in the order listed (inputs, consts, outputs, scratch); with more than 8 tensors, a0..a6 hold the first seven and a7 the address of `args`, a uint32 table (placed first) of every other tensor's address in the order listed. " +
			"sp is the top of the kernel's own area (the first 1 KiB of DTCM: the kernel's .data/.bss and stack; keep the ELF's data segments inside it). Other registers are 0. " +
			"End with `mpause` (0x08000073); ebreak, a trap or the cycle limit is a failure. Addresses are 16-byte aligned; DTCM accesses may be misaligned.",
	},
	"aie2": {
		floatDType: "bfloat16", align: 32, dataMem: "dmem", reserve: 0x400, bankBytes: 16 << 10,
		regs:  []string{"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"},
		spReg: "sp", halt: "done", consts: aie2Consts, vectorBits: 512, precision: aie2Precision,
		notes: "p0..p7 hold the tensors' addresses in the order listed (inputs, consts, outputs, scratch); with more than 8 tensors, p0..p6 hold the first seven and p7 the address of `args`, a uint32 table (placed first) of every other tensor's address in the order listed. " +
			"sp is the top of the first 1 KiB of data memory (the kernel's stack and own data, as mlir-aie's default 1 KiB stack at the start of the tile's memory). " +
			"Tensors are 32-byte aligned (256-bit vector loads and stores must be) and spread over the four 16 KiB bank pairs of data memory (each tensor in the least-filled one it fits, in the order listed), as mlir-aie's bank-aware allocator places buffers, so two loads and a store can go to different banks in one cycle. Vector memory accesses must stay inside the 64 KiB data memory. " +
			"AIE2 has no exp, divide or square root: the lookup tables exp_hi, exp_lo, recip_lut, rsqrt_lut (bf16, described below) are provided as consts where a task needs them. End with `done`.",
	},
	"plena": {
		floatDType: "bfloat16", inDType: MXFP8, align: 64, dataMem: "hbm", rowAlign: 64,
		outMem: "vsram", outBlock: "vlen", tileRows: "mlen", noScratch: true, scratch: plenaScratch,
		ownMems: []string{"vsram", "msram", "fpmem", "intmem"},
		consts:  plenaConsts, bigHW: "plena-highmem", fits: plenaFits, describe: plenaDescribe,
		vectorBits: 512, precision: plenaPrecision,
		halt:     "end",
		haltRule: "End by running off the last instruction, as PLENA's emulator ends a program (there is no halt instruction; C_BREAK only leaves a hardware loop)",
		notes: "As PLENA's test harness sets up a run: inputs in HBM as MXFP8 (E4M3 element bytes, rows padded to a multiple of 64 elements, then one E8M0 scale byte per 8 elements; each tensor and its scale plane 64-byte aligned, tensors one after another from HBM address 0), " +
			"constants in an FP SRAM preload (f16), outputs in Vector SRAM (bf16) in PLENA's activation layout [C/VLEN, R, VLEN]. The kernel prefetches what it needs (H_PREFETCH_V, H_PREFETCH_M). " +
			"No register is preset: all start at 0 (STRIDE_REG at 1); set the HBM address register, SCALE_REG and STRIDE_REG before every prefetch. " +
			"The program ends when it runs off its last instruction. Vector, Matrix, FP (past the constants) and INT SRAM are the kernel's own.",
	},
}

// Halt is the instruction a kernel of target must end with (the calling
// convention's Halt), or "" for an unknown target.
func Halt(target string) string { return targetInfos[target].halt }

// VectorBits is the width of a target's vector registers in bits (0 for
// an unknown target), for when its hardware config gives no vlen.
func VectorBits(target string) int { return targetInfos[target].vectorBits }

// CalleeInfo returns the calling-convention text of a target.
func CalleeInfo(target string) string { return targetInfos[target].notes }

// dtypeOf is the element type of a tensor kind on a target.
func dtypeOf(target, task, kind string) string {
	ti := targetInfos[target]
	if !ti.intTasks[task] {
		if kind == "scratch" && ti.scratchDType != "" {
			return ti.scratchDType
		}
		if ti.inDType != "" && kind != "out" && kind != "scratch" {
			return ti.inDType
		}
		return ti.floatDType
	}
	switch kind {
	case "bias", "scratch":
		return "int32"
	case "float", "table":
		return "float32"
	}
	return "int8"
}

// layout places the tensors in the target's memory. specs are in
// convention order; it returns their specs with addresses.
func layout(target string, hw *isadefs.HW, specs []TensorSpec) ([]TensorSpec, error) {
	ti := targetInfos[target]
	region := func(name string) (isadefs.Region, bool) {
		for _, r := range hw.Memory {
			if r.Name == name {
				return r, true
			}
		}
		return isadefs.Region{}, false
	}
	data, ok := region(ti.dataMem)
	if !ok {
		return nil, fmt.Errorf("hardware config %s has no %s region", hw.Name, ti.dataMem)
	}
	next := map[string]uint64{data.Name: uint64(data.Base) + ti.reserve}
	alignUp := func(a uint64) uint64 { return (a + ti.align - 1) / ti.align * ti.align }
	place := func(s *TensorSpec, r isadefs.Region) bool {
		size, _ := DTypeSize(s.DType)
		at, ok := next[r.Name]
		if !ok {
			at = uint64(r.Base)
		}
		at = alignUp(at)
		s.Layout = tensorLayout(ti, hw, s, r.Name)
		n := uint64(s.StoredElems() * size)
		end := at + n
		if isMX(s.DType) {
			// The scale plane follows the elements, as PLENA's harness
			// lays a tensor out: elements, then scales, each 64-byte
			// aligned.
			s.Layout.ScaleAddr = alignUp(end)
			s.Layout.ScaleReg = s.Layout.ScaleAddr - at
			end = alignUp(s.Layout.ScaleAddr + (n+MXBlock-1)/MXBlock)
		}
		if end > r.End() {
			s.Layout = nil
			return false
		}
		s.Addr, s.Memory = at, r.Name
		next[r.Name] = end
		return true
	}
	out := append([]TensorSpec(nil), specs...)
	for i := range out {
		s := &out[i]
		if s.Role == RoleScratch && ti.scratchMem != "" {
			if r, ok := region(ti.scratchMem); ok && place(s, r) {
				continue
			}
		}
		own := s.Memory
		if own == "" && s.Role == RoleOut {
			own = ti.outMem
		}
		if own != "" {
			r, ok := region(own)
			if !ok {
				return nil, fmt.Errorf("hardware config %s has no %s region", hw.Name, own)
			}
			if !place(s, r) {
				return nil, fmt.Errorf("%s (%s%v, %s) does not fit in %s of %s (%d bytes); this configuration needs a larger hardware config",
					s.Name, s.DType, s.Shape, s.Role, r.Name, hw.Name, uint64(r.Size))
			}
			continue
		}
		if !place(s, data) {
			return nil, fmt.Errorf("%s (%s%v, %s) does not fit in %s of %s: %d of %d bytes already used; this configuration needs a larger hardware config",
				s.Name, s.DType, s.Shape, s.Role, data.Name, hw.Name, next[data.Name]-uint64(data.Base), uint64(data.Size))
		}
	}
	if ti.bankBytes > 0 {
		spreadBanks(out, data, ti.reserve, ti.bankBytes, alignUp)
	}
	return out, nil
}

// spreadBanks moves the tensors placed in data so that each lies inside
// one bank of bankBytes (a 16 KiB bank pair of AIE2's data memory), each
// in the least-filled bank it fits, in order: inputs, weights and outputs
// land in different banks where they fit, as mlir-aie's bank-aware buffer
// allocation places them, so a kernel can load two operands and store a
// result in one cycle. When some tensor does not fit in any bank, the
// packed layout stays.
func spreadBanks(specs []TensorSpec, data isadefs.Region, reserve, bankBytes uint64, alignUp func(uint64) uint64) {
	nb := uint64(data.Size) / bankBytes
	if nb < 2 {
		return
	}
	fill := make([]uint64, nb) // next free byte of each bank, from the bank's base
	fill[0] = reserve
	addrs := make([]uint64, len(specs))
	for i, s := range specs {
		if s.Memory != data.Name {
			continue
		}
		if s.Layout != nil && s.Layout.ScaleAddr != 0 {
			return // scale planes follow their elements: keep the packed layout
		}
		size, _ := DTypeSize(s.DType)
		n := alignUp(uint64(s.StoredElems() * size))
		best := -1
		for b := range fill {
			if alignUp(fill[b])+n <= bankBytes && (best < 0 || fill[b] < fill[best]) {
				best = b
			}
		}
		if best < 0 {
			return
		}
		addrs[i] = uint64(data.Base) + uint64(best)*bankBytes + alignUp(fill[best])
		fill[best] = alignUp(fill[best]) + n
	}
	for i := range specs {
		if specs[i].Memory == data.Name {
			specs[i].Addr = addrs[i]
		}
	}
}

// convention assigns registers to the laid-out tensors.
func convention(target string, hw *isadefs.HW, specs []TensorSpec) Convention {
	ti := targetInfos[target]
	c := Convention{Registers: map[string]string{}, Halt: ti.halt, Notes: ti.notes, KernelMemories: ti.ownMems}
	var main, side []TensorSpec
	for _, s := range specs {
		switch {
		case s.Name == "args":
		case s.Memory == ti.scratchMem && ti.scratchMem != "":
			side = append(side, s)
		default:
			main = append(main, s)
		}
	}
	for i, s := range main {
		if i >= len(ti.regs) {
			break
		}
		if i == len(ti.regs)-1 && len(main) > len(ti.regs) {
			c.Registers[ti.regs[i]] = "args"
			break
		}
		c.Registers[ti.regs[i]] = s.Name
	}
	for i, s := range side {
		if i < len(ti.scratchReg) {
			c.Registers[ti.scratchReg[i]] = s.Name
		}
	}
	if ti.spReg != "" {
		for _, r := range hw.Memory {
			if r.Name == ti.dataMem {
				c.Registers[ti.spReg] = fmt.Sprintf("%#x", uint64(r.Base)+ti.reserve)
				c.KernelArea = &Span{Memory: r.Name, Start: uint64(r.Base), End: uint64(r.Base) + ti.reserve}
			}
		}
	}
	return c
}

// tensorLayout is the layout of a tensor placed in region mem: column
// blocks for outputs in the target's outMem, padded rows for tensors in
// its dataMem, and an MX scale plane (filled in by the placement); nil
// for a dense tensor.
func tensorLayout(ti targetInfo, hw *isadefs.HW, s *TensorSpec, mem string) *Layout {
	var l Layout
	_, c := rowsCols(s.Shape)
	switch {
	case mem == ti.outMem && ti.outBlock != "":
		l.Block = int(hw.Param(ti.outBlock, 0))
	case mem == ti.dataMem && ti.rowAlign > 0 && c%ti.rowAlign != 0:
		l.Pitch = (c + ti.rowAlign - 1) / ti.rowAlign * ti.rowAlign
	}
	if t := int(hw.Param(ti.tileRows, 0)); mem == ti.dataMem && ti.tileRows != "" && t > 0 && len(s.Shape) >= 2 {
		r := s.Shape[len(s.Shape)-2]
		l.PadRows = (r+t-1)/t*t - r
	}
	if l == (Layout{}) && !isMX(s.DType) {
		return nil
	}
	return &l
}

// meanAbs is the mean absolute value of the finite values.
func meanAbs(a *Array) float64 {
	s, n := 0.0, 0
	for _, v := range a.Data {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			s += math.Abs(v)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return s / float64(n)
}

// rms is the root mean square of the finite values.
func rms(a *Array) float64 {
	s, n := 0.0, 0
	for _, v := range a.Data {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			s += v * v
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return math.Sqrt(s / float64(n))
}

// relativeTask reports whether a task's outputs are computed without
// cancellation, so that a correct kernel's error is relative to each
// output (element-wise functions, softmax, RMSNorm, and SwiGLU from exact
// integer accumulators): such outputs are judged by a relative tolerance
// alone, however small they are. Other outputs are sums of terms of both
// signs (matrix products, convolutions, mean-subtracted rows, attention):
// their error scales with the size of the terms, so they also get an
// absolute tolerance proportional to rms(ref).
func relativeTask(task string, integer bool) bool {
	switch task {
	case "silu", "relu", "gelu", "softmax", "rmsnorm":
		return true
	case "swiglu":
		return integer
	}
	return false
}

// tinyATol is the absolute tolerance of relative outputs: far below every
// value they take, it only forgives values that underflow (an exp flushed
// to zero below float32's normal range).
const tinyATol = 0x1p-100

// Tolerance returns the tolerance of an output of dtype for a task of a
// level, given the expected values (absolute tolerances scale with their
// root mean square). integer says the task's accumulators are exact
// integers (coral's int8 tasks). The constants are the measured needs of
// correct kernels with headroom; ref/check's TestVariantMatrix measures
// them against every cell (testdata/variants.txt there).
func Tolerance(task, dtype string, level int, integer bool, expected *Array) Tol {
	scale := math.Max(rms(expected), 1e-3)
	rel := relativeTask(task, integer)
	switch dtype {
	case "int8":
		return Tol{Why: "int8 outputs come from an exactly specified integer pipeline (int32 accumulation, the given requantisation): " +
			"a correct kernel reproduces every value bit for bit, so any difference is a bug."}
	case "float32":
		if task == "gelu" {
			return Tol{ATol: 1e-6 * scale, RTol: 2e-5,
				Why: fmt.Sprintf("float32 GELU: |y - ref| <= atol + rtol*|ref| with rtol 2e-5 (about 170 float32 ulps) and atol %.3g (1e-6 times rms(ref)): "+
					"the textbook 0.5x(1 + tanh(u)), which PyTorch computes, cancels in float32 on the tails (1 + tanh(u) for u < -4), about 1e-7 absolute. "+
					"The erf GELU for the tanh one (4.7e-4 apart at x = -2.7) and a degree-3 exp (6e-4 relative) miss by 10x or more.", 1e-6*scale)}
		}
		if rel {
			return Tol{ATol: tinyATol, RTol: 2e-5,
				Why: "float32, an output without cancellation: |y - ref| <= rtol*|ref| with rtol 2e-5 (about 170 float32 ulps), however small ref is. " +
					"Measured: float32 kernels in any summation order with a degree-6 polynomial exp and Newton reciprocal/rsqrt stay under a quarter of it; " +
					"a degree-3 exp (6e-4 relative), the erf GELU for the tanh one, a missing max-subtraction or a wrong epsilon miss by 10x or more."}
		}
		return Tol{ATol: 1e-4 * scale, RTol: 2e-5,
			Why: fmt.Sprintf("float32: |y - ref| <= atol + rtol*|ref| with rtol 2e-5 and atol %.3g (1e-4 times rms(ref)) for values near zero, where sums of terms of both signs cancel (a layernorm row whose mean is 50 standard deviations loses 6 bits to it). "+
				"Measured: float32 kernels in any summation order stay under a third of it.", 1e-4*scale)}
	case "bfloat16":
		lv := min(max(level, 1), 3) - 1
		rtol := []float64{0x1p-6, 0x1p-5, 0x1p-5}[lv]
		if task == "gelu" {
			// On bf16 hardware GELU's exp argument 2u is itself a bf16
			// value (PLENA's vector rows are bf16): up to 6% off on the
			// tails, as far as the erf GELU is from the tanh one there. A
			// relative tolerance would fail correct kernels; GELU is judged
			// like a sum instead (below), which the erf GELU passes (its
			// at most 4.7e-4 difference is under the atol).
			rel = false
		}
		if rel && task == "rmsnorm" {
			// A bf16 kernel rounds x^2's mean, its rsqrt and the product:
			// 2 ulps measured, so twice level 1's rtol for headroom.
			rtol = max(rtol, 0x1p-5)
		}
		if rel && task != "softmax" {
			return Tol{ATol: tinyATol, RTol: rtol,
				Why: fmt.Sprintf("bfloat16 (8 significant bits; 1 ulp is 2^-7 relative at worst), an output without cancellation: |y - ref| <= rtol*|ref| with rtol %g (%g ulps) at level %d, however small ref is. "+
					"It leaves room for fp32 or bf16 storage of the input-sized values and exp/reciprocal from bf16 lookup tables (about 0.5%% error each); "+
					"wrong definitions (a missing max-subtraction, a wrong epsilon, LayerNorm for RMSNorm) miss by 10x or more.", rtol, rtol*128, level)}
		}
		if rel {
			// Softmax's exp argument x - max is a bf16 value on bf16
			// hardware too: 1% off at |x - max| = 5, so twice level 1's rtol.
			rtol = max(rtol, 0x1p-5)
			typ := meanAbs(expected)
			return Tol{ATol: 0x1p-5 * typ, RTol: rtol,
				Why: fmt.Sprintf("bfloat16 (8 significant bits; 1 ulp is 2^-7 relative at worst), an output without cancellation: |y - ref| <= atol + rtol*|ref| with rtol %g (%g ulps) at level %d "+
					"and atol %.3g (2^-5 times the typical output, mean |ref|, which for softmax is 1/N): relative wherever outputs are of ordinary size. "+
					"The atol forgives the far tails only, where a kernel that keeps an exp argument in bf16 (|x| up to 100, so 0.2 off) is 20%% off values below 1%% of the typical output. "+
					"It leaves room for fp32 or bf16 intermediates and exp/reciprocal/rsqrt from bf16 lookup tables (about 0.5%% error each).", rtol, rtol*128, level, 0x1p-5*typ)}
		}
		atolK := []float64{0x1p-7, 0x1p-4, 0x1p-4}[lv]
		if task == "layernorm" {
			// A bf16 kernel rounds the centred row, its 1/sqrt (a bf16
			// lookup table on aie2, an f16 scalar on plena) and the
			// product, and gamma*e then cancels beta: the aie2 and plena
			// baselines, which centre in fp32, used 0.6 to 1.05 of level
			// 1's bounds over 40 hidden seeds (1 in 16 failed), so twice
			// them, as for rmsnorm.
			rtol, atolK = max(rtol, 0x1p-5), max(atolK, 0x1p-6)
		}
		why := ""
		if task == "layernorm" {
			why = " LayerNorm gets twice level 1's bounds: a bf16 kernel rounds the centred row, its 1/sqrt and their product, and gamma*e cancels beta (careful bf16 kernels measured up to 1.05 of the single bounds)."
		}
		return Tol{ATol: atolK * scale, RTol: rtol,
			Why: fmt.Sprintf("bfloat16 (8 significant bits; 1 ulp is 2^-7 relative at worst): rtol %g (%g ulps) and atol %g (%g times rms(ref)) at level %d. "+
				"Level 1 leaves room for fp32 accumulation in another order and exp/reciprocal from bf16 lookup tables (about 0.5%% error); "+
				"levels 2 and 3 chain stages whose intermediates kernels keep in bf16 (scores, probabilities, hidden layers): a reference that rounds every intermediate to bf16 (accumulating in fp32) stays under half of these bounds (ref/check TestVariantMatrix).",
				rtol, rtol*128, atolK*scale, atolK, level) + why}
	}
	return Tol{ATol: 0, RTol: 0, Why: "exact"}
}
