package isadefs

// Rule is one of a target's classic kernel-writing mistakes, as its
// documents mark them: the manual lists the rules, the assembler warns
// where a program's text shows a rule broken, and the simulator names the
// rule in the message of a run that breaks it. ID is the name the
// warnings and messages quote ("rule accumulate").
type Rule struct {
	ID     string
	Title  string
	Text   string
	Caught string // where the toolchain catches it
}

// Rules returns the classic-mistake rules of an ISA (nil when it has none).
func Rules(isa string) []Rule { return rules[isa] }

// RuleByID returns one rule of an ISA.
func RuleByID(isa, id string) (Rule, bool) {
	for _, r := range rules[isa] {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// rules: PLENA's from its agent-facing ISA document (the CRITICAL and
// IMPORTANT notes of AICrossSim/PLENA_Doc@7a59e92:doc/isa_spec.md).
var rules = map[string][]Rule{
	"plena": {
		{ID: "accumulate", Title: "M_MM accumulates; M_MM_WO writes and clears",
			Text: "M_MM, M_TMM, M_BMM, M_BTMM, M_MV and M_TMV add their products into the matrix unit's f32 accumulator; nothing reaches Vector SRAM until the matching write-out (M_MM_WO, M_BMM_WO, M_MV_WO, M_BMV_WO), which writes the block (rounded to bf16) and clears the accumulator. " +
				"Issue all K/MLEN products of an output block, then one write-out; a write-out after every product writes partial sums, and products with no write-out are lost. M_MM_WO writes Vector SRAM only: HBM needs H_STORE_V.",
			Caught: "kc-as warns about a product no write-out follows and a write-out no product precedes; kc-sim ends a run whose matrix accumulator still holds products that were never written out with a note naming this rule (stats.json notes)."},
		{ID: "prefetch-setup", Title: "set the address register and SCALE_REG before every prefetch",
			Text:   "a0-a7, SCALE_REG and STRIDE_REG are not set for you (they start at 0, STRIDE_REG at 1). Before each H_PREFETCH_M, H_PREFETCH_V or H_STORE_V of a tensor: C_SET_ADDR_REG aN with the tensor's HBM base (rs1 the high word, rs2 the low word), C_SET_SCALE_REG with the offset from that base to its scale plane (the element count, padded to 64, in PLENA's layout), C_SET_STRIDE_REG with its row pitch. Re-set them when you switch tensors.",
			Caught: "kc-as warns about an H_ instruction whose address register no earlier C_SET_ADDR_REG sets, or before any C_SET_SCALE_REG; kc-sim notes (stats.json notes) the first H_ instruction that uses an address register never set or runs with SCALE_REG never set, and its HBM traps name this rule when the address register or SCALE_REG they used was never set."},
		{ID: "lui-units", Title: "S_LUI_INT counts units of 4096",
			Text:   "S_LUI_INT rd, imm sets gp[rd] = imm << 12 (imm times 4096), not imm; the low 12 bits become 0. For 40000 write S_LUI_INT rd, 9 then S_ADDI_INT rd, rd, 3136 (9*4096 + 3136). S_ADDI_INT's immediate is unsigned and at most 262143.",
			Caught: "kc-as warns about an S_LUI_INT immediate that is a multiple of 4096 (almost always meant as the value itself) or whose result exceeds 32 bits."},
		{ID: "reduce-accumulates", Title: "V_RED_SUM and V_RED_MAX accumulate into fd",
			Text:   "V_RED_SUM fd, rs1 computes fd = fd + sum(row) and V_RED_MAX fd = max(fd, max(row)): clear fd first (S_ADD_FP fd, f0, f0 for a sum; S_LD_FP fd from an FP SRAM entry holding -inf for a max) before each new row, and keep adding into the same register across the chunks of one long row. fd = f0 does nothing.",
			Caught: "kc-as warns about a V_RED_SUM/V_RED_MAX inside a hardware loop whose body never sets fd otherwise (so it accumulates across iterations)."},
		{ID: "loop-counter", Title: "loop counters are not indices",
			Text:   "C_LOOP_START gpN, n sets gpN = n and C_LOOP_END gpN counts it down to 0: inside the body gpN runs n, n-1, ..., 1, not 0, 1, ..., n-1, and writing gpN changes the trip count. Keep your own index or address register and step it with S_ADDI_INT.",
			Caught: "kc-as warns about an instruction in a loop body that reads or writes the loop's counter register; kc-sim's trap for C_LOOP_END without its C_LOOP_START names this rule."},
	},
}
