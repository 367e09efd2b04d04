package coral

import (
	"fmt"

	"kernelcraft/sim"
)

// CSR numbers.
const (
	csrFflags   = 0x001
	csrFrm      = 0x002
	csrFcsr     = 0x003
	csrVstart   = 0x008
	csrVxsat    = 0x009
	csrVxrm     = 0x00a
	csrVcsr     = 0x00f
	csrSstatus  = 0x100
	csrSie      = 0x104
	csrStvec    = 0x105
	csrSscratch = 0x140
	csrSepc     = 0x141
	csrScause   = 0x142
	csrStval    = 0x143
	csrSip      = 0x144
	csrSatp     = 0x180
	csrMstatus  = 0x300
	csrMisa     = 0x301
	csrMedeleg  = 0x302
	csrMideleg  = 0x303
	csrMie      = 0x304
	csrMtvec    = 0x305
	csrMcounten = 0x306
	csrMenvcfg  = 0x30a
	csrMstatush = 0x310
	csrMenvcfgh = 0x31a
	csrMcountin = 0x320
	csrMscratch = 0x340
	csrMepc     = 0x341
	csrMcause   = 0x342
	csrMtval    = 0x343
	csrMip      = 0x344
	csrPmpcfg0  = 0x3a0
	csrPmpaddr0 = 0x3b0
	csrTselect  = 0x7a0
	csrTdata1   = 0x7a1
	csrTdata2   = 0x7a2
	csrMcontext = 0x7c0 // Coral: mcontext0..7
	csrMpc      = 0x7e0 // Coral
	csrMsp      = 0x7e1 // Coral
	csrMcycle   = 0xb00
	csrMinstret = 0xb02
	csrMcycleh  = 0xb80
	csrMinsth   = 0xb82
	csrCycle    = 0xc00
	csrTime     = 0xc01
	csrInstret  = 0xc02
	csrVl       = 0xc20
	csrVtype    = 0xc21
	csrVlenb    = 0xc22
	csrCycleh   = 0xc80
	csrTimeh    = 0xc81
	csrInstreth = 0xc82
	csrMvendor  = 0xf11
	csrMarchid  = 0xf12
	csrMimpid   = 0xf13
	csrMhartid  = 0xf14
	csrMconfig  = 0xf15
)

var csrByName = map[string]uint32{
	"fflags": csrFflags, "frm": csrFrm, "fcsr": csrFcsr,
	"vstart": csrVstart, "vxsat": csrVxsat, "vxrm": csrVxrm, "vcsr": csrVcsr,
	"sstatus": csrSstatus, "sie": csrSie, "stvec": csrStvec, "sscratch": csrSscratch,
	"sepc": csrSepc, "scause": csrScause, "stval": csrStval, "sip": csrSip, "satp": csrSatp,
	"mstatus": csrMstatus, "misa": csrMisa, "medeleg": csrMedeleg, "mideleg": csrMideleg,
	"mie": csrMie, "mtvec": csrMtvec, "mcounteren": csrMcounten, "menvcfg": csrMenvcfg,
	"mstatush": csrMstatush, "menvcfgh": csrMenvcfgh, "mcountinhibit": csrMcountin,
	"mscratch": csrMscratch, "mepc": csrMepc, "mcause": csrMcause, "mtval": csrMtval, "mip": csrMip,
	"tselect": csrTselect, "tdata1": csrTdata1, "tdata2": csrTdata2,
	"mpc": csrMpc, "msp": csrMsp,
	"mcycle": csrMcycle, "minstret": csrMinstret, "mcycleh": csrMcycleh, "minstreth": csrMinsth,
	"cycle": csrCycle, "time": csrTime, "instret": csrInstret,
	"vl": csrVl, "vtype": csrVtype, "vlenb": csrVlenb,
	"cycleh": csrCycleh, "timeh": csrTimeh, "instreth": csrInstreth,
	"mvendorid": csrMvendor, "marchid": csrMarchid, "mimpid": csrMimpid, "mhartid": csrMhartid,
	"mconfigptr": csrMconfig,
}

func init() {
	for i := uint32(0); i < 16; i++ {
		csrByName[fmt.Sprintf("pmpcfg%d", i)] = csrPmpcfg0 + i
	}
	for i := uint32(0); i < 64; i++ {
		csrByName[fmt.Sprintf("pmpaddr%d", i)] = csrPmpaddr0 + i
	}
	for i := uint32(0); i < 8; i++ {
		csrByName[fmt.Sprintf("mcontext%d", i)] = csrMcontext + i
	}
}

// csrFile holds the CSRs that are not part of the vector state.
type csrFile struct {
	fflags, frm uint32
	mstatus     uint32 // only MPP (bits 12..11) exists, as on Coral
	mie         uint32 // one bit, as on Coral (no interrupts are simulated)
	mtvec       uint32
	// handler is set once the program has written mtvec: from then on
	// exceptions trap to it (TRAPS.md); before, they halt the run.
	handler    bool
	mscratch   uint32
	mepc       uint32
	mcause     uint32
	mtval      uint32
	mcontext   [8]uint32
	mpc, msp   uint32
	cycleOff   uint64 // mcycle writes move the counter by this much
	instretOff uint64
}

// csrOp executes a CSR instruction: it reads the old value (when read) and
// writes new = f(old, src) (when write). A CSR that does not exist, or a
// write to a read-only one, is an illegal instruction.
func (m *Machine) csrOp(csr uint32, src uint32, kind uint8, read, write bool) (uint32, *sim.Trap) {
	old, ok := m.csrRead(csr)
	if !ok {
		return 0, &sim.Trap{Kind: sim.TrapIllegal, Msg: fmt.Sprintf("unknown CSR %#x", csr)}
	}
	if !write {
		return old, nil
	}
	if csr>>10 == 3 {
		return 0, &sim.Trap{Kind: sim.TrapIllegal, Msg: fmt.Sprintf("write to read-only CSR %s", csrName(csr))}
	}
	var v uint32
	switch kind {
	case csrKindWrite:
		v = src
	case csrKindSet:
		v = old | src
	default:
		v = old &^ src
	}
	m.csrWrite(csr, v)
	_ = read
	return old, nil
}

// mstatusMPP is the only field of Coral's mstatus (Csr.scala reads it as
// Cat(0, mpp, 0)): no MIE, MPIE, FS or VS.
const mstatusMPP = 3 << 11

const (
	csrKindWrite uint8 = iota
	csrKindSet
	csrKindClear
)

func csrName(csr uint32) string {
	if n, ok := csrNames[csr]; ok {
		return n
	}
	return fmt.Sprintf("%#x", csr)
}

// cycleNow is the cycle counter as a CSR read sees it: the dispatch cycle of
// the reading instruction.
func (m *Machine) cycleNow() uint64 { return uint64(m.t.cur) + m.csr.cycleOff }

func (m *Machine) instretNow() uint64 { return m.stats.Instructions + m.csr.instretOff }

func (m *Machine) misa() uint32 {
	v := uint32(1) << 30 // MXL = 32
	for _, e := range []struct {
		ext string
		bit uint
	}{{"I", 8}, {"M", 12}, {"F", 5}, {"Zve32x", 21}} {
		if m.hw.HasExt(e.ext) {
			v |= 1 << e.bit
		}
	}
	return v
}

// csrRead reads a CSR. The CSRs are Coral's (coralnpu Csr.scala,
// CsrAddress) plus those the simulator adds for its extensions: vcsr
// (RVV 1.0), the user counters cycle, time and instret (and their high
// halves) and mconfigptr; any other number is an unknown CSR, an illegal
// instruction (TRAPS.md).
func (m *Machine) csrRead(csr uint32) (uint32, bool) {
	switch {
	case csr >= csrMcontext && csr < csrMcontext+8:
		return m.csr.mcontext[csr-csrMcontext], true
	case csr == 0xfc0 || csr >= 0xfc4 && csr <= 0xfd4 && csr%4 == 0:
		return 0, true // Coral's kisa and kscm0-4 (read-only): 0
	}
	switch csr {
	case csrFflags:
		return m.csr.fflags, m.hw.HasExt("F")
	case csrFrm:
		return m.csr.frm, m.hw.HasExt("F")
	case csrFcsr:
		return m.csr.frm<<5 | m.csr.fflags, m.hw.HasExt("F")
	case csrVstart, csrVxsat, csrVxrm, csrVcsr, csrVl, csrVtype, csrVlenb:
		if !m.hasVec {
			return 0, false
		}
		return m.vcsrRead(csr)
	case csrMcycle, csrCycle, csrTime:
		return uint32(m.cycleNow()), true
	case csrMcycleh, csrCycleh, csrTimeh:
		return uint32(m.cycleNow() >> 32), true
	case csrMinstret, csrInstret:
		return uint32(m.instretNow()), true
	case csrMinsth, csrInstreth:
		return uint32(m.instretNow() >> 32), true
	case csrMstatus:
		return m.csr.mstatus, true
	case csrMisa:
		return m.misa(), true
	case csrMie:
		return m.csr.mie, true
	case csrMtvec:
		return m.csr.mtvec, true
	case csrMscratch:
		return m.csr.mscratch, true
	case csrMepc:
		return m.csr.mepc, true
	case csrMcause:
		return m.csr.mcause, true
	case csrMtval:
		return m.csr.mtval, true
	case csrMpc:
		return m.csr.mpc, true
	case csrMsp:
		return m.csr.msp, true
	case csrMvendor:
		return coralVendorID, true
	case csrMarchid, csrMimpid, csrMhartid, csrMconfig:
		return 0, true
	case csrTselect, csrTdata1, csrTdata2:
		return 0, true // Coral's trigger CSRs (debug module): no triggers, read 0
	}
	return 0, false
}

// coralVendorID is Coral's mvendorid (Csr.scala: Google's JEDEC id 0x426).
const coralVendorID = 0x426

func (m *Machine) csrWrite(csr uint32, v uint32) {
	switch {
	case csr >= csrMcontext && csr < csrMcontext+8:
		m.csr.mcontext[csr-csrMcontext] = v
		return
	}
	switch csr {
	case csrFflags:
		m.csr.fflags = v & 0x1f
	case csrFrm:
		m.csr.frm = v & 7
	case csrFcsr:
		m.csr.fflags, m.csr.frm = v&0x1f, v>>5&7
	case csrVstart, csrVxsat, csrVxrm, csrVcsr:
		m.vcsrWrite(csr, v)
	case csrMcycle:
		m.csr.cycleOff += uint64(v) - uint64(uint32(m.cycleNow()))
	case csrMcycleh:
		m.csr.cycleOff += uint64(v)<<32 - m.cycleNow()&^0xffffffff
	case csrMinstret:
		// The write replaces the increment of the writing instruction,
		// which retires after it (Zicsr): minstret reads v next.
		m.csr.instretOff += uint64(v) - uint64(uint32(m.instretNow())) - 1
	case csrMinsth:
		m.csr.instretOff += uint64(v)<<32 - m.instretNow()&^0xffffffff - 1
	case csrMstatus:
		m.csr.mstatus = v & mstatusMPP
	case csrMie:
		m.csr.mie = v & 1
	case csrMtvec:
		m.csr.mtvec = v
		m.csr.handler = true
	case csrMscratch:
		m.csr.mscratch = v
	case csrMepc:
		m.csr.mepc = v &^ 3
	case csrMcause:
		m.csr.mcause = v
	case csrMtval:
		m.csr.mtval = v
	case csrMpc:
		m.csr.mpc = v
	case csrMsp:
		m.csr.msp = v
	}
}

// CSR reads a CSR by number as the program would (for tests and tools).
func (m *Machine) CSR(csr uint32) (uint32, bool) { return m.csrRead(csr) }
