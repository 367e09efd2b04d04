// Package baseline holds KernelCraft's baseline kernels, the kernels every
// other kernel's speed is measured against (by the judge package).
//
// The compiler baseline ("C with RVV at -O2", as in the paper) is one
// plain C file per coral task (coral/c/TASK.c, with coral/c/kc.h), compiled
// by clang-16 once per (task, configuration): the shapes and numerics of
// the configuration are -D constants (CDefines), so every configuration
// gets the code the compiler makes for its exact shapes, as a C programmer
// who knows the shapes would write it. The generated assembly is committed
// under coral/s/TASK_cN.s (regenerate with baseline/gen.sh) and embedded,
// so the build needs no clang; kc-as assembles it unchanged.
//
// The template baseline (Template, the paper's "template-based compiler")
// emits straightforward RVV assembly per (task, configuration) from Go
// text/templates. The chosen baseline of a cell (ChosenKind, Baseline) is
// the faster of the two by the golden cycle tables testdata/*_cycles.md,
// which judge's TestCompilerBaselineAllCells and
// TestTemplateBaselineAllCells keep current (go test ./judge -run AllCells
// -update after a reviewed timing change).
//
// Kernels written as Go templates ({{.M}}…, KernelParams) are filled in
// with Instantiate, as the hand-optimised kernels of testdata/kernels/coral
// are.
package baseline

import (
	"bytes"
	"embed"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"kernelcraft/ref"
)

// ClangFlags compile the C baseline: the paper's "C with RVV at -O2" for
// coral (RV32IMF, Zve32x, Zbb, VLEN 128), freestanding, to assembly.
var ClangFlags = []string{"--target=riscv32", "-march=rv32imf_zve32x_zbb", "-mabi=ilp32", "-O2",
	"-mllvm", "-riscv-v-vector-bits-min=128", "-ffreestanding", "-fno-math-errno", "-nostdlib", "-S"}

// Clang is the compiler the committed assembly was generated with.
const Clang = "clang-16"

//go:embed coral/s/*.s
var compiled embed.FS

// LoopOrderTasks are the coral tasks whose C has two loop orders (-DORDER=1
// or 2; see each file's comment): each configuration is compiled with the
// faster one, as baseline/gen.sh measured it and recorded it in
// coral/orders.md. The other tasks have one straightforward order: the
// element-wise float tasks one loop, the row-wise ones (softmax, layernorm,
// rmsnorm) reductions along contiguous rows.
var LoopOrderTasks = []string{"gemv", "gemm", "bmm", "linear", "ffn", "swiglu", "conv2d", "depthwise_conv", "conv_block"}

// orderTable is coral/orders.md, written by baseline/gen.sh: per (task,
// configuration) of LoopOrderTasks, the cycles of both loop orders
// (hidden case of the golden seeds) and the one compiled.
//
//go:embed coral/orders.md
var orderTable string

// LoopOrder is the loop order a coral cell's C is compiled with (1 or 2),
// or 0 for a task with one order (or a cell coral/orders.md lacks).
func LoopOrder(task string, config int) int {
	for _, r := range LoopOrders() {
		if r.Task == task && r.Config == config {
			return r.Chosen
		}
	}
	return 0
}

// OrderRow is one row of coral/orders.md.
type OrderRow struct {
	Task   string
	Config int
	Cycles [2]uint64 // of orders 1 and 2
	Chosen int
}

// LoopOrders parses coral/orders.md.
func LoopOrders() []OrderRow {
	var out []OrderRow
	for _, line := range strings.Split(orderTable, "\n") {
		f := strings.Split(line, "|")
		if len(f) != 7 {
			continue
		}
		var r OrderRow
		var err error
		r.Task = strings.TrimSpace(f[1])
		if r.Config, err = strconv.Atoi(strings.TrimSpace(f[2])); err != nil {
			continue // the header
		}
		r.Cycles[0], _ = strconv.ParseUint(strings.TrimSpace(f[3]), 10, 64)
		r.Cycles[1], _ = strconv.ParseUint(strings.TrimSpace(f[4]), 10, 64)
		r.Chosen, _ = strconv.Atoi(strings.TrimSpace(f[5]))
		out = append(out, r)
	}
	return out
}

// OrderTable renders coral/orders.md from its rows.
func OrderTable(rows []OrderRow) string {
	var b strings.Builder
	b.WriteString("# Loop orders of the compiler baseline\n\n")
	b.WriteString("Written by baseline/gen.sh: cycles of each C loop order (hidden case of the golden seeds), and the one compiled (the faster; 1 on a tie).\n\n")
	b.WriteString("| task | config | order 1 | order 2 | compiled |\n|---|---:|---:|---:|---:|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", r.Task, r.Config, r.Cycles[0], r.Cycles[1], r.Chosen)
	}
	return b.String()
}

// cFloat renders a float32 constant as an exact C hexadecimal literal.
func cFloat(v float64) string {
	return strconv.FormatFloat(float64(float32(v)), 'x', -1, 32) + "f"
}

// CDefines returns the -D flags of a coral (task, configuration): every
// shape parameter the task uses, and the requantisation (MULT0, SHIFT0,
// ZP0, …), dequantisation (DQ0, DQ1) and epsilon (EPS) constants.
func CDefines(task string, config int) ([]string, error) {
	cfg, err := ref.LookupConfig("coral", task, config)
	if err != nil {
		return nil, err
	}
	p := cfg.Params
	var d []string
	def := func(name string, v int) {
		if v != 0 {
			d = append(d, fmt.Sprintf("-D%s=%d", name, v))
		}
	}
	def("M", p.M)
	def("N", p.N)
	def("K", p.K)
	def("B", p.B)
	def("DM", p.DModel)
	def("FF", p.F)
	def("H", p.Hin)
	def("W", p.Win)
	def("CIN", p.Cin)
	def("COUT", p.Cout)
	def("KH", p.KH)
	def("KW", p.KW)
	def("STRIDE", p.Stride)
	if p.KH != 0 {
		d = append(d, fmt.Sprintf("-DPAD=%d", p.Pad))
	}
	def("POOL", p.Pool)
	for i, r := range p.Requant {
		d = append(d, fmt.Sprintf("-DMULT%d=%d", i, r.Mult), fmt.Sprintf("-DSHIFT%d=%d", i, r.Shift), fmt.Sprintf("-DZP%d=%d", i, r.ZP))
	}
	for i, v := range p.Dequant {
		d = append(d, fmt.Sprintf("-DDQ%d=%s", i, cFloat(v)))
	}
	if p.Eps != 0 {
		d = append(d, "-DEPS="+cFloat(p.Eps))
	}
	return d, nil
}

// CompileC compiles cDir/TASK.c for a configuration with clang (the path
// of clang-16), in the configuration's loop order (LoopOrder), and
// returns the assembly.
func CompileC(clang, cDir, task string, config int) ([]byte, error) {
	return CompileCOrder(clang, cDir, task, config, LoopOrder(task, config))
}

// CompileCOrder is CompileC in a given loop order (-DORDER=order; 0: none).
func CompileCOrder(clang, cDir, task string, config, order int) ([]byte, error) {
	defs, err := CDefines(task, config)
	if err != nil {
		return nil, err
	}
	if order != 0 {
		defs = append(defs, fmt.Sprintf("-DORDER=%d", order))
	}
	args := append(append(append([]string(nil), ClangFlags...), defs...), task+".c", "-o", "-")
	cmd := exec.Command(clang, args...)
	cmd.Dir = cDir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %v\n%s", clang, filepath.Join(cDir, task+".c"), err, errb.String())
	}
	return out.Bytes(), nil
}

// CompiledName is the file name of the committed assembly of a cell.
func CompiledName(task string, config int) string { return fmt.Sprintf("%s_c%d.s", task, config) }

// Compiled returns the committed compiler-baseline assembly of a coral
// (task, configuration).
func Compiled(task string, config int) ([]byte, error) {
	b, err := compiled.ReadFile("coral/s/" + CompiledName(task, config))
	if err != nil {
		return nil, fmt.Errorf("no compiler baseline for coral %s config %d: %w", task, config, err)
	}
	return b, nil
}
