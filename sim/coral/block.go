package coral

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// The block engine: Run's fast path for straight-line code.
//
// Execution. A block is a run of up to maxBlockOps pre-decoded ops that
// end at a jump or branch (included) or before an op the engine does not
// handle (CSR ops, system ops, illegal words, vector ops other than the
// kinds vector plans run without traps, vsetvl; a vsetvli whose AVL
// register the block writes). Its ops are recompiled into compact bops (8 bytes,
// pc-relative values resolved) and executed by one switch with no timing
// calls; a vector op returns to the caller, which runs its plan's element
// loops (vecBlockRun). Anything unusual (a trap, a store to tohost, an
// access outside the cached regions that cannot be cached, a vector op
// whose plan does not cover the state or that could fault) makes
// execBlock stop before that op with nothing of it done; the
// per-instruction path then takes over from there.
//
// Timing. Coral's dispatch model is in order, and the dispatch cycles of a
// straight-line block depend only on the scoreboard state on entry taken
// relative to the current dispatch group's cycle R: the group's slots, mul
// and vector counts and whether it is closed, the fetch redirect, the
// memory port's last cycle and count, the iterative units, the completion
// horizon and the ready cycle of every x and f register; and for its
// vector ops the vector backend (its issue cycle and count, the ready
// cycle of every vector register, the queue's issue cycles from the
// oldest, each unit's last cycle and count, its completion horizon) and
// the vtype and vl (vsets in a block take their AVL from an immediate or
// from a register no op of the block writes, a guard: edges are kept per
// value of the guards). Every value at or below R has the same effect as R itself
// (each rule compares with a dispatch cycle d ≥ R, or an issue cycle
// above R), so clamping makes the state finite in practice. Such a
// normalized state (skey) is interned to a number; for a block entered in
// state s the engine computes once, with the reference timing code
// (timing.dispatch, timing.vissue and timing.control) on a scratch
// scoreboard, the edge: how far the group cycle moves, the stall,
// unit-busy and vector element counts added, and the normalized state
// after the block for each branch outcome. While in this "state mode" the
// real scoreboard is not kept: the engine holds (R, s) and follows edges,
// adding counts lazily (edge.count). Leaving state mode (a non-block op,
// a bail, the cycle limit within reach of a block) writes the scoreboard
// back (materialize).
//
// The cycle limit stays exact: a block is run in state mode only when the
// dispatch cycle of its last op (R + edge.dR; dispatch is in order) is
// below the limit; otherwise the per-instruction path stops at the exact
// op.

const (
	maxBlockOps   = 64
	maxEdges      = 16      // per block: more entry states run per instruction
	maxStates     = 1 << 14 // per run: past these the engine turns itself off
	maxAllEdges   = 1 << 16
	stateRelLimit = 1 << 30 // relative cycles beyond this are not normalized

	// A block is cold (state mode is not entered there) once it has been
	// entered coldEntries times and fewer than coldRuns blocks ran per
	// entry; after coldRetry skips it is tried again.
	coldEntries = 32
	coldRuns    = 4
	coldRetry   = 1024
)

// Block op codes.
const (
	bNop uint8 = iota
	bLui       // x[rd] = imm (lui, auipc: the value is resolved)
	bAddi
	bSlti
	bSltiu
	bXori
	bOri
	bAndi
	bSlli
	bSrli
	bSrai
	bAdd
	bSub
	bSll
	bSlt
	bSltu
	bXor
	bSrl
	bSra
	bOr
	bAnd
	bMul
	bLb
	bLh
	bLw
	bLbu
	bLhu
	bSb
	bSh
	bSw
	bFlw
	bFsw
	bCompute // any other register-only op: Machine.compute on the original op
	bJal     // x[rd] = link (rs2:rs3 unused); imm = target
	bJalr
	bBeq
	bBne
	bBlt
	bBge
	bBltu
	bBgeu
	bVec // a vector op (or vset with an x0/immediate AVL): run by vecBlockRun
)

// bop is a compact block op. Registers are pre-masked to 0..31.
type bop struct {
	h   uint8
	rd  uint8
	rs1 uint8
	rs2 uint8
	imm uint32 // immediate, resolved value, or branch/jump target
}

// block is a straight-line run of ops starting at pc start.
type block struct {
	start uint32
	ops   []bop
	code  *codeRegion
	j     int    // index of the first op in code.ops
	fall  uint32 // pc after the last op
	ctl   bool   // the last op is a jump or branch
	jalr  bool   // the last op is a jalr (its successor is not static)
	link  uint32 // jal/jalr: the return address
	edges []*edge
	last  *edge
	// guards are the x registers vsetvlis of the block read their AVL
	// from, written by no op of the block: vl there depends on their
	// values at entry, so an edge holds for those values only
	// (edge.gval).
	guards []uint8
	succ   [2]*block // successor when the branch is not taken / taken (static targets)
	// segs holds the vector segment starting at each op, made on first
	// use, and segNext the next op where one may start (vseg.go); nil
	// until the block runs a vector op on a SIMD path.
	segs    []*vseg
	segNext []int32
	// Entering state mode costs a normalization; from a block where it
	// has paid off badly (few blocks run per entry, as in a loop around
	// vector instructions) the per-instruction path is used instead, and
	// state mode is tried again now and then.
	entries, runs, skips uint32
}

// noBlock marks a pc where no block starts (the op there is not handled).
var noBlock = &block{}

// skey is a normalized scoreboard state (see the package comment above):
// ready[0..63], then the fields below, all relative to the group cycle;
// with the vector unit's vtype and vl and the vector backend (issue
// cycle, register ready cycles, the queue from its oldest entry, the
// units), on which the timing of a block's vector instructions depends.
type skey [kLen]uint32

const (
	kFetch = 64 + iota
	kMem   // memCyc - R + 1 (0: before R, unused)
	kMemN
	kIter0
	kIter1
	kEnd
	kSlots
	kMulN
	kVecN
	kClosed
	kVType
	kVL
	kVIss // vIssCyc - R (0: at or before R, unused)
	kVIssN
	kVecEnd
	kVReady // vready[0..31]
)

const (
	maxVQ    = 16 // vec.queue_depth at most this for the block engine
	maxUnits = 24 // units at most this for the block engine
	kVQ      = kVReady + 32
	kUnit    = kVQ + maxVQ // per unit: unitNext - R (0: at or before R), unitN
	kLen     = kUnit + 2*maxUnits
)

// edge is the effect of a block entered in a state.
type edge struct {
	from   int32
	next   [2]int32 // state after the block: not taken, taken
	dR     int64    // group cycle after the block minus the one before
	n      int32    // instructions in the block
	count  uint64   // traversals not yet added to the counters
	elems  uint64   // vector elements per traversal
	gval   []uint32 // the values of block.guards the edge holds for
	tid    int32    // its translated pair (translate.go), 0: none
	hits   uint32   // runs counted towards translating it
	to     [2]edgeLink
	stalls [numStalls]uint64
	busy   []unitCount
}

// edgeLink is the block after an edge (for a branch outcome) and its edge
// from the edge's next state; pc is the block's start (checked for jalr).
type edgeLink struct {
	pc uint32
	b  *block
	e  *edge
}

type unitCount struct {
	unit uint8
	n    uint64
}

// blockEngine is the Machine's block state, reset at Load.
type blockEngine struct {
	off     bool // not usable (self-modifying code) or turned off
	states  []skey
	ids     map[skey]int32
	nedges  int
	dirty   []*edge
	scratch timing
	sv      VState // vtype and vl while a block's timing is computed or replayed
	key     skey
}

func (m *Machine) resetBlocks() {
	e := &m.blk
	// With an HTIF, a store to tohost's high word is a command: blocks
	// check only the low word, so the engine stays off.
	e.off = m.selfMod || m.htif || len(m.t.vq) > maxVQ || len(m.t.unitNext) > maxUnits
	e.states = e.states[:0]
	if e.ids == nil {
		e.ids = map[skey]int32{}
	} else {
		clear(e.ids)
	}
	e.nedges = 0
	e.dirty = e.dirty[:0]
	m.trReset()
	for i := range m.code {
		c := &m.code[i]
		if cap(c.blocks) >= len(c.ops) {
			c.blocks = c.blocks[:len(c.ops)]
			clear(c.blocks)
		} else {
			c.blocks = make([]*block, len(c.ops))
		}
	}
}

// blockable reports whether the block engine executes o: scalar ops but
// CSR, system and illegal ones; vector ops of the kinds vector plans run
// without traps once their checks have passed (vecBlockRun checks again
// at run time, and leaves state mode when one would not run); and
// vsetvli/vsetivli (buildBlock ends a block before a vsetvli whose AVL
// register the block has written).
func (m *Machine) blockable(o *op) bool {
	switch o.h {
	case hIllegal, hEcall, hEbreak, hMpause, hMret,
		hCsrrw, hCsrrs, hCsrrc, hCsrrwi, hCsrrsi, hCsrrci:
		return false
	case hVec:
		if o.vop < 0 || o.tflags&(tDrain|tVSync) != 0 {
			return false
		}
		vo := &m.vops[o.vop]
		switch vo.Kind {
		case kVsetivli:
			return true
		case kVsetvli:
			return true // a register AVL makes the register a guard
		case kBin, kMac, kWide, kWideW, kNarrow, kExt, kCmp, kMerge, kMvXS, kMvSX:
			return true
		case kLoad, kStore:
			return vo.Mode == mUnit && vo.NF == 1 && !vo.FF
		}
		return false
	}
	return o.tflags&(tVec|tDrain|tVSync) == 0
}

// blockAt returns the block starting at pc, building it on first use, or
// nil if none starts there.
func (m *Machine) blockAt(pc uint32) *block {
	var c *codeRegion
	for i := range m.code {
		if cc := &m.code[i]; pc-cc.base < cc.size {
			c = cc
			break
		}
	}
	if c == nil || pc&3 != 0 {
		return nil
	}
	j := int((pc - c.base) >> 2)
	b := c.blocks[j]
	if b == nil {
		b = m.buildBlock(c, j)
		c.blocks[j] = b
	}
	if b == noBlock {
		return nil
	}
	return b
}

func (m *Machine) buildBlock(c *codeRegion, j int) *block {
	b := &block{start: c.base + uint32(j)*4, code: c, j: j}
	// x registers written so far, and those a vsetvli reads its AVL from
	// (they must stay unwritten in the block: see block.guards).
	var written, guarded uint32
	for k := j; k < len(c.ops) && len(b.ops) < maxBlockOps; k++ {
		o := &c.ops[k]
		if !m.blockable(o) {
			break
		}
		w := o.dst
		var guard uint8
		if o.h == hVec {
			vo := &m.vops[o.vop]
			if xw := vo.XWrite(); xw > 0 && xw < 32 {
				w = uint8(xw)
			}
			if vo.Kind == kVsetvli && vo.Vs1 != 0 {
				if guard = vo.Vs1 & 31; written&(1<<guard) != 0 {
					break
				}
			}
		}
		if w > 0 && w < 32 {
			if guarded&(1<<w) != 0 || w == guard {
				break // it would write a guard
			}
			written |= 1 << w
		}
		if guard != 0 && guarded&(1<<guard) == 0 {
			guarded |= 1 << guard
			b.guards = append(b.guards, guard)
		}
		pc := c.base + uint32(k)*4
		bo := bop{h: bCompute, rd: o.rd & 31, rs1: o.rs1 & 31, rs2: o.rs2 & 31, imm: uint32(o.imm)}
		ctl := false
		switch o.h {
		case hLui:
			bo.h, bo.imm = bLui, uint32(o.imm)<<12
		case hAuipc:
			bo.h, bo.imm = bLui, pc+uint32(o.imm)<<12
		case hAddi:
			bo.h = bAddi
		case hSlti:
			bo.h = bSlti
		case hSltiu:
			bo.h = bSltiu
		case hXori:
			bo.h = bXori
		case hOri:
			bo.h = bOri
		case hAndi:
			bo.h = bAndi
		case hSlli:
			bo.h, bo.imm = bSlli, bo.imm&31
		case hSrli:
			bo.h, bo.imm = bSrli, bo.imm&31
		case hSrai:
			bo.h, bo.imm = bSrai, bo.imm&31
		case hAdd:
			bo.h = bAdd
		case hSub:
			bo.h = bSub
		case hSll:
			bo.h = bSll
		case hSlt:
			bo.h = bSlt
		case hSltu:
			bo.h = bSltu
		case hXor:
			bo.h = bXor
		case hSrl:
			bo.h = bSrl
		case hSra:
			bo.h = bSra
		case hOr:
			bo.h = bOr
		case hAnd:
			bo.h = bAnd
		case hMul:
			bo.h = bMul
		case hLb:
			bo.h = bLb
		case hLh:
			bo.h = bLh
		case hLw:
			bo.h = bLw
		case hLbu:
			bo.h = bLbu
		case hLhu:
			bo.h = bLhu
		case hSb:
			bo.h = bSb
		case hSh:
			bo.h = bSh
		case hSw:
			bo.h = bSw
		case hFlw:
			bo.h = bFlw
		case hFsw:
			bo.h = bFsw
		case hFence:
			bo.h = bNop
		case hVec:
			bo.h = bVec
		case hJal:
			t := pc + uint32(o.imm)
			if t&3 != 0 {
				goto stop // traps: the per-instruction path reports it
			}
			bo.h, bo.imm, ctl = bJal, t, true
		case hJalr:
			bo.h, ctl, b.jalr = bJalr, true, true
		case hBeq, hBne, hBlt, hBge, hBltu, hBgeu:
			t := pc + uint32(o.imm)
			if t&3 != 0 {
				goto stop
			}
			bo.h, bo.imm, ctl = bBeq+(o.h-hBeq), t, true
		default:
			if usesRM(o.h) && o.rm > rmRMM && o.rm != rmDYN {
				goto stop // always traps
			}
		}
		// Register-only ops writing x0 do nothing (F ops write f[rd]).
		if bo.rd == 0 && bo.h >= bLui && bo.h <= bMul {
			bo.h = bNop
		}
		b.ops = append(b.ops, bo)
		if ctl {
			b.ctl = true
			b.link = pc + 4
			break
		}
	}
stop:
	if len(b.ops) == 0 {
		return noBlock
	}
	b.fall = b.start + uint32(len(b.ops))*4
	return b
}

// usesRM reports whether exec reads the op's rounding mode (and traps on
// an invalid one).
func usesRM(h uint8) bool {
	switch h {
	case hFmadd, hFmsub, hFnmsub, hFnmadd, hFadd, hFsub, hFmul, hFdiv, hFsqrt, hFcvtWS, hFcvtWuS, hFcvtSW, hFcvtSWu:
		return true
	}
	return false
}

// normalize writes t's state relative to t.cur, with the vector unit's
// vtype and vl, into k. It fails (false) when a value is too far ahead to
// normalize.
func (t *timing) normalize(k *skey, vtype, vl uint32) bool {
	R := t.cur
	for i := 0; i < 64; i++ {
		r := t.ready[i] - R
		if r <= 0 {
			k[i] = 0
		} else if r < stateRelLimit {
			k[i] = uint32(r)
		} else {
			return false
		}
	}
	rel := func(v int64) (uint32, bool) {
		r := v - R
		if r <= 0 {
			return 0, true
		}
		return uint32(r), r < stateRelLimit
	}
	var ok [5]bool
	k[kFetch], ok[0] = rel(t.fetch)
	k[kMem], ok[1] = rel(t.memCyc + 1)
	k[kMemN] = 0
	if k[kMem] > 0 {
		k[kMemN] = uint32(t.memN)
	}
	k[kIter0], ok[2] = rel(t.iterFree[0])
	k[kIter1], ok[3] = rel(t.iterFree[1])
	k[kEnd], ok[4] = rel(t.end)
	k[kSlots], k[kMulN], k[kVecN], k[kClosed] = uint32(t.slots), uint32(t.mulN), uint32(t.vecN), uint32(t.closed)
	// The vector backend. Every issue cycle of a block's vector ops is
	// above R, so backend values at or below R act like R (rel 0).
	k[kVType], k[kVL] = vtype, vl
	vok := true
	var r uint32
	k[kVIss], k[kVIssN] = 0, 0
	if r, vok = rel(t.vIssCyc); r > 0 {
		k[kVIss], k[kVIssN] = r, uint32(t.vIssN)
	}
	var ok2 [3]bool
	k[kVecEnd], ok2[0] = rel(t.vecEnd)
	ok2[1], ok2[2] = true, true
	for i := 0; i < 32; i++ {
		var o bool
		if k[kVReady+i], o = rel(t.vready[i]); !o {
			ok2[1] = false
		}
	}
	n := len(t.vq)
	for i := 0; i < maxVQ; i++ {
		k[kVQ+i] = 0
		if i < n {
			var o bool
			if k[kVQ+i], o = rel(t.vq[(t.vqPos+i)%n]); !o {
				ok2[2] = false
			}
		}
	}
	for u := 0; u < maxUnits; u++ {
		k[kUnit+2*u], k[kUnit+2*u+1] = 0, 0
		if u < len(t.unitNext) {
			if r, o := rel(t.unitNext[u]); r > 0 {
				k[kUnit+2*u], k[kUnit+2*u+1] = r, uint32(t.unitN[u])
				ok2[2] = ok2[2] && o
			}
		}
	}
	return ok[0] && ok[1] && ok[2] && ok[3] && ok[4] && vok && ok2[0] && ok2[1] && ok2[2] && t.dispatched
}

// materialize sets t's scalar state to k relative to group cycle R.
func (t *timing) materialize(R int64, k *skey) {
	for i := 0; i < 64; i++ {
		t.ready[i] = R + int64(k[i])
	}
	t.cur = R
	t.fetch = R + int64(k[kFetch])
	t.memCyc = R - 1 + int64(k[kMem])
	t.memN = int32(k[kMemN])
	t.iterFree[0] = R + int64(k[kIter0])
	t.iterFree[1] = R + int64(k[kIter1])
	t.end = R + int64(k[kEnd])
	t.slots, t.mulN, t.vecN, t.closed = int32(k[kSlots]), int32(k[kMulN]), int32(k[kVecN]), uint8(k[kClosed])
	t.dispatched = true
	t.vIssCyc, t.vIssN = R+int64(k[kVIss]), int32(k[kVIssN])
	t.vecEnd = R + int64(k[kVecEnd])
	for i := 0; i < 32; i++ {
		t.vready[i] = R + int64(k[kVReady+i])
	}
	n := len(t.vq)
	for i := 0; i < n && i < maxVQ; i++ {
		t.vq[i] = R + int64(k[kVQ+i])
	}
	t.vqPos = 0
	for u := range t.unitNext {
		if u < maxUnits {
			t.unitNext[u], t.unitN[u] = R+int64(k[kUnit+2*u]), int32(k[kUnit+2*u+1])
		}
	}
}

// intern returns the number of a normalized state, or -1 when the state
// table is full.
func (m *Machine) intern(k *skey) int32 {
	e := &m.blk
	if id, ok := e.ids[*k]; ok {
		return id
	}
	if len(e.states) >= maxStates {
		return -1
	}
	id := int32(len(e.states))
	e.states = append(e.states, *k)
	e.ids[*k] = id
	return id
}

// edgeFor returns b's edge from state s, computing it on first use; nil
// when b has too many.
func (m *Machine) edgeFor(b *block, s int32) *edge {
	for _, e := range b.edges {
		if e.from == s && m.guardsOK(b, e) {
			b.last = e
			return e
		}
	}
	if len(b.edges) >= maxEdges {
		return nil
	}
	if m.blk.nedges >= maxAllEdges {
		m.blk.off = true
		return nil
	}
	e := m.newEdge(b, s)
	if e == nil {
		return nil
	}
	b.edges = append(b.edges, e)
	b.last = e
	return e
}

// newEdge runs b's ops through the reference timing code on a scratch
// scoreboard in state s.
func (m *Machine) newEdge(b *block, s int32) *edge {
	be := &m.blk
	st := &be.scratch
	if st.width == 0 {
		st.width, st.mulMax, st.memMax, st.vWidth, st.penalty = m.t.width, m.t.mulMax, m.t.memMax, m.t.vWidth, m.t.penalty
		st.vq = make([]int64, len(m.t.vq))
		st.unitNext = make([]int64, len(m.t.unitNext))
		st.unitN = make([]int32, len(m.t.unitN))
		st.unitCnt, st.res, st.vdivLat = m.t.unitCnt, m.t.res, m.t.vdivLat
		st.vRetire = m.t.vRetire
	}
	st.limit = math.MaxInt64
	st.stalls = [numStalls]uint64{}
	st.busy = [256]uint64{}
	st.materialize(0, &be.states[s])
	ops := b.code.ops[b.j : b.j+len(b.ops)]
	sv := be.vstate(&be.states[s])
	var elems uint64
	for i := range ops {
		st.dispatch(&ops[i])
		elems += m.vtiming(st, sv, &ops[i])
	}
	e := &edge{from: s, next: [2]int32{-1, -1}, dR: st.cur, n: int32(len(b.ops)), stalls: st.stalls, elems: elems}
	for _, r := range b.guards {
		e.gval = append(e.gval, m.x[r])
	}
	for u := range m.stats.UnitNames {
		if n := st.busy[u]; n != 0 {
			e.busy = append(e.busy, unitCount{uint8(u), n})
		}
	}
	var post skey
	if !st.normalize(&post, sv.VType, sv.VL) {
		return nil
	}
	last := &ops[len(ops)-1]
	for taken := 0; taken < 2; taken++ {
		if taken == 1 && !b.ctl {
			break
		}
		if b.ctl {
			st.materialize(0, &post)
			st.control(last, taken == 1)
			if !st.normalize(&be.key, sv.VType, sv.VL) {
				return nil
			}
			e.next[taken] = m.intern(&be.key)
		} else {
			e.next[0] = m.intern(&post)
		}
		if e.next[taken] < 0 {
			return nil
		}
	}
	be.nedges++
	return e
}

// flushEdges adds the counts of the edges traversed since the last flush.
func (m *Machine) flushEdges() {
	be := &m.blk
	for _, e := range be.dirty {
		c := e.count
		m.stats.Instructions += c * uint64(e.n)
		m.stats.VectorElems += c * e.elems
		for i, v := range e.stalls {
			m.t.stalls[i] += c * v
		}
		for _, u := range e.busy {
			m.t.busy[u.unit] += c * u.n
		}
		e.count = 0
	}
	be.dirty = be.dirty[:0]
}

// runBlocks is runFast with the block engine.
func (m *Machine) runBlocks() {
	var c *codeRegion
	stepOne := false
	poll := pollInsts
	for !m.halted {
		if poll--; poll == 0 {
			if poll = pollInsts; m.stopped() {
				return
			}
		}
		pc := m.pc
		if c == nil || pc-c.base >= c.size || pc&3 != 0 {
			nc, trap := m.fetchRegion(pc)
			if trap != nil {
				if !m.raise(trap, nil) {
					return
				}
				continue
			}
			c = nc
		}
		j := (pc - c.base) >> 2
		if !stepOne && !m.blk.off && m.t.dispatched {
			b := c.blocks[j]
			if b == nil {
				b = m.buildBlock(c, int(j))
				c.blocks[j] = b
			}
			if b != noBlock {
				if b.entries < coldEntries || b.runs >= coldRuns*b.entries {
					stepOne = m.stateRun(b)
					continue
				}
				if b.skips++; b.skips == coldRetry {
					b.entries, b.runs, b.skips = 0, 0, 0
				}
			}
		}
		stepOne = false
		o := &c.ops[j]
		if !m.t.dispatch(o) {
			m.cycleLimit()
			return
		}
		if o.h == hVec && o.vop >= 0 {
			// A pre-decoded vector op: its plan, without exec's switch.
			if t, ok := m.execVecPlan(o); ok {
				if t != nil {
					if !m.raise(t, o) {
						return
					}
					continue
				}
				m.x[0] = 0
				m.pc = pc + 4
				m.stats.Instructions++
				continue
			}
		}
		if !m.exec(o) {
			return
		}
	}
}

// stateRun runs blocks in state mode from b until a block cannot be run
// that way. It leaves the scoreboard materialized and m.pc at the next
// op; it returns true when that op must go through the per-instruction
// path (the block engine could not run it).
func (m *Machine) stateRun(b *block) bool {
	be := &m.blk
	if !m.t.normalize(&be.key, m.v.VType, m.v.VL) {
		return true
	}
	s := m.intern(&be.key)
	if s < 0 {
		be.off = true
		return true
	}
	R := m.t.cur
	// limit is the cycle limit, or with a stop flag to poll the cycle at
	// which it is next polled (a soft limit, moved on when the flag is
	// not set; loops below are bounded by it too).
	limit := m.limit
	if m.opts.Stop != nil {
		limit = min(limit, R+pollCycles)
	}
	if m.tr.on {
		// Translated code cannot be preempted: it returns to Go at
		// least every trPollCycles (translate.go).
		limit = min(limit, R+trPollCycles)
	}
	runs := uint32(0)
	entry := b
	entry.entries++
	defer func() {
		if m.tr.ran {
			runs += m.trFlush()
		}
		entry.runs += runs
		m.flushEdges()
	}()
	var e *edge // the edge from s in b, when the previous edge knew it
	for {
		if e == nil {
			e = b.last
		}
		if e == nil || e.from != s || len(b.guards) > 0 && !m.guardsOK(b, e) {
			e = m.edgeFor(b, s)
			if e == nil {
				if len(be.states) >= maxStates {
					be.off = true
				}
				m.t.materialize(R, &be.states[s])
				m.pc = b.start
				return true
			}
		}
		if R+e.dR >= limit {
			m.t.materialize(R, &be.states[s])
			m.pc = b.start
			if limit == m.limit || m.stopped() {
				return true
			}
			limit = min(m.limit, R+e.dR+pollCycles)
			if m.tr.on {
				limit = min(limit, R+e.dR+trPollCycles)
			}
		}
		var next uint32
		var taken, k, why, done int
		// counted: the edge's count and R already include this traversal
		// (translated code ran the block to its end).
		counted := false
		if m.tr.on && (e.tid != 0 || m.trHot(b, e)) {
			// Translated code (translate.go) runs from this pair on,
			// following linked pairs, and says where it stopped.
			var kind, arg int
			kind, b, e, R, arg = m.trEnter(e, R, limit)
			switch kind {
			case trExitLimit:
				s = e.from
				continue
			case trExitSucc:
				taken, counted = arg, true
				next = m.trNext(b, taken)
			default: // trExitMid: ops before arg&0xff ran, that one not
				s = e.from
				k, why = arg&0xff, arg>>8
				next, taken, k, why, done = m.finishBlock(b, next, taken, k, why, 0, 0)
			}
		} else {
			// A loop whose block leads back to itself in the same state (the
			// steady state of a loop) repeats inside execBlock, as many times
			// as the cycle limit allows: iteration r's last op dispatches at
			// R + (r+1)·dR.
			loops := 0
			if e.next[1] == s && b.succ[1] == b && e.dR > 0 && !b.jalr {
				loops = int(min((limit-1-R-e.dR)/e.dR, 1<<30))
				if m.tr.on && e.hits&trNever == 0 {
					loops = min(loops, int(trHot)) // count them, then translate
				}
			}
			next, taken, k, why, done = m.execBlock(b, 0, loops)
			if why > exBail {
				next, taken, k, why, done = m.finishBlock(b, next, taken, k, why, loops, done)
			}
			if m.tr.on && done > 0 {
				m.trAdd(b, e, done)
			}
		}
		if done > 0 {
			if e.count == 0 {
				be.dirty = append(be.dirty, e)
			}
			e.count += uint64(done)
			R += int64(done) * e.dR
			runs += uint32(done)
		}
		if why == exBail {
			// Ops 0..k-1 ran: book them the reference way; op k is the
			// per-instruction path's.
			m.t.materialize(R, &be.states[s])
			ops := b.code.ops[b.j:]
			sv := be.vstate(&be.states[s])
			for i := 0; i < k; i++ {
				m.t.dispatch(&ops[i])
				m.stats.VectorElems += m.vtiming(&m.t, sv, &ops[i])
			}
			m.stats.Instructions += uint64(k)
			m.pc = b.start + uint32(k)*4
			return true
		}
		if !counted {
			runs++
			if e.count == 0 {
				be.dirty = append(be.dirty, e)
			}
			e.count++ // counters and Instructions are added at the flush
			R += e.dR
		}
		from := e // for linking translated pairs
		s = e.next[taken&1]
		// The successor block and its edge from s: fixed for a static
		// successor, remembered with the target for a jalr.
		to := &e.to[taken&1]
		if to.b != nil && (!b.jalr || to.pc == next) {
			b, e = to.b, to.e
			if counted {
				m.trLink(from, b, taken, e)
			}
			continue
		}
		var nb *block
		if !b.jalr {
			nb = b.succ[taken&1]
			if nb == nil {
				nb = m.blockAt(next)
				b.succ[taken&1] = nb
			}
		} else {
			nb = m.blockAt(next)
		}
		if nb == nil {
			m.t.materialize(R, &be.states[s])
			m.pc = next
			return false
		}
		ne := m.edgeFor(nb, s)
		if ne != nil {
			*to = edgeLink{pc: next, b: nb, e: ne}
			if counted {
				m.trLink(from, nb, taken, ne)
			}
		}
		b, e = nb, ne
	}
}

// finishBlock continues a block that execBlock (or translated code)
// stopped at op k for a reason other than exBail: it handles the op the
// rare way (outside execBlock's loop, which makes no calls) and runs the
// rest, until the block ends or an op is the per-instruction path's.
func (m *Machine) finishBlock(b *block, next uint32, taken, k, why, loops, done int) (uint32, int, int, int, int) {
	for why > exBail {
		// The rare cases, outside execBlock's loop (no calls there).
		o := &b.ops[k]
		switch why {
		case exCompute:
			// A register-only op (Zbb, M's high halves and
			// divisions, F): exec cannot fail on it once a dynamic
			// rounding mode is known to be valid. exec counts it and
			// moves m.pc (state mode sets m.pc when it ends): undo
			// the count.
			orig := &b.code.ops[b.j+k]
			if orig.rm == rmDYN && m.csr.frm > rmRMM && usesRM(orig.h) {
				why = exBail
				continue
			}
			m.exec(orig)
			m.stats.Instructions--
			k++
		case exRefill:
			a, n := m.x[o.rs1]+o.imm, accessSize(o.h)
			var ok bool
			if o.h >= bSb && o.h <= bSw || o.h == bFsw {
				ok = m.cacheWrite(a, n)
			} else {
				ok = m.cacheRead(a, n)
			}
			if !ok {
				why = exBail
				continue
			}
		case exMark:
			a, n := m.x[o.rs1]+o.imm, accessSize(o.h)
			m.wc.reg.MarkWritten(uint64(a-m.wc.base), uint64(n))
			k++
		case exVec:
			// Vector ops: their element loops (the edge has their
			// timing), or the per-instruction path from one that
			// would trap or whose plan does not cover the state.
			if k = m.vecBlockRun(b, k); k < len(b.ops) && b.ops[k].h == bVec {
				why = exBail
				continue
			}
		}
		var more int
		next, taken, k, why, more = m.execBlock(b, k, loops-done)
		done += more
	}
	return next, taken, k, why, done
}

// Why execBlock stopped before the end of its block (at op k).
const (
	exDone    = iota // the block ran to its end
	exBail           // op k is the per-instruction path's (nothing of it done)
	exCompute        // op k is a bCompute op (not done)
	exRefill         // op k needs the memory cache refilled (not done)
	exMark           // op k stored across a 64-byte word of the written bitmap: mark it (done)
	exVec            // op k is a vector op (not done)
)

// execBlock executes b's ops from op `from` on. It returns the next pc,
// the branch outcome (taken: 1) and exDone; or the index k of an op it
// stopped at and why. The loop makes no calls, so that nothing is spilled
// around them.
//
// loops is how many times a taken final branch may start the block over
// (its target is the block's start, and the caller knows the state
// repeats); done is how many times it did.
func (m *Machine) execBlock(b *block, from int, loops int) (next uint32, taken int, k int, why int, done int) {
	x := &m.x
	ops := b.ops
	for i := from; i < len(ops); i++ {
		o := &ops[i]
		switch o.h {
		case bNop:
		case bLui:
			x[o.rd&31] = o.imm
		case bAddi:
			x[o.rd&31] = x[o.rs1&31] + o.imm
		case bSlti:
			x[o.rd&31] = b2u(int32(x[o.rs1&31]) < int32(o.imm))
		case bSltiu:
			x[o.rd&31] = b2u(x[o.rs1&31] < o.imm)
		case bXori:
			x[o.rd&31] = x[o.rs1&31] ^ o.imm
		case bOri:
			x[o.rd&31] = x[o.rs1&31] | o.imm
		case bAndi:
			x[o.rd&31] = x[o.rs1&31] & o.imm
		case bSlli:
			x[o.rd&31] = x[o.rs1&31] << (o.imm & 31)
		case bSrli:
			x[o.rd&31] = x[o.rs1&31] >> (o.imm & 31)
		case bSrai:
			x[o.rd&31] = uint32(int32(x[o.rs1&31]) >> (o.imm & 31))
		case bAdd:
			x[o.rd&31] = x[o.rs1&31] + x[o.rs2&31]
		case bSub:
			x[o.rd&31] = x[o.rs1&31] - x[o.rs2&31]
		case bSll:
			x[o.rd&31] = x[o.rs1&31] << (x[o.rs2&31] & 31)
		case bSlt:
			x[o.rd&31] = b2u(int32(x[o.rs1&31]) < int32(x[o.rs2&31]))
		case bSltu:
			x[o.rd&31] = b2u(x[o.rs1&31] < x[o.rs2&31])
		case bXor:
			x[o.rd&31] = x[o.rs1&31] ^ x[o.rs2&31]
		case bSrl:
			x[o.rd&31] = x[o.rs1&31] >> (x[o.rs2&31] & 31)
		case bSra:
			x[o.rd&31] = uint32(int32(x[o.rs1&31]) >> (x[o.rs2&31] & 31))
		case bOr:
			x[o.rd&31] = x[o.rs1&31] | x[o.rs2&31]
		case bAnd:
			x[o.rd&31] = x[o.rs1&31] & x[o.rs2&31]
		case bMul:
			x[o.rd&31] = x[o.rs1&31] * x[o.rs2&31]
		case bLw:
			a := x[o.rs1&31] + o.imm
			c := &m.rc
			off := uint64(a - c.base)
			if off+4 > uint64(len(c.data)) || a&3 != 0 && !m.misaligned {
				return 0, 0, i, exRefill, done
			}
			x[o.rd&31] = binary.LittleEndian.Uint32(c.data[off : off+4])
			x[0] = 0
		case bLh, bLhu:
			a := x[o.rs1&31] + o.imm
			c := &m.rc
			off := uint64(a - c.base)
			if off+2 > uint64(len(c.data)) || a&1 != 0 && !m.misaligned {
				return 0, 0, i, exRefill, done
			}
			v := uint32(binary.LittleEndian.Uint16(c.data[off : off+2]))
			if o.h == bLh {
				v = uint32(int32(int16(v)))
			}
			x[o.rd&31] = v
			x[0] = 0
		case bLb, bLbu:
			a := x[o.rs1&31] + o.imm
			c := &m.rc
			off := uint64(a - c.base)
			if off >= uint64(len(c.data)) {
				return 0, 0, i, exRefill, done
			}
			v := uint32(c.data[off])
			if o.h == bLb {
				v = uint32(int32(int8(v)))
			}
			x[o.rd&31] = v
			x[0] = 0
		case bFlw:
			a := x[o.rs1&31] + o.imm
			c := &m.rc
			off := uint64(a - c.base)
			if off+4 > uint64(len(c.data)) || a&3 != 0 && !m.misaligned {
				return 0, 0, i, exRefill, done
			}
			m.f[o.rd&31] = binary.LittleEndian.Uint32(c.data[off : off+4])
		case bSw, bFsw:
			a := x[o.rs1&31] + o.imm
			v := x[o.rs2&31]
			if o.h == bFsw {
				v = m.f[o.rs2&31]
			} else if a == m.tohost && m.hasTohost && v&1 != 0 {
				return 0, 0, i, exBail, done
			}
			c := &m.wc
			off := uint64(a - c.base)
			if off+4 > uint64(len(c.data)) || a&3 != 0 && !m.misaligned {
				return 0, 0, i, exRefill, done
			}
			binary.LittleEndian.PutUint32(c.data[off:off+4], v)
			// off is inside c.data, so its word is inside c.wbits.
			if s := off & 63; s <= 60 {
				if p := (*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c.wbits)), off>>6*8)); *p>>s&0xf != 0xf {
					*p |= 0xf << s
				}
			} else {
				return 0, 0, i, exMark, done
			}
		case bSh:
			a := x[o.rs1&31] + o.imm
			c := &m.wc
			off := uint64(a - c.base)
			if off+2 > uint64(len(c.data)) || a&1 != 0 && !m.misaligned {
				return 0, 0, i, exRefill, done
			}
			binary.LittleEndian.PutUint16(c.data[off:off+2], uint16(x[o.rs2&31]))
			// off is inside c.data, so its word is inside c.wbits.
			if s := off & 63; s <= 62 {
				if p := (*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c.wbits)), off>>6*8)); *p>>s&0x3 != 0x3 {
					*p |= 0x3 << s
				}
			} else {
				return 0, 0, i, exMark, done
			}
		case bSb:
			a := x[o.rs1&31] + o.imm
			c := &m.wc
			off := uint64(a - c.base)
			if off >= uint64(len(c.data)) {
				return 0, 0, i, exRefill, done
			}
			c.data[off] = byte(x[o.rs2&31])
			// off is inside c.data, so its word is inside c.wbits.
			if p := (*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c.wbits)), off>>6*8)); *p>>(off&63)&1 == 0 {
				*p |= 1 << (off & 63)
			}
		case bCompute:
			return 0, 0, i, exCompute, done
		case bVec:
			return 0, 0, i, exVec, done
		case bJal:
			x[o.rd&31] = b.link
			x[0] = 0
			return o.imm, 1, -1, exDone, done
		case bJalr:
			t := (x[o.rs1&31] + o.imm) &^ 1
			if t&3 != 0 {
				return 0, 0, i, exBail, done
			}
			x[o.rd&31] = b.link
			x[0] = 0
			return t, 1, -1, exDone, done
		case bBeq, bBne, bBlt, bBge, bBltu, bBgeu:
			if !branchTaken(o.h, x[o.rs1&31], x[o.rs2&31]) {
				return b.fall, 0, -1, exDone, done
			}
			if loops > done {
				done++
				i = -1
				continue
			}
			return o.imm, 1, -1, exDone, done
		}
	}
	return b.fall, 0, -1, exDone, done
}

// branchTaken evaluates a block-ending conditional branch.
func branchTaken(h uint8, a, b uint32) bool {
	switch h {
	case bBeq:
		return a == b
	case bBne:
		return a != b
	case bBlt:
		return int32(a) < int32(b)
	case bBge:
		return int32(a) >= int32(b)
	case bBltu:
		return a < b
	}
	return a >= b // bBgeu
}

// accessSize is the size of a load or store block op's access.
func accessSize(h uint8) uint32 {
	switch h {
	case bLw, bSw, bFlw, bFsw:
		return 4
	case bLh, bLhu, bSh:
		return 2
	}
	return 1
}

// cacheRead makes m.rc the region a load of n bytes at a reads; false if
// the load would trap.
func (m *Machine) cacheRead(a, n uint32) bool {
	if a&(n-1) != 0 && !m.misaligned {
		return false
	}
	r := m.mem.Find(uint64(a))
	if r == nil || !r.Readable || r.End > 1<<32 || uint64(a)+uint64(n) > r.End {
		return false
	}
	if m.rc.reg != r {
		m.rcPrev = m.rc // translated code reads both (translate.go)
	}
	m.rc = memCache{base: uint32(r.Base), size: r.End - r.Base, data: r.Data, reg: r}
	return true
}

// cacheWrite makes m.wc the region a store of n bytes at a goes to; false
// if the store would trap or goes to an executable region.
func (m *Machine) cacheWrite(a, n uint32) bool {
	if a&(n-1) != 0 && !m.misaligned {
		return false
	}
	r := m.mem.Find(uint64(a))
	if r == nil || !r.Writable || r.Executable || r.End > 1<<32 || uint64(a)+uint64(n) > r.End {
		return false
	}
	m.wc = memCache{base: uint32(r.Base), size: r.End - r.Base, data: r.Data, reg: r, wbits: r.WrittenBits()}
	return true
}

// vstate returns the engine's scratch VState set to the vtype and vl of
// state k.
func (be *blockEngine) vstate(k *skey) *VState {
	sv := &be.sv
	sv.VType, sv.VL, sv.VStart = k[kVType], k[kVL], 0
	sew, lmul8, vlmax, ok := VtypeInfo(sv.VType)
	sv.SEW, sv.LMUL8, sv.VLMAX, sv.Vill = sew, lmul8, vlmax, !ok
	return sv
}

// vtiming books the vector side of a dispatched op o in t, as the
// per-instruction path does (execVec and execVecPlan), under the vtype and
// vl of sv, which a vset op updates (its AVL register, if any, is a guard
// of the block: unchanged since the block's entry). It returns the vector elements o counts.
func (m *Machine) vtiming(t *timing, sv *VState, o *op) uint64 {
	if o.h != hVec || o.vop < 0 {
		return 0
	}
	vo := &m.vops[o.vop]
	if o.tflags&tVec == 0 {
		switch vo.Kind {
		case kVsetivli:
			sv.SetVType(uint32(vo.Imm), uint32(vo.Vs1), false)
		case kVsetvli:
			if vo.Vs1 != 0 { // a guard register: its value at block entry
				sv.SetVType(uint32(vo.Imm), m.x[vo.Vs1], false)
			} else {
				sv.SetVType(uint32(vo.Imm), ^uint32(0), vo.Vd == 0)
			}
		}
		return 0
	}
	reads, writes := vo.VRegs(sv)
	sw := vo.XWrite()
	if fw := vo.FWrite(); fw >= 0 {
		sw = 32 + fw
	}
	t.vissue(o.unit, o.tflags&tVecMem != 0, t.vcost(vo, sv, o.lat), reads, writes, sw)
	if sv.VL > sv.VStart {
		return uint64(sv.VL - sv.VStart)
	}
	return 0
}

// guardsOK reports whether the guard registers of b hold the values edge
// e was computed for.
func (m *Machine) guardsOK(b *block, e *edge) bool {
	for i, r := range b.guards {
		if m.x[r&31] != e.gval[i] {
			return false
		}
	}
	return true
}
