package plena

import (
	"math/rand/v2"
	"testing"
)

// hbmOp is one call of an HBM request stream: reads of chunks (one H_
// instruction) or one posted write, at an instant (ps) after the previous
// call's answer (gap ps after it, rounded up to an accelerator cycle).
type hbmOp struct {
	write  bool
	chunks []uint64
	gap    int64
}

// TestHBMLazyChannels: the channels of the event-driven model run their
// ticks only when next used (dchan.clk, dram.run). Streams built to hit
// that: half the channels idle across many refreshes and then used, one
// group of channels stalling the submission (a full read or write
// buffer) while the others lag, a channel done with its reads long
// before the instruction's last one, requests landing on refresh ticks
// and one cycle either side, long idle gaps between reads and writes.
// Every answer, the DRAM clock and the access counts must be the tick
// model's (odram).
func TestHBMLazyChannels(t *testing.T) {
	h, err := newHBMConfig(loadHW(t, "plena"))
	if err != nil {
		t.Fatal(err)
	}
	d := newDRAM(&h)
	r := rand.New(rand.NewPCG(3, 5))
	// chunksOn returns n random chunks whose first transaction's channel
	// is in chans (the others go to that channel XOR 1..3).
	chunksOn := func(n int, chans ...int) []uint64 {
		var out []uint64
		for len(out) < n {
			a := r.Uint64N(1<<22) * 64
			ci, _ := d.mapAddr(a)
			for _, c := range chans {
				if ci == c {
					out = append(out, a)
					break
				}
			}
		}
		return out
	}
	refi := h.NREFI * h.TCKps // ps between refreshes
	reads := func(gap int64, c []uint64) hbmOp { return hbmOp{chunks: c, gap: gap} }
	writes := func(gap int64, c []uint64) []hbmOp {
		var ops []hbmOp
		for i, a := range c {
			g := int64(0)
			if i == 0 {
				g = gap
			}
			ops = append(ops, hbmOp{write: true, chunks: []uint64{a}, gap: g})
		}
		return ops
	}
	cat := func(parts ...[]hbmOp) []hbmOp {
		var out []hbmOp
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	tests := []struct {
		name string
		ops  []hbmOp
	}{
		{"half the channels idle across refreshes", cat(
			[]hbmOp{reads(0, chunksOn(40, 0)), reads(0, chunksOn(40, 0)), reads(7*refi, chunksOn(40, 0))},
			[]hbmOp{reads(0, chunksOn(40, 4)), reads(0, chunksOn(80, 0, 4))})},
		{"read buffer stall on some channels", []hbmOp{
			reads(0, chunksOn(300, 0)), reads(0, chunksOn(20, 4)), reads(0, append(chunksOn(200, 4), chunksOn(5, 0)...))}},
		{"reads done early on some channels", []hbmOp{
			reads(0, append(chunksOn(4, 4), chunksOn(400, 0)...)), reads(3*refi, append(chunksOn(2, 0), chunksOn(300, 4)...))}},
		{"write buffer stall then reads elsewhere", cat(
			writes(0, chunksOn(200, 0)), []hbmOp{reads(0, chunksOn(30, 4))},
			writes(2*refi, chunksOn(150, 4)), []hbmOp{reads(0, chunksOn(30, 0, 4))})},
		{"requests on and around refresh ticks", cat(
			[]hbmOp{reads(refi-4*h.ClockPS, chunksOn(8, 0, 4)), reads(refi-h.ClockPS, chunksOn(8, 0)),
				reads(refi, chunksOn(8, 4)), reads(refi+h.ClockPS, chunksOn(64, 0, 4))},
			writes(refi-h.TCKps, chunksOn(20, 0, 4)), []hbmOp{reads(0, chunksOn(8, 0, 4))})},
		{"long idle gaps between mixed traffic", cat(
			writes(0, chunksOn(10, 0, 4)), []hbmOp{reads(50*refi, chunksOn(10, 0, 4))},
			writes(20*refi+3*h.ClockPS, chunksOn(40, 4)), []hbmOp{reads(33*refi, chunksOn(100, 0, 4))})},
		{"read-backs of chunks still in the write buffers", func() []hbmOp {
			w := chunksOn(24, 0, 4)
			back := append(append([]uint64{}, w[20:]...), chunksOn(6, 0)...)
			back = append(back, w[:3]...)
			return cat(writes(0, w), []hbmOp{reads(0, back)}, writes(0, w[:2]), []hbmOp{reads(0, w[:2]), reads(0, w[:1])})
		}()},
	}
	for _, name := range []string{"plena", "plena-refresh"} {
		h, err := newHBMConfig(loadHW(t, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range tests {
			runLazyCase(t, name+"/"+tc.name, &h, tc.ops)
		}
	}
}

// runLazyCase drives the event-driven and the tick model with ops and
// fails at the first difference.
func runLazyCase(t *testing.T, name string, h *HBMConfig, ops []hbmOp) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		tc := struct{ ops []hbmOp }{ops}
		fast, slow := newDRAM(h), newODRAM(h)
		now := int64(0)
		for i, op := range tc.ops {
			now += op.gap
			now = (now + h.ClockPS - 1) / h.ClockPS * h.ClockPS
			var f, s int64
			if op.write {
				f, s = fast.hbmWrite(now, op.chunks[0]), slow.hbmWrite(now, op.chunks[0])
			} else {
				f, s = fast.hbmRead(now, op.chunks), slow.hbmRead(now, op.chunks)
			}
			if f != s {
				t.Fatalf("op %d (write %v, %d chunks) at %d ps: done at %d ps, tick model %d", i, op.write, len(op.chunks), now, f, s)
			}
			if fast.clk != slow.clk || fast.reads != slow.reads || fast.writes != slow.writes {
				t.Fatalf("op %d: clock %d, %d reads, %d writes; tick model %d, %d, %d", i, fast.clk, fast.reads, fast.writes, slow.clk, slow.reads, slow.writes)
			}
			now = f
		}
	})
}

// FuzzHBMModel holds the event-driven HBM model to the tick model
// (odram) on random request streams (those of
// TestHBMModelMatchesTickModel) from any seed, hardware config and
// length.
func FuzzHBMModel(f *testing.F) {
	names := []string{"plena", "plena-128", "plena-dcdis", "plena-highmem", "plena-refresh"}
	cfgs := make([]HBMConfig, len(names))
	for i, name := range names {
		h, err := newHBMConfig(loadHW(f, name))
		if err != nil {
			f.Fatal(err)
		}
		cfgs[i] = h
	}
	f.Add(uint64(1), uint8(0), uint16(100))
	f.Add(uint64(7), uint8(1), uint16(300))
	f.Add(uint64(12), uint8(3), uint16(40))
	f.Fuzz(func(t *testing.T, seed uint64, cfg uint8, n uint16) {
		i := int(cfg) % len(names)
		compareHBMStreams(t, names[i], &cfgs[i], seed, 1+int(n)%300)
	})
}
