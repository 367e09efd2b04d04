package coral

import (
	"fmt"
	"strings"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// Glue between the scalar core and the vector unit (vector*.go). The
// contract:
//
//	DecodeVector(inst, word) (VOp, error)
//	(*VState).Exec(op, x, f, mem) *sim.Trap   // executes, vset* included
//	(*VOp).Uops(v) int                        // 128-bit uops / memory beats (timing.vcost: unit slots)
//	(*VOp).VRegs(v) (reads, writes uint32)    // vector register bitmasks
//	(*VOp).XReads() (rs1, rs2 int); (*VOp).XWrite() int   // -1 if none

func (m *Machine) decodeVec(in *isadefs.Inst, word uint32, o *op, scratch bool) error {
	vo, err := DecodeVector(in, word)
	if err != nil {
		return err
	}
	if scratch {
		m.vscratch = vo
		o.vop = -2
	} else {
		o.vop = int32(len(m.vops))
		m.vops = append(m.vops, vo)
	}
	r1, r2 := vo.XReads()
	fr := vo.FReads()
	if fr >= 0 {
		fr += 32
	}
	n := 0
	for _, r := range []int{r1, r2, fr} {
		if r > 0 && r < 64 {
			o.src[n] = uint8(r)
			n++
		}
	}
	if in.Unit() == "vcfg" {
		// vsetvl*: executed in order on the scalar side.
		if xw := vo.XWrite(); xw > 0 && xw < 32 {
			o.dst = uint8(xw)
		}
		return nil
	}
	o.tflags |= tVec
	if in.Flags["vload"] || in.Flags["vstore"] {
		o.tflags |= tVecMem
	}
	return nil
}

func (m *Machine) vopOf(o *op) *VOp {
	if o.vop < 0 {
		return &m.vscratch
	}
	return &m.vops[o.vop]
}

func (m *Machine) execVec(o *op) *sim.Trap {
	if o.vop >= 0 {
		if t, done := m.execVecPlan(o); done {
			return t
		}
	}
	vo := m.vopOf(o)
	if o.tflags&tVec != 0 {
		reads, writes := vo.VRegs(&m.v)
		sw := vo.XWrite() // scalar result: x register, or f register + 32
		if fw := vo.FWrite(); fw >= 0 {
			sw = 32 + fw
		}
		m.t.vissue(o.unit, o.tflags&tVecMem != 0, m.t.vcost(vo, &m.v, o.lat), reads, writes, sw)
		if m.v.VL > m.v.VStart {
			m.stats.VectorElems += uint64(m.v.VL - m.v.VStart)
		}
	}
	// fcsr lives in the core; the vector unit's float ops see and update it.
	m.v.FRM, m.v.FFlags = m.csr.frm, m.csr.fflags
	t := m.v.Exec(vo, &m.x, &m.f, m.mem)
	m.csr.fflags = m.v.FFlags & 0x1f
	if t != nil {
		return t
	}
	if m.selfMod && o.inst.Flags["vstore"] {
		for i := range m.code {
			if c := &m.code[i]; c.reg.Writable {
				m.redecode(c.base, c.size)
			}
		}
	}
	return nil
}

func (m *Machine) vreset() { m.v.Reset() }

func (m *Machine) vcsrRead(csr uint32) (uint32, bool) { return m.v.ReadCSR(csr) }

func (m *Machine) vcsrWrite(csr, v uint32) { m.v.WriteCSR(csr, v) }

func (m *Machine) vregBytes(i int) []byte {
	return append([]byte(nil), m.v.V[i*16:i*16+16]...)
}

// traceVec describes the vector registers an op wrote (for --trace).
func (m *Machine) traceVec(o *op) string {
	if o.tflags&tVec == 0 {
		return ""
	}
	_, writes := m.vopOf(o).VRegs(&m.v)
	var parts []string
	for r := 0; r < 32; r++ {
		if writes&(1<<uint(r)) != 0 {
			parts = append(parts, fmt.Sprintf("v%d=%x", r, m.v.V[r*16:r*16+16]))
		}
	}
	return strings.Join(parts, " ")
}
