package aie2

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// FuzzAIE2Sim runs arbitrary bytes as a program (with registers pointing
// into data memory): the run ends (done, a trap or the cycle limit),
// never panics or hangs, and the cached decoder and the reference stepper
// agree on the halt, the cycles and memory.
func FuzzAIE2Sim(f *testing.F) {
	f.Add([]byte{0x01, 0x00})
	for _, src := range []string{staleKernel, zolSrc(3), "vmac.f bml1, bml0, x0, x1, r0\nnop\ndone\n"} {
		p, err := assembleOnly(src)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p.Sections[0].Data)
	}
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, code []byte) {
		if len(code) == 0 || len(code) > 4096 {
			return
		}
		var out [2]struct {
			h   sim.Halt
			cyc int64
			mem []byte
		}
		for i, ref := range []bool{false, true} {
			m, err := New(hw, Options{CoreOptions: sim.CoreOptions{MaxCycles: 3000, Reference: ref}, Hazard: Policy(len(code) % 3)})
			if err != nil {
				t.Fatal(err)
			}
			img := &sim.Image{Machine: asm.MachineAIE2, Entry: 0, Segments: []sim.Segment{{Addr: 0, Data: code, MemSize: uint64(len(code)), Exec: true}}}
			if err := m.Load(img); err != nil {
				t.Fatal(err)
			}
			for j := 0; j < 8; j++ {
				m.SetReg("p"+itoa(j), dmem+uint64(j)*0x800)
			}
			m.SetReg("r0", 28)
			out[i].h = m.Run()
			out[i].cyc = m.Cycles()
			out[i].mem = append([]byte(nil), m.dmem.Data...)
		}
		if out[0].h.String() != out[1].h.String() || out[0].cyc != out[1].cyc || !bytes.Equal(out[0].mem, out[1].mem) {
			t.Fatalf("cached and reference runs differ: %v (%d cycles) vs %v (%d cycles)", out[0].h, out[0].cyc, out[1].h, out[1].cyc)
		}
	})
}

// TestRandomBundles: random bundles of the instructions the simulator
// implements, with operands in range, run to the end (or trap) with the
// same result whether decoded once or afresh every bundle, under every
// hazard policy.
func TestRandomBundles(t *testing.T) {
	b, err := asm.BackendFor("aie2")
	if err != nil {
		t.Fatal(err)
	}
	isa := b.ISA()
	var pool []*isadefs.Inst
	for _, in := range isa.Insts {
		o := decodeOp(isa, in, in.Match)
		if o.kind != kUnsupported && o.kind != kNop && o.kind != kDone && o.kind != kJump && o.kind != kJL && o.kind != kJZ && o.kind != kJNZD && o.kind != kRet {
			pool = append(pool, in)
		}
	}
	r := rand.New(rand.NewSource(3))
	hw := loadHW(t)
	ran := 0
	for prog := 0; prog < 40; prog++ {
		var src strings.Builder
		for i := 0; i < 30; i++ {
			in := pool[r.Intn(len(pool))]
			src.WriteString(in.FormatValues(randomValues(r, in), 0, nil) + "\n")
		}
		src.WriteString(strings.Repeat("nop\n", 12) + "done\n")
		p, err := assembleOnly(src.String())
		if err != nil {
			continue
		}
		var res []string
		for _, ref := range []bool{false, true} {
			for _, pol := range []Policy{Exposed, Warn, Interlock} {
				m, _ := New(hw, Options{CoreOptions: sim.CoreOptions{Reference: ref, MaxCycles: 10000}, Hazard: pol})
				img, _ := sim.LoadELF(p.ELF(), asm.MachineAIE2)
				if err := m.Load(img); err != nil {
					t.Fatal(err)
				}
				for j := 0; j < 8; j++ {
					m.SetReg("p"+itoa(j), dmem+uint64(j)*0x800)
				}
				h := m.Run()
				if pol != Interlock {
					res = append(res, h.String()+string(m.dmem.Data[:0x4000]))
				}
			}
		}
		for _, x := range res[1:] {
			if x != res[0] {
				t.Fatalf("program %d: runs differ:\n%s", prog, src.String())
			}
		}
		ran++
	}
	if ran < 10 {
		t.Fatalf("only %d random programs assembled", ran)
	}
}

// randomValues picks operand values in range (registers of the class).
func randomValues(r *rand.Rand, in *isadefs.Inst) []int64 {
	vals := make([]int64, len(in.Operands))
	for i, k := range in.Operands {
		switch {
		case k.Tie != nil:
			for j, b := range in.Operands {
				if b == k.Tie {
					vals[i] = vals[j]
				}
			}
		case k.Class == "reg":
			for {
				v := r.Int63n(int64(len(k.RegFile.Names)))
				if k.RegFile.Valid(v) {
					vals[i] = v
					break
				}
			}
		default:
			n := (k.Max - k.Min) / k.Align
			vals[i] = k.Min + r.Int63n(n+1)*k.Align
		}
	}
	return vals
}
