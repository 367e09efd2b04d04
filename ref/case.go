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
	Fill        byte           `json:"fill"` // byte pattern out and scratch regions hold before the run
	Extra       map[string]any `json:"extra,omitempty"`
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
