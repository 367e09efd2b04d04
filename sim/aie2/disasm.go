package aie2

// The disassembly of bundles the machine reports (traces, warnings).

import (
	"kernelcraft/asm"
)

// disasm renders a bundle in llvm-aie syntax.
func (m *Machine) disasm(b *bundle) string {
	t := m.textsOf(b)
	if t[0] == "" {
		if be, err := asm.BackendFor("aie2"); err == nil {
			code, _ := m.mem.Peek(uint64(b.pc), uint64(max(b.size, 2)))
			if s, _, ok := asm.DisassembleBundle(be, code, uint64(b.pc)); ok {
				t[0] = s
			}
		}
		if t[0] == "" {
			t[0] = "(undecodable)"
		}
	}
	return t[0]
}

// textsOf is the texts of the bundle at b's address.
func (m *Machine) textsOf(b *bundle) *[2]string {
	if m.texts == nil {
		m.texts = map[uint32]*[2]string{}
	}
	t := m.texts[b.pc]
	if t == nil {
		t = new([2]string)
		m.texts[b.pc] = t
	}
	return t
}
