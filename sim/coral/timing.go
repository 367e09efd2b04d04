package coral

import (
	"math/bits"
	"strconv"

	isadefs "kernelcraft/isa-defs"
)

// Timing model (see TIMING.md for the full description and examples).
//
// An event/scoreboard model, not a per-cycle tick: each instruction, in
// program order, gets a dispatch cycle d computed from
//
//   - in-order dispatch: d ≥ the previous instruction's dispatch cycle, at
//     most dispatch_width instructions per cycle, at most mul_per_cycle
//     unit=mul ops per cycle, at most mem_per_cycle memory accesses per cycle
//     on the single memory port (scalar loads/stores and vector memory beats
//     share it, in order);
//   - RAW: d ≥ ready[src] for every source (ready = producer's d + lat.<class>);
//   - WAW: d + lat ≥ ready[dst] (a destination is never written out of order);
//   - iterative units (latency class div or fdiv): not pipelined, busy for
//     their latency;
//   - alone ops (flag alone: CSR ops, fence, ecall, ebreak, mret, wfi,
//     mpause) dispatch in slot 0 of a fresh cycle and close it;
//   - control: nothing dispatches after a jump or a taken branch in the same
//     cycle; backward branches are predicted taken, forward ones not taken;
//     a mispredict, and every jalr/mret (target unknown), puts the next
//     dispatch at d + 1 + mispredict_penalty;
//   - mpause waits until everything has completed.
//
// Vector instructions are dispatched by this front end (their scalar
// operands must be ready) into an in-order queue of vec.queue_depth entries
// (a full queue stalls dispatch), at most vec.dispatch_width per cycle. The
// backend issues them in order, at most vec.dispatch_width per cycle, once
// their vector sources are ready: each books slots (vcost: one per uop,
// i.e. per 128-bit register of its largest operand group, on a pipelined
// unit; lat.vdiv.e<SEW> per uop on the iterative divider; 2n-1 for n-uop
// slides and gathers) on its unit's instances (vec.units.<unit>, one slot
// per cycle each); vector memory uops are 16-byte beats on the shared
// memory port instead. The result is ready lat.<class> after the last
// result-producing uop starts.
//
// The run's cycle count is the cycle by which everything has completed.

// Stall causes, in Stats.StallNames order.
const (
	stRAW = iota
	stWAW
	stMul
	stMem
	stDiv
	stMispredict
	stSerialize
	stVQueue
	stVDispatch
	stVRAW
	stVStruct
	stDrain
	stVSync
	numStalls
)

var stallNames = []string{
	"raw", "waw", "struct-mul", "struct-mem", "div-busy", "branch-mispredict",
	"serialize", "vqueue-full", "vector-dispatch", "vector-raw", "vector-struct",
	"drain", "vector-sync",
}

const (
	openCycle   = 0
	closedCtl   = 1
	closedAlone = 2
)

type timing struct {
	// Parameters.
	width, mulMax, memMax, vWidth int32
	penalty                       int64
	limit                         int64 // first cycle at which nothing may dispatch

	// Scalar front end.
	cur        int64      // dispatch cycle of the current group
	slots      int32      // instructions dispatched in cur
	mulN, vecN int32      // mul ops and vector ops dispatched in cur
	closed     uint8      // cur takes no more instructions (openCycle/closedCtl/closedAlone)
	fetch      int64      // earliest dispatch cycle after a redirect
	memCyc     int64      // last cycle the memory port is used
	memN       int32      // accesses in memCyc
	ready      [256]int64 // by scoreboard index (uint8: no bounds checks)
	iterFree   [2]int64   // div, fdiv
	end        int64      // cycle by which everything issued so far completes
	dispatched bool

	// Vector backend.
	vready   [32]int64
	vIssCyc  int64
	vIssN    int32
	vq       []int64 // issue cycles of the last queue_depth vector instructions (ring)
	vqPos    int
	unitNext []int64 // per unit: last cycle with uops issued
	unitN    []int32 // uops issued in unitNext
	unitCnt  []int32 // instances
	res      []uint8 // unit -> the unit whose instances it issues to (vred shares vperm)
	vecEnd   int64
	vLast    int64    // the last vector instruction's result-ready cycle (the timeline's)
	vdivLat  [3]int32 // lat.vdiv.e8, .e16, .e32: cycles a uop holds the vector divider
	vRetire  int64    // vec.retire: result ready → retired (scalar results, the end, partial writes)

	// Counters, copied into sim.Stats by Machine.Stats (fixed-size arrays
	// indexed by constants and uint8s: no bounds checks in the hot path).
	stalls [numStalls]uint64
	busy   [256]uint64
}

func (t *timing) init(hw *isadefs.HW, nunits int, unitCnt []int32, limit int64) {
	*t = timing{
		width:   int32(max(1, hw.Time("dispatch_width", 4))),
		mulMax:  int32(max(1, hw.Time("mul_per_cycle", 1))),
		memMax:  int32(max(1, hw.Time("mem_per_cycle", 1))),
		vWidth:  int32(max(1, hw.Time("vec.dispatch_width", 2))),
		penalty: max(0, hw.Time("mispredict_penalty", 1)),
		limit:   limit,
		memCyc:  -1,
		vIssCyc: -1,
	}
	t.vdivLat = vdivLatencies(hw)
	t.vRetire = min(max(0, hw.Time("vec.retire", 0)), 1<<20)
	t.vq = make([]int64, max(1, hw.Time("vec.queue_depth", 16)))
	t.unitNext = make([]int64, nunits)
	for i := range t.unitNext {
		t.unitNext[i] = -1
	}
	t.unitN = make([]int32, nunits)
	t.unitCnt = unitCnt
	t.res = make([]uint8, nunits)
	for i := range t.res {
		t.res[i] = uint8(i)
	}
}

// dispatch computes the op's dispatch cycle and books its resources. It
// returns false, booking nothing, when that cycle reaches the cycle limit.
func (t *timing) dispatch(o *op) bool {
	f := o.tflags
	n := t.cur
	if t.slots >= t.width || t.closed != openCycle {
		if t.closed == closedAlone {
			t.stalls[stSerialize]++
		}
		n++
	} else if f&tAlone != 0 && t.slots > 0 {
		t.stalls[stSerialize]++
		n++
	}
	if !t.dispatched {
		n = 0
	}
	if t.fetch > n {
		t.stalls[stMispredict] += uint64(t.fetch - n)
		n = t.fetch
	}
	d := n
	if r := max(t.ready[o.src[0]], t.ready[o.src[1]], t.ready[o.src[2]]); r > d {
		t.stalls[stRAW] += uint64(r - d)
		d = r
	}
	lat := int64(o.lat)
	if o.dst != regNone {
		if w := t.ready[o.dst] - lat; w > d {
			t.stalls[stWAW] += uint64(w - d)
			d = w
		}
	}
	if f&(tIter|tMem|tMul|tVec|tDrain|tVSync) != 0 {
		d = t.structural(o, d)
	}
	if d >= t.limit {
		return false
	}
	if d > t.cur || !t.dispatched {
		t.cur, t.slots, t.mulN, t.vecN, t.closed = d, 0, 0, 0, openCycle
		t.dispatched = true
	}
	t.slots++
	done := d + lat
	if o.dst != regNone {
		t.ready[o.dst] = done
	}
	if done > t.end {
		t.end = done
	}
	if f&tAlone != 0 {
		t.closed = closedAlone
	}
	if f&(tIter|tMem|tMul|tVec) != 0 {
		switch {
		case f&tIter != 0:
			t.iterFree[o.iter] = done
			t.busy[o.unit] += uint64(lat) - 1
		case f&tMem != 0:
			if d == t.memCyc {
				t.memN++
			} else {
				t.memCyc, t.memN = d, 1
			}
		case f&tMul != 0:
			t.mulN++
		case f&tVec != 0:
			t.vecN++
			return true // the backend counts unit busy cycles
		}
	}
	t.busy[o.unit]++
	return true
}

// structural applies the per-unit constraints to dispatch cycle d.
func (t *timing) structural(o *op, d int64) int64 {
	f := o.tflags
	if f&tIter != 0 {
		if fr := t.iterFree[o.iter]; fr > d {
			t.stalls[stDiv] += uint64(fr - d)
			d = fr
		}
	}
	if f&tMem != 0 {
		if t.memCyc > d {
			t.stalls[stMem] += uint64(t.memCyc - d)
			d = t.memCyc
		}
		if d == t.memCyc && t.memN >= t.memMax {
			t.stalls[stMem]++
			d++
		}
	}
	if f&tMul != 0 && d == t.cur && t.dispatched && t.mulN >= t.mulMax {
		t.stalls[stMul]++
		d++
	}
	if f&tVec != 0 {
		if q := t.vq[t.vqPos]; q > d {
			t.stalls[stVQueue] += uint64(q - d)
			d = q
		}
		if d == t.cur && t.dispatched && t.vecN >= t.vWidth {
			t.stalls[stVDispatch]++
			d++
		}
	}
	if f&tDrain != 0 && t.end > d {
		t.stalls[stDrain] += uint64(t.end - d)
		d = t.end
	}
	if f&tVSync != 0 && t.vecEnd > d {
		t.stalls[stVSync] += uint64(t.vecEnd - d)
		d = t.vecEnd
	}
	return d
}

// control books the redirect of a jump or branch dispatched in t.cur.
func (t *timing) control(o *op, taken bool) {
	f := o.tflags
	switch {
	case f&tJump != 0:
		t.closed = closedCtl
	case f&tIndirect != 0:
		t.closed = closedCtl
		t.fetch = t.cur + 1 + t.penalty
	case f&tBranch != 0:
		if taken {
			t.closed = closedCtl
		}
		if predictedTaken := o.imm < 0; taken != predictedTaken {
			t.fetch = t.cur + 1 + t.penalty
		}
	}
}

// vtime is what a vector instruction costs the backend (vcost): slots on
// its unit, booked at the unit's rate (or beats on the memory port); its
// result is ready lat cycles after its last result-producing uop starts,
// which is drain slots before its last slot.
type vtime struct {
	slots int
	lat   int32
	drain int32
	sh    vshape // when its uops read and write which registers
}

// vdivLatencies reads lat.vdiv.e8/e16/e32, the cycles one 128-bit uop
// holds the iterative vector divider at that SEW. A config that gives
// only lat.vdiv uses it for every SEW; without either, coralnpu's radix-8
// dividers give 2 + ceil(SEW/3): 5, 8, 13 (TIMING.md).
func vdivLatencies(hw *isadefs.HW) (l [3]int32) {
	for i, sew := range [3]int64{8, 16, 32} {
		def := hw.Time("lat.vdiv", 2+(sew+2)/3)
		l[i] = int32(max(1, min(hw.Time("lat.vdiv.e"+strconv.Itoa(int(sew)), def), 1<<20)))
	}
	return l
}

// vcost is the backend cost of vector instruction op under v (vtype and
// vl); lat is its op's lat.<class>.
func (t *timing) vcost(op *VOp, v *VState, lat int32) vtime {
	return t.vcostOf(op, v, op.Uops(v), lat)
}

// vcostOf is vcost for n uops (memory beats), the plan path's entry.
func (t *timing) vcostOf(op *VOp, v *VState, n int, lat int32) vtime {
	if op.isMem() {
		return vmemCost(op, v, n, lat)
	}
	vt := t.vcostN(op.Use, n, v.SEW, lat)
	vt.sh = op.shape(v, n)
	if op.Use == uIter {
		vt.sh.step = vt.lat - 1
	}
	return vt
}

// vmemCost is the cost of a vector load or store of beats bus beats:
// coralnpu's LSU (LsuV2 in Lsu.scala) takes one vector op at a time into
// its single slot (a cycle), then for each 128-bit register waits for the
// RVV core's uop (a cycle), reads or writes its bus lines one a cycle (a
// beat each), folds in the last read's data (loads: a cycle) and writes
// back to the RVV core (a cycle): the memory port is busy
// beats + 3·regs + 1 cycles for a load, beats + 2·regs + 1 for a store,
// and the last register is ready lat (vlsu 3) cycles after the port's last
// cycle but one. Measured through the harness's model of that LSU
// (scripts/coral-rtl; TIMING.md says how far it can be trusted).
func vmemCost(op *VOp, v *VState, beats int, lat int32) vtime {
	regs := beats
	if (op.Kind == kLoad || op.Kind == kStore) && op.Mode != mUnit && !v.Vill && v.VL > v.VStart {
		eew := int(op.EEW) // strided: the data's width; indexed: the index's, the data's is SEW
		if op.Mode == mIdxU || op.Mode == mIdxO {
			eew = int(v.SEW)
		}
		regs = (int(v.VL-v.VStart)*eew/8 + VLENB - 1) / VLENB * int(op.NF)
	}
	if (op.Kind == kLoad || op.Kind == kStore) && op.Mode == mUnit && op.NF > 1 && !v.Vill && v.VL > v.VStart {
		// A unit-stride segment access: LsuV2 walks each field register
		// as a strided access (elements nf·EEW/8 bytes apart), so every
		// one of the nf·ceil(bytes/16) registers touches the lines its
		// elements span (Lsu.scala LsuVectorLoop, ComputeStridedAddrs).
		field := int(v.VL-v.VStart) * int(op.EEW) / 8
		perReg := (min(field, VLENB)*int(op.NF) + VLENB - 1) / VLENB
		regs = (field + VLENB - 1) / VLENB * int(op.NF)
		beats = regs * perReg
	}
	per := 3
	if op.Kind == kStore || op.Kind == kStoreWhole || op.Kind == kStoreMask {
		per = 2
	}
	return vtime{beats + per*max(1, regs) + 1, lat, 1, vshape{}}
}

// vcostN is vcost for an instruction of unit use u with n uops at SEW sew.
func (t *timing) vcostN(u uint8, n int, sew uint32, lat int32) vtime {
	switch u {
	case uIter:
		i := 2
		switch sew {
		case 8:
			i = 0
		case 16:
			i = 1
		}
		// Each uop holds the divider l cycles; its result is ready a
		// cycle after it leaves (measured: TIMING.md).
		l := t.vdivLat[i]
		return vtime{n * int(l), l + 1, l - 1, vshape{}}
	case uPerm:
		// The first result waits for all n uops to reach the reservation
		// station (NUM_DP_UOP: 3 a cycle); a group of PMTRDT_RS_DEPTH (8)
		// uops also waits for the previous instruction's last entry to
		// leave it: a cycle more of the unit.
		slots, delay := 2*n-1, (n+2)/3-1
		if n >= 8 {
			slots++
		}
		return vtime{slots, lat, int32(slots - n - delay), vshape{}}
	case uCompress:
		return vtime{n, lat, 0, vshape{}}
	case uWRed:
		return vtime{2 * n, lat, 0, vshape{}}
	}
	return vtime{n, lat, 0, vshape{}}
}

// vissue schedules a vector instruction dispatched at t.cur in the backend:
// its slots on its unit (or beats on the memory port), results as vt says.
// reads/writes are vector-register bitmasks; sw is the scoreboard
// index of a scalar register written (x: 0..31, f: 32..63; 0 or negative
// for none).
//
// A source register need only be ready when the uop that reads it runs
// (vt.sh: readOff cycles after the first uop), and a destination register
// is ready lat cycles after the uop that writes it (writeOff), as the
// RTL's per-uop operand checks and bypass give (TIMING.md, "Calibration
// against the RTL").
func (t *timing) vissue(unit uint8, mem bool, vt vtime, reads, writes uint32, sw int) {
	s := t.vslot()
	sh := &vt.sh
	u := int32(1)
	if !mem {
		u = t.unitCnt[t.res[unit]]
	}
	r := int64(0)
	for m := reads; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m)
		r = max(r, t.vready[x]-int64(sh.readOff(uint8(x), u)))
	}
	for m := writes; m != 0; m &= m - 1 {
		r = max(r, t.vready[bits.TrailingZeros32(m)]-int64(vt.lat))
	}
	first, done := t.vbookAt(s, r, unit, mem, vt)
	for m := writes; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m)
		rd := done
		if off := sh.writeOff(uint8(x), u); off >= 0 {
			rd = min(done, first+int64(off)+int64(vt.lat))
		}
		if sh.narrow {
			// Two uops write halves of each destination register: a
			// reader waits for it to retire (TIMING.md).
			rd += t.vRetire
		}
		t.vready[x] = rd
	}
	t.vdone(done, sw)
}

// vslot is the first cycle a vector instruction dispatched at t.cur may
// issue in, given the issue width: vissue's and vissuePlan's first step.
func (t *timing) vslot() int64 {
	s := t.cur + 1
	if s < t.vIssCyc {
		s = t.vIssCyc
	}
	if s == t.vIssCyc && t.vIssN >= t.vWidth {
		s++
	}
	return s
}

// vbook issues a vector instruction at slot s, or at r if its registers
// are ready only then (a RAW/WAW stall), books its slots on its unit or
// the memory port and returns the cycle its results are ready.
func (t *timing) vbook(s, r int64, unit uint8, mem bool, vt vtime) int64 {
	_, done := t.vbookAt(s, r, unit, mem, vt)
	return done
}

// vbookAt is vbook that also returns the cycle of the first uop.
func (t *timing) vbookAt(s, r int64, unit uint8, mem bool, vt vtime) (int64, int64) {
	if r > s {
		t.stalls[stVRAW] += uint64(r - s)
		s = r
	}
	if s == t.vIssCyc {
		t.vIssN++
	} else {
		t.vIssCyc, t.vIssN = s, 1
	}
	t.vq[t.vqPos] = s
	if t.vqPos++; t.vqPos == len(t.vq) {
		t.vqPos = 0
	}
	n := int64(max(vt.slots, 1))
	var first, last int64
	if mem {
		first, last = bookRate(&t.memCyc, &t.memN, t.memMax, s, n)
	} else {
		r := t.res[unit]
		first, last = bookRate(&t.unitNext[r], &t.unitN[r], t.unitCnt[r], s, n)
	}
	if first > s {
		t.stalls[stVStruct] += uint64(first - s)
	}
	t.busy[unit] += uint64(n)
	lat := int64(vt.lat)
	done := last - int64(vt.drain) + lat
	if done < first+lat { // slots spread over several instances
		done = first + lat
	}
	return first, done
}

// vdone records a vector instruction's results ready at done: the scalar
// register it writes (scoreboard index sw, if any) and the ends.
//
// The instruction retires vec.retire cycles after done (the reorder
// buffer's write-back): a scalar result reaches its register then, and
// the run has completed only when every vector instruction has retired.
func (t *timing) vdone(done int64, sw int) {
	t.vLast = done
	ret := done + t.vRetire
	if sw > 0 && sw < regNone {
		t.ready[sw] = ret
	}
	if ret > t.vecEnd {
		t.vecEnd = ret
	}
	if ret > t.end {
		t.end = ret
	}
}

// bookRate issues n uops, from cycle s on, to a resource that accepts k per
// cycle and whose last used cycle is *cyc with *cnt uops in it. It returns
// the cycles of the first and last uop.
func bookRate(cyc *int64, cnt *int32, k int32, s, n int64) (first, last int64) {
	t0, c := s, int64(0)
	if *cyc >= s {
		t0, c = *cyc, int64(*cnt)
	}
	first = t0
	if c >= int64(k) {
		first++
	}
	switch k { // the usual instance counts, without a division
	case 1:
		last = t0 + c + n - 1
		*cyc, *cnt = last, 1
		return first, last
	case 2:
		last = t0 + (c+n-1)>>1
		*cyc, *cnt = last, int32((c+n-1)&1+1)
		return first, last
	}
	last = t0 + (c+n-1)/int64(k)
	*cyc = last
	*cnt = int32((c+n-1)%int64(k) + 1)
	return first, last
}

// cycles is the cycle count of the run so far: the cycle by which every
// dispatched instruction has completed.
func (t *timing) cycles() int64 {
	if !t.dispatched {
		return 0
	}
	return max(t.cur+1, t.end)
}
