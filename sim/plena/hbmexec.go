package plena

import (
	"fmt"
	"math"

	"kernelcraft/sim"
	"kernelcraft/sim/mx"
)

// HBM transfers (H_PREFETCH_M, H_PREFETCH_V, H_STORE_V), as the emulator's
// transfer_mx_from_hbm and transfer_mx_to_hbm: with off = gp[rs1] and
// base = a[rs2], row i's E4M3 elements are the 64-byte chunks from
// base + off + i*S and its E8M0 scales the bytes from
// base + SCALE + off/8 + floor(i * (S/8)) (that f32 product, as the
// emulator computes it), where S = STRIDE if rstride is 1, else the row
// length. The scales of a row are read from the one aligned 64-byte chunk
// that holds their first byte: bytes past that chunk read as 0 (scale
// 0.0), as in the emulator.

// hbmRowAddr is row i's element and scale addresses.
func (m *Machine) hbmRowAddr(index, scaleIndex uint64, i int, stride uint32) (elem, scale uint64) {
	elem = index + uint64(uint32(i)*stride)
	scale = scaleIndex + uint64(rustU32Wide(float32(i)*(float32(stride)/8)))
	return
}

// rustU32Wide converts an f32 to u64 as Rust's `as u64` does (saturating,
// NaN and negatives to 0).
func rustU32Wide(f float32) uint64 {
	switch {
	case f != f || f <= 0:
		return 0
	case f >= 1.8446744e19:
		return math.MaxUint64
	}
	return uint64(f)
}

// hbmCheck traps unless the 64 bytes at a are an aligned chunk inside HBM.
// The trap names rule prefetch-setup only when that rule was broken (the
// address register or SCALE_REG never set); an alignment trap otherwise
// names the three values whose sum must be 64-byte aligned.
func (m *Machine) hbmCheck(o *op, a uint64, what string) *sim.Trap {
	name := o.inst.Name
	if a%64 != 0 {
		return m.trapf(sim.TrapMisaligned, a, "%s: the %s address %#x is not 64-byte aligned (every HBM access is one aligned 64-byte chunk; PLENA's emulator asserts it): a%d (%#x), gp%d (the rs1 offset, %d) and, for rows past the first, the row pitch (STRIDE_REG %d when rstride is 1) must each be multiples of 64%s",
			name, what, a, o.rs2, m.a[o.rs2], o.rs1, m.gp[o.rs1], m.stride, m.setupSuffix(o))
	}
	if a+64 > uint64(len(m.ms.hbm.Data)) || a+64 < a {
		return m.trapf(sim.TrapAccess, a, "%s: the %s chunk at HBM address %#x is past the end of HBM (%d bytes)%s", name, what, a, len(m.ms.hbm.Data), m.setupSuffix(o))
	}
	return nil
}

// setupSuffix names rule prefetch-setup when o's address register or
// SCALE_REG was never set, and is empty otherwise.
func (m *Machine) setupSuffix(o *op) string {
	if o.rs2 < 8 && m.addrSet>>o.rs2&1 != 0 && m.scaleSet {
		return ""
	}
	return ruleSuffix("prefetch-setup")
}

func (m *Machine) hbmRegs(o *op) (index, scaleIndex uint64, t *sim.Trap) {
	if o.rs2 >= 8 {
		return 0, 0, m.trapf(sim.TrapIllegal, 0, "%s: a%d does not exist (a0-a7; PLENA's emulator indexes past its 8 address registers and panics)", o.inst.Name, o.rs2)
	}
	if !m.notedHBM && (m.addrSet>>o.rs2&1 == 0 || !m.scaleSet) {
		m.notedHBM = true
		what := fmt.Sprintf("a%d, which no C_SET_ADDR_REG has set (it holds %#x)", o.rs2, m.a[o.rs2])
		if m.addrSet>>o.rs2&1 != 0 {
			what = fmt.Sprintf("SCALE_REG, which no C_SET_SCALE_REG has set (it holds %d)", m.scale)
		}
		m.note("prefetch-setup", fmt.Sprintf("%s at pc %#x uses %s", o.inst.Name, m.pcAddr(m.pc), what))
	}
	off := m.gp[o.rs1]
	base := m.a[o.rs2]
	index = base + uint64(off)
	scaleIndex = base + uint64(m.scale) + uint64(off/uint32(m.cfg.MXBlock))
	return index, scaleIndex, nil
}

// prefetch is H_PREFETCH_M (one MLEN x MLEN tile, values kept as f32) and
// H_PREFETCH_V (HBM_V_Prefetch_Amount rows of VLEN, bf16 RNE; rows past
// the end of Vector SRAM are dropped, as the emulator drops them).
func (m *Machine) prefetch(o *op) *sim.Trap {
	c := m.cfg
	name := o.inst.Name
	toM := o.kind == kPrefetchM
	dim, rows := c.VLEN, c.PrefetchV
	if toM {
		dim, rows = c.MLEN, c.PrefetchM
	}
	index, scaleIndex, t := m.hbmRegs(o)
	if t != nil {
		return t
	}
	stride := uint32(dim)
	if o.rs3 == 1 {
		stride = m.stride
	}
	// Destination.
	dst := m.gp[o.rd]
	var tileBytes []byte
	firstRow := 0
	if toM {
		if tileBytes, t = m.tile(dst, name); t != nil {
			return t
		}
	} else {
		if dst%uint32(c.VLEN) != 0 {
			return m.trapf(sim.TrapMisaligned, uint64(dst), "%s: Vector SRAM address %d is not a multiple of VLEN %d (PLENA's emulator asserts it)", name, dst, c.VLEN)
		}
		firstRow = int(dst / uint32(c.VLEN))
	}
	// Addresses: every row's element chunks, then its scale chunk, in the
	// emulator's submission order.
	chunksPerRow := dim / 64
	scaleLen := dim / c.MXBlock
	m.chunks = m.chunks[:0]
	for i := 0; i < rows; i++ {
		ea, sa := m.hbmRowAddr(index, scaleIndex, i, stride)
		for k := 0; k < chunksPerRow; k++ {
			if t := m.hbmCheck(o, ea+uint64(64*k), "element"); t != nil {
				return t
			}
			m.chunks = append(m.chunks, ea+uint64(64*k))
		}
		al := sa / 64 * 64
		if t := m.hbmCheck(o, al, "scale"); t != nil {
			return t
		}
		m.chunks = append(m.chunks, al)
	}
	// Timing: all in flight together; the instruction waits for the last.
	end := m.hbmRead(m.now*c.HBM.ClockPS, m.chunks)
	m.now = (end + c.HBM.ClockPS - 1) / c.HBM.ClockPS
	// Data: each block of MXBlock elements times its scale (0 past the
	// scale chunk), as f32 products of the decoded values.
	hbm := m.ms.hbm.Data
	row := m.rowC[:dim]
	for i := 0; i < rows; i++ {
		ea, sa := m.hbmRowAddr(index, scaleIndex, i, stride)
		within := int(sa % 64)
		n := min(within+scaleLen, 64) - within // scale bytes read; the rest are 0
		scales := m.scaleF[:scaleLen]
		for b := range scales {
			scales[b] = 0
			if b < n {
				scales[b] = mx.DecodeE8M0(hbm[sa+uint64(b)])
			}
		}
		elems := hbm[ea : ea+uint64(dim)]
		if toM {
			// Straight into the tile's f32 little-endian words.
			mx.DequantBits(tileBytes[4*i*dim:4*(i+1)*dim], elems, scales)
			continue
		}
		mx.Dequant(row, elems, scales)
		if r := firstRow + i; r < c.VRows {
			m.storeRow(r, row)
		}
	}
	if toM {
		base := uint64(dst) * 4
		m.ms.msram.MarkWritten(base, uint64(len(tileBytes)))
	}
	return nil
}

// store is H_STORE_V: HBM_V_Writeback_Amount rows from gp[rd] (one after
// another), each MX-quantised (mx.EncodeBlock per 8 elements), its element
// chunks written (posted), its scale bytes read-modified-written chunk by
// chunk.
func (m *Machine) store(o *op) *sim.Trap {
	c := m.cfg
	name := o.inst.Name
	index, scaleIndex, t := m.hbmRegs(o)
	if t != nil {
		return t
	}
	stride := uint32(c.VLEN)
	if o.rs3 == 1 {
		stride = m.stride
	}
	src := m.gp[o.rd]
	scaleLen := c.VLEN / c.MXBlock
	// Check everything before changing anything.
	for i := 0; i < c.WritebackV; i++ {
		if _, t := m.vrow(src+uint32(i*c.VLEN), name); t != nil {
			return t
		}
		ea, sa := m.hbmRowAddr(index, scaleIndex, i, stride)
		for k := 0; k < c.VLEN/64; k++ {
			if t := m.hbmCheck(o, ea+uint64(64*k), "element"); t != nil {
				return t
			}
		}
		for w := 0; w < scaleLen; {
			a := sa + uint64(w)
			if t := m.hbmCheck(o, a/64*64, "scale"); t != nil {
				return t
			}
			w += min(64-int(a%64), scaleLen-w)
		}
	}
	hbm := m.ms.hbm.Data
	tps := m.now * c.HBM.ClockPS
	for i := 0; i < c.WritebackV; i++ {
		r, _ := m.vrow(src+uint32(i*c.VLEN), name)
		m.loadRow(m.rowA, r)
		ea, sa := m.hbmRowAddr(index, scaleIndex, i, stride)
		for b := 0; b < scaleLen; b++ {
			m.scaleBuf[b] = mx.EncodeBlock(m.rowA[b*c.MXBlock:(b+1)*c.MXBlock], m.elemBuf[b*c.MXBlock:])
		}
		for k := 0; k < c.VLEN/64; k++ {
			a := ea + uint64(64*k)
			tps = m.hbmWrite(tps, a)
			copy(hbm[a:a+64], m.elemBuf[64*k:64*k+64])
			m.ms.hbm.MarkWritten(a, 64)
		}
		// Scale bytes: read the chunk, patch it, write it back.
		for w := 0; w < scaleLen; {
			a := sa + uint64(w)
			al := a / 64 * 64
			m.chunks = append(m.chunks[:0], al)
			tps = m.hbmRead(tps, m.chunks)
			tps = m.hbmWrite(tps, al)
			n := min(64-int(a%64), scaleLen-w)
			for j := 0; j < n; j++ {
				hbm[a+uint64(j)] = m.scaleBuf[w+j]
			}
			m.ms.hbm.MarkWritten(a, uint64(n))
			w += n
		}
	}
	m.now = (tps + c.HBM.ClockPS - 1) / c.HBM.ClockPS
	return nil
}
