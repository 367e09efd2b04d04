package aie2

import (
	"fmt"
	"sort"
	"strings"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

// Alignment rules of the AIE2 core that llvm-aie's code generator
// guarantees (AIE2InstrInfo::getAlignmentBoundaries, AIEMachineAlignment):
// the assembler checks them on the final addresses.
const (
	// fetchAlign is the instruction fetch line: zero-overhead-loop starts
	// and the ends of loop bodies lie on it; branch targets and return
	// addresses should.
	fetchAlign = 16
	// loopSetupBytes is the least distance from the bundle that sets up a
	// zero-overhead loop (writes ls, le or lc) to its last bundle: llvm-aie
	// pads the region to 7 bundles of 16 bytes.
	loopSetupBytes = 112
	// delaySlots is the number of bundles after a branch that execute
	// before it takes effect.
	delaySlots = 5
)

type bundle struct {
	addr uint64
	size int
	ops  []isadefs.SlotOp
}

// CheckProgram checks the alignment rules of zero-overhead loops (errors)
// and of branch targets and call return addresses (warnings) on the
// assembled code.
func (b *Backend) CheckProgram(p *asm.Program) []asm.Diag {
	var bundles []bundle
	for _, s := range p.Sections {
		if !s.Exec || s.NoBits {
			continue
		}
		for off := 0; off < len(s.Data); {
			_, size, ops, ok := b.isa.Unpack(s.Data[off:])
			if !ok || size == 0 {
				size = 2
			}
			bundles = append(bundles, bundle{addr: s.Addr + uint64(off), size: size, ops: ops})
			off += size
		}
	}
	sort.Slice(bundles, func(i, j int) bool { return bundles[i].addr < bundles[j].addr })
	at := map[uint64]int{}
	for i, bd := range bundles {
		at[bd.addr] = i
	}
	inCode := func(v int64) bool {
		return len(bundles) > 0 && v >= int64(bundles[0].addr) && v < int64(bundles[len(bundles)-1].addr)+int64(bundles[len(bundles)-1].size)
	}
	var out []asm.Diag
	lastSetup := map[string]uint64{} // ls/le/lc -> address of the last bundle writing it
	for i, bd := range bundles {
		for _, op := range bd.ops {
			if op.Inst == nil {
				continue
			}
			mn := op.Inst.Mnemonic
			switch {
			case mn == "j" || mn == "jl" || mn == "jz" || mn == "jnz":
				if t, ok := immOperand(op); ok && t%fetchAlign != 0 && inCode(t) {
					out = append(out, asm.Diag{Addr: bd.addr,
						Msg:  fmt.Sprintf("%s target %#x is not %d-byte aligned", mn, t, fetchAlign),
						Hint: "llvm-aie aligns branch targets to 16 bytes (the fetch line): put .p2align 4 before the label"})
				}
				if mn == "jl" && i+delaySlots+1 < len(bundles) {
					if ret := bundles[i+delaySlots+1].addr; ret%fetchAlign != 0 {
						out = append(out, asm.Diag{Addr: bd.addr,
							Msg:  fmt.Sprintf("the return address of this call (%#x, after its %d delay slots) is not %d-byte aligned", ret, delaySlots, fetchAlign),
							Hint: "llvm-aie aligns the bundle after a call's delay slots to 16 bytes"})
					}
				}
			}
			reg, val, isConst := loopRegWrite(op)
			if reg == "" {
				continue
			}
			lastSetup[reg] = bd.addr
			if !isConst || !inCode(val) {
				// A value outside this program's code (a fragment, or
				// code linked elsewhere) cannot be checked here.
				continue
			}
			switch reg {
			case "ls":
				if val%fetchAlign != 0 {
					out = append(out, asm.Diag{Addr: bd.addr, Error: true,
						Msg:  fmt.Sprintf("zero-overhead loop start ls = %#x is not %d-byte aligned", val, fetchAlign),
						Hint: "put .p2align 4 before the loop's first bundle"})
				}
			case "le":
				j, ok := at[uint64(val)]
				if !ok {
					out = append(out, asm.Diag{Addr: bd.addr, Error: true,
						Msg:  fmt.Sprintf("zero-overhead loop end le = %#x is not the address of a bundle", val),
						Hint: "le holds the address of the loop body's last bundle: write its label"})
					continue
				}
				end := bundles[j].addr + uint64(bundles[j].size)
				if end%fetchAlign != 0 {
					out = append(out, asm.Diag{Addr: bundles[j].addr, Error: true,
						Msg:  fmt.Sprintf("the last bundle of a zero-overhead loop (at %#x, %d bytes) must end on a %d-byte boundary; it ends at %#x", bundles[j].addr, bundles[j].size, fetchAlign, end),
						Hint: "pad the body with nops or use wider bundles so that the bundle after the loop is 16-byte aligned"})
				}
				first := bd.addr
				for _, r := range []string{"ls", "lc"} {
					if a, ok := lastSetup[r]; ok && a > first {
						first = a
					}
				}
				if d := bundles[j].addr - first; bundles[j].addr >= first && d < loopSetupBytes {
					out = append(out, asm.Diag{Addr: first, Error: true,
						Msg:  fmt.Sprintf("the loop set-up at %#x is only %d bytes before the loop's last bundle (%#x); at least %d are needed", first, d, bundles[j].addr, loopSetupBytes),
						Hint: "llvm-aie pads the region from the set-up to the loop end to 7 bundles of 16 bytes: move the set-up earlier or add nop bundles"})
				}
			}
		}
	}
	return out
}

// immOperand returns the value of a slot operation's immediate operand.
func immOperand(op isadefs.SlotOp) (int64, bool) {
	for _, k := range op.Inst.Operands {
		if k.Class == "uimm" || k.Class == "simm" {
			return k.Extract(op.Word), true
		}
	}
	return 0, false
}

// loopRegWrite reports whether the operation writes ls, le or lc (its
// first operand), and the value when it is an immediate move.
func loopRegWrite(op isadefs.SlotOp) (reg string, val int64, isConst bool) {
	ops := op.Inst.Operands
	if len(ops) == 0 || ops[0].Class != "reg" || ops[0].RegFile == nil {
		return "", 0, false
	}
	v := ops[0].Extract(op.Word)
	if !ops[0].RegFile.Valid(v) {
		return "", 0, false
	}
	name := ops[0].RegFile.Names[v]
	if name != "ls" && name != "le" && name != "lc" {
		return "", 0, false
	}
	// Loads, adds and register moves write it too, with a value not known
	// here; only the immediate moves give the address.
	mn := op.Inst.Mnemonic
	if (mn == "movxm" || mn == "mov" || mn == "mova" || mn == "movx") && len(ops) == 2 && (ops[1].Class == "simm" || ops[1].Class == "uimm") {
		return name, ops[1].Extract(op.Word), true
	}
	if strings.HasPrefix(mn, "st") {
		return "", 0, false // a store reads its first operand
	}
	return name, 0, false
}
