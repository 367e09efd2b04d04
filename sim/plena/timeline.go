package plena

import "kernelcraft/sim"

// Timeline recording (Options.Timeline). PLENA's instructions complete
// one after another, so the timing model's whole decision for an
// instruction is when it started (the previous one's completion) and how
// long it took (its latency class, MLEN for the matrix unit, the HBM
// model's time for H_ instructions). The timeline reads both after the
// instruction has executed and hands the row to the timeline; nothing
// feeds back into the model, so a run's cycles are those of the same run
// without a timeline.
//
// A row's waits say what the model knows: every instruction waits for
// the previous one's completion (serial issue), counted towards the
// resource that instruction occupied (the matrix unit, the vector unit;
// scalar and control instructions towards latency-bound serial issue);
// an H_ instruction's own time is memory-port occupancy (hbm-read for
// H_PREFETCH_M/V, hbm-write for H_STORE_V), so the wait of the
// instruction behind it only passes that on (Inherited).

// Wait causes of plena's timeline rows.
const (
	SerialIssue = "serial-issue" // waiting for the previous instruction's completion
	HBMRead     = "hbm-read"     // an H_PREFETCH_*'s 64-byte reads in flight
	HBMWrite    = "hbm-write"    // an H_STORE_V's writes (and its scale chunks' reads)
)

// LatencyBound is the summary's name for the waits behind scalar and
// control instructions: their short latencies, one after another.
const LatencyBound = "latency-bound serial issue"

// tlClass is how the timeline names a decoder unit.
type tlClass struct {
	name     string // the resource, as waits and rows name it
	kind     sim.WaitKind
	resource string // TimelineWait.Resource ("" for name)
	hbm      bool
}

// tlClassOf maps a decoder unit (plena.isa's unit=) onto the timeline's
// resources.
func tlClassOf(unit string) tlClass {
	switch unit {
	case "matrix":
		return tlClass{name: "the matrix unit", kind: sim.WaitUnit}
	case "vector":
		return tlClass{name: "the vector unit", kind: sim.WaitUnit}
	case "hbm":
		return tlClass{name: "the HBM port", kind: sim.WaitMemPort, hbm: true}
	case "scalar_fp", "scalar_int":
		return tlClass{name: "the scalar unit", kind: sim.WaitSerialize, resource: LatencyBound}
	}
	if unit == "ctrl" {
		unit = "control"
	}
	return tlClass{name: "the " + unit + " unit", kind: sim.WaitSerialize, resource: LatencyBound}
}

// tlText is a cached disassembly of the word at a program index.
type tlText struct {
	word uint32
	text string
	ok   bool
}

// tlState is the timeline's view of the run so far.
type tlState struct {
	classes  []tlClass // by decoder unit
	text     []tlText  // by program index
	prev     bool      // an instruction has completed before
	prevPC   uint64
	prevDur  int64
	prevUnit uint8
	ev       sim.TimelineEvent
}

// tlReset forgets the run (Load, reset).
func (m *Machine) tlReset() {
	m.tl.prev = false
	if m.opts.Timeline == nil {
		return
	}
	if m.tl.classes == nil {
		for _, u := range m.dec.units {
			m.tl.classes = append(m.tl.classes, tlClassOf(u))
		}
	}
	if cap(m.tl.text) < len(m.prog) {
		m.tl.text = make([]tlText, len(m.prog))
	}
	m.tl.text = m.tl.text[:len(m.prog)]
	clear(m.tl.text)
}

// tlRecord records o, executed at program index pc from cycle start to
// m.now, whose successor is next.
func (m *Machine) tlRecord(o *op, pc, next int, start int64) {
	t := &m.tl
	e := &t.ev
	addr := m.pcAddr(pc)
	c := t.classes[o.unit]
	if pc < len(t.text) {
		if x := &t.text[pc]; !x.ok || x.word != o.word {
			*x = tlText{word: o.word, text: m.disasm(o), ok: true}
		}
		e.Text = t.text[pc].text
	} else {
		e.Text = m.disasm(o)
	}
	dur := m.now - start
	e.PC, e.Next = addr, m.pcAddr(next)
	e.BackEdge = next != pc+1
	e.Dispatch, e.Issue, e.Done = start, start, m.now
	e.Waits = e.Waits[:0]
	if t.prev && t.prevDur > 0 {
		p := t.classes[t.prevUnit]
		e.Waits = append(e.Waits, sim.TimelineWait{Cause: SerialIssue, Kind: p.kind, Cycles: uint64(t.prevDur),
			Inherited: p.hbm, On: p.name, Resource: p.resource, Rel: "until the completion of", From: t.prevPC, HasFrom: true})
	}
	if c.hbm && dur > 0 {
		cause := HBMRead
		if o.kind == kStoreV {
			cause = HBMWrite
		}
		e.Waits = append(e.Waits, sim.TimelineWait{Cause: cause, Kind: sim.WaitMemPort, Cycles: uint64(dur), Backend: true, On: c.name})
	}
	e.Unit, e.Slots, e.Instances = "", 0, 0
	if dur > 0 {
		e.Unit, e.Slots, e.Instances = c.name, uint64(dur), 1
	}
	m.opts.Timeline.Record(e)
	t.prev, t.prevPC, t.prevDur, t.prevUnit = true, addr, dur, o.unit
}
