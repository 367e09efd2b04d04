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

func (m *Machine) vregBytes(i int) []byte { return make([]byte, 16) }

func (m *Machine) traceVec(o *op) string { return "" }
