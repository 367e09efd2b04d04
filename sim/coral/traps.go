package coral

import (
	"fmt"

	"kernelcraft/sim"
)

// Machine-mode traps (TRAPS.md). Coral's scalar core has one privilege
// mode that matters, machine mode, and takes synchronous exceptions to
// mtvec (direct mode only: the low two bits of mtvec are ignored), setting
// mepc, mcause and mtval (coralnpu FaultManager.scala, Bru.scala); it
// changes nothing in mstatus, and mret only jumps to mepc.
//
// The benchmark's rule: a program that has never written mtvec has no
// trap handler, and an exception ends its run (sim.HaltTrap, with the
// message that names the instruction and the reason); once it has written
// mtvec, exceptions trap to it.

// Exception causes (mcause), as the privileged spec numbers them.
const (
	causeFetchMisaligned = 0
	causeFetchAccess     = 1
	causeIllegal         = 2
	causeBreakpoint      = 3
	causeLoadMisaligned  = 4
	causeLoadAccess      = 5
	causeStoreMisaligned = 6
	causeStoreAccess     = 7
	causeEcallM          = 11
	// causeCoralUsage is Coral's "usage fault" (Bru.scala: 24 + 1, in the
	// custom range): ebreak in machine mode, which halts the core.
	causeCoralUsage = 25
)

// raise handles an exception that op o raised at m.pc (o nil: fetching
// from m.pc failed). With a handler installed it takes the trap and
// returns true (the run goes on at mtvec); without one it ends the run
// as trapHalt does and returns false.
func (m *Machine) raise(t *sim.Trap, o *op) bool {
	if !m.csr.handler {
		return m.trapHalt(t, o)
	}
	cause, tval := trapCause(t, o)
	m.takeTrap(cause, tval, true, o != nil)
	if o == nil && m.t.fetch >= m.limit {
		// A handler whose own fetch faults traps forever without
		// dispatching anything: the cycle limit ends it.
		m.cycleLimit()
		return false
	}
	return true
}

// takeTrap enters the trap handler: mepc = pc, mcause = cause, mtval =
// tval (when setTval; Coral's ecall leaves mtval alone), pc = mtvec. The
// trapping instruction does not retire. dispatched says whether an
// instruction was dispatched (false for a fetch fault), for the timing
// of the redirect.
func (m *Machine) takeTrap(cause, tval uint32, setTval, dispatched bool) {
	pc := m.pc
	m.csr.mepc = pc &^ 3
	m.csr.mcause = cause
	if setTval {
		m.csr.mtval = tval
	}
	m.x[0] = 0
	m.pc = m.csr.mtvec &^ 3
	m.t.trap(dispatched)
	if m.opts.Trace != nil {
		fmt.Fprintf(m.opts.Trace, "%8d  %08x  trap: mcause %d (%s), mtval %#x -> mtvec %#x\n",
			m.t.cur, pc, cause, causeName(cause), m.csr.mtval, m.pc)
	}
}

// trapCause maps a trap raised by op o (nil: an instruction fetch) to
// mcause and mtval as Coral sets them (FaultManager.scala): the
// instruction word for an undecodable or unimplemented instruction, 0 for
// an unknown or read-only CSR; the target of a misaligned jal or jalr, 0
// for a misaligned branch target; the address of a faulting load or
// store; 0 for a faulting fetch.
func trapCause(t *sim.Trap, o *op) (cause, tval uint32) {
	addr := uint32(t.Addr)
	switch t.Kind {
	case sim.TrapMisaligned:
		switch {
		case o == nil:
			return causeFetchMisaligned, addr
		case o.tflags&(tJump|tIndirect) != 0:
			return causeFetchMisaligned, addr
		case o.tflags&tBranch != 0:
			return causeFetchMisaligned, 0
		case isStore(o):
			return causeStoreMisaligned, addr
		}
		return causeLoadMisaligned, addr
	case sim.TrapAccess:
		switch {
		case o == nil:
			return causeFetchAccess, 0
		case isStore(o):
			return causeStoreAccess, addr
		}
		return causeLoadAccess, addr
	}
	if o == nil || isCSROp(o.h) {
		return causeIllegal, 0
	}
	return causeIllegal, o.word
}

func isStore(o *op) bool { return o.inst != nil && o.inst.Flags["store"] }

func isCSROp(h uint8) bool {
	switch h {
	case hCsrrw, hCsrrs, hCsrrc, hCsrrwi, hCsrrsi, hCsrrci:
		return true
	}
	return false
}

// causeName names an exception cause for traces and messages.
func causeName(c uint32) string {
	switch c {
	case causeFetchMisaligned:
		return "instruction address misaligned"
	case causeFetchAccess:
		return "instruction access fault"
	case causeIllegal:
		return "illegal instruction"
	case causeBreakpoint:
		return "breakpoint"
	case causeLoadMisaligned:
		return "load address misaligned"
	case causeLoadAccess:
		return "load access fault"
	case causeStoreMisaligned:
		return "store address misaligned"
	case causeStoreAccess:
		return "store access fault"
	case causeEcallM:
		return "environment call from M-mode"
	case causeCoralUsage:
		return "Coral usage fault"
	}
	return "unknown"
}

// illegalOp handles a word that does not decode to an instruction the
// machine runs (hIllegal).
func (m *Machine) illegalOp(o *op) bool {
	if m.csr.handler {
		m.takeTrap(causeIllegal, o.word, true, true)
		return true
	}
	return m.trapHalt(&sim.Trap{Kind: sim.TrapIllegal, Msg: o.illegal}, nil)
}

// ecall: with a handler installed, an environment call from M-mode (mepc
// = pc, mcause 11; Coral leaves mtval unchanged); without one, a7=93 exits
// with code a0 (qemu-user's exit) and any other a7 halts.
func (m *Machine) ecall(o *op) bool {
	if m.csr.handler {
		m.takeTrap(causeEcallM, 0, false, true)
		return true
	}
	if m.x[17] != 93 {
		return m.trapHalt(&sim.Trap{Kind: sim.TrapIllegal, Msg: fmt.Sprintf("unsupported environment call a7=%d (only a7=93, exit with code a0, is supported; a program that has written mtvec traps to its handler instead)", m.x[17])}, o)
	}
	m.stats.Instructions++
	return m.stop(sim.HaltExit, int(int32(m.x[10])))
}

// ebreak: on Coral a breakpoint in machine mode is a usage fault that
// halts the core (Bru.scala: mcause 25, mtval = pc; the run ends with
// sim.HaltBreak). A config with params.ebreak_traps 1 (riscv-tests) makes
// it the standard breakpoint exception (mcause 3, mtval = pc) when a
// handler is installed.
func (m *Machine) ebreak() bool {
	if m.csr.handler && m.ebreakTraps {
		m.takeTrap(causeBreakpoint, m.pc, true, true)
		return true
	}
	m.csr.mcause, m.csr.mtval = causeCoralUsage, m.pc
	m.stats.Instructions++
	return m.stop(sim.HaltBreak, 0)
}

// trap books the redirect of a trap to mtvec, as for a jalr: nothing more
// dispatches in the trapping instruction's cycle, and the handler's first
// instruction dispatches mispredict_penalty cycles after the next one. A
// fetch fault (nothing dispatched) redirects from the cycle the fetch
// would have dispatched in.
func (t *timing) trap(dispatched bool) {
	base := t.cur
	if !dispatched {
		base = max(base+1, t.fetch)
	}
	t.closed = closedCtl
	t.fetch = max(t.fetch, base+1+t.penalty)
}
