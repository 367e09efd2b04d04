package coral

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"time"
	"unsafe"

	"kernelcraft/sim/jit"
	"kernelcraft/sim/vec"
)

// Translation of the block engine's hot (block, entry state) pairs to
// amd64 machine code (TRANSLATE.md describes the design). A translated
// pair runs the block's ops and then does what the block engine does with
// the pair's edge: it adds the edge's dR to the group cycle R (in R12)
// and counts the traversal (the edge's other counters are added from
// the count at the flush, as for the block engine), and jumps to the
// successor pair for the branch outcome through a table in ordinary
// read-write memory (never by patching code). It returns to Go (an exit
// word, below) before a pair whose last op would dispatch at or after the
// limit, before any op it does not run itself (nothing of it done), and
// after a pair whose successor is not translated or not linked yet.

// Engine names (sim.CoreOptions.Engine and sim.Stats.Engine).
const (
	EngineAuto      = "auto"
	EngineTranslate = "translate"
	EngineBlocks    = "blocks"
	EngineStep      = "step"
	// enginePerInst is what Stats.Engine says when Run went one
	// instruction at a time without the block engine (profiles,
	// timelines, configs that turn the block engine off).
	enginePerInst = "per-instruction"
)

// A pair is translated once it has run trHot times; pairs that have run
// trWarm times are translated along with it, so that one executable
// mapping holds a loop's pairs. (Variables: tests lower them to
// translate nearly everything.)
var (
	trWarm uint32 = 16
	trHot  uint32 = 128
)

const (
	// trMaxPairs bounds the pairs translated per Load (the tables are
	// sized for it); past it the block engine runs the rest.
	trMaxPairs = 8192
	// trPollCycles bounds the simulated cycles translated code runs
	// before it returns to Go (at most 4 instructions a cycle: about a
	// million instructions, well under a millisecond), for Options.Stop
	// and for the Go scheduler and garbage collector, which cannot
	// preempt it.
	trPollCycles = 1 << 18
	// trMaxCode bounds the translated code per Load.
	trMaxCode = 64 << 20
)

// Exit kinds in the low byte of an exit word; arg is bits 8..31 and the
// pair's id bits 32..63.
const (
	trExitLimit = 1 // before the pair: R + dR reaches the limit (nothing done)
	trExitSucc  = 2 // after the pair (counted, R moved); arg: branch taken
	trExitMid   = 3 // in the pair before op arg&0xff, which did nothing; arg>>8: why (exBail...)
)

// Layout of the data table (jit.Data, in BX): the pairs' traversal counts,
// then their successor slots (the code address to jump to per branch
// outcome: a linked pair's entry or the pair's own exit stub).
const (
	trCountOff = 0
	trSuccOff  = trMaxPairs * 8
	// The pairs whose count went from 0 since the last flush (their ids,
	// 4 bytes each), and how many (8 bytes): trFlush visits only these.
	trDirtyNOff = trSuccOff + trMaxPairs*16
	trDirtyOff  = trDirtyNOff + 8
	trDataLen   = trDirtyOff + trMaxPairs*4
)

// trCtx is the context translated code runs with (DI). Its first four
// words are the jit.Header the trampoline loads; pointers in it point
// into the Machine (heap memory the caller of jit.Call keeps alive) and
// the memory regions' data.
type trCtx struct {
	regs   unsafe.Pointer // &m.x[0] (SI)
	data   uintptr        // the data table (BX), outside the Go heap
	R      int64          // group cycle (R12)
	limit  int64          // R13: a pair runs only if R + dR < limit
	f      unsafe.Pointer // &m.f[0]
	rcData unsafe.Pointer // m.rc: loads
	rcBase uint64
	rcLen  uint64
	// rc2 is m.rcPrev, the region loads were cached for before m.rc (a
	// loop that reads ITCM and DTCM uses both without leaving to Go).
	rc2Data unsafe.Pointer
	rc2Base uint64
	rc2Len  uint64
	wcData  unsafe.Pointer // m.wc: stores
	wcBase  uint64
	wcLen   uint64
	wbits   unsafe.Pointer
	nextPC  uint64 // a jalr's target, at a trExitSucc
	// loopStart is R12 when a looping pair was entered (its iterations
	// are counted from R12's advance).
	loopStart int64
}

var (
	offF         = int32(unsafe.Offsetof(trCtx{}.f))
	offRCData    = int32(unsafe.Offsetof(trCtx{}.rcData))
	offRCBase    = int32(unsafe.Offsetof(trCtx{}.rcBase))
	offRCLen     = int32(unsafe.Offsetof(trCtx{}.rcLen))
	offRC2Data   = int32(unsafe.Offsetof(trCtx{}.rc2Data))
	offRC2Base   = int32(unsafe.Offsetof(trCtx{}.rc2Base))
	offRC2Len    = int32(unsafe.Offsetof(trCtx{}.rc2Len))
	offWCData    = int32(unsafe.Offsetof(trCtx{}.wcData))
	offWCBase    = int32(unsafe.Offsetof(trCtx{}.wcBase))
	offWCLen     = int32(unsafe.Offsetof(trCtx{}.wcLen))
	offWBits     = int32(unsafe.Offsetof(trCtx{}.wbits))
	offNextPC    = int32(unsafe.Offsetof(trCtx{}.nextPC))
	offLoopStart = int32(unsafe.Offsetof(trCtx{}.loopStart))
)

func init() {
	// The trampoline's header.
	if unsafe.Offsetof(trCtx{}.regs) != jit.CtxRegs || unsafe.Offsetof(trCtx{}.data) != jit.CtxData ||
		unsafe.Offsetof(trCtx{}.R) != jit.CtxR || unsafe.Offsetof(trCtx{}.limit) != jit.CtxLimit {
		panic("coral: trCtx does not start with jit.Header")
	}
}

// trPair is a translated (block, entry state) pair.
type trPair struct {
	b     *block
	e     *edge
	entry uintptr    // code address
	stub  [2]uintptr // exit stubs per branch outcome (the unlinked successor slots)
}

// translator is the Machine's translation state: on for the whole
// Machine (engine chosen at New), the code and tables reset at Load.
type translator struct {
	on  bool
	ran bool // translated code ran since the last trFlush
	off bool // no more translation this Load (limits reached or mmap failed)
	*trMem
	codeLen int
	pairs   []trPair // by id; 0 unused
	pending []trPair // warm pairs not translated yet
	ctx     trCtx
	a       jit.Asm
	// Bytes of code translated and the host time spent translating
	// (for tests and the doc's figures).
	translated int
	spent      time.Duration
	calls      int // jit.Calls (returns to Go)
}

// trMem is the translator's memory outside the Go heap, unmapped by a
// cleanup when its Machine becomes unreachable (it holds no reference to
// the Machine).
type trMem struct {
	data  *jit.Data
	codes []*jit.Code
}

func (t *trMem) free() {
	for _, c := range t.codes {
		c.Free()
	}
	t.codes = nil
	if t.data != nil {
		t.data.Free()
		t.data = nil
	}
}

// TranslateAvailable says why translated code cannot run in this process
// (engine translate refused, auto running the block engine), or nil.
func TranslateAvailable() error { return translateError() }

// translateError says why translation cannot run in this process, or nil.
func translateError() error {
	if err := jit.Available(); err != nil {
		return err
	}
	if vec.Path() == "generic" {
		return fmt.Errorf("the pure-Go paths are selected (KC_SIMD=generic or --simd generic)")
	}
	return nil
}

// chooseEngine resolves Options.Engine at New: it sets m.tr.on and
// m.opts.Reference, or says why the engine asked for cannot run.
func (m *Machine) chooseEngine() error {
	eng := m.opts.Engine
	switch eng {
	case "", EngineAuto, EngineTranslate, EngineBlocks, EngineStep:
	default:
		return fmt.Errorf("coral: engine %q: want auto, translate, blocks or step", eng)
	}
	if eng == EngineStep {
		m.opts.Reference = true
		return nil
	}
	if eng == EngineBlocks {
		return nil
	}
	why := ""
	switch {
	case m.opts.Trace != nil:
		why = "a trace runs on the reference stepper"
	case m.opts.Reference:
		why = "the reference stepper was asked for"
	case m.opts.Timeline != nil:
		why = "a timeline runs one instruction at a time"
	case m.opts.Profile != nil:
		why = "a profile runs one instruction at a time"
	case m.selfMod:
		why = "an executable region is writable (the block engine is off)"
	case m.htif:
		why = "the config has an HTIF (the block engine is off)"
	case len(m.t.vq) > maxVQ || len(m.t.unitNext) > maxUnits:
		why = "the vector queue or units exceed the block engine's states"
	default:
		if err := translateError(); err != nil {
			why = err.Error()
		}
	}
	if why != "" {
		if eng == EngineTranslate {
			return fmt.Errorf("coral: engine translate: not available: %s (engine auto falls back to blocks)", why)
		}
		return nil
	}
	m.tr.on = true
	m.tr.trMem = &trMem{}
	runtime.AddCleanup(m, (*trMem).free, m.tr.trMem)
	return nil
}

// engineName is the engine Run uses.
func (m *Machine) engineName() string {
	switch {
	case m.opts.Trace != nil || m.opts.Reference:
		return EngineStep
	case m.opts.Profile != nil || m.blk.off || m.noBlocks:
		return enginePerInst
	case m.tr.on:
		return EngineTranslate
	}
	return EngineBlocks
}

// trReset drops every translation (Load: blocks and edges are rebuilt).
func (m *Machine) trReset() {
	t := &m.tr
	if !t.on {
		return
	}
	for _, c := range t.codes {
		c.Free()
	}
	t.codes = t.codes[:0]
	t.codeLen = 0
	t.pairs = t.pairs[:0]
	t.pending = t.pending[:0]
	t.off, t.ran = false, false
	t.translated, t.spent, t.calls = 0, 0, 0
	t.ctx = trCtx{}
	if t.data != nil {
		clear(t.data.Bytes())
	}
}

// trHot reports whether pair (b, e) is translated, translating it (with
// the other warm pairs) once it has run trHot times; otherwise it counts
// the run about to start (trAdd).
func (m *Machine) trHot(b *block, e *edge) bool {
	t := &m.tr
	if t.off || e.hits&trNever != 0 || len(b.guards) > 0 {
		return false
	}
	if e.hits&^trQueued < trHot {
		m.trAdd(b, e, 1)
		return false
	}
	if e.hits&trQueued == 0 { // trWarm > trHot
		t.pending = append(t.pending, trPair{b: b, e: e})
	}
	e.hits = trNever // translated now, or never
	m.trTranslate()
	return e.tid != 0
}

// Flags in edge.hits.
const (
	trQueued = 1 << 31 // in translator.pending
	trNever  = 1 << 30 // translated, or not to be
)

// trAdd counts n runs of pair (b, e) on the block engine, queueing it
// for translation once it is warm.
func (m *Machine) trAdd(b *block, e *edge, n int) {
	if e.hits&trNever != 0 || len(b.guards) > 0 {
		return
	}
	c := min(e.hits&^trQueued+uint32(min(n, int(trHot))), trHot)
	if c >= trWarm && e.hits&trQueued == 0 {
		if e.dR < 0 || e.dR >= 1<<31 || hasVec(b) || !trFirstOp(b) {
			e.hits = trNever
			return
		}
		e.hits |= trQueued
		m.tr.pending = append(m.tr.pending, trPair{b: b, e: e})
	}
	e.hits = e.hits&trQueued | c
}

// hasVec reports whether b has vector ops. Such blocks stay on the block
// engine: their element loops run there anyway (plans and segments), and
// the engine repeats a loop's block inside execBlock, where translated
// code would leave to Go at each vector op.
func hasVec(b *block) bool {
	for i := range b.ops {
		if b.ops[i].h == bVec {
			return true
		}
	}
	return false
}

// trFirstOp reports whether translated code would run b's first op
// itself (a pair that leaves to Go at once is not worth translating).
func trFirstOp(b *block) bool {
	o := &b.ops[0]
	return o.h != bVec && (o.h != bCompute || trComputeOp(b.code.ops[b.j].h))
}

// trTranslate translates the pending pairs into one executable mapping.
func (m *Machine) trTranslate() {
	t := &m.tr
	start := time.Now()
	defer func() { t.spent += time.Since(start) }()
	ps := t.pending
	t.pending = t.pending[:0]
	if len(t.pairs) == 0 {
		t.pairs = append(t.pairs, trPair{}) // id 0: none
	}
	if len(t.pairs)+len(ps) > trMaxPairs || t.codeLen > trMaxCode {
		t.off = true
		return
	}
	if t.data == nil {
		d, err := jit.NewData(trDataLen)
		if err != nil {
			t.off = true
			return
		}
		t.data = d
	}
	a := &t.a
	a.Reset()
	type offs struct{ entry, stub0, stub1 int }
	at := make([]offs, len(ps))
	first := int32(len(t.pairs))
	for i := range ps {
		tid := first + int32(i)
		at[i].entry, at[i].stub0, at[i].stub1 = m.trEmit(a, ps[i].b, ps[i].e, tid)
	}
	if err := a.Finish(); err != nil {
		panic(err) // a bug in trEmit
	}
	code, err := jit.NewCode(a.Buf)
	if err != nil {
		t.off = true
		return
	}
	t.codes = append(t.codes, code)
	t.codeLen += len(a.Buf)
	t.translated += len(a.Buf)
	base := code.Addr()
	succ := t.succTable()
	for i, p := range ps {
		tid := first + int32(i)
		p.entry = base + uintptr(at[i].entry)
		p.stub = [2]uintptr{base + uintptr(at[i].stub0), base + uintptr(at[i].stub1)}
		succ[2*tid], succ[2*tid+1] = uint64(p.stub[0]), uint64(p.stub[1])
		if p.b.jalr {
			succ[2*tid] = ^uint64(0) // no target cached (see trLink)
		}
		t.pairs = append(t.pairs, p)
		p.e.tid = tid
	}
}

// succTable is the data table's successor slots.
func (t *translator) succTable() []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(&t.data.Bytes()[trSuccOff])), 2*trMaxPairs)
}

// countTable is the data table's traversal counts.
func (t *translator) countTable() []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(&t.data.Bytes()[trCountOff])), trMaxPairs)
}

// trLink makes translated pair from jump straight to pair (nb, ne) for
// branch outcome taken, when both are translated: the same (block, state)
// always follows from that outcome. After a jalr the successor depends
// on the target: its slots are a one-entry cache (slot 0 the target pc,
// slot 1 the entry), replaced by the latest target that exits to Go.
func (m *Machine) trLink(from *edge, nb *block, taken int, ne *edge) {
	if from.tid == 0 || ne == nil || ne.tid == 0 || len(nb.guards) > 0 {
		return
	}
	t := &m.tr
	succ := t.succTable()
	if t.pairs[from.tid].b.jalr {
		succ[2*from.tid] = uint64(nb.start)
		succ[2*from.tid+1] = uint64(t.pairs[ne.tid].entry)
		return
	}
	succ[2*from.tid+int32(taken&1)] = uint64(t.pairs[ne.tid].entry)
}

// trEnter runs translated code from pair e (R: the group cycle before it;
// limit: no pair runs whose last op would dispatch at or after it). It
// returns the exit kind, the pair it stopped in or after, R at that
// point (before the pair for trExitLimit and trExitMid, after it for
// trExitSucc) and the exit's argument.
func (m *Machine) trEnter(e *edge, R, limit int64) (kind int, b *block, pe *edge, nR int64, arg int) {
	t := &m.tr
	c := &t.ctx
	c.regs = unsafe.Pointer(&m.x[0])
	c.f = unsafe.Pointer(&m.f[0])
	c.data = t.data.Addr()
	c.R, c.limit = R, limit
	c.rcData, c.rcBase, c.rcLen = unsafe.Pointer(unsafe.SliceData(m.rc.data)), uint64(m.rc.base), uint64(len(m.rc.data))
	rc2 := &m.rcPrev
	if rc2.reg == m.rc.reg {
		rc2 = &memCache{}
	}
	c.rc2Data, c.rc2Base, c.rc2Len = unsafe.Pointer(unsafe.SliceData(rc2.data)), uint64(rc2.base), uint64(len(rc2.data))
	c.wcData, c.wcBase, c.wcLen = unsafe.Pointer(unsafe.SliceData(m.wc.data)), uint64(m.wc.base), uint64(len(m.wc.data))
	c.wbits = unsafe.Pointer(unsafe.SliceData(m.wc.wbits))
	t.ran = true
	t.calls++
	// m (and so m.x, m.f and c) and the regions' data stay referenced by
	// the caller for the whole call.
	w := jit.Call(t.pairs[e.tid].entry, unsafe.Pointer(c))
	p := &t.pairs[int32(w>>32)]
	return int(w & 0xff), p.b, p.e, c.R, int(w>>8) & 0xffffff
}

// trNext is the pc after a translated block ended with branch outcome
// taken.
func (m *Machine) trNext(b *block, taken int) uint32 {
	if b.jalr {
		return uint32(m.tr.ctx.nextPC)
	}
	if taken != 0 {
		return b.ops[len(b.ops)-1].imm
	}
	return b.fall
}

// trFlush moves the translated pairs' traversal counts into their edges
// (as the block engine's own counting does, for flushEdges) and returns
// the number of block runs they add up to.
func (m *Machine) trFlush() uint32 {
	t := &m.tr
	t.ran = false
	if t.data == nil {
		return 0
	}
	be := &m.blk
	counts := t.countTable()
	data := t.data.Bytes()
	n := binary.LittleEndian.Uint64(data[trDirtyNOff:])
	binary.LittleEndian.PutUint64(data[trDirtyNOff:], 0)
	var runs uint64
	for i := range min(n, trMaxPairs) {
		id := binary.LittleEndian.Uint32(data[trDirtyOff+4*i:])
		c := counts[id]
		if c == 0 {
			continue
		}
		counts[id] = 0
		e := t.pairs[id].e
		if e.count == 0 {
			be.dirty = append(be.dirty, e)
		}
		e.count += c
		runs += c
	}
	return uint32(min(runs, 1<<31))
}
