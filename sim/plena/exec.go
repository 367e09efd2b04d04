package plena

import (
	"encoding/binary"
	"fmt"
	"math"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// exec runs one instruction: its effect, and m.now advanced by its cost.
// It returns the next pc, or a trap.
func (m *Machine) exec(o *op) (next int, t *sim.Trap) {
	next = m.pc + 1
	g := &m.gp
	if len(m.mm4.jobs) > 0 && !batchKeeps[o.kind] {
		m.flushMM()
	}
	switch o.kind {
	case kInvalid:
		return next, m.trapf(sim.TrapIllegal, 0, "word %#08x has opcode %#x, which PLENA's emulator cannot execute (it decodes 0x01-0x31; 0x00 and 0x32-0x3f are unknown and panic)", o.word, o.word&0x3f)

	// ---- matrix unit ----
	case kMM:
		m.accBusy = true
		t = m.mm(g[o.rs1], g[o.rs2], false)
	case kTMM:
		m.accBusy = true
		t = m.mm(g[o.rs2], g[o.rs1], true)
	case kBMM:
		m.accBusy = true
		t = m.bmm(g[o.rs1], g[o.rs2], false, m.cfg.MLEN)
	case kBTMM:
		m.accBusy = true
		t = m.bmm(g[o.rs1], g[o.rs2], true, m.cfg.MLEN)
	case kBMV:
		m.accBusy = true
		t = m.bmm(g[o.rs1]+g[o.rd], g[o.rs2], false, 1)
	case kBTMV:
		m.accBusy = true
		t = m.bmm(g[o.rs1]+g[o.rd], g[o.rs2], true, 1)
	case kMV:
		m.accBusy = true
		t = m.mv(g[o.rs1], g[o.rs2], false)
	case kTMV:
		m.accBusy = true
		t = m.mv(g[o.rs1], g[o.rs2], true)
	case kMMWO:
		m.accBusy = false
		stride := uint32(1)
		if o.rs1 != 0 {
			stride = g[o.rs1]
		}
		t = m.mmWO(g[o.rd]+o.imm2, stride)
	case kMVWO:
		m.accBusy = false
		t = m.mvWO(g[o.rd] + o.imm2)
	case kBMMWO:
		m.accBusy = false
		t = m.bmmWO(g[o.rd]+o.imm2, m.cfg.MLEN)
	case kBMVWO:
		m.accBusy = false
		t = m.bmmWO(g[o.rd]+o.imm2, 1)

	// ---- vector unit ----
	case kAddVV, kSubVV, kMulVV:
		t = m.vv(o)
	case kAddVF, kSubVF, kMulVF:
		t = m.vf(o)
	case kExpV, kReciV:
		t = m.vunary(o)
	case kRedSum, kRedMax:
		if o.rd == 0 {
			return next, nil // f0: a no-op of 0 cycles, no reads, no checks
		}
		t = m.vred(o)

	// ---- scalar: f registers ----
	case kAddFP, kSubFP, kMaxFP, kMulFP, kExpFP, kReciFP, kSqrtFP:
		if o.rd == 0 {
			return next, nil // f0 is protected: no-op, 0 cycles
		}
		if o.rd >= 8 || o.rs1 >= 8 || (o.rs2 >= 8 && o.kind <= kMulFP) {
			return next, m.fregTrap(o)
		}
		m.scalarFP(o)
	case kLdFP:
		if o.rd >= 8 {
			return next, m.fregTrap(o)
		}
		i := g[o.rs1] + o.imm2
		if int64(i) >= int64(m.cfg.FPEntries) {
			return next, m.trapf(sim.TrapAccess, uint64(i), "S_LD_FP: FP SRAM index gp%d + %d = %d is past its %d entries", o.rs1, o.imm2, i, m.cfg.FPEntries)
		}
		m.f[o.rd] = binary.LittleEndian.Uint16(m.ms.fpmem.Data[2*i:])
		m.now += o.lat
	case kStFP:
		if o.rd >= 8 {
			return next, m.fregTrap(o)
		}
		i := g[o.rs1] + o.imm2
		if int64(i) >= int64(m.cfg.FPEntries) {
			return next, m.trapf(sim.TrapAccess, uint64(i), "S_ST_FP: FP SRAM index gp%d + %d = %d is past its %d entries", o.rs1, o.imm2, i, m.cfg.FPEntries)
		}
		binary.LittleEndian.PutUint16(m.ms.fpmem.Data[2*i:], m.f[o.rd])
		m.ms.fpmem.MarkWritten(2*uint64(i), 2)
		m.now += o.lat
	case kMapVFP:
		t = m.mapV(o)

	// ---- scalar: gp registers (u32, wrapping; gp0 not hard-wired) ----
	case kAddInt:
		g[o.rd] = g[o.rs1] + g[o.rs2]
		m.now += o.lat
	case kAddiInt:
		g[o.rd] = g[o.rs1] + o.imm2
		m.now += o.lat
	case kSubInt:
		g[o.rd] = g[o.rs1] - g[o.rs2]
		m.now += o.lat
	case kMulInt:
		g[o.rd] = g[o.rs1] * g[o.rs2]
		m.now += o.lat
	case kLuiInt:
		g[o.rd] = o.imm << 12
		m.now += o.lat
	case kLdInt, kStInt:
		i := g[o.rs1] + o.imm2
		if int64(i) >= int64(m.cfg.IntEntries) {
			return next, m.trapf(sim.TrapAccess, uint64(i), "%s: INT SRAM index gp%d + %d = %d is past its %d entries", o.inst.Name, o.rs1, o.imm2, i, m.cfg.IntEntries)
		}
		if o.kind == kLdInt {
			g[o.rd] = binary.LittleEndian.Uint32(m.ms.intmem.Data[4*i:])
		} else {
			binary.LittleEndian.PutUint32(m.ms.intmem.Data[4*i:], g[o.rd])
			m.ms.intmem.MarkWritten(4*uint64(i), 4)
		}
		m.now += o.lat

	// ---- HBM ----
	case kPrefetchM, kPrefetchV:
		t = m.prefetch(o)
	case kStoreV:
		t = m.store(o)

	// ---- control ----
	case kSetAddr:
		if o.rd >= 8 {
			return next, m.trapf(sim.TrapIllegal, 0, "C_SET_ADDR_REG: a%d does not exist (a0-a7; PLENA's emulator indexes past its 8 address registers and panics)", o.rd)
		}
		m.a[o.rd] = uint64(g[o.rs1])<<32 | uint64(g[o.rs2])
		m.addrSet |= 1 << o.rd
		m.now += o.lat
	case kSetScale:
		m.scale = g[o.rd]
		m.scaleSet = true
		m.now += o.lat
	case kSetStride:
		m.stride = g[o.rd]
		m.now += o.lat
	case kSetMask:
		m.vmask = g[o.rd]
		m.now += o.lat
	case kLoopStart:
		if o.imm == 0 {
			return next, m.trapf(sim.TrapIllegal, 0, "C_LOOP_START gp%d, 0: the iteration count must be greater than 0 (PLENA's emulator asserts it)", o.rd)
		}
		g[o.rd] = o.imm
		m.loops = append(m.loops, loopInfo{startPC: m.pc, reg: o.rd, since: m.icount})
		m.setDeadline()
		m.now += o.lat
	case kLoopEnd:
		j := -1
		for i := len(m.loops) - 1; i >= 0; i-- {
			if m.loops[i].reg == o.rd {
				j = i
				break
			}
		}
		if j < 0 {
			return next, m.trapf(sim.TrapIllegal, 0, "C_LOOP_END gp%d: no active C_LOOP_START counts with gp%d (PLENA's emulator panics)%s", o.rd, o.rd, ruleSuffix("loop-counter"))
		}
		if v := g[o.rd]; v > 1 {
			g[o.rd] = v - 1
			m.loops[j].since = m.icount
			next = m.loops[j].startPC + 1
		} else {
			g[o.rd] = 0
			m.loops = append(m.loops[:j], m.loops[j+1:]...)
		}
		m.setDeadline()
		m.now += o.lat
	case kBreak:
		if len(m.loops) == 0 {
			return next, m.trapf(sim.TrapIllegal, 0, "C_BREAK (opcode 0x31 in PLENA's emulator): no active loop to break out of (the emulator panics)")
		}
		l := m.loops[len(m.loops)-1]
		m.loops = m.loops[:len(m.loops)-1]
		g[l.reg] = 0
		m.setDeadline()
		m.now += o.lat
	}
	return next, t
}

func (m *Machine) trapf(k sim.TrapKind, addr uint64, format string, args ...any) *sim.Trap {
	return &sim.Trap{Kind: k, Addr: addr, Msg: fmt.Sprintf(format, args...)}
}

func (m *Machine) fregTrap(o *op) *sim.Trap {
	return m.trapf(sim.TrapIllegal, 0, "%s: an f register index is past f7 (word %#08x; PLENA's emulator has 8 f registers and panics)", o.inst.Name, o.word)
}

// ---- Vector SRAM rows ----

// vrow checks a Vector SRAM element address (a multiple of VLEN, inside
// the SRAM) and returns its row index.
func (m *Machine) vrow(addr uint32, what string) (int, *sim.Trap) {
	vl := uint32(m.cfg.VLEN)
	if addr%vl != 0 {
		return 0, m.trapf(sim.TrapMisaligned, uint64(addr), "%s: Vector SRAM address %d is not a multiple of VLEN %d (PLENA's emulator asserts it)", what, addr, vl)
	}
	r := int(addr / vl)
	if r >= m.cfg.VRows {
		return 0, m.trapf(sim.TrapAccess, uint64(addr), "%s: Vector SRAM address %d is row %d, past its %d rows", what, addr, r, m.cfg.VRows)
	}
	return r, nil
}

// loadRow widens Vector SRAM row r to f32.
func (m *Machine) loadRow(dst []float32, r int) {
	vl := m.cfg.VLEN
	vec.WidenBF16(dst[:vl], m.vrowBytes(r))
}

// loadRows widens Vector SRAM rows rows[i] to dst[i*VLEN:], each run of
// consecutive rows with one call.
func (m *Machine) loadRows(dst []float32, rows []int) {
	vl := m.cfg.VLEN
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j] == rows[j-1]+1 {
			j++
		}
		vec.WidenBF16(dst[i*vl:j*vl], m.ms.vsram.Data[rows[i]*vl*2:(rows[i]+j-i)*vl*2])
		i = j
	}
}

// vrowBytes returns Vector SRAM row r (VLEN bf16, little-endian).
func (m *Machine) vrowBytes(r int) []byte {
	vl := m.cfg.VLEN
	return m.ms.vsram.Data[r*vl*2 : (r+1)*vl*2]
}

// storeRow rounds an f32 row to bf16 (RNE) into Vector SRAM row r.
func (m *Machine) storeRow(r int, src []float32) {
	vl := m.cfg.VLEN
	vec.NarrowBF16(m.vrowBytes(r), src[:vl])
	m.ms.vsram.MarkWritten(uint64(r*vl*2), uint64(vl*2))
}

// storeCols rounds n values into columns off.. of Vector SRAM row r (the
// rest of the row is kept).
func (m *Machine) storeCols(r, off int, src []float32) {
	vl := m.cfg.VLEN
	vec.NarrowBF16(m.ms.vsram.Data[r*vl*2+off*2:r*vl*2+off*2+2*len(src)], src)
	m.ms.vsram.MarkWritten(uint64(r*vl*2+off*2), uint64(2*len(src)))
}

// ---- Matrix SRAM tiles ----

// tile checks a Matrix SRAM tile base (a multiple of MLEN*MLEN inside the
// SRAM) and returns the tile's bytes (f32, row-major).
func (m *Machine) tile(base uint32, what string) ([]byte, *sim.Trap) {
	ts := uint32(m.cfg.MLEN * m.cfg.MLEN)
	if base%ts != 0 {
		return nil, m.trapf(sim.TrapMisaligned, uint64(base), "%s: Matrix SRAM address %d is not a tile base (a multiple of MLEN*MLEN = %d; PLENA's emulator asserts it)", what, base, ts)
	}
	i := int(base / ts)
	if i >= m.cfg.MTiles {
		return nil, m.trapf(sim.TrapAccess, uint64(base), "%s: Matrix SRAM address %d is tile %d, past its %d tiles", what, base, i, m.cfg.MTiles)
	}
	return m.ms.msram.Data[int(ts)*4*i : int(ts)*4*(i+1)], nil
}

func tileAt(t []byte, mlen, r, c int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(t[4*(r*mlen+c):]))
}

// mm is M_MM (trans false: m = matrix address, column offset c; the
// tile's columns c..c+BLEN) and M_TMM (trans true: row offset j*MLEN; the
// tile's rows j..j+BLEN transposed): BLEN rows of Vector SRAM from v times
// that MLEN x BLEN slice, summed in f32 in k order, added to m_accum.
func (m *Machine) mm(maddr, vaddr uint32, trans bool) *sim.Trap {
	if m.mm4.sh > 0 && m.mmFast(maddr, vaddr, trans) {
		return nil
	}
	c := m.cfg
	ml, bl := c.MLEN, c.BLEN
	name := "M_MM"
	if trans {
		name = "M_TMM"
	}
	ts := uint32(ml * ml)
	base, off := maddr/ts*ts, int(maddr%ts)
	if trans {
		if off%ml != 0 {
			return m.trapf(sim.TrapMisaligned, uint64(maddr), "%s: Matrix SRAM address %d: the offset %d in the tile must be a multiple of MLEN %d (a tile row)", name, maddr, off, ml)
		}
		off /= ml
	}
	if off%bl != 0 || off >= ml {
		return m.trapf(sim.TrapMisaligned, uint64(maddr), "%s: Matrix SRAM address %d: the %s offset %d must be a multiple of BLEN %d below MLEN %d", name, maddr, map[bool]string{false: "column", true: "row"}[trans], off, bl, ml)
	}
	tb, tr := m.tile(base, name)
	if tr != nil {
		return tr
	}
	if r0 := int(vaddr) / c.VLEN; m.mm4.on && int(vaddr)%c.VLEN == 0 && r0+bl <= c.VRows {
		// The rows are consecutive (MLEN = VLEN) and all inside.
		m.now += c.latMM
		m.queueMM(r0, mmSlice{base: base, off: off, trans: trans})
		return nil
	}
	rows := m.ridx[:0]
	for i := 0; i < bl; i++ {
		r, tr := m.vrow(vaddr+uint32(i*ml), name)
		if tr != nil {
			return tr
		}
		rows = append(rows, r)
	}
	m.now += c.latMM
	if m.mm4.on {
		m.queueMM(rows[0], mmSlice{base: base, off: off, trans: trans})
		return nil
	}
	// W[k][j]: tile[k][off+j] (M_MM) or tile[off+j][k] (M_TMM, through
	// the transposed copy).
	vl := c.VLEN
	m.loadRows(m.rows, rows)
	w, ldw := tb[4*off:], ml
	if trans {
		vec.TransposeF32(m.opT, tb[4*off*ml:], ml, bl, ml)
		w, ldw = m.opT, bl
	}
	vec.MatAcc(m.macc, bl, m.rows, vl, 1, w, ldw, bl, ml, bl, 1)
	return nil
}

// mmWO is M_MM_WO: m_accum row i goes to columns off..off+BLEN of row
// base + i*MLEN*stride (RNE to bf16); m_accum is cleared.
func (m *Machine) mmWO(vaddr, stride uint32) *sim.Trap {
	if m.mm4.sh > 0 && m.mmWOFast(vaddr, stride) {
		return nil
	}
	c := m.cfg
	ml, bl := uint32(c.MLEN), c.BLEN
	base, off := vaddr/ml*ml, vaddr%ml
	if off%uint32(bl) != 0 {
		return m.trapf(sim.TrapMisaligned, uint64(vaddr), "M_MM_WO: Vector SRAM address %d: the column offset %d must be a multiple of BLEN %d", vaddr, off, bl)
	}
	rows := m.ridx[:0]
	for i := 0; i < bl; i++ {
		r, tr := m.vrow(base+uint32(i)*ml*stride, "M_MM_WO")
		if tr != nil {
			return tr
		}
		rows = append(rows, r)
	}
	m.now += c.latMMWO
	if m.mm4.on {
		m.queueWO(rows, int(off))
		return nil
	}
	for i := 0; i < bl; i++ {
		m.storeCols(rows[i], int(off), m.macc[i*bl:(i+1)*bl])
	}
	clear(m.macc)
	return nil
}

// bmm is M_BMM/M_BTMM (q = MLEN query rows) and M_BMV/M_BTMV (q = 1):
// per head b, the queries (HLEN values per row: columns h*BROADCAST+b for
// M_BMM, interleaved; b*HLEN+h for M_BTMM, contiguous) times the tile
// slice (rows h0..h0+HLEN for M_BMM; columns h0..h0+HLEN, transposed, for
// M_BTMM), scaled by bmm_scale, added to the head's accumulator.
func (m *Machine) bmm(maddr, vaddr uint32, trans bool, q int) *sim.Trap {
	c := m.cfg
	ml, hl, nb := c.MLEN, c.HLEN, c.Broadcast
	name := "M_BMM"
	switch {
	case trans && q == 1:
		name = "M_BTMV"
	case trans:
		name = "M_BTMM"
	case q == 1:
		name = "M_BMV"
	}
	if nb*hl != ml {
		return m.trapf(sim.TrapConfig, 0, "%s: BROADCAST %d x HLEN %d != MLEN %d (PLENA's emulator asserts it)", name, nb, hl, ml)
	}
	if q == 1 && !trans {
		// The emulator stacks the heads' [1, MLEN] products into
		// [BROADCAST, 1, MLEN] and adds that in place (tch's +=, libtorch
		// add_) to the [BROADCAST, MLEN] accumulator: the broadcast shape
		// ([BROADCAST, BROADCAST, MLEN], or [1, 1, MLEN] for BROADCAST 1)
		// is never the accumulator's, so libtorch refuses it whatever
		// BROADCAST is.
		return m.trapf(sim.TrapIllegal, 0, "M_BMV cannot execute in PLENA's emulator: it adds a [%d, 1, %d] product in place to the [%d, %d] accumulator, which libtorch rejects for every BROADCAST (the decode templates use M_BTMV)", nb, ml, nb, ml)
	}
	ts := uint32(ml * ml)
	base, off := maddr/ts*ts, int(maddr%ts)
	if off >= ml || off%hl != 0 {
		return m.trapf(sim.TrapMisaligned, uint64(maddr), "%s: Matrix SRAM address %d must be a tile base plus a head offset (a multiple of HLEN %d below MLEN %d); the offset is %d (PLENA's emulator asserts or fails on a shape mismatch otherwise)", name, maddr, hl, ml, off)
	}
	tb, tr := m.tile(base, name)
	if tr != nil {
		return tr
	}
	rows := m.ridx[:0]
	for i := 0; i < q; i++ {
		r, tr := m.vrow(vaddr+uint32(i*ml), name)
		if tr != nil {
			return tr
		}
		rows = append(rows, r)
	}
	if q == 1 {
		m.now += c.latBMV
	} else {
		m.now += c.latBMM
	}
	h0 := off
	// K[h][col]: tile[h0+h][col] (M_BMM) or tile[col][h0+h] (M_BTMM,
	// through the transposed copy); head b of row i is x[h] =
	// row[h*BROADCAST + b] (M_BMM) or row[b*HLEN + h] (M_BTMM). Each
	// output is the dot product over h, summed in h order (vec.MatAcc).
	vl := c.VLEN
	m.loadRows(m.rows, rows)
	k, ldk := tb[4*h0*ml:], ml
	if trans {
		vec.TransposeF32(m.opT, tb[4*h0:], ml, ml, hl)
		k = m.opT
	}
	for b := 0; b < nb; b++ {
		x, sx := m.rows[b:], nb
		if trans {
			x, sx = m.rows[b*hl:], 1
		}
		acc := m.hmacc[b*ml*ml : (b+1)*ml*ml]
		if q == 1 {
			acc = m.hvacc[b*ml : (b+1)*ml]
		}
		vec.MatAcc(acc, ml, x, vl, sx, k, ldk, q, hl, ml, c.BMMScale)
	}
	return nil
}

// bmmWO is M_BMM_WO (q = MLEN rows per head) and M_BMV_WO (q = 1): the
// heads' accumulators go to consecutive Vector SRAM rows from addr (a
// multiple of MLEN), RNE to bf16, and are cleared.
func (m *Machine) bmmWO(vaddr uint32, q int) *sim.Trap {
	c := m.cfg
	ml, nb := c.MLEN, c.Broadcast
	name := "M_BMM_WO"
	if q == 1 {
		name = "M_BMV_WO"
	}
	if vaddr%uint32(ml) != 0 {
		return m.trapf(sim.TrapMisaligned, uint64(vaddr), "%s: Vector SRAM address %d is not a multiple of MLEN %d (PLENA's emulator asserts it)", name, vaddr, ml)
	}
	first, tr := m.vrow(vaddr, name)
	if tr != nil {
		return tr
	}
	if last := first + nb*q - 1; last >= c.VRows {
		return m.trapf(sim.TrapAccess, uint64(vaddr), "%s: writes %d rows from row %d, past the %d rows of Vector SRAM", name, nb*q, first, c.VRows)
	}
	acc := m.hmacc
	if q == 1 {
		acc = m.hvacc
		m.now += c.latBMVWO
	} else {
		m.now += c.latBMMWO
	}
	// The rows are consecutive (MLEN = VLEN): one rounding pass.
	n := nb * q * ml
	vec.NarrowBF16(m.ms.vsram.Data[2*first*ml:2*first*ml+2*n], acc[:n])
	m.ms.vsram.MarkWritten(uint64(2*first*ml), uint64(2*n))
	clear(acc)
	return nil
}

// mv is M_MV (the vector row times the tile's columns c..c+BLEN) and
// M_TMV (the tile at maddr, which must be a tile base, transposed: its
// first BLEN rows), added to v_accum.
func (m *Machine) mv(maddr, vaddr uint32, trans bool) *sim.Trap {
	c := m.cfg
	ml, bl := c.MLEN, c.BLEN
	name := "M_MV"
	if trans {
		name = "M_TMV"
	}
	ts := uint32(ml * ml)
	base, off := maddr/ts*ts, int(maddr%ts)
	if off%bl != 0 || (!trans && off >= ml) {
		return m.trapf(sim.TrapMisaligned, uint64(maddr), "%s: Matrix SRAM address %d: the column offset %d must be a multiple of BLEN %d below MLEN %d", name, maddr, off, bl, ml)
	}
	if trans {
		base = maddr // the emulator reads the tile at the address itself
	}
	tb, tr := m.tile(base, name)
	if tr != nil {
		return tr
	}
	r, tr := m.vrow(vaddr, name)
	if tr != nil {
		return tr
	}
	m.now += c.latMV
	m.loadRow(m.rowA, r)
	// W[k][j]: tile[k][off+j] (M_MV) or tile[j][k] (M_TMV).
	w, ldw := tb[4*off:], ml
	if trans {
		vec.TransposeF32(m.opT, tb, ml, bl, ml)
		w, ldw = m.opT, bl
	}
	vec.MatAcc(m.vacc, bl, m.rowA, ml, 1, w, ldw, 1, ml, bl, 1)
	return nil
}

// mvWO is M_MV_WO: v_accum goes to columns off..off+BLEN of the row
// (RNE to bf16); v_accum is cleared.
func (m *Machine) mvWO(vaddr uint32) *sim.Trap {
	c := m.cfg
	ml, bl := uint32(c.MLEN), uint32(c.BLEN)
	base, off := vaddr/ml*ml, vaddr%ml
	if off%bl != 0 {
		return m.trapf(sim.TrapMisaligned, uint64(vaddr), "M_MV_WO: Vector SRAM address %d: the column offset %d must be a multiple of BLEN %d", vaddr, off, bl)
	}
	r, tr := m.vrow(base, "M_MV_WO")
	if tr != nil {
		return tr
	}
	m.now += c.latMVWO
	m.storeCols(r, int(off), m.vacc)
	clear(m.vacc)
	return nil
}

// ---- vector unit ----

// vdst returns where a V op writes its bf16 result: the row rd itself,
// or, under an HLEN-segment mask (rmask field set), the scratch row that
// vmasked then merges.
func (m *Machine) vdst(o *op, rd int) []byte {
	if o.rs3 == 0 {
		return m.vrowBytes(rd)
	}
	return m.rowT
}

// vmasked finishes a V op into row rd: with rmask 0 the result is already
// there; else segment s gets the result when V_MASK bit s is set and the
// rs1 row's value otherwise (copied as bf16 bits: rounding a widened bf16
// gives it back). Row rd is marked written.
func (m *Machine) vmasked(o *op, rd, ra int) {
	vl := m.cfg.VLEN
	if o.rs3 != 0 {
		hl := m.cfg.HLEN
		d, a := m.vrowBytes(rd), m.vrowBytes(ra)
		for s := 0; s < vl/hl; s++ {
			src := m.rowT
			if m.vmask>>uint(s)&1 == 0 {
				src = a
			}
			copy(d[2*s*hl:2*(s+1)*hl], src[2*s*hl:2*(s+1)*hl])
		}
	}
	m.ms.vsram.MarkWritten(uint64(rd*vl*2), uint64(vl*2))
	m.stats.VectorElems += uint64(vl)
}

func (m *Machine) vv(o *op) *sim.Trap {
	name := o.inst.Name
	ra, t := m.vrow(m.gp[o.rs1], name)
	if t != nil {
		return t
	}
	rb, t := m.vrow(m.gp[o.rs2], name)
	if t != nil {
		return t
	}
	rd, t := m.vrow(m.gp[o.rd], name)
	if t != nil {
		return t
	}
	op := vec.BFAdd
	switch o.kind {
	case kSubVV:
		op = vec.BFSub
	case kMulVV:
		op = vec.BFMul
	}
	vec.BF16Arith(op, m.vdst(o, rd), m.vrowBytes(ra), m.vrowBytes(rb))
	m.vmasked(o, rd, ra)
	m.now += o.lat
	return nil
}

func (m *Machine) vf(o *op) *sim.Trap {
	name := o.inst.Name
	if o.rs2 >= 8 {
		return m.fregTrap(o)
	}
	ra, t := m.vrow(m.gp[o.rs1], name)
	if t != nil {
		return t
	}
	rd, t := m.vrow(m.gp[o.rd], name)
	if t != nil {
		return t
	}
	f := m.cfg.Scalar.ToF32(m.f[o.rs2])
	op := vec.BFAdd
	switch {
	case o.kind == kSubVF && o.funct1 == 0:
		op = vec.BFSub
	case o.kind == kSubVF:
		op = vec.BFRSub // f - row, computed as -(row - f) like tch
	case o.kind == kMulVF:
		op = vec.BFMul
	}
	vec.BF16ArithF(op, m.vdst(o, rd), m.vrowBytes(ra), f)
	m.vmasked(o, rd, ra)
	m.now += o.lat
	return nil
}

func (m *Machine) vunary(o *op) *sim.Trap {
	name := o.inst.Name
	ra, t := m.vrow(m.gp[o.rs1], name)
	if t != nil {
		return t
	}
	rd, t := m.vrow(m.gp[o.rd], name)
	if t != nil {
		return t
	}
	if o.kind == kExpV {
		vec.BF16Exp(m.vdst(o, rd), m.vrowBytes(ra)) // bf16(expf(x)) for every bf16 x
	} else {
		vec.BF16Reci(m.vdst(o, rd), m.vrowBytes(ra))
	}
	m.vmasked(o, rd, ra)
	m.now += o.lat
	return nil
}

// expf is f32 exp (correctly rounded through float64); a NaN comes back
// quieted with its sign and payload, as glibc's expf returns x + x for one.
func expf(x float32) float32 {
	if x != x {
		return math.Float32frombits(math.Float32bits(x) | 0x00400000)
	}
	return float32(math.Exp(float64(x)))
}

// sum32 adds a row in f32 in a fixed order (vec.Sum8): 8 lanes (lane l
// takes elements l, l+8, …), then lanes 0+4, 1+5, 2+6, 3+7, then 0+2,
// 1+3, then 0+1 (SEMANTICS.md: the order is this simulator's; libtorch's
// may differ in the last f32 bit).
func sum32(x []float32) float32 { return vec.Sum8(x) }

func (m *Machine) vred(o *op) *sim.Trap {
	name := o.inst.Name
	if o.rd >= 8 {
		return m.fregTrap(o)
	}
	ra, t := m.vrow(m.gp[o.rs1], name)
	if t != nil {
		return t
	}
	a := m.rowA
	m.loadRow(a, ra)
	m.now += o.lat
	sc := m.cfg.Scalar
	fv := sc.ToF32(m.f[o.rd])
	hl := m.cfg.HLEN
	if o.kind == kRedSum {
		if o.rs3 != 0 {
			// The emulator replaces every selected segment's elements by
			// the segment's sum before adding the row up.
			for s := 0; s < m.cfg.VLEN/hl; s++ {
				if m.vmask>>uint(s)&1 != 0 {
					seg := a[s*hl : (s+1)*hl]
					v := sum32(seg)
					for i := range seg {
						seg[i] = v
					}
				}
			}
		}
		m.f[o.rd] = sc.FromF32(vec.AddF32(fv, sum32(a)))
	} else {
		// A masked max replaces segments by their own max: the same max.
		mx, nan := vec.MaxF32(a) // the first largest element
		if nan {
			mx = float32(math.NaN()) // torch's max propagates NaN
		}
		// Rust's f32::max ignores a NaN operand.
		r := fv
		switch {
		case mx != mx:
		case fv != fv || mx > fv:
			r = mx
		}
		m.f[o.rd] = sc.FromF32(r)
	}
	m.stats.VectorElems += uint64(len(a))
	return nil
}

// ---- scalar f registers ----

func (m *Machine) scalarFP(o *op) {
	sc := m.cfg.Scalar
	a := sc.ToF32(m.f[o.rs1])
	var r float32
	switch o.kind {
	// f32 arithmetic with x86's NaNs on every host (SEMANTICS.md, "NaN
	// results"): the half crate computes f16 + f16 as f32 (half 2.6.0's
	// add_f16_fallback and the rest, src/binary16/arch.rs:813-830).
	case kAddFP:
		r = vec.AddF32(a, sc.ToF32(m.f[o.rs2]))
	case kSubFP:
		r = vec.SubF32(a, sc.ToF32(m.f[o.rs2]))
	case kMulFP:
		r = vec.MulF32(a, sc.ToF32(m.f[o.rs2]))
	case kMaxFP:
		// half's f16::max: other if other > self and other is not NaN.
		x, y := m.f[o.rs1], m.f[o.rs2]
		if !sc.IsNaN(x) && !sc.IsNaN(y) && sc.ToF32(y) > a {
			m.f[o.rd] = y
		} else {
			m.f[o.rd] = x
		}
		m.now += o.lat
		return
	case kExpFP:
		r = expf(a)
	case kReciFP:
		r = vec.DivF32(1, a)
	case kSqrtFP:
		r = vec.SqrtF32(a)
	}
	m.f[o.rd] = sc.FromF32(r)
	m.now += o.lat
}

// mapV is S_MAP_V_FP: VLEN FP SRAM values to a Vector SRAM row (bf16).
func (m *Machine) mapV(o *op) *sim.Trap {
	s := m.gp[o.rs1] + o.imm2
	vl := m.cfg.VLEN
	if int64(s)+int64(vl) > int64(m.cfg.FPEntries) {
		return m.trapf(sim.TrapAccess, uint64(s), "S_MAP_V_FP: FP SRAM entries %d..%d (gp%d + %d, VLEN %d of them) run past its %d entries", s, int64(s)+int64(vl)-1, o.rs1, o.imm2, vl, m.cfg.FPEntries)
	}
	rd, t := m.vrow(m.gp[o.rd], "S_MAP_V_FP")
	if t != nil {
		return t
	}
	d := m.rowC
	for i := range d {
		d[i] = m.cfg.Scalar.ToF32(binary.LittleEndian.Uint16(m.ms.fpmem.Data[2*(int(s)+i):]))
	}
	m.now += o.lat
	m.storeRow(rd, d)
	return nil
}
