package isadefs

// Template is a worked example of a target's kernel writing: how its
// vendor's compiler lays out one kind of kernel (the manual's templates
// section). Task texts keep to the definition, layout, data and numerics;
// worked examples like these belong in the manual, as PLENA's own
// agent-facing document keeps them (AICrossSim/PLENA_Doc@7a59e92).
type Template struct {
	Task string // the benchmark task it matches (ref's task id)
	Text string
}

// Templates returns a target's worked examples (nil when it has none).
func Templates(isa string) []Template { return templates[isa] }

// templates: PLENA's, from its compiler's templates
// (AICrossSim/PLENA_Compiler@f8b74c4:asm_templates), in the manner of the
// baseline kernels (baseline/plena).
var templates = map[string][]Template{
	"plena": {
		{Task: "silu", Text: "PLENA's SiLU template: per Vector SRAM row, V_SUB_VF (0 - x, rorder 1), V_EXP_V, V_ADD_VF (+1.0), V_RECI_V, V_MUL_VV (x * sigmoid), in a C_LOOP over rows."},
		{Task: "relu", Text: "Per Vector SRAM row: max(x, 0). PLENA has no element-wise max; one way is the SiLU template's gate with a steep slope: x * sigmoid(k*x) with k*x scaled up by V_MUL_VF (by 65504, twice) is exactly x or 0 in bf16."},
		{Task: "gelu", Text: "GELU(x) = x * sigmoid(2u) with u = sqrt(2/pi)*(x + 0.044715*x^3): V_MUL_VV for x^3, V_MUL_VF/V_ADD_VV, then the SiLU template's sigmoid."},
		{Task: "softmax", Text: "Per row of N: V_RED_MAX into an f register started at -inf (it accumulates), V_SUB_VF (x - max), V_EXP_V, V_RED_SUM into an f register started at 0.0 (it accumulates), S_RECI_FP, V_MUL_VF (PLENA's online-softmax building block)."},
		{Task: "layernorm", Text: "PLENA's layer_norm template: per row, V_RED_SUM for the mean (times 1/N), V_SUB_VF, V_MUL_VV and V_RED_SUM for the variance, S_ADD_FP eps, S_SQRT_FP, S_RECI_FP, V_MUL_VF; gamma and beta prefetched as rows (H_PREFETCH_V with rstride 0 repeats one row)."},
		{Task: "rmsnorm", Text: "PLENA's rms_norm template: per row, V_MUL_VV x*x and V_RED_SUM over the row's N/VLEN chunks, S_MUL_FP (1/N), S_ADD_FP (eps), S_SQRT_FP, S_RECI_FP, V_MUL_VF per chunk; gamma prefetched as a row and applied with V_MUL_VV."},
		{Task: "gemv", Text: "Matrix-vector: A's 64x64 tiles into Matrix SRAM (H_PREFETCH_M), x as a Vector SRAM row; M_MV accumulates BLEN outputs, M_MV_WO writes and clears them (or M_TMV for the transposed tile)."},
		{Task: "gemm", Text: "PLENA's projection template: A's rows prefetched into Vector SRAM as [K/64, M, 64]; B's 64x64 tiles into Matrix SRAM (H_PREFETCH_M, STRIDE_REG = B's row pitch); per BLEN x BLEN output block, M_MM over the K/64 tiles (it accumulates) then one M_MM_WO (it writes the block and clears the accumulator)."},
		{Task: "bmm", Text: "The projection template per batch: re-set the address register, SCALE_REG and STRIDE_REG for each batch's tiles; M_MM accumulates, M_MM_WO writes and clears."},
		{Task: "linear", Text: "PLENA's projection template with w [N, K] as stored (out x in: use M_TMM, which reads the Matrix SRAM tile transposed), then the bias added as a row (H_PREFETCH_V with rstride 0 repeats it; V_ADD_VV)."},
		{Task: "rope", Text: "PLENA's RoPE template: y = x*cos + rotate_half(x)*sin with V_MUL_VV/V_ADD_VV per row, where PLENA's harness preloads rotate_half(x) = [-x2, x1] and cos, sin as full head_dim rows ([cos, cos]). PLENA has no element shift: rot (const, [D, D], 0 and +-1) is rotate_half as a matrix, so rotate_half(x) = x @ rot on the matrix unit (the projection template: M_MM, M_MM_WO), exactly; [c, 0] + [c, 0] @ rot = [c, c] gives the full cos and sin rows the same way (cos and sin are [S, D/2]). When D/2 is a multiple of 64 the halves are whole column blocks and no product is needed."},
		{Task: "ffn", Text: "PLENA's FFN template: up projection (M_MM/M_MM_WO) into Vector SRAM, bias and GELU with vector operations, down projection, bias."},
		{Task: "swiglu", Text: "PLENA's FFN template's gated half: the gate and up projections (M_MM/M_MM_WO), SiLU(gate) with the SiLU template, times up (V_MUL_VV)."},
		{Task: "sdpa", Text: "PLENA's flash-attention template: QK^T per KV tile (M_TMM or M_BTMM with M_MM_WO/M_BMM_WO), the online softmax per row (V_MUL_VF scale, V_RED_MAX, S_EXP_FP, V_SUB_VF, V_EXP_V, V_RED_SUM; running max and sum in FP SRAM), PV with M_MM/M_MM_WO, the output rescaled by V_MUL_VF."},
		{Task: "flash_attention", Text: "PLENA's flash-attention template: QK^T per KV tile, the online softmax with running max and sum kept in FP SRAM, PV accumulated and rescaled per tile (V_MUL_VF, V_ADD_VV)."},
		{Task: "mha", Text: "Projections as in the projection template, K and V to the KV cache (scratch; H_STORE_V) and back as Matrix SRAM tiles (H_PREFETCH_M), attention per head as in the flash-attention template (V_MASK selects a head's HLEN-wide segment of a row), the output projection."},
		{Task: "gqa", Text: "As mha, with each K/V head shared by H/H_kv query heads (PLENA's GQA packing puts the BROADCAST query heads of one KV head side by side for M_BTMM)."},
		{Task: "mqa", Text: "As mha with one K/V head shared by every query head."},
		{Task: "decoder_llama", Text: "Composed from the templates: rms_norm, projections, RoPE (rotate_half(q) = q @ rot on the matrix unit, rot as in the rope task), K and V to the KV cache (scratch; H_STORE_V) and back as tiles, flash attention, residual adds (V_ADD_VV), rms_norm, the SwiGLU FFN, residual add."},
	},
}
