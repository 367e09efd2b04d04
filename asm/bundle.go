package asm

import (
	"fmt"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// VLIW targets (isa-defs format lines, aie2): every source line that holds
// instructions is one bundle; its operations, separated by the ISA's
// separator, go in distinct slots, and the bundle is encoded in the
// smallest format that has those slots (the others hold their nops), as
// llvm-aie's assembler does. Pass 1 picks each operation's form by the
// shape of its operands and sizes the bundle; pass 2 encodes the forms in
// a format of that size.

// bundleTarget reports whether the target encodes lines as bundles.
func (a *assembler) bundleTarget() bool { return len(a.as.isa.Formats) > 0 }

// pass1Bundle handles one source line of a bundle target.
func (a *assembler) pass1Bundle(l *Line) {
	var opStmts []int
	for k, st := range l.Stmts {
		if st != nil && st.Op != nil {
			opStmts = append(opStmts, k)
		}
	}
	if len(opStmts) == 1 && strings.HasPrefix(l.Stmts[opStmts[0]].Op.Name, ".") && len(a.as.isa.Lookup(l.Stmts[opStmts[0]].Op.Name)) == 0 {
		for k, st := range l.Stmts {
			if st != nil {
				a.pass1(st, k)
			}
		}
		return
	}
	// Labels and assignments first: they name the bundle's address.
	for _, st := range l.Stmts {
		if st == nil {
			continue
		}
		for _, lb := range st.Labels {
			a.defineLabel(lb.Name, lb.Pos)
		}
		if st.Assign != nil {
			a.defineEqu(st.Assign.Name, st.Assign.Value, st.Assign.Pos)
		}
	}
	if len(opStmts) == 0 {
		return
	}
	first := l.Stmts[opStmts[0]].Op
	rec := &stmtRec{idx: len(a.stmts), line: first.Pos.Line, stmtNo: opStmts[0], bundle: opStmts, op: first, sec: a.cur, off: a.cur.size}
	rec.key = a.nextKey()
	a.curStmt = rec
	a.stmts = append(a.stmts, rec)
	nErrs := a.nErrs
	ops := make([]*Op, len(opStmts))
	for i, k := range opStmts {
		ops[i] = l.Stmts[k].Op
		if strings.HasPrefix(ops[i].Name, ".") && len(a.as.isa.Lookup(ops[i].Name)) == 0 {
			a.errorAt(ops[i].Pos, fmt.Sprintf("directive %s cannot share a line with other operations", ops[i].Name), "put it on a line of its own")
		}
	}
	size := a.sizeBundle(rec, ops)
	rec.failed = a.nErrs > nErrs
	a.cur.size += int64(size)
	rec.size = int64(size)
}

// bundleChoice is one operation's form and encoding.
type bundleChoice struct {
	in    *isadefs.Inst
	word  uint64
	warns []pendingWarn
}

// sizeBundle picks the forms of a bundle's operations by shape and returns
// the size in bytes of the format that holds them (0 when none does; the
// error is reported).
func (a *assembler) sizeBundle(rec *stmtRec, ops []*Op) int {
	cands := make([][]bundleChoice, len(ops))
	for i, op := range ops {
		insts, pseudos, disabled := a.candidates(op.Name)
		for _, in := range insts {
			if a.shapeMatchesForm(a.as.forms[in], op.Args) {
				cands[i] = append(cands[i], bundleChoice{in: in})
			}
		}
		if len(insts)+len(pseudos) == 0 {
			a.report(a.unknownMnemonic(op, disabled), op.Pos)
			return 2
		}
		if len(pseudos) > 0 && len(insts) == 0 {
			a.errorAt(op.Pos, fmt.Sprintf("%s: pseudo-instructions are not supported in bundles", op.Name), "")
			return 2
		}
		if len(cands[i]) == 0 {
			// No form has this shape: pass 2 reports the full diagnosis;
			// size with the first form.
			cands[i] = append(cands[i], bundleChoice{in: insts[0]})
		}
	}
	choice, f, err := a.assignSlots(ops, cands, 0)
	if err != nil {
		a.report(err, rec.op.Pos)
		return 2
	}
	rec.bundleInsts = make([]*isadefs.Inst, len(choice))
	for i, c := range choice {
		rec.bundleInsts[i] = c.in
	}
	return f.Bits / 8
}

// assignSlots chooses one candidate per operation, in distinct slots,
// such that a format holds them: of size bits if size > 0, else the
// smallest. Earlier candidates are preferred.
func (a *assembler) assignSlots(ops []*Op, cands [][]bundleChoice, size int) ([]bundleChoice, *isadefs.Format, error) {
	isa := a.as.isa
	var best []bundleChoice
	var bestF *isadefs.Format
	choice := make([]bundleChoice, len(ops))
	used := map[string]int{}
	var clash error
	steps := 0
	var try func(i int)
	try = func(i int) {
		if steps++; steps > 10000 {
			return
		}
		if i == len(ops) {
			slots := make([]string, len(choice))
			for k, c := range choice {
				slots[k] = c.in.Slot
			}
			f, err := isa.ChooseFormat(slots, size)
			if err != nil {
				if clash == nil {
					clash = fmt.Errorf("%s", err.Error())
				}
				return
			}
			if bestF == nil || f.Bits < bestF.Bits {
				best, bestF = append([]bundleChoice(nil), choice...), f
			}
			return
		}
		for _, c := range cands[i] {
			if j, taken := used[c.in.Slot]; taken {
				if clash == nil {
					clash = &posError{pos: ops[i].Pos,
						msg:  fmt.Sprintf("%s and %s both need the %s slot: a bundle holds one operation per slot", ops[j].Name, ops[i].Name, c.in.Slot),
						hint: "move one of them to another bundle (line)"}
				}
				continue
			}
			used[c.in.Slot] = i
			choice[i] = c
			try(i + 1)
			delete(used, c.in.Slot)
			if bestF != nil && size > 0 {
				return
			}
		}
	}
	try(0)
	if bestF == nil {
		if clash == nil {
			clash = fmt.Errorf("no bundle format holds these operations")
		}
		if pe, ok := clash.(*posError); ok {
			return nil, nil, pe
		}
		var names []string
		for i, op := range ops {
			names = append(names, fmt.Sprintf("%s (%s)", op.Name, cands[i][0].in.Slot))
		}
		return nil, nil, &posError{pos: ops[0].Pos, msg: fmt.Sprintf("%s: %v", strings.Join(names, ", "), clash),
			hint: combinableHint(isa, cands)}
	}
	return best, bestF, nil
}

// combinableHint says which slots can share a bundle with each slot of
// the operations (from the formats).
func combinableHint(isa *isadefs.ISA, cands [][]bundleChoice) string {
	var parts []string
	seen := map[string]bool{}
	for _, c := range cands {
		s := c[0].in.Slot
		if seen[s] {
			continue
		}
		seen[s] = true
		with := map[string]bool{}
		for _, f := range isa.Formats {
			if f.HasSlot(s) {
				for _, o := range f.SlotNames() {
					if o != s {
						with[o] = true
					}
				}
			}
		}
		var list []string
		for _, sl := range isa.SlotOrder {
			if with[sl.Name] {
				list = append(list, sl.Name)
			}
		}
		parts = append(parts, fmt.Sprintf("%s combines with %s", s, strings.Join(list, ", ")))
		if len(parts) == 3 {
			break
		}
	}
	return strings.Join(parts, "; ") + "; split the bundle"
}

// encodeBundle encodes a bundle in pass 2 into the bytes of a format of
// the size chosen in pass 1.
func (a *assembler) encodeBundle(rec *stmtRec, pc int64) ([]byte, error) {
	ops := a.bundleOps(rec)
	if b, ok := a.encodeChosen(rec, ops, pc); ok {
		return b, nil
	}
	cands := make([][]bundleChoice, len(ops))
	for i, op := range ops {
		insts, _, _ := a.candidates(op.Name)
		var firstErr, shapeErr error
		// The form chosen in pass 1 first.
		order := make([]*isadefs.Inst, 0, len(insts))
		if i < len(rec.bundleInsts) && rec.bundleInsts[i] != nil {
			order = append(order, rec.bundleInsts[i])
		}
		for _, in := range insts {
			if len(order) == 0 || in != order[0] {
				order = append(order, in)
			}
		}
		for _, in := range order {
			w, err := a.matchEncode(in, op, pc)
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				// The error of a form the operands have the shape of
				// says most (an immediate out of its range).
				if shapeErr == nil && a.shapeMatchesForm(a.as.forms[in], op.Args) {
					shapeErr = err
				}
				continue
			}
			cands[i] = append(cands[i], bundleChoice{in: in, word: w, warns: append([]pendingWarn(nil), a.candWarns...)})
		}
		if len(cands[i]) == 0 {
			if shapeErr != nil {
				firstErr = shapeErr
			}
			if firstErr == nil {
				_, _, disabled := a.candidates(op.Name)
				firstErr = a.unknownMnemonic(op, disabled)
			}
			return nil, a.explain(op, pc, firstErr)
		}
	}
	choice, f, err := a.assignSlots(ops, cands, int(rec.size)*8)
	if err != nil {
		return nil, err
	}
	words := map[string]uint64{}
	for _, c := range choice {
		words[c.in.Slot] = c.word
		for _, w := range c.warns {
			a.warnAt(w.pos, w.msg, w.hint)
		}
	}
	b, err := a.as.isa.Pack(f, words)
	if err != nil {
		return nil, errAt(rec.op.Pos, "%v", err)
	}
	return b.Bytes(f.Bits / 8), nil
}

// encodeChosen encodes a bundle with the forms pass 1 chose, when each
// of them encodes and they fit a format of the size pass 1 found: the
// choice the full search below (encodeBundle) tries first and keeps, so
// the bytes and warnings are the same; ok is false otherwise (the full
// search then decides and explains).
func (a *assembler) encodeChosen(rec *stmtRec, ops []*Op, pc int64) (code []byte, ok bool) {
	if len(rec.bundleInsts) != len(ops) {
		return nil, false
	}
	var wordsBuf [8]uint64
	var slotsBuf [8]string
	if len(ops) > len(wordsBuf) {
		return nil, false
	}
	words, slots := wordsBuf[:len(ops)], slotsBuf[:len(ops)]
	var warns []pendingWarn
	for i, op := range ops {
		in := rec.bundleInsts[i]
		if in == nil {
			return nil, false
		}
		w, err := a.matchEncode(in, op, pc)
		if err != nil {
			return nil, false
		}
		for _, s := range slots[:i] {
			if s == in.Slot {
				return nil, false
			}
		}
		words[i], slots[i] = w, in.Slot
		warns = append(warns, a.candWarns...)
	}
	f, err := a.as.isa.ChooseFormat(slots, int(rec.size)*8)
	if err != nil {
		return nil, false
	}
	m := make(map[string]uint64, len(ops))
	for i, s := range slots {
		m[s] = words[i]
	}
	b, err := a.as.isa.Pack(f, m)
	if err != nil {
		return nil, false
	}
	for _, w := range warns {
		a.warnAt(w.pos, w.msg, w.hint)
	}
	return b.Bytes(f.Bits / 8), true
}

// bundleOps returns the operations of a bundle record (parsing its line
// again in pass 2).
func (a *assembler) bundleOps(rec *stmtRec) []*Op {
	if l := rec.tree; l != nil {
		ops := make([]*Op, len(rec.bundle))
		for i, k := range rec.bundle {
			ops[i] = l.Stmts[k].Op
		}
		return ops
	}
	if a.reparsed == nil || a.reparsedLine != rec.line {
		l, err := a.as.syntax.parseLine(a.file, rec.line, a.x.text(rec.line))
		if err != nil {
			panic(fmt.Sprintf("line %d parsed in pass 1 but not again: %v", rec.line, err))
		}
		a.reparsed, a.reparsedLine = l, rec.line
	}
	ops := make([]*Op, len(rec.bundle))
	for i, k := range rec.bundle {
		ops[i] = a.reparsed.Stmts[k].Op
	}
	return ops
}

// pass2Bundle emits a bundle.
func (a *assembler) pass2Bundle(rec *stmtRec) {
	pc := rec.sec.addr + int64(len(rec.sec.data))
	var code []byte
	if !rec.failed {
		var err error
		code, err = a.encodeBundle(rec, pc)
		if err != nil {
			a.report(err, rec.op.Pos)
			code = nil
		}
	}
	if code == nil {
		code = make([]byte, rec.size)
	}
	if int64(len(code)) != rec.size {
		a.errorAt(rec.op.Pos, fmt.Sprintf("internal error: bundle sized %d bytes in pass 1 but %d in pass 2", rec.size, len(code)), "")
		return
	}
	a.recordLineSize(len(code))
	a.emit(code...)
}

// nopBundle returns the bytes of the smallest bundle of nops (padding for
// .align in code).
func (a *assembler) nopBundle() []byte {
	var best *isadefs.Format
	for _, f := range a.as.isa.Formats {
		if best == nil || f.Bits < best.Bits {
			best = f
		}
	}
	if best == nil {
		return nil
	}
	b, err := a.as.isa.Pack(best, nil)
	if err != nil {
		return nil
	}
	return b.Bytes(best.Bits / 8)
}

// DisassembleBundle renders the bundle at the start of code (at address
// pc) as source that assembles back to the same bytes: its slot
// operations separated by " ; " in the format's slot order, as llvm-aie
// prints them. size is the bundle's size in bytes; ok is false when the
// bytes are no bundle or a slot holds no instruction.
func DisassembleBundle(b Backend, code []byte, pc uint64) (text string, size int, ok bool) {
	isa := b.ISA()
	_, size, ops, ok := isa.Unpack(code)
	if !ok {
		return "", 0, false
	}
	custom := func(k *isadefs.OperandKind, v int64) (string, bool) { return b.FormatOperand(k, v) }
	parts := make([]string, 0, len(ops))
	for _, o := range ops {
		if o.Inst == nil {
			return "", size, false
		}
		parts = append(parts, o.Inst.Format(o.Word, pc, custom))
	}
	return strings.Join(parts, " ; "), size, true
}

// DisassembleBytes renders a bundle target's code (machine-code text of
// bytes) as source that kc-as assembles back: one bundle per line, with
// its address and bytes as a comment; bytes that are no bundle become
// .byte directives.
func DisassembleBytes(b Backend, code []byte) string {
	isa := b.ISA()
	comment := "//"
	if len(isa.Comments) > 0 {
		comment = isa.Comments[0]
	}
	var sb strings.Builder
	for off := 0; off < len(code); {
		text, size, ok := DisassembleBundle(b, code[off:], uint64(off))
		if !ok || size == 0 {
			size = min(2, len(code)-off)
			text = byteDirective(code[off : off+size])
		}
		fmt.Fprintf(&sb, "%-60s %s %4x: % x\n", text, comment, off, code[off:off+size])
		off += size
	}
	return sb.String()
}

func byteDirective(p []byte) string {
	parts := make([]string, len(p))
	for i, c := range p {
		parts[i] = fmt.Sprintf("%#02x", c)
	}
	return ".byte " + strings.Join(parts, ", ")
}

// recordLineSize notes that n bytes about to be emitted come from the
// current statement's line (pass 2 only).
func (a *assembler) recordLineSize(n int) {
	if !a.final || a.curStmt == nil {
		return
	}
	a.lineTab = append(a.lineTab, LineEntry{Addr: uint64(a.cur.addr + a.cur.size), Size: uint32(n), Line: a.curStmt.line})
}
