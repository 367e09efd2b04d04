package coral

import (
	"fmt"
	"strings"
)

// traceLine writes one --trace line for an instruction that just executed:
//
//	cycle  pc  word  disassembly  [register writes]
func (m *Machine) traceLine(o *op, pc uint32, before *[32]uint32) {
	var dis string
	if o.inst != nil {
		dis = m.disasmInst(o.inst, o.word, pc)
	} else {
		dis = fmt.Sprintf(".word %#08x", o.word)
	}
	var writes []string
	for i := 1; i < 32; i++ {
		if m.x[i] != before[i] {
			writes = append(writes, fmt.Sprintf("%s=%#x", m.isa.RegFiles["x"].Names[i], m.x[i]))
		}
	}
	if o.dst >= 32 && o.dst < 64 {
		writes = append(writes, fmt.Sprintf("%s=%#08x", m.isa.RegFiles["f"].Names[o.dst-32], m.f[o.dst-32]))
	}
	if v := m.traceVec(o); v != "" {
		writes = append(writes, v)
	}
	fmt.Fprintf(m.opts.Trace, "%8d  %08x  %08x  %-32s %s\n", m.t.cur, pc, o.word, dis, strings.Join(writes, " "))
}
