package ref

import (
	"fmt"
	"math"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// plena's entries of the target tables (targetInfos["plena"]): its FP SRAM
// preload, which hardware config a configuration needs, and its part of
// the task text, in PLENA's terms: how PLENA's test harness places inputs,
// preloads and outputs (AICrossSim/PLENA_Compiler@c0fc271
// doc/memory_layout.md, its memory_map.py map_mx_data_to_hbm_for_behave_sim,
// and the FP SRAM preloads of PLENA_Simulator@54ae9544's testbenches).

// fpConstsName is the name of plena's FP SRAM preload tensor.
const fpConstsName = "fp_consts"

// plenaConsts is the FP SRAM preload of a task: f16 scalars at entries
// 0, 1, … (entry 0 is 0.0, as in every PLENA testbench), the task's
// epsilon, 1/N, attention scale, -inf and the GELU constants where the
// task needs them.
func plenaConsts(task string, p Params) []constTensor {
	type nv struct {
		doc string
		v   float64
	}
	vals := []nv{{"0.0", 0}, {"1.0", 1}}
	if task == "relu" {
		vals = append(vals, nv{"65504 (the largest f16)", 65504})
	}
	gelu := []nv{{"2*sqrt(2/pi) (GELU: x*sigmoid(2u), u = sqrt(2/pi)*(x + 0.044715*x^3))", 2 * math.Sqrt(2/math.Pi)}, {"0.044715", 0.044715}}
	switch task {
	case "gelu":
		vals = append(vals, gelu...)
	case "ffn":
		if p.Activation == "gelu" {
			vals = append(vals, gelu...)
		}
	case "softmax":
		vals = append(vals, nv{"-inf (to start a running max)", math.Inf(-1)})
	case "layernorm", "rmsnorm":
		vals = append(vals, nv{fmt.Sprintf("eps = %g", p.Eps), p.Eps}, nv{fmt.Sprintf("1/N = 1/%d", p.N), 1 / float64(p.N)})
	case "sdpa", "flash_attention", "mha", "gqa", "mqa":
		vals = append(vals, nv{fmt.Sprintf("the score scale %.6g", p.Scale), p.Scale}, nv{"-inf (to start a running max)", math.Inf(-1)})
	case "decoder_llama", "decoder_t5":
		vals = append(vals, nv{fmt.Sprintf("eps = %g", p.Eps), p.Eps}, nv{fmt.Sprintf("1/d_model = 1/%d", p.DModel), 1 / float64(p.DModel)},
			nv{fmt.Sprintf("the score scale %.6g", p.Scale), p.Scale}, nv{"-inf (to start a running max)", math.Inf(-1)})
	}
	a := NewArray(len(vals))
	ct := constTensor{name: fpConstsName, dtype: "float16", memory: "fpmem", values: a}
	for i, x := range vals {
		a.Data[i] = x.v
		ct.doc = append(ct.doc, x.doc)
	}
	out := []constTensor{ct}
	if task == "rope" || task == "decoder_llama" {
		out = append(out, constTensor{name: rotName, dtype: MXFP8, values: rotateHalfMatrix(p.D)})
	}
	return out
}

// rotName is plena's RoPE constant: rotate_half as a [D, D] matrix.
// PLENA's rope template takes rotate_half(x) preloaded from HBM (PLENA's
// harness computes it); with only x given and no element shift in PLENA's
// ISA, a kernel gets it on the matrix unit as x @ rot, exactly (the
// entries are 0 and +-1, exact in MXFP8; each output is one x element).
const rotName = "rot"

// rotateHalfMatrix is R [d, d] with x @ R = rotate_half(x) = [-x2, x1]:
// R[c + d/2][c] = -1 and R[c][c + d/2] = 1 for c < d/2.
func rotateHalfMatrix(d int) *Array {
	r := NewArray(d, d)
	for c := 0; c < d/2; c++ {
		r.Data[(c+d/2)*d+c] = -1
		r.Data[c*d+c+d/2] = 1
	}
	return r
}

// plenaScratch is the HBM scratch of the plena tasks that compute K and V
// on chip (mha, gqa, mqa, the decoder blocks): PLENA's KV cache region
// (PLENA_Compiler asm_templates/flashattn/attention_note.md, "Region for
// K, V Cache"). The matrix unit multiplies a Vector SRAM operand by a
// Matrix SRAM tile, and Matrix SRAM is filled only from HBM
// (H_PREFETCH_M), so projected K and V go to HBM with H_STORE_V and come
// back as tiles, as PLENA's flash attention reads its KV cache. The
// region is bytes: room for four [S, kv_heads*ceil(D/64)*64] MXFP8
// matrices (K and V and as much again, e.g. for a second, residual
// quantisation) with their rows padded to whole 64-row tiles and scale
// planes.
func plenaScratch(task string, p Params) (string, int) {
	switch task {
	case "mha", "gqa", "mqa", "decoder_llama", "decoder_t5":
	default:
		return "", 0
	}
	kv := p.HKV
	if kv == 0 {
		kv = p.H
	}
	rows := (p.S + 63) / 64 * 64
	cols := kv * ((p.D + 63) / 64 * 64)
	return "uint8", 4 * rows * cols * 9 / 8
}

// plenaFits reports whether a configuration's output fits in half of
// plena's Vector SRAM (the other half left to the kernel's activations
// and intermediates) and, for the level-1 matrix products (gemv, gemm,
// bmm, linear: judged at fp32-accumulation tolerance), whether K fits in
// plena's Matrix SRAM tiles, so that every output block can accumulate
// all of K in f32 (partial sums added in bf16 would exceed the tolerance);
// the others use plena-highmem.
func plenaFits(task string, _ int, p Params) bool {
	hw, err := isadefs.HWByName("plena")
	if err != nil {
		return false
	}
	vlen, rows := int(hw.Param("vlen", 64)), int(hw.Param("vector_sram_rows", 1024))
	switch task {
	case "gemv", "gemm", "bmm", "linear":
		mlen := int(hw.Param("mlen", 64))
		if (p.K+mlen-1)/mlen > int(hw.Param("matrix_sram_size", 256))/mlen {
			return false
		}
	}
	for _, s := range tensorSpecs(task, p, false) {
		if s.role != RoleOut {
			continue
		}
		r, c := rowsCols(s.shape)
		if (c+vlen-1)/vlen*r > rows/2 {
			return false
		}
	}
	return true
}

// plenaDescribe is plena's part of the task text: every tensor in PLENA's
// terms (HBM addresses, MX scale planes and SCALE_REG values, Vector SRAM
// layouts in element addresses, FP SRAM entries), registers and the end
// of a program.
func plenaDescribe(c *Case) string {
	var b strings.Builder
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return ""
	}
	base := map[string]uint64{}
	for _, r := range hw.Memory {
		base[r.Name] = uint64(r.Base)
	}
	vlen := int(hw.Param("vlen", 64))
	b.WriteString("\n## PLENA memory map (as PLENA's test harness sets up a run)\n")
	b.WriteString("The addresses in the table above are kc-sim's (each PLENA memory mapped at its own base: hbm 0x0, vsram 0x10000000, fpmem 0x30000000). " +
		"Instructions address each memory in its own units from 0: HBM in bytes, Vector SRAM and Matrix SRAM in elements, FP SRAM and INT SRAM in entries.\n\n")
	consts := map[string][]string{}
	if p, err := ParamsOf(c); err == nil {
		for _, ct := range plenaConsts(c.Task, p) {
			consts[ct.name] = ct.doc
		}
	}
	for _, s := range c.Tensors {
		r, cols := rowsCols(s.Shape)
		off := s.Addr - base[s.Memory]
		switch {
		case s.Memory == "hbm" && isMX(s.DType):
			pitch := cols
			if s.Layout.Pitch > 0 {
				pitch = s.Layout.Pitch
			}
			fmt.Fprintf(&b, "- **%s** %v (%s): MXFP8 in HBM at byte %d. Element (r, c) of the %d x %d rows is the E4M3 byte at HBM %d + r*%d + c", s.Name, s.Shape, s.Role, off, r, cols, off, pitch)
			if pitch != cols {
				fmt.Fprintf(&b, " (rows padded to %d elements with zeros, so every row starts 64-byte aligned)", pitch)
			}
			if s.Layout.PadRows > 0 {
				fmt.Fprintf(&b, "; %d zero rows (and their zero scales) follow the last row: a matrix's rows are padded to a multiple of MLEN = %d, so that H_PREFETCH_M of its last tile reads zeros, not the scale plane", s.Layout.PadRows, hw.Param("mlen", 64))
			}
			fmt.Fprintf(&b, "; its E8M0 scale (one per 8 elements) is the byte at HBM %d + %d + (r*%d + c)/8. "+
				"To prefetch it: set an address register to %d (C_SET_ADDR_REG aN, gpHi, gpLo with gpHi = 0, gpLo = %d), **C_SET_SCALE_REG to %d**, C_SET_STRIDE_REG to %d (the row pitch), then H_PREFETCH_V/H_PREFETCH_M with rs1 = the element offset r*%d + c of the first element (a multiple of 64).\n",
				off, s.Layout.ScaleReg, pitch, off, off, s.Layout.ScaleReg, pitch, pitch)
		case s.Memory == "vsram" && s.Layout != nil && s.Layout.Block > 0:
			bl := s.Layout.Block
			e0 := off / 2
			fmt.Fprintf(&b, "- **%s** %v (%s): bf16 in Vector SRAM from element address %d, in PLENA's activation layout [ceil(%d/%d), %d, %d]: element (r, c) of the %d x %d rows is at Vector SRAM element %d + ((c/%d)*%d + r)*%d + c%%%d, i.e. row %d + (c/%d)*%d + r, column c%%%d (%d Vector SRAM rows of %d).",
				s.Name, s.Shape, s.Role, e0, cols, bl, r, bl, r, cols, e0, bl, r, bl, bl, e0/uint64(vlen), bl, r, bl, s.StoredElems()/vlen, vlen)
			if cols%bl != 0 {
				fmt.Fprintf(&b, " Columns %d..%d of the last block are padding: not compared.", cols%bl, bl-1)
			}
			if s.Role == RoleOut {
				b.WriteString(" The checker reads it from there after the run (Vector SRAM is what PLENA's testbench compares with its golden).")
			}
			b.WriteString("\n")
		case s.Memory == "fpmem":
			fmt.Fprintf(&b, "- **%s** (f16, read-only): FP SRAM entries %d..%d, preloaded as PLENA's fp_sram.bin: ", s.Name, off/2, off/2+uint64(prod(s.Shape))-1)
			for i, d := range consts[s.Name] {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "[%d] = %s", off/2+uint64(i), d)
			}
			b.WriteString(". Load one with S_LD_FP fN, gp0, index (gp0 holding 0). Every value is rounded to f16 (1e-6 is 1.013e-6).\n")
		case s.Role == RoleScratch && s.Memory == "hbm":
			fmt.Fprintf(&b, "- **%s** (scratch): %d bytes of HBM from byte %d, the kernel's own (PLENA's KV cache region): H_STORE_V writes Vector SRAM rows there as MXFP8 (E4M3 elements, one E8M0 scale per 8 elements at the address register + SCALE_REG + offset/8; the store quantises, so a value keeps 4 significant bits), H_PREFETCH_M/H_PREFETCH_V read them back. "+
				"It is the way to the matrix unit for values computed on chip (K and V of the projections): Matrix SRAM is filled only from HBM. Room for four [%d, %d] MXFP8 matrices with their scale planes.\n",
				s.Name, prod(s.Shape), off, plenaScratchRows(c), plenaScratchCols(c))
		default:
			fmt.Fprintf(&b, "- **%s** %v (%s): %s at %s byte %d.\n", s.Name, s.Shape, s.Role, s.DType, s.Memory, off)
		}
	}
	b.WriteString("\nThe ground truth is computed in float64 from the dequantised MXFP8 inputs (the values the scale planes and elements encode), so quantisation costs the kernel nothing. " +
		"H_PREFETCH_V converts to bf16 rows, H_PREFETCH_M to f32 Matrix SRAM tiles. Scalars (f registers, FP SRAM, V_RED_SUM/V_RED_MAX results) are f16: range ±65504.\n")
	b.WriteString("\nRegisters: none is preset. gp0..gp15, f0..f7, a0..a7, SCALE_REG and V_MASK start at 0, STRIDE_REG at 1; gp0 is an ordinary register (keep it 0 if you use it as zero). " +
		"Build addresses with S_ADDI_INT (18-bit unsigned immediate) and S_LUI_INT (immediate in units of 4096).\n")
	if _, ok := findSpec(c, rotName); ok {
		b.WriteString("\nrot (const) is rotate_half as a [head_dim, head_dim] matrix of 0 and ±1: x @ rot = rotate_half(x) = [-x2, x1] for a row x = [x1, x2] of head_dim.\n")
	}
	b.WriteString("\nWorked examples (how PLENA's compiler templates lay out kernels like this one) are in the manual, not here: isa_manual section=templates (kc-as --isa templates -t plena).\n")
	return b.String()
}

// plenaScratchRows and plenaScratchCols are the matrix shape plenaScratch
// makes room for, for the task text.
func plenaScratchRows(c *Case) int {
	p, _ := ParamsOf(c)
	return (p.S + 63) / 64 * 64
}

func plenaScratchCols(c *Case) int {
	p, _ := ParamsOf(c)
	kv := p.HKV
	if kv == 0 {
		kv = p.H
	}
	return kv * ((p.D + 63) / 64 * 64)
}
