//go:build !coral_vector

package coral

import (
	"errors"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// This file stands in for the vector unit until sim/coral/vector*.go (the
// vector engineer's RVV semantics) lands: vector instructions decode as
// illegal. vglue.go (build tag coral_vector) is the real glue, written
// against the agreed contract (VState, VOp, DecodeVector, Exec, Uops,
// VRegs, XReads, XWrite).

type vstate struct{ VL, VType, VStart, VXRM, VXSAT uint32 }

type vop struct{}

var errNoVector = errors.New("vector instructions are not available in this build (the vector unit is not linked in yet)")

func (m *Machine) decodeVec(in *isadefs.Inst, word uint32, o *op, scratch bool) error {
	return errNoVector
}

func (m *Machine) execVec(o *op) *sim.Trap {
	return &sim.Trap{Kind: sim.TrapIllegal, Msg: errNoVector.Error()}
}

func (m *Machine) vreset() { m.v = vstate{VType: 1 << 31} }

func (m *Machine) vcsrRead(csr uint32) (uint32, bool) {
	switch csr {
	case csrVstart:
		return m.v.VStart, true
	case csrVxsat:
		return m.v.VXSAT & 1, true
	case csrVxrm:
		return m.v.VXRM & 3, true
	case csrVcsr:
		return (m.v.VXRM&3)<<1 | m.v.VXSAT&1, true
	case csrVl:
		return m.v.VL, true
	case csrVtype:
		return m.v.VType, true
	case csrVlenb:
		return 16, true
	}
	return 0, false
}

func (m *Machine) vcsrWrite(csr, v uint32) {
	switch csr {
	case csrVstart:
		m.v.VStart = v & 127
	case csrVxsat:
		m.v.VXSAT = v & 1
	case csrVxrm:
		m.v.VXRM = v & 3
	case csrVcsr:
		m.v.VXSAT, m.v.VXRM = v&1, v>>1&3
	}
}

func (m *Machine) vregBytes(i int) []byte { return make([]byte, 16) }

func (m *Machine) traceVec(o *op) string { return "" }
