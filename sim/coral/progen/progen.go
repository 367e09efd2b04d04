// Package progen generates random, valid coral programs (scalar, vector,
// memory and control flow) as assembly text, for differential tests of the
// simulator against external executors (qemu-user) and against its own
// reference stepper.
//
// Every program has the same shape: an initialisation that fills registers
// and a data buffer with random values, a random body, and a dump that
// stores every x, f and v register and the vector/float CSRs to memory. The
// caller appends an epilogue (exit for qemu, mpause for kc-sim) and
// compares the buffer and dump areas. Instruction forms are taken from the
// isa-defs tables, so new instructions are generated without code changes
// as long as their operand kinds are known here.
package progen

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// Memory layout, relative to the "area" label (placed in .data). s0 always
// holds area+2048 so every imm12 offset from s0 stays inside the area.
const (
	BufOffset  = 0    // random data the program reads and writes
	BufSize    = 3584 // [area, area+3584)
	XDumpOff   = 3584 // x1..x31 (x0 slot holds 0)
	FDumpOff   = 3712 // f0..f31
	CSRDumpOff = 3840 // vl, vtype, vxrm, vxsat, fcsr, vstart
	VDumpOff   = 4096 // v0..v31, 512 bytes
	AreaSize   = 4608
)

// Options configures a program.
type Options struct {
	Seed        uint64
	Insts       int  // random instructions in the body
	Vector      bool // Zve32x
	VectorFloat bool // Zve32f (coral-f)
	Float       bool // scalar F
	// Prefix namespaces the program's labels so that several programs
	// can be assembled into one file: with a prefix P the entry is
	// "Pstart" (not global), the area "Parea" (see DataNamed) and local
	// labels ".LPg<n>". "" keeps _start (global), area and .Lg<n>. The
	// prefix does not change the instructions generated.
	Prefix string
}

// Program is a generated program.
type Program struct {
	Source string         // assembly text without epilogue (append one)
	Counts map[string]int // generated instructions by mnemonic
}

// Excluded lists instructions the generator never emits, with the reason.
var Excluded = map[string]string{
	"ecall":     "ends the program (used by the epilogue)",
	"ebreak":    "halts with a fault",
	"mpause":    "halts (used by the epilogue)",
	"mret":      "machine-mode trap return: not meaningful in user-mode qemu",
	"wfi":       "privileged",
	"fence.tso": "no-op; llvm-mc and GNU spell it differently",
	"flushat":   "Coral custom-3 opcode: qemu does not know it",
	"flushall":  "Coral custom-3 opcode: qemu does not know it",
	// qemu-riscv32 7.2 aborts translating these (assertion in
	// target/riscv/translate.c decode_save_opc); sim/coral's unit tests
	// cover them.
	"vfcvt.rtz.x.f.v":  "qemu 7.2 aborts on it (decode_save_opc assertion)",
	"vfcvt.rtz.xu.f.v": "qemu 7.2 aborts on it (decode_save_opc assertion)",
}

type gen struct {
	isa  *isadefs.ISA
	opt  Options
	r    *rand.Rand
	out  strings.Builder
	cnt  map[string]int
	lbl  int
	sew  int // current SEW (8, 16, 32), 0 before the first vsetvli
	lmul int // LMUL in eighths (1 = mf8 … 64 = m8)
	// pending forward labels: instruction index -> labels to place there
	pending map[int][]string
	n       int // random instructions emitted
	inLoop  bool
}

// Writable x registers for random destinations: everything but x0's
// pointless writes are allowed; s0 (area pointer) and s1 (loop counter)
// are reserved.
var xDest = []string{"ra", "sp", "gp", "tp", "t0", "t1", "t2", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
	"s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6", "zero"}

// Generate builds a random program.
func Generate(isa *isadefs.ISA, opt Options) *Program {
	g := &gen{isa: isa, opt: opt, r: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15)), cnt: map[string]int{}, pending: map[int][]string{}}
	g.prologue()
	cands := g.candidates()
	for g.n < opt.Insts {
		g.placeLabels()
		g.step(cands)
	}
	g.n = 1 << 30
	g.placeLabels()
	g.dump()
	return &Program{Source: g.out.String(), Counts: g.cnt}
}

// Candidates lists the mnemonics the generator can emit for opt.
func Candidates(isa *isadefs.ISA, opt Options) []string {
	g := &gen{isa: isa, opt: opt}
	seen := map[string]bool{}
	for _, in := range g.candidates() {
		seen[in.Mnemonic] = true
	}
	var out []string
	for m := range seen {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

func (g *gen) candidates() []*isadefs.Inst {
	var out []*isadefs.Inst
	for _, in := range g.isa.Insts {
		if _, skip := Excluded[in.Mnemonic]; skip {
			continue
		}
		switch in.Ext() {
		case "Zve32x":
			if !g.opt.Vector {
				continue
			}
		case "Zve32f":
			if !g.opt.VectorFloat {
				continue
			}
		case "F":
			if !g.opt.Float {
				continue
			}
		}
		out = append(out, in)
	}
	return out
}

func (g *gen) line(format string, args ...any) {
	fmt.Fprintf(&g.out, format+"\n", args...)
}

func (g *gen) label() string {
	g.lbl++
	return fmt.Sprintf(".L%sg%d", g.opt.Prefix, g.lbl)
}

// flushLabels places every pending forward label now.
func (g *gen) flushLabels() {
	if len(g.pending) == 0 || g.inLoop {
		return
	}
	n := g.n
	g.n = 1 << 30
	g.placeLabels()
	g.n = n
}

// placeLabels places every pending forward label whose position has been
// reached. It is not called inside loop bodies, so a branch never jumps into
// a loop (whose counter would be undefined).
func (g *gen) placeLabels() {
	idx := make([]int, 0, len(g.pending))
	for at := range g.pending {
		if at <= g.n {
			idx = append(idx, at)
		}
	}
	sort.Ints(idx)
	for _, at := range idx {
		for _, l := range g.pending[at] {
			g.line(l + ":")
		}
		delete(g.pending, at)
	}
}

// interesting 32-bit values: edges of every width, signs, float specials.
var interesting = []uint32{0, 1, 2, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000,
	0xffffffff, 0xfffffffe, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x00000001,
	0x807fffff, 0x00800000, 0x4b000000, 0xcf000000, 0x4f000000, 0x4f800000}

func (g *gen) value() uint32 {
	if g.r.IntN(3) == 0 {
		return interesting[g.r.IntN(len(interesting))]
	}
	switch g.r.IntN(4) {
	case 0:
		return uint32(g.r.IntN(64)) - 32
	case 1: // random float of moderate magnitude
		return 0x3c000000 + uint32(g.r.IntN(0x7000000)) | uint32(g.r.IntN(2))<<31
	}
	return g.r.Uint32()
}

func (g *gen) prologue() {
	g.line("    .text")
	if g.opt.Prefix == "" {
		g.line("    .globl _start")
		g.line("_start:")
	} else {
		g.line("%sstart:", g.opt.Prefix)
	}
	g.line("    la s0, %sarea", g.opt.Prefix)
	g.line("    addi s0, s0, 2047")
	g.line("    addi s0, s0, 1")
	g.line("    li s1, 0")
	// Vector registers from the buffer (before the buffer is randomised
	// further by the body), then x and f registers.
	if g.opt.Vector {
		g.line("    la t0, %sarea", g.opt.Prefix)
		for v := 0; v < 32; v += 8 {
			g.line("    vl8re8.v v%d, (t0)", v)
			g.line("    addi t0, t0, 128")
		}
	}
	if g.opt.Float {
		for i := 0; i < 32; i++ {
			g.line("    li t0, %d", int32(g.value()))
			g.line("    fmv.w.x f%d, t0", i)
		}
		g.line("    fsrmi %d", g.r.IntN(5))
	}
	for _, r := range xDest {
		if r != "zero" {
			g.line("    li %s, %d", r, int32(g.value()))
		}
	}
	if g.opt.Vector {
		g.line("    csrwi vxrm, %d", g.r.IntN(4))
		g.vsetvli()
	}
}

func (g *gen) dump() {
	for i := 1; i < 32; i++ {
		if i == 8 {
			continue // s0 is the area pointer itself
		}
		g.line("    sw x%d, %d(s0)", i, XDumpOff-2048+4*i)
	}
	if g.opt.Float {
		for i := 0; i < 32; i++ {
			g.line("    fsw f%d, %d(s0)", i, FDumpOff-2048+4*i)
		}
		g.line("    frcsr t0")
		g.line("    sw t0, %d(s0)", CSRDumpOff-2048+16)
	}
	if g.opt.Vector {
		for i, c := range []string{"vl", "vtype", "vxrm", "vxsat"} {
			g.line("    csrr t0, %s", c)
			g.line("    sw t0, %d(s0)", CSRDumpOff-2048+4*i)
		}
		g.line("    addi t0, s0, %d", VDumpOff-2048-1024)
		g.line("    addi t0, t0, 1024")
		for v := 0; v < 32; v += 8 {
			g.line("    vs8r.v v%d, (t0)", v)
			g.line("    addi t0, t0, 128")
		}
	}
}

// Data returns the .data section text: the area with random initial bytes.
func Data(seed uint64) string { return DataNamed(seed, "") }

// DataNamed is Data for a program generated with Options.Prefix prefix:
// the same bytes under the label prefix+"area".
func DataNamed(seed uint64, prefix string) string {
	r := rand.New(rand.NewPCG(seed, 42))
	var b strings.Builder
	b.WriteString("    .data\n    .p2align 4\n" + prefix + "area:\n")
	for i := 0; i < AreaSize/4; i += 8 {
		b.WriteString("    .word ")
		for j := 0; j < 8; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			v := r.Uint32()
			if r.IntN(4) == 0 {
				v = interesting[r.IntN(len(interesting))]
			}
			fmt.Fprintf(&b, "%#x", v)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// ---- vector configuration ------------------------------------------------

var lmulNames = map[int]string{2: "mf4", 4: "mf2", 8: "m1", 16: "m2", 32: "m4", 64: "m8"}

// validLMULs lists LMULs (in eighths) legal for SEW under ELEN=32.
func validLMULs(sew int) []int {
	switch sew {
	case 8:
		return []int{2, 4, 8, 16, 32, 64}
	case 16:
		return []int{4, 8, 16, 32, 64}
	}
	return []int{8, 16, 32, 64}
}

func (g *gen) vsetvli() {
	// A forward branch must not skip a vsetvli: the generator tracks one
	// vtype, so land every pending branch target here, before it.
	g.flushLabels()
	sews := []int{8, 16, 32}
	if g.opt.VectorFloat {
		sews = append(sews, 32, 32, 32) // vector float needs SEW 32
	}
	g.sew = sews[g.r.IntN(len(sews))]
	ls := validLMULs(g.sew)
	g.lmul = ls[g.r.IntN(len(ls))]
	vt := fmt.Sprintf("e%d, %s, %s, %s", g.sew, lmulNames[g.lmul], []string{"ta", "tu"}[g.r.IntN(2)], []string{"ma", "mu"}[g.r.IntN(2)])
	rd := xDest[g.r.IntN(len(xDest))]
	vlmax := 128 / g.sew * g.lmul / 8
	switch g.r.IntN(4) {
	case 0:
		g.line("    vsetivli %s, %d, %s", rd, g.r.IntN(32), vt)
		g.cnt["vsetivli"]++
	case 1:
		g.line("    vsetvli %s, zero, %s", g.nonZero(rd), vt) // vl = VLMAX
		g.cnt["vsetvli"]++
	case 2:
		g.line("    li t0, %d", g.r.IntN(vlmax+4))
		g.line("    li t1, %d", vtypeImm(g.sew, g.lmul, vt))
		g.line("    vsetvl %s, t0, t1", rd)
		g.cnt["vsetvl"]++
	default:
		g.line("    li t0, %d", g.r.IntN(2*vlmax+2))
		g.line("    vsetvli %s, t0, %s", rd, vt)
		g.cnt["vsetvli"]++
	}
}

func (g *gen) nonZero(rd string) string {
	if rd == "zero" {
		return "t2"
	}
	return rd
}

func vtypeImm(sew, lmul int, text string) int {
	codes := map[int]int{2: 6, 4: 7, 8: 0, 16: 1, 32: 2, 64: 3}
	v := codes[lmul] | map[int]int{8: 0, 16: 1, 32: 2}[sew]<<3
	if strings.Contains(text, "ta") {
		v |= 1 << 6
	}
	if strings.Contains(text, "ma") {
		v |= 1 << 7
	}
	return v
}

// ---- one random step --------------------------------------------------------

func (g *gen) step(cands []*isadefs.Inst) {
	switch k := g.r.IntN(20); {
	case k == 0 && !g.inLoop && g.opt.Insts-g.n > 8:
		g.loop(cands)
		return
	case k == 1 && g.opt.Vector:
		g.vsetvli()
		return
	}
	in := cands[g.r.IntN(len(cands))]
	if text, ok := g.instruction(in); ok {
		g.line("    %s", text)
		g.cnt[in.Mnemonic]++
		g.n++
	}
}

// loop emits a counted loop around a few random instructions.
func (g *gen) loop(cands []*isadefs.Inst) {
	top := g.label()
	g.line("    li s1, %d", 1+g.r.IntN(3))
	g.line("%s:", top)
	g.inLoop = true
	body := 2 + g.r.IntN(4)
	for i := 0; i < body; i++ {
		in := cands[g.r.IntN(len(cands))]
		if in.Flags["branch"] || in.Flags["jump"] || in.Flags["vcfg"] {
			continue
		}
		if text, ok := g.instruction(in); ok {
			g.line("    %s", text)
			g.cnt[in.Mnemonic]++
			g.n++
		}
	}
	g.inLoop = false
	g.line("    addi s1, s1, -1")
	g.line("    bnez s1, %s", top)
}

// instruction renders a random valid instance of in, possibly preceded by
// setup lines (written directly). ok is false when in cannot be generated
// in the current state (the step is skipped).
func (g *gen) instruction(in *isadefs.Inst) (string, bool) {
	if g.inLoop && (in.Flags["branch"] || in.Flags["jump"]) {
		return "", false
	}
	if in.Mnemonic == "jalr" {
		l := g.label()
		at := g.n + 1 + g.r.IntN(4)
		g.pending[at] = append(g.pending[at], l)
		g.line("    la t0, %s", l)
		return fmt.Sprintf("jalr %s, 0(t0)", xDest[g.r.IntN(len(xDest))]), true
	}
	if strings.HasPrefix(in.Mnemonic, "csrr") {
		return g.csrInstruction(in)
	}
	vec := in.Flags["vec"]
	if vec && in.Flags["vcfg"] {
		g.vsetvli()
		return "", false
	}
	var vs *vecShape
	if vec {
		var ok bool
		if vs, ok = g.vectorShape(in); !ok {
			return "", false
		}
	}
	var b strings.Builder
	b.WriteString(in.Mnemonic)
	first := true
	skipSep := false
	for _, t := range in.Tokens {
		if t.Operand == nil {
			text := t.Text
			if first {
				text = strings.TrimLeft(text, " ")
			}
			if skipSep {
				text = strings.TrimPrefix(strings.TrimSpace(text), ",")
				skipSep = false
			}
			if first && text != "" {
				b.WriteString(" ")
			}
			b.WriteString(text)
			first = false
			continue
		}
		if first {
			b.WriteString(" ")
			first = false
		}
		v, ok := g.operand(in, t.Operand, vs)
		if !ok {
			return "", false
		}
		if v == "" { // an optional operand left out: drop the ", " before it
			s := strings.TrimRight(b.String(), ", ")
			b.Reset()
			b.WriteString(s)
			continue
		}
		b.WriteString(v)
	}
	return b.String(), true
}

func (g *gen) xsrc() string {
	all := append([]string{"s0", "s1"}, xDest...)
	return all[g.r.IntN(len(all))]
}

func (g *gen) operand(in *isadefs.Inst, k *isadefs.OperandKind, vs *vecShape) (string, bool) {
	switch k.Class {
	case "reg":
		switch k.Sub {
		case "x":
			if k.Name == "rd" {
				return xDest[g.r.IntN(len(xDest))], true
			}
			if k.Name == "rs1" && (in.Flags["load"] || in.Flags["store"]) {
				return "s0", true
			}
			if vs != nil && k.Name == "rs1" && vs.base != "" {
				return vs.base, true
			}
			if vs != nil && k.Name == "rs2" && vs.stride != "" {
				return vs.stride, true
			}
			if k.Min > 0 {
				return xDest[g.r.IntN(len(xDest)-1)], true // not zero
			}
			return g.xsrc(), true
		case "f":
			return fmt.Sprintf("f%d", g.r.IntN(32)), true
		case "v":
			return vs.reg(k.Name), true
		}
	case "simm", "uimm":
		if k.Name == "imm12" && in.Flags["load"] || k.Name == "simm12s" && in.Flags["store"] {
			size := memSize(in.Mnemonic)
			off := (g.r.IntN(BufSize-size) - 2048) &^ (size - 1)
			return fmt.Sprint(off), true
		}
		return fmt.Sprint(k.Min + g.r.Int64N(k.Max-k.Min+1)&^(k.Align-1)), true
	case "pcrel":
		l := g.label()
		at := g.n + 1 + g.r.IntN(4)
		g.pending[at] = append(g.pending[at], l)
		return l, true
	case "enum":
		return g.enumValue(k)
	case "vmask":
		if g.r.IntN(2) == 0 {
			return "v0.t", true
		}
		return "", true
	case "vtype":
		return "", false
	}
	return "", false
}

// csrInstruction renders a CSR access that is deterministic and legal in
// user mode: writable CSRs with only legal values (vxrm 0-3, vxsat 0-1,
// vcsr 0-7, fflags 0-31; qemu 7.2 does not mask vxrm writes, and the spec
// says the upper bits must be written as zero), or reads of read-only ones.
func (g *gen) csrInstruction(in *isadefs.Inst) (string, bool) {
	masks := map[string]int{}
	if g.opt.Float {
		masks["fflags"] = 31
	}
	if g.opt.Vector {
		masks["vxrm"], masks["vxsat"], masks["vcsr"] = 3, 1, 7
	}
	rd := xDest[g.r.IntN(len(xDest))]
	imm := strings.HasSuffix(in.Mnemonic, "i")
	if g.opt.Vector && !imm && in.Mnemonic != "csrrw" && g.r.IntN(3) == 0 {
		return fmt.Sprintf("%s %s, %s, zero", in.Mnemonic, rd, readOnlyCSRs[g.r.IntN(len(readOnlyCSRs))]), true
	}
	if len(masks) == 0 {
		return "", false
	}
	names := make([]string, 0, len(masks))
	for n := range masks {
		names = append(names, n)
	}
	sort.Strings(names)
	csr := names[g.r.IntN(len(names))]
	mask := masks[csr]
	if imm {
		return fmt.Sprintf("%s %s, %s, %d", in.Mnemonic, rd, csr, g.r.IntN(32)&mask), true
	}
	g.line("    andi t2, %s, %d", g.xsrc(), mask)
	return fmt.Sprintf("%s %s, %s, t2", in.Mnemonic, rd, csr), true
}

// readOnlyCSRs may only be read (csrrs/csrrc with rs1 = zero).
var readOnlyCSRs = []string{"vl", "vtype", "vlenb"}

func (g *gen) enumValue(k *isadefs.OperandKind) (string, bool) {
	switch k.Sub {
	case "rm":
		return []string{"rne", "rtz", "rdn", "rup", "rmm", ""}[g.r.IntN(6)], true
	}
	order := k.Enum.Order
	return order[g.r.IntN(len(order))], true
}

func memSize(mn string) int {
	switch mn {
	case "lb", "lbu", "sb":
		return 1
	case "lh", "lhu", "sh":
		return 2
	}
	return 4
}

// ---- vector operand shapes -----------------------------------------------

// vecShape is the register allocation and setup of one vector instruction.
type vecShape struct {
	regs         map[string]string // vector operand name -> register
	base, stride string            // x registers prepared for memory ops
}

func (vs *vecShape) reg(name string) string { return vs.regs[name] }

// memEEW parses the element width of a vector memory mnemonic (0 if none):
// vle32.v, vlse16.v, vluxei8.v, vlseg3e16.v, vl2re32.v, vlm.v (1), vs4r.v (8).
func memEEW(mn string) (eew, nf, whole int) {
	base := strings.TrimSuffix(strings.TrimSuffix(mn, ".v"), "ff")
	switch {
	case base == "vlm" || base == "vsm":
		return 1, 1, 0
	case strings.HasPrefix(base, "vl") && strings.Contains(base, "re") && !strings.Contains(base, "seg"):
		// vl<n>re<eew>
		var n, e int
		fmt.Sscanf(base, "vl%dre%d", &n, &e)
		return e, 1, n
	case strings.HasPrefix(base, "vs") && strings.HasSuffix(base, "r") && len(base) == 4:
		var n int
		fmt.Sscanf(base, "vs%dr", &n)
		return 8, 1, n
	case strings.Contains(base, "seg"):
		var n, e int
		i := strings.Index(base, "seg")
		fmt.Sscanf(base[i:], "seg%de%d", &n, &e)
		return e, n, 0
	}
	// vle32, vse8, vlse16, vsse32, vluxei8, vloxei16, vsuxei32, vsoxei8
	i := len(base)
	for i > 0 && base[i-1] >= '0' && base[i-1] <= '9' {
		i--
	}
	var e int
	fmt.Sscanf(base[i:], "%d", &e)
	return e, 1, 0
}

func (g *gen) vectorShape(in *isadefs.Inst) (*vecShape, bool) {
	if g.sew == 0 {
		return nil, false
	}
	sew, lmul := g.sew, g.lmul
	if in.Ext() == "Zve32f" && sew != 32 {
		return nil, false
	}
	group := lmul // register group size in eighths
	fl := in.Flags
	mn := in.Mnemonic
	isMem := fl["vload"] || fl["vstore"]
	var eew, nf, whole int
	switch {
	case isMem:
		eew, nf, whole = memEEW(mn)
		switch {
		case whole > 0:
			group = 8 * whole
		case eew == 1:
			group = 8
		default:
			emul := eew * lmul / sew
			if emul < 8 || emul > 64 || nf*emul > 64 {
				return nil, false
			}
			if fl["indexed"] && eew != sew {
				return nil, false
			}
			group = max(lmul, nf*emul)
		}
	case fl["widen"] || fl["narrow"] || fl["wsrc"]:
		if sew > 16 || lmul < 8 || lmul > 32 {
			return nil, false
		}
		if !fl["red"] {
			group = 2 * lmul
		}
	case fl["ext2"]:
		if sew < 16 || lmul < 16 {
			return nil, false
		}
	case fl["ext4"]:
		if sew < 32 || lmul < 32 {
			return nil, false
		}
	case strings.HasPrefix(mn, "vrgatherei16"):
		emul := 16 * lmul / sew
		if emul < 8 || emul > 64 {
			return nil, false
		}
		group = max(lmul, emul)
	case strings.HasPrefix(mn, "vmv") && strings.HasSuffix(mn, "r.v"):
		var n int
		fmt.Sscanf(mn, "vmv%dr.v", &n)
		group = 8 * n
	}
	if fl["red"] && fl["widen"] && sew > 16 {
		return nil, false
	}
	n := max(group/8, 1)
	var slots []int
	for r := n; r+n <= 32; r += n {
		slots = append(slots, r)
	}
	g.r.Shuffle(len(slots), func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
	vs := &vecShape{regs: map[string]string{}}
	i := 0
	for _, k := range in.Operands {
		if k.Class != "reg" || k.Sub != "v" {
			continue
		}
		if i >= len(slots) {
			return nil, false
		}
		vs.regs[k.Name] = fmt.Sprintf("v%d", slots[i])
		i++
	}
	if fl["mdest"] && g.r.IntN(4) == 0 {
		masked := false
		for _, k := range in.Operands {
			if k.Class == "vmask" {
				masked = true
			}
		}
		// An unmasked mask-producing op may rewrite v0 (new masks for later).
		if !masked && !strings.Contains(in.Syntax, "v0") {
			vs.regs["vd"] = "v0"
		}
	}
	if isMem {
		size := max(eew/8, 1)
		switch {
		case fl["strided"]:
			stride := (g.r.IntN(9) - 4) * size
			g.line("    li t1, %d", stride)
			vs.stride = "t1"
			g.line("    addi t0, s0, %d", -512&^(size-1))
		case fl["indexed"]:
			idx := vs.regs["vs2"]
			g.line("    li t2, %d", 0x1ff&^(size-1))
			g.line("    vand.vx %s, %s, t2", idx, idx)
			g.line("    addi t0, s0, -1024")
		default:
			g.line("    addi t0, s0, %d", (g.r.IntN(BufSize-256)-2048)&^(size-1))
		}
		vs.base = "t0"
	}
	return vs, true
}
