package plena

import (
	"math/rand/v2"
	"testing"
)

// TestHBMModelMatchesTickModel: the event-driven HBM model (hbm.go:
// channels with nothing to do skip cycles, FR-FCFS over request classes)
// gives every read's completion instant, every write's acceptance instant,
// the DRAM clock and the access counts the tick-by-tick model gives
// (odram: one tick per DRAM cycle, every channel scheduled on each), on
// random request streams: tiles of contiguous rows, strided rows, scale
// chunks, single chunks, bursts of posted writes and read-modify-writes,
// back to back or after idle gaps (across refreshes), for each HBM config;
// bursts of writes fill the write buffers (the writer stalls).
func TestHBMModelMatchesTickModel(t *testing.T) {
	for _, name := range []string{"plena", "plena-refresh", "plena-128", "plena-dcdis"} {
		hw := loadHW(t, name)
		h, err := newHBMConfig(hw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 12; seed++ {
			compareHBMStreams(t, name, &h, seed, 300)
		}
	}
}

// compareHBMStreams drives both models with one random stream of n H_
// operations and fails at the first difference.
func compareHBMStreams(t *testing.T, name string, h *HBMConfig, seed uint64, n int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 99))
	fast, slow := newDRAM(h), newODRAM(h)
	if seed%3 == 0 { // a used model, reset, must behave as a new one
		fast.hbmRead(0, []uint64{0, 64, 4096})
		fast.reset()
	}
	chunk := func() uint64 {
		switch r.IntN(4) {
		case 0: // the same few rows over and over (open-row hits)
			return uint64(r.IntN(64)) * 64
		case 1: // anywhere in 64 MiB
			return uint64(r.IntN(1<<20)) * 64
		default: // a working set of 4 MiB
			return uint64(r.IntN(1<<16)) * 64
		}
	}
	now := int64(0)
	for op := 0; op < n; op++ {
		switch r.IntN(10) {
		case 0: // an idle gap: up to a few refresh intervals
			now += r.Int64N(3*h.NREFI*h.TCKps + 1)
		case 1: // a small gap
			now += r.Int64N(50 * h.ClockPS)
		}
		var chunks []uint64
		switch k := r.IntN(10); {
		case k < 4: // a tile: rows of a matrix, element chunk then scale chunk
			base, pitch := chunk(), uint64(64*(1+r.IntN(16)))
			rows := []int{1, 4, 16, 64, 128}[r.IntN(5)]
			per := 1 + r.IntN(2)
			scales := base + uint64(rows)*pitch
			for i := 0; i < rows; i++ {
				for c := 0; c < per; c++ {
					chunks = append(chunks, base+uint64(i)*pitch+uint64(64*c))
				}
				chunks = append(chunks, (scales+uint64(i)*pitch/8)/64*64)
			}
		case k < 6: // random chunks
			for range 1 + r.IntN(40) {
				chunks = append(chunks, chunk())
			}
		case k < 8: // posted writes, then maybe a read-modify-write
			nw := 1 + r.IntN(20)
			if r.IntN(4) == 0 { // a burst that fills write buffers
				nw = 60 + r.IntN(100)
			}
			for range nw {
				a := chunk()
				f, s := fast.hbmWrite(now, a), slow.hbmWrite(now, a)
				if f != s {
					t.Fatalf("%s seed %d op %d: write of %#x at %d ps accepted at %d ps, tick model %d", name, seed, op, a, now, f, s)
				}
				now = f
			}
			if r.IntN(2) == 0 {
				chunks = []uint64{chunk()}
			}
		default:
			chunks = []uint64{chunk()}
		}
		if len(chunks) > 0 {
			f, s := fast.hbmRead(now, chunks), slow.hbmRead(now, chunks)
			if f != s {
				t.Fatalf("%s seed %d op %d: %d reads from %#x at %d ps done at %d ps, tick model %d", name, seed, op, len(chunks), chunks[0], now, f, s)
			}
			now = f
			if r.IntN(3) == 0 { // a read-modify-write's write
				a := chunks[0]
				f, s := fast.hbmWrite(now, a), slow.hbmWrite(now, a)
				if f != s {
					t.Fatalf("%s seed %d op %d: write after read at %d ps accepted at %d ps, tick model %d", name, seed, op, now, f, s)
				}
				now = f
			}
		}
		if fast.clk != slow.clk || fast.reads != slow.reads || fast.writes != slow.writes {
			t.Fatalf("%s seed %d op %d: clock %d, %d reads, %d writes; tick model %d, %d, %d", name, seed, op, fast.clk, fast.reads, fast.writes, slow.clk, slow.reads, slow.writes)
		}
		// The accelerator cycle rounding of hbmexec: instants are
		// compared exactly above, so cycles agree too.
		now = (now + h.ClockPS - 1) / h.ClockPS * h.ClockPS
	}
}

// hbmModel is what BenchmarkHBMModel drives: the event-driven model or
// the tick-by-tick one.
type hbmModel interface {
	hbmRead(start int64, chunks []uint64) int64
	hbmWrite(start int64, chunk uint64) int64
}

func (d *odram) cycles() int64 { return d.clk }
func (d *dram) cycles() int64  { return d.clk }

// BenchmarkHBMModel times the HBM model on a stream of tile prefetches and
// row stores (the baselines' traffic) with gaps between them, the
// event-driven model against the tick-by-tick one in the same run:
// cpu-ns/op is the process's CPU time per stream (the machine may be
// shared), Mcycles/s DRAM cycles simulated per second of it.
func BenchmarkHBMModel(b *testing.B) {
	h, err := newHBMConfig(loadHW(b, "plena"))
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range []struct {
		name string
		new  func() interface {
			hbmModel
			cycles() int64
		}
	}{
		{"event", func() interface {
			hbmModel
			cycles() int64
		} {
			return newDRAM(&h)
		}},
		{"tick", func() interface {
			hbmModel
			cycles() int64
		} {
			return newODRAM(&h)
		}},
	} {
		b.Run(m.name, func(b *testing.B) {
			var cycles int64
			cpu0, ok0 := processCPU()
			for b.Loop() {
				d := m.new()
				now := int64(0)
				for k := 0; k < 32; k++ {
					var tile []uint64
					for i := 0; i < 64; i++ {
						tile = append(tile, uint64(k*64+i)*64*8, (1<<20+uint64(k*64+i)*64)/64*64)
					}
					now = d.hbmRead(now, tile)
					for w := 0; w < 4; w++ {
						now = d.hbmWrite(now, 8<<20+uint64(k*256+w*64))
					}
					now += int64(k%4) * 300 * h.ClockPS // some compute between transfers
				}
				cycles += d.cycles()
			}
			if cpu1, ok1 := processCPU(); ok0 && ok1 {
				cpu := (cpu1 - cpu0).Seconds()
				b.ReportMetric(cpu*1e9/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(cycles)/cpu/1e6, "Mcycles/s")
			}
		})
	}
}
