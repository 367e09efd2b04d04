// Package ref is KernelCraft's reference runner: the task catalog, the
// configurations, deterministic cases (inputs, ground truth, memory layout,
// calling convention) and the checker that judges a kernel's results.
//
// This file fixes the on-disk case format (DESIGN.md §4): a case directory
// holds case.json and one .npy file per tensor; a result directory (written
// by kc-sim --case) holds one .npy per output tensor and stats.json.
package ref

// CaseFormat is the version of case.json this package reads and writes.
const CaseFormat = 1

// Tensor roles.
const (
	RoleIn      = "in"      // input: loaded before the run, must not be written
	RoleOut     = "out"     // output: compared with the expected values
	RoleScratch = "scratch" // working memory the kernel may use freely
	RoleConst   = "const"   // constants (lookup tables, weights): loaded, read-only
)

// Case is the content of case.json.
type Case struct {
	Format      int            `json:"format"`
	Target      string         `json:"target"`  // coral, plena, aie2
	HW          string         `json:"hw"`      // hardware config the layout is for
	Task        string         `json:"task"`    // task id, e.g. "softmax"
	Level       int            `json:"level"`   // 1, 2 or 3
	Config      int            `json:"config"`  // 1..5
	Seed        uint64         `json:"seed"`    // input generator seed
	Hidden      bool           `json:"hidden"`  // a validation seed the agent never sees
	Params      map[string]any `json:"params"`  // task parameters (shapes, eps, scale, shift, zero point…)
	Tensors     []TensorSpec   `json:"tensors"` // every region the kernel sees
	Convention  Convention     `json:"calling_convention"`
	Tolerance   map[string]Tol `json:"tolerance"` // by output dtype
	Description string         `json:"description,omitempty"`
	// Traps name the numerical traps the case's inputs set on purpose,
	// with the case's own figures (ref traps.go); Describe prints them.
	Traps []string `json:"traps,omitempty"`
	// Inputs state the range and distribution of each input and const
	// tensor's values, computed from the case's data (ref ranges.go);
	// Describe prints them.
	Inputs []string       `json:"inputs,omitempty"`
	Fill   byte           `json:"fill"` // byte pattern out and scratch regions hold before the run
	Extra  map[string]any `json:"extra,omitempty"`
}

// TensorSpec places one tensor in the target's memory.
type TensorSpec struct {
	Name   string `json:"name"`
	Role   string `json:"role"`
	DType  string `json:"dtype"` // int8 … float32, bfloat16 (stored in .npy as uint16 bits)
	Shape  []int  `json:"shape"`
	Addr   uint64 `json:"addr"`
	Memory string `json:"memory"` // region name of the hardware config (dtcm, …)
	File   string `json:"file"`   // .npy in the case directory: input values, or expected values for outputs
	// Layout, when set, says how the elements are arranged in memory
	// (padded rows, column blocks, an MX scale plane); without it they
	// are dense, row-major, from Addr.
	Layout *Layout `json:"layout,omitempty"`
}

// Layout places a tensor's elements in memory other than densely in
// row-major order. The tensor is seen as R rows of C elements: C is its
// last dimension and R the product of the others (1 for a vector). The
// stored elements are numbered from 0 at Addr (each DTypeSize bytes); the
// padding elements of a layout are zero in an input and unspecified in an
// output.
type Layout struct {
	// Pitch is the distance in stored elements from one row's start to the
	// next (>= C): rows padded to Pitch. 0: C.
	Pitch int `json:"pitch,omitempty"`
	// Block stores the rows in column blocks of Block elements, block by
	// block: element (r, c) is stored element ((c/Block)*R + r)*Block +
	// c%Block, the last block padded to Block (PLENA's Vector SRAM layout
	// [C/VLEN, R, VLEN]). 0: no blocks.
	Block int `json:"block,omitempty"`
	// ScaleAddr is, for an MX dtype (mxfp8), the address of the scale
	// plane: one E8M0 byte per MXBlock consecutive stored elements, in
	// order, the first at ScaleAddr.
	ScaleAddr uint64 `json:"scale_addr,omitempty"`
	// ScaleReg is ScaleAddr - Addr: what PLENA's SCALE_REG must hold when
	// the HBM address register holds Addr (the scales of the element at
	// Addr + i are read at Addr + SCALE_REG + i/8).
	ScaleReg uint64 `json:"scale_reg,omitempty"`
	// PadRows zero rows (of Pitch, or C, elements) follow the last row
	// (not with Block): plena pads a matrix in HBM to whole MLEN-row
	// tiles, so that H_PREFETCH_M of its last rows reads zeros past them.
	PadRows int `json:"pad_rows,omitempty"`
}

// Convention says how a kernel finds its tensors and how it must stop.
type Convention struct {
	Registers map[string]string `json:"registers"` // register -> tensor name (its address) or a decimal value
	Halt      string            `json:"halt"`      // e.g. "mpause" (coral)
	Notes     string            `json:"notes,omitempty"`
	// KernelArea is memory left to the kernel's own .data, .bss and stack
	// (no tensor is placed there), or nil.
	KernelArea *Span `json:"kernel_area,omitempty"`
	// KernelMemories are memory regions of the hardware config left to
	// the kernel as a whole, besides the tensors placed there (plena's
	// on-chip SRAMs). The kernel may write its outputs, scratch, the
	// kernel area and these; any other store fails the run.
	KernelMemories []string `json:"kernel_memories,omitempty"`
}

// Span is an address range [Start, End) of a memory region.
type Span struct {
	Memory string `json:"memory"`
	Start  uint64 `json:"start"`
	End    uint64 `json:"end"`
}

// Tol is an element-wise tolerance: |actual - expected| <= ATol + RTol*|expected|,
// or, for integer outputs, at most MaxULP units apart.
type Tol struct {
	ATol   float64 `json:"atol"`
	RTol   float64 `json:"rtol"`
	MaxULP int     `json:"max_ulp,omitempty"`
	Why    string  `json:"why"` // the justification shown in task docs
}
