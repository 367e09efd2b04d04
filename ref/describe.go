package ref

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// Describe renders the task text an agent sees for a case: the task's
// definition, the configuration's params, the tensors with dtypes, shapes
// and addresses, the calling convention, the tolerance and the hardware
// config.
func Describe(c *Case) string {
	var b strings.Builder
	t, err := Lookup(c.Task)
	if err != nil {
		return err.Error()
	}
	fmt.Fprintf(&b, "# %s (task %d, level %d) on %s, configuration %d of %d\n\n", t.Name, t.Number, t.Level, c.Target, c.Config, NumConfigs)
	fmt.Fprintf(&b, "## Definition\n%s\n\n", t.DefinitionFor(c.Target))
	if cfg, err := LookupConfig(c.Target, c.Task, c.Config); err == nil {
		fmt.Fprintf(&b, "Configuration %d: %s.\n\n", c.Config, cfg.Note)
	}
	fmt.Fprintf(&b, "## Parameters\n")
	keys := make([]string, 0, len(c.Params))
	for k := range c.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "- %s = %v\n", k, fmtParam(c.Params[k]))
	}
	for _, k := range unsetParams(t.DefinitionFor(c.Target), c.Params) {
		fmt.Fprintf(&b, "- %s = %s (not set in case.json, so its default)\n", k, fmtParam(paramZero(k)))
	}
	fmt.Fprintf(&b, "\n## Tensors (hardware config %s)\n", c.HW)
	fmt.Fprintf(&b, "| name | role | dtype | shape | address | bytes | memory |\n|---|---|---|---|---|---|---|\n")
	for _, s := range c.Tensors {
		size, _ := DTypeSize(s.DType)
		n := uint64(prod(s.Shape) * size)
		if s.Layout != nil {
			n = 0
			for _, sp := range s.Spans() {
				n += sp.End - sp.Start
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %v | %#x | %d | %s |\n", s.Name, s.Role, s.DType, s.Shape, s.Addr, n, s.Memory)
	}
	if hasLayouts(c) {
		fmt.Fprintf(&b, "\nLittle-endian; bfloat16 is the upper half of an IEEE float32, float16 IEEE binary16. Tensors are row-major (C order) unless the memory map below says otherwise (bytes include padding and scale planes). Before the run, out and scratch regions hold the byte 0x%02X everywhere. "+
			"Inputs and consts are read-only; see the rules below for the memory a kernel may write.\n", c.Fill)
	} else {
		fmt.Fprintf(&b, "\nRow-major (C order), little-endian; bfloat16 is the upper half of an IEEE float32. Before the run, out and scratch regions hold the byte 0x%02X everywhere. "+
			"Inputs and consts are read-only; see the rules below for the memory a kernel may write.\n", c.Fill)
	}
	if hasTables(c) {
		b.WriteString("\nLookup tables (bfloat16): exp_hi[i] = exp(int8(i)) (i read as a signed byte), exp_lo[i] = exp(i/256): exp(x) ~ exp_hi[(t>>8)&255] * exp_lo[t&255] with t = round(x*256) as int16. " +
			"recip_lut[i] = 1/(1 + (i+0.5)/128) for the top 7 mantissa bits i of m in [1, 2); rsqrt_lut[e*128 + i] = 1/sqrt((1 + (i+0.5)/128) * 2^e) for exponent parity e. Refine with Newton steps as needed.\n")
	}
	if d := targetInfos[c.Target].describe; d != nil {
		b.WriteString(d(c))
	}
	fmt.Fprintf(&b, "\n## Calling convention\n")
	var regs []string
	for r := range c.Convention.Registers {
		regs = append(regs, r)
	}
	sort.Slice(regs, func(i, j int) bool { return regOrder(regs[i]) < regOrder(regs[j]) })
	for _, r := range regs {
		v := c.Convention.Registers[r]
		if s, ok := findSpec(c, v); ok {
			fmt.Fprintf(&b, "- %s = %#x (%s)\n", r, s.Addr, v)
		} else {
			fmt.Fprintf(&b, "- %s = %s\n", r, v)
		}
	}
	if len(regs) == 0 {
		b.WriteString("- no register is preset\n")
	}
	fmt.Fprintf(&b, "- halt: %s\n\n%s\n", c.Convention.Halt, c.Convention.Notes)
	writeRules(&b, c)
	if len(c.Inputs) > 0 {
		fmt.Fprintf(&b, "\n## Input values (this case's data, as the kernel reads them; hidden cases are drawn from the same distributions)\n")
		for _, s := range c.Inputs {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	if len(c.Traps) > 0 {
		fmt.Fprintf(&b, "\n## Numerical traps in this case's inputs (set on purpose; hidden cases have them too)\n")
		for _, t := range c.Traps {
			fmt.Fprintf(&b, "- %s\n", t)
		}
	}
	fmt.Fprintf(&b, "\n## Tolerance\n")
	for dt, tol := range c.Tolerance {
		if tol.MaxULP == 0 && tol.ATol == 0 && tol.RTol == 0 {
			fmt.Fprintf(&b, "- %s: exact. %s\n", dt, tol.Why)
			continue
		}
		fmt.Fprintf(&b, "- %s: |y - ref| <= %.3g + %.3g*|ref| for every element. %s\n", dt, tol.ATol, tol.RTol, tol.Why)
	}
	if hw, err := isadefs.HWByName(c.HW); err == nil {
		fmt.Fprintf(&b, "\n## Hardware config %s\n%s\n", hw.Name, hw.Description)
		for _, r := range hw.Memory {
			fmt.Fprintf(&b, "- %s: [%#x, %#x) %s, %d KiB\n", r.Name, uint64(r.Base), r.End(), r.Perm, uint64(r.Size)>>10)
		}
	}
	return b.String()
}

// otherHalts names, per target, the ways its simulator ends a program
// that are not the task's halt (they end other programs, such as
// riscv-tests, with success, but not a kernel).
var otherHalts = map[string]string{
	"coral": "an ecall exit (a7 = 93, even exit(0)) or a store to tohost, which end riscv-tests programs in kc-sim",
}

// writeRules states the rules the judge (ref/check) enforces, from the
// case's convention: the halt, and the memory the kernel may write.
func writeRules(b *strings.Builder, c *Case) {
	fmt.Fprintf(b, "\n## Rules (the judge enforces each; breaking one fails the run, even with every output right)\n")
	other := "a fault or trap, or the cycle limit"
	if o := otherHalts[c.Target]; o != "" {
		other += ", or " + o
	}
	if r := targetInfos[c.Target].haltRule; r != "" {
		fmt.Fprintf(b, "- %s. Any other end of the run fails: %s.\n", r, other)
	} else {
		fmt.Fprintf(b, "- End with `%s`. Any other end of the run fails: %s.\n", c.Convention.Halt, other)
	}
	var outs, scratch, ro []string
	for _, s := range c.Tensors {
		switch s.Role {
		case RoleOut:
			outs = append(outs, s.Name)
		case RoleScratch:
			scratch = append(scratch, s.Name)
		default:
			ro = append(ro, s.Name)
		}
	}
	may := []string{"the outputs (" + strings.Join(outs, ", ") + ")"}
	if len(scratch) > 0 {
		may = append(may, "the scratch regions ("+strings.Join(scratch, ", ")+")")
	}
	if a := c.Convention.KernelArea; a != nil {
		may = append(may, fmt.Sprintf("the kernel's own area [%#x, %#x) of %s", a.Start, a.End, a.Memory))
	}
	if len(c.Convention.KernelMemories) > 0 {
		may = append(may, "the memories left to the kernel ("+strings.Join(c.Convention.KernelMemories, ", ")+")")
	}
	list := may[0]
	if n := len(may); n > 1 {
		list = strings.Join(may[:n-1], ", ") + " and " + may[n-1]
	}
	fmt.Fprintf(b, "- Write only %s. A store anywhere else fails the run: into an input or const (%s), between the tensors, beyond them, or even 1 byte past the end of an output (written bytes are tracked exactly).\n",
		list, strings.Join(ro, ", "))
}

// paramRef is a parameter a definition names (params.causal).
var paramRef = regexp.MustCompile(`params\.([A-Za-z_]+)`)

// unsetParams lists, in order of first mention, the parameters a
// definition names that the case leaves out (case.json omits a field at
// its zero value, such as causal = false), so the text still lists them.
func unsetParams(def string, set map[string]any) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range paramRef.FindAllStringSubmatch(def, -1) {
		k := m[1]
		if _, ok := set[k]; ok || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, k)
	}
	return out
}

// paramZero is the value a Params field takes when case.json leaves it
// out: the zero value of the field with that JSON name.
func paramZero(name string) any {
	t := reflect.TypeOf(Params{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag == name {
			return reflect.Zero(f.Type).Interface()
		}
	}
	return "unset"
}

func fmtParam(v any) string {
	switch x := v.(type) {
	case float64:
		return fmt.Sprintf("%.10g", x)
	case []any:
		var parts []string
		for _, e := range x {
			parts = append(parts, fmtParam(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, k+": "+fmtParam(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

// hasLayouts reports whether a tensor of the case is not dense row-major.
func hasLayouts(c *Case) bool {
	for _, s := range c.Tensors {
		if s.Layout != nil {
			return true
		}
	}
	return false
}

func hasTables(c *Case) bool {
	_, ok := findSpec(c, "exp_hi")
	_, ok2 := findSpec(c, "recip_lut")
	return ok || ok2
}

func findSpec(c *Case, name string) (TensorSpec, bool) {
	for _, s := range c.Tensors {
		if s.Name == name {
			return s, true
		}
	}
	return TensorSpec{}, false
}

// regOrder sorts registers by file letter then number (a0 < a7 < gp1 < p0 < sp).
func regOrder(r string) string {
	i := strings.IndexAny(r, "0123456789")
	if i < 0 {
		return r
	}
	return fmt.Sprintf("%s%03s", r[:i], r[i:])
}

// TasksMarkdown renders ref/TASKS.md: the catalog, the support matrix,
// the dtype choices and every configuration.
func TasksMarkdown() string {
	var b strings.Builder
	b.WriteString("# KernelCraft tasks\n\nGenerated by `go run ./cmd/kc-ref list --markdown` (do not edit by hand; `TestTasksMarkdownCurrent` checks it).\n\n")
	b.WriteString("## Support matrix\n\n| # | id | task | level | plena | aie2 | coral |\n|---|---|---|---|---|---|---|\n")
	for _, t := range tasks {
		mark := func(tg string) string {
			if t.Supports(tg) {
				return "yes"
			}
			return "--"
		}
		fmt.Fprintf(&b, "| %d | `%s` | %s | %d | %s | %s | %s |\n", t.Number, t.ID, t.Name, t.Level, mark("plena"), mark("aie2"), mark("coral"))
	}
	fmt.Fprintf(&b, "\nplena %d tasks, aie2 %d, coral %d: %d (target, task) pairs x %d configurations = %d cases.\n\n",
		len(Supported("plena")), len(Supported("aie2")), len(Supported("coral")),
		len(Supported("plena"))+len(Supported("aie2"))+len(Supported("coral")), NumConfigs, NumConfigs*(len(Supported("plena"))+len(Supported("aie2"))+len(Supported("coral"))))
	b.WriteString(`## What the agent is given, compared with the paper

The paper's agents were given the task, the ISA and the hardware configuration. Here each cell's agent gets the same three, through its tools: the task text (task_info; ` + "`kc-ref describe`" + `), the target's manual (isa_manual; ` + "`kc-as --isa`" + `), and assemble, run (on the visible case, with the checker's verdict and error map), profile and submit.

- The task text keeps to the definition, the parameters, each tensor's dtype, shape, address and memory layout, the distribution and range of the case's inputs and the numerical traps they set, the rules the judge enforces, the tolerance and the hardware config. It gives no instruction sequence or construction: no solution recipe.
- The manual gives every instruction (syntax, semantics, encoding, timing), the timing model, the classic mistakes (plena) and worked examples: for plena, how PLENA's compiler templates lay out each kind of kernel (section templates), as PLENA's own agent-facing document keeps its examples (AICrossSim/PLENA_Doc@7a59e92:doc/isa_spec.md).

## Dtypes and numerics

- **aie2**: bfloat16 inputs, weights and outputs (stored in .npy as uint16 bit patterns, case.json dtype "bfloat16"); kernels accumulate in fp32. Expected outputs are computed in float64 and rounded to bfloat16 (round to nearest, ties to even).
- **plena**: as PLENA's test harness: inputs, weights and tables in HBM as MXFP8 (case.json dtype "mxfp8": E4M3 elements, rows padded to 64 elements, then an E8M0 scale plane, one byte per 8 elements; the .npy holds the dequantised values as float32), quantised by PLENA's harness quantiser; constants (0, 1, eps, 1/N, scales, -inf) in an FP SRAM preload (dtype "float16", tensor fp_consts); bfloat16 outputs in Vector SRAM in PLENA's activation layout [C/64, R, 64]. Expected outputs are computed in float64 from the dequantised inputs and rounded to bfloat16.
- **coral**: the vector unit is integer-only (Zve32x), so
  - gemv, gemm, bmm, linear, conv2d, depthwise_conv, conv_block, ffn: int8 inputs and weights (zero point 0), int32 biases, int32 accumulation, int8 outputs through the requantisation q = clamp(((acc*mult + 2^(shift-1)) >> shift) + zp, -128, 127) (params.requant; mult 16..31, chosen per configuration from the shapes so that no accumulator can overflow int32). Outputs are exact.
  - swiglu: int8 inputs, int32 accumulators dequantised with params.dequant, float32 output.
  - silu, relu, gelu, softmax, layernorm, rmsnorm: float32 (scalar F, or integer-vector tricks).
- GELU is the tanh approximation everywhere; layernorm eps 1e-5, rmsnorm and decoder eps 1e-6; attention scale 1/sqrt(head_dim) (T5: 1, with the relative-position bias given as a tensor); RoPE theta 10000, rotate-half pairing, cos/sin given as consts.
- aie2 cases carry bf16 lookup tables (exp_hi, exp_lo, recip_lut, rsqrt_lut) where the task needs exp, reciprocal or square root.

## Tolerances

- int8: exact. Every requantising case, visible and hidden, has saturated outputs (in 1.5% of a matrix product's rows, of a convolution's outputs, of an FFN's columns; its task text gives the count) and exact rounding ties (accumulators halfway between two outputs, both signs where no ReLU follows), so another rounding rule or wrapping instead of clamping fails.
- float32, outputs without cancellation (silu, relu, softmax, rmsnorm, swiglu): |y - ref| <= 2e-5*|ref| however small ref is; gelu: 1e-6*rms(ref) + 2e-5*|ref| (0.5x(1 + tanh u) cancels on the tails in float32); layernorm: 1e-4*rms(ref) + 2e-5*|ref|.
- bfloat16: rtol 2^-6 (2 ulps) and atol 2^-7*rms(ref) at level 1 (silu, relu: rtol alone; rmsnorm: rtol 2^-5 alone; softmax: rtol 2^-5 and atol 2^-5/N, relative to its typical output 1/N); rtol 2^-5, atol 2^-4*rms(ref) at levels 2 and 3 (chained stages with bf16 intermediates; a bf16-intermediate decoder stays under half of it). Where a reference that keeps every intermediate in bf16 would use more than half of an attention case's tolerance (bf16 rounding of its scores moves probabilities), Generate widens that case's atol until it uses half (at most 1.8x the rule's at the golden seeds), and the case's tolerance text says so.
- Measured (ref/check TestVariantMatrix, every cell, visible and a hidden seed): float32 kernels in any summation order with polynomial exp and Newton reciprocals, bf16-intermediate kernels, aie2's lookup-table kernels and plena's layer_norm in its own numerics (bf16 rows, f16 scalars, the mean corrected by a second pass) pass; the classic wrong definitions (epsilon left out or x10, unbiased variance, the erf GELU, GeGLU for SwiGLU, no or negated or interleaved RoPE, LayerNorm for RMSNorm, the score scale squared or applied in T5, T5's bias dropped, the causal mask j <= i+1 or j < i, conv bias dropped, no max subtraction, other requantisation rounding or wrapping) fail by 10x or more except where the output's precision cannot show them (listed with their floors and reasons in that test: the erf GELU and unbiased variance on bf16, GeGLU and GELU-for-ReLU and epsilon on the bf16 decoders).
- Accuracy of exp and reciprocal: bf16 outputs admit an exp, reciprocal or rsqrt with relative error up to about 1%. aie2's own tables are that coarse (exp_hi*exp_lo up to 0.6%, recip_lut and rsqrt_lut 0.4%), and a bf16 output's ulp is 0.4-0.8%; a degree-2 polynomial exp (0.7%) passes every bf16 cell (at most 0.87 of the tolerance, aie2 silu), as intended: a tolerance that rejected it would reject the tables the tasks provide. float32 outputs admit 2e-5 relative: a degree-3 exp (6e-4) fails by 14x or more.
- Inputs are shaped so wrong definitions show, and each case's task text names the traps its data set, with the case's own figures ("Numerical traps in this case's inputs"): layernorm rows with means of their own, up to 50 standard deviations (plena: the f16 mean V_RED_SUM gives is off by up to a few percent of such a row's std, so correct it with a second pass over x - mean; aie2: keep the mean in fp32; coral: mean(x^2) - mean^2 loses 10 of float32's bits); a norm row, and a decoder's first token, with a mean square below eps (epsilon sets its scale); decoder rows with means of their own (LayerNorm is not RMSNorm) and a residual stream of half scale; decoder, mha, gqa and mqa query weights x2, so that attention picks a few keys (RoPE's sign or pairing, or another score scale, then changes outputs by a value vector's size); T5's position biases of standard deviation 3 and query weights that carry the 1/sqrt(head_dim) it does not apply; softmax rows offset by 95, and in every attention case one query with a score of about 150 against one key and only there (a missing max subtraction overflows in every attention cell); conv_block biases the size of the convolution's outputs; coral's saturated outputs and exact ties.

## Memory and hardware configs

- coral: DTCM of ` + "`coral`" + ` (32 KiB at 0x10000); the first 1 KiB is the kernel's own (.data, .bss, stack; sp = 0x10400), tensors follow, 16-byte aligned. Configurations marked *highmem* use ` + "`coral-highmem`" + ` (1 MiB DTCM).
- aie2: the 64 KiB tile data memory at 0x70000; the first 1 KiB is the kernel's stack; tensors 32-byte aligned. Configuration 5 uses most of the 64 KiB.
- plena: inputs in HBM from address 0, each tensor's elements and then its scale plane 64-byte aligned (PLENA's harness layout); outputs in Vector SRAM from element 0; the FP SRAM preload from entry 0. Matrices in HBM have their rows padded with zeros to 64-element multiples and their last matrix to a multiple of 64 rows. Configurations whose output needs more than half of plena's 1024 Vector SRAM rows, and the level-1 matrix products whose K exceeds plena's 4 Matrix SRAM tiles (256), use ` + "`plena-highmem`" + ` (65536 rows, 64 tiles).

## Calling conventions

`)
	for _, tg := range Targets {
		fmt.Fprintf(&b, "- **%s**: %s\n", tg, CalleeInfo(tg))
	}
	b.WriteString(`
Before a run, every out and scratch region holds the byte 0xFF (NaN in float32 and bfloat16). Hidden (validation) cases use the same layout, shapes and params with inputs from another seed domain; the judge draws a hidden case's seed from a cryptographic source when it judges a kernel and measures cycles and the speedup on it (` + "`kc-ref gen --hidden-seed N`" + ` writes the hidden case of a recorded seed).

## Configurations

`)
	for _, tg := range Targets {
		fmt.Fprintf(&b, "### %s\n\n| task | 1 | 2 | 3 | 4 | 5 |\n|---|---|---|---|---|---|\n", tg)
		for _, t := range Supported(tg) {
			cs, _ := Configs(tg, t.ID)
			fmt.Fprintf(&b, "| `%s` |", t.ID)
			for _, c := range cs {
				s := shapeSummary(t.ID, c.Params)
				if c.HW != tg {
					s += " *highmem*"
				}
				fmt.Fprintf(&b, " %s |", s)
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("## Definitions\n\n")
	for _, t := range tasks {
		fmt.Fprintf(&b, "### %d. %s (`%s`, level %d)\n\n%s\n\n", t.Number, t.Name, t.ID, t.Level, t.Definition)
		if t.Supports("plena") {
			fmt.Fprintf(&b, "- plena: %s\n", t.Note("plena"))
		}
		if t.Supports("aie2") {
			fmt.Fprintf(&b, "- aie2: %s\n", t.BF16Note)
		}
		if t.Supports("coral") {
			fmt.Fprintf(&b, "- coral: %s\n", t.CoralNote)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// shapeSummary is a short description of a configuration's shapes.
func shapeSummary(task string, p Params) string {
	switch task {
	case "silu", "relu", "gelu", "softmax", "layernorm", "rmsnorm":
		return fmt.Sprintf("M=%d N=%d", p.M, p.N)
	case "gemv":
		return fmt.Sprintf("M=%d K=%d", p.M, p.K)
	case "gemm", "linear":
		return fmt.Sprintf("M=%d K=%d N=%d", p.M, p.K, p.N)
	case "bmm":
		return fmt.Sprintf("B=%d M=%d K=%d N=%d", p.B, p.M, p.K, p.N)
	case "conv2d", "depthwise_conv", "conv_block":
		return fmt.Sprintf("%dx%dx%d→%d k%d s%d p%d", p.Hin, p.Win, p.Cin, p.Cout, p.KH, p.Stride, p.Pad)
	case "rope":
		return fmt.Sprintf("H=%d S=%d D=%d", p.H, p.S, p.D)
	case "ffn", "swiglu":
		return fmt.Sprintf("M=%d d=%d ff=%d", p.M, p.DModel, p.F)
	case "sdpa", "flash_attention":
		c := ""
		if p.Causal {
			c = " causal"
		}
		return fmt.Sprintf("S=%d Skv=%d D=%d%s", p.S, p.SKV, p.D, c)
	case "mha", "gqa", "mqa":
		c := ""
		if p.Causal {
			c = " causal"
		}
		return fmt.Sprintf("S=%d d=%d H=%d/%d%s", p.S, p.DModel, p.H, p.HKV, c)
	}
	return fmt.Sprintf("S=%d d=%d H=%d ff=%d", p.S, p.DModel, p.H, p.F)
}
