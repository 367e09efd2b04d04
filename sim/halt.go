package sim

import "fmt"

// TrapKind classifies a trap that stops simulation.
type TrapKind uint8

// Trap kinds.
const (
	TrapIllegal    TrapKind = iota + 1 // undecodable or disabled instruction
	TrapMisaligned                     // misaligned access or jump target
	TrapAccess                         // access outside memory or against permissions
	TrapConfig                         // illegal vector configuration use (vill) and similar
)

func (k TrapKind) String() string {
	switch k {
	case TrapIllegal:
		return "illegal instruction"
	case TrapMisaligned:
		return "misaligned access"
	case TrapAccess:
		return "access fault"
	case TrapConfig:
		return "illegal configuration"
	}
	return "trap"
}

// Trap is a fault raised by an instruction. PC is filled in by the core.
type Trap struct {
	Kind TrapKind
	PC   uint64
	Addr uint64
	Msg  string
}

func (t *Trap) Error() string {
	return fmt.Sprintf("%s at pc %#x: %s", t.Kind, t.PC, t.Msg)
}

// HaltKind is why a simulation stopped.
type HaltKind uint8

// Halt kinds.
const (
	Running        HaltKind = iota
	HaltPause               // mpause or similar success halt
	HaltExit                // exit system call (ecall a7=93) with a code
	HaltToHost              // store to tohost (riscv-tests): code 0 = pass, n = failing test
	HaltBreak               // ebreak: halt with a fault
	HaltTrap                // a trap (illegal instruction, misaligned, access fault)
	HaltCycleLimit          // the cycle limit was reached
	// HaltCancelled: the run was stopped from outside (CoreOptions.Stop:
	// Ctrl-C, a deadline) before it ended. It is never a success, and
	// its cycles are those simulated until then.
	HaltCancelled
	HaltEnd // the program ran off its last instruction (success on targets whose programs end so, such as plena)
)

// Exit statuses of kc-sim for stops that are not the program's own exit code.
const (
	ExitCycleLimit = 124 // cycle limit reached
	ExitBreak      = 125 // ebreak (fault halt)
	ExitTrap       = 126 // trap: illegal instruction, misaligned or out-of-range access
	ExitToolError  = 127 // kc-sim itself failed: bad flags, unreadable ELF, bad case
	// ExitInterrupted is the status of a run stopped from outside
	// (HaltCancelled): 128 + SIGINT, as shells report Ctrl-C.
	ExitInterrupted = 130
)

// Halt describes the end of a run.
type Halt struct {
	Kind HaltKind
	Code int    // exit code (HaltExit) or failing test number (HaltToHost)
	PC   uint64 // pc of the instruction that halted
	Trap *Trap  // for HaltTrap
	Msg  string // human-readable reason
}

// OK reports whether the run ended successfully.
func (h Halt) OK() bool {
	switch h.Kind {
	case HaltPause, HaltEnd:
		return true
	case HaltExit, HaltToHost:
		return h.Code == 0
	}
	return false
}

// ExitStatus maps the halt to a process exit status, as spike and qemu do:
// the program's own code for exits, documented codes for faults.
func (h Halt) ExitStatus() int {
	switch h.Kind {
	case HaltPause, HaltEnd:
		return 0
	case HaltExit, HaltToHost:
		return h.Code & 0xff
	case HaltBreak:
		return ExitBreak
	case HaltTrap:
		return ExitTrap
	case HaltCycleLimit:
		return ExitCycleLimit
	case HaltCancelled:
		return ExitInterrupted
	}
	return ExitToolError
}

// KindName is a short stable name for the halt kind (used in stats.json).
func (h Halt) KindName() string {
	return [...]string{"running", "pause", "exit", "tohost", "ebreak", "trap", "cycle-limit", "cancelled", "end"}[h.Kind]
}

func (h Halt) String() string {
	if h.Msg != "" {
		return h.Msg
	}
	switch h.Kind {
	case HaltPause:
		return fmt.Sprintf("halted: mpause at pc %#x (success)", h.PC)
	case HaltExit:
		return fmt.Sprintf("halted: exit(%d) at pc %#x", h.Code, h.PC)
	case HaltToHost:
		if h.Code == 0 {
			return "halted: tohost = 1 (pass)"
		}
		return fmt.Sprintf("halted: tohost reports failure of test %d", h.Code)
	case HaltBreak:
		return fmt.Sprintf("halted: ebreak at pc %#x (fault)", h.PC)
	case HaltTrap:
		return "halted: " + h.Trap.Error()
	case HaltCycleLimit:
		return fmt.Sprintf("halted: cycle limit reached at pc %#x", h.PC)
	case HaltCancelled:
		return fmt.Sprintf("halted: cancelled at pc %#x (the run was stopped before it ended)", h.PC)
	case HaltEnd:
		return fmt.Sprintf("halted: the program ran off its last instruction at pc %#x (success)", h.PC)
	}
	return "running"
}
