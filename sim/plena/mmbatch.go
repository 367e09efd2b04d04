package plena

import (
	"encoding/binary"
	"math"
	"math/bits"

	"kernelcraft/sim/vec"
)

// Deferred tile products. One M_MM (M_TMM) with BLEN = 4 is sixteen dot
// products of MLEN terms, each a chain of adds in a fixed order that
// leaves the host's adders mostly idle; a projection issues long runs of
// them (per row group: one per weight tile, then M_MM_WO). So the machine
// queues M_MM, M_TMM and M_MM_WO (their checks, traps and cycles happen
// at issue as before) and runs the queue as one batch (flushMM):
// the products that share a weight slice go four at a time through
// vec.MatDotsBF4, then every queued instruction's effect on m_accum and
// Vector SRAM is applied in program order. The results are those of
// running each instruction at issue, bit for bit, because nothing the
// queue reads changes before the flush:
//
//   - any instruction other than the queued ones and the scalar/loop ones
//     in batchKeeps flushes first (H_PREFETCH_M writes Matrix SRAM; the
//     vector unit and H_STORE_V read or write Vector SRAM; the other
//     matrix instructions use the accumulators);
//   - an M_MM whose rows a queued M_MM_WO writes flushes first (the
//     flush reads every queued M_MM's rows before it applies any
//     M_MM_WO, so a write-out queued after a product of its rows is
//     fine);
//   - a halt (stop), every Step and Load's reset leave the queue empty,
//     so the accumulators and memories a caller sees are up to date.

// mmMaxJobs and mmMaxSlices bound the queue: instructions, and distinct
// weight slices of its products (the scratch is about 100 bytes per
// instruction and 4 KiB per slice with MLEN 64, the slices' part
// allocated as a run needs it).
const (
	mmMaxJobs   = 1024
	mmMaxSlices = 64
)

// mmJob is a queued M_MM/M_TMM (slice >= 0: Vector SRAM rows row..row+3
// times weight slice slice) or M_MM_WO (slice < 0: m_accum row i to
// columns row.. of Vector SRAM row wo[-1-slice][i]). Eight bytes: the
// flush walks the queue three times.
type mmJob struct {
	slice int32
	row   int32
}

// mmSlice is a weight slice: Matrix SRAM tile base, the offset (columns
// for M_MM, rows for M_TMM) and whether it is transposed.
type mmSlice struct {
	base  uint32
	off   int
	trans bool
}

// mmBatch is the queue and its scratch.
type mmBatch struct {
	on     bool // BLEN 4 and MLEN = VLEN a multiple of 16
	sh     uint // log2(MLEN) when MLEN is a power of two (mmFast), else 0
	jobs   []mmJob
	wo     [][4]int32 // the M_MM_WOs' rows
	slices []mmSlice
	// Vector SRAM rows the queued M_MM_WOs write (lo > hi: none).
	woLo, woHi int
	bx         []float32 // per slice, vec.ExpandB4's 16*MLEN (grown as needed)
	tmp        []float32 // vec.MatDotsBF4's scratch
	sums       []float32 // per product in slice order, 16 column-major sums (and 48 of scratch)
	ord        []int32   // the products' jobs in slice order
	pos        []int32   // per job, its product's place in ord
	cnt        []int32   // per slice, its products; then where they end in ord
	accT       [16]float32
	// keyIdx[key] is the index in slices of the slice of that key (tile,
	// offset, transposed) if keyStamp[key] == stamp, which changes at
	// every flush.
	keyIdx   []uint8
	keyStamp []uint32
	stamp    uint32
}

// batchKeeps: the instructions that leave the queue as it is.
var batchKeeps = func() (k [256]bool) {
	for _, x := range []kind{kMM, kTMM, kMMWO, kAddInt, kAddiInt, kSubInt, kMulInt, kLuiInt, kLoopStart, kLoopEnd} {
		k[x] = true
	}
	return k
}()

func (m *Machine) initBatch() {
	c, b := m.cfg, &m.mm4
	b.on = c.BLEN == 4 && c.MLEN == c.VLEN && c.MLEN%16 == 0
	if !b.on {
		return
	}
	if c.MLEN&(c.MLEN-1) == 0 {
		b.sh = uint(bits.TrailingZeros(uint(c.MLEN)))
	}
	b.jobs = make([]mmJob, 0, mmMaxJobs)
	b.wo = make([][4]int32, 0, mmMaxJobs)
	b.slices = make([]mmSlice, 0, mmMaxSlices)
	b.tmp = make([]float32, 16*c.MLEN)
	b.sums = make([]float32, (mmMaxJobs+3)*16)
	b.ord = make([]int32, mmMaxJobs)
	b.pos = make([]int32, mmMaxJobs)
	b.cnt = make([]int32, mmMaxSlices+1)
	b.keyIdx = make([]uint8, c.MTiles*c.MLEN*2)
	b.keyStamp = make([]uint32, c.MTiles*c.MLEN*2)
	b.empty()
}

func (b *mmBatch) empty() {
	b.jobs, b.slices, b.wo = b.jobs[:0], b.slices[:0], b.wo[:0]
	if b.stamp++; b.stamp == 0 { // wrapped: no entry may look current
		clear(b.keyStamp)
		b.stamp = 1
	}
	b.woLo, b.woHi = math.MaxInt, -1
}

// mmFast is M_MM/M_TMM (exec.go's mm) for operands that pass every check,
// with shifts for the divisions (MLEN = VLEN a power of two): it queues
// the product and returns true, or returns false for mm to check and trap.
func (m *Machine) mmFast(maddr, vaddr uint32, trans bool) bool {
	c, sh := m.cfg, m.mm4.sh
	ml := uint32(1) << sh
	tile, off := maddr>>(2*sh), maddr&(ml*ml-1)
	if trans {
		if off&(ml-1) != 0 {
			return false
		}
		off >>= sh
	}
	r0 := vaddr >> sh
	if off&3 != 0 || off >= ml || tile >= uint32(c.MTiles) || vaddr&(ml-1) != 0 || r0+4 > uint32(c.VRows) {
		return false
	}
	m.now += c.latMM
	m.queueMM(int(r0), mmSlice{base: tile << (2 * sh), off: int(off), trans: trans})
	return true
}

// mmWOFast is M_MM_WO (exec.go's mmWO) for operands that pass every
// check, as mmFast.
func (m *Machine) mmWOFast(vaddr, stride uint32) bool {
	c, sh := m.cfg, m.mm4.sh
	ml := uint32(1) << sh
	base, off := vaddr&^(ml-1), vaddr&(ml-1)
	if off&3 != 0 {
		return false
	}
	var rows [4]int
	for i := range rows {
		r := (base + uint32(i)*ml*stride) >> sh
		if r >= uint32(c.VRows) {
			return false
		}
		rows[i] = int(r)
	}
	m.now += c.latMMWO
	m.queueWO(rows[:], int(off))
	return true
}

// queueMM queues an M_MM/M_TMM of Vector SRAM rows row..row+3 (checked)
// and the slice (checked).
func (m *Machine) queueMM(row int, sl mmSlice) {
	b := &m.mm4
	if len(b.jobs) == mmMaxJobs || (b.woLo <= row+3 && row <= b.woHi) {
		m.flushMM()
	}
	// The slice's index, through a table of every possible slice whose
	// entries are valid for the current queue only (stamp).
	ml := m.cfg.MLEN
	var key int
	if b.sh > 0 {
		key = (int(sl.base)>>b.sh + sl.off) * 2
	} else {
		key = (int(sl.base)/(ml*ml)*ml + sl.off) * 2
	}
	if sl.trans {
		key++
	}
	var si int
	if b.keyStamp[key] == b.stamp {
		si = int(b.keyIdx[key])
	} else {
		if len(b.slices) == mmMaxSlices {
			m.flushMM()
		}
		si = len(b.slices)
		b.slices = append(b.slices, sl)
		b.keyStamp[key], b.keyIdx[key] = b.stamp, uint8(si)
	}
	b.jobs = append(b.jobs, mmJob{slice: int32(si), row: int32(row)})
}

// queueWO queues an M_MM_WO of m_accum to columns off.. of rows (checked).
func (m *Machine) queueWO(rows []int, off int) {
	b := &m.mm4
	lo, hi := rows[0], rows[0]
	for _, r := range rows {
		lo, hi = min(lo, r), max(hi, r)
	}
	if len(b.jobs) == mmMaxJobs {
		m.flushMM()
	}
	var w [4]int32
	for i, r := range rows {
		w[i] = int32(r)
	}
	b.jobs = append(b.jobs, mmJob{slice: int32(-1 - len(b.wo)), row: int32(off)})
	b.wo = append(b.wo, w)
	b.woLo, b.woHi = min(b.woLo, lo), max(b.woHi, hi)
}

// flushMM runs the queue (see above) and empties it.
func (m *Machine) flushMM() {
	b := &m.mm4
	if len(b.jobs) == 0 {
		return
	}
	ml, vl := m.cfg.MLEN, m.cfg.VLEN
	ts := ml * ml * 4
	if n := len(b.slices) * 16 * ml; n > len(b.bx) {
		b.bx = make([]float32, min(max(n, 2*len(b.bx)), mmMaxSlices*16*ml))
	}
	for i, s := range b.slices {
		tb := m.ms.msram.Data[int(s.base)*4 : int(s.base)*4+ts]
		bx := b.bx[i*16*ml : (i+1)*16*ml]
		if s.trans { // W[k][j] = tile[off+j][k]
			vec.ExpandB4T(bx, tb[4*s.off*ml:], ml, ml)
		} else { // W[k][j] = tile[k][off+j]
			vec.ExpandB4(bx, tb[4*s.off:], ml, ml)
		}
	}
	// The products in slice order (a counting sort).
	cnt := b.cnt[:len(b.slices)+1]
	clear(cnt)
	for _, j := range b.jobs {
		if j.slice >= 0 {
			cnt[j.slice+1]++
		}
	}
	for i := 1; i < len(cnt); i++ {
		cnt[i] += cnt[i-1]
	}
	for i, j := range b.jobs {
		if j.slice >= 0 {
			p := cnt[j.slice]
			cnt[j.slice]++
			b.ord[p], b.pos[i] = int32(i), p
		}
	}
	// Four at a time per slice (cnt[s] is now where slice s ends).
	var ops [4][]byte
	lo := 0
	for si := range b.slices {
		bx := b.bx[si*16*ml : (si+1)*16*ml]
		for p := lo; p < int(cnt[si]); p += 4 {
			n := min(4, int(cnt[si])-p)
			for q := range n {
				ops[q] = m.ms.vsram.Data[2*int(b.jobs[b.ord[p+q]].row)*vl:]
			}
			vec.MatDotsBF4((*[64]float32)(b.sums[16*p:16*p+64]), &ops, n, vl, bx, ml, b.tmp)
		}
		lo = int(cnt[si])
	}
	// Program order, on m_accum column-major.
	acc := &b.accT
	for i := range 4 {
		for j := range 4 {
			acc[4*j+i] = m.macc[4*i+j]
		}
	}
	for i, j := range b.jobs {
		if j.slice >= 0 {
			p := int(b.pos[i])
			vec.AccScaled16(acc, (*[16]float32)(b.sums[16*p:16*p+16]), 1)
			continue
		}
		off := int(j.row)
		for r, row32 := range &b.wo[-1-j.slice] {
			row := int(row32)
			d := m.ms.vsram.Data[2*(row*vl+off) : 2*(row*vl+off)+8]
			binary.LittleEndian.PutUint16(d[0:], vec.BF16RNE(acc[r]))
			binary.LittleEndian.PutUint16(d[2:], vec.BF16RNE(acc[4+r]))
			binary.LittleEndian.PutUint16(d[4:], vec.BF16RNE(acc[8+r]))
			binary.LittleEndian.PutUint16(d[6:], vec.BF16RNE(acc[12+r]))
			m.ms.vsram.MarkWritten(uint64(2*(row*vl+off)), 8)
		}
		clear(acc[:])
	}
	for i := range 4 {
		for j := range 4 {
			m.macc[4*i+j] = acc[4*j+i]
		}
	}
	b.empty()
}
