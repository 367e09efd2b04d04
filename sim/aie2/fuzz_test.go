package aie2

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/simtest"
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
		img := &sim.Image{Machine: asm.MachineAIE2, Entry: 0, Segments: []sim.Segment{{Addr: 0, Data: code, MemSize: uint64(len(code)), Exec: true}}}
		p := simtest.Program{HW: hw, Image: img, Options: sim.CoreOptions{MaxCycles: 3000}, Setup: pointIntoDmem}
		if d, _, err := harnessFor(Policy(len(code) % 3)).Check(p); err != nil || d != "" {
			t.Fatalf("cached and reference runs differ: %s%v", d, err)
		}
	})
}

// harnessFor is simtest's harness for aie2 machines under a hazard
// policy.
func harnessFor(pol Policy) simtest.Harness {
	return simtest.Harness{New: func(hw *isadefs.HW, o sim.CoreOptions) (sim.Core, error) {
		return New(hw, Options{CoreOptions: o, Hazard: pol})
	}}
}

// pointIntoDmem points p0..p7 into data memory, 0x800 bytes apart, and
// sets r0 to 28.
func pointIntoDmem(c sim.Core) error {
	for j := 0; j < 8; j++ {
		if err := c.SetReg("p"+itoa(j), dmem+uint64(j)*0x800); err != nil {
			return err
		}
	}
	return c.SetReg("r0", 28)
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
		img, err := sim.LoadELF(p.ELF(), asm.MachineAIE2)
		if err != nil {
			t.Fatal(err)
		}
		program := simtest.Program{Name: fmt.Sprint("random bundles ", prog), HW: hw, Image: img, Options: sim.CoreOptions{MaxCycles: 10000}, Setup: pointIntoDmem}
		var res []string
		for _, pol := range []Policy{Exposed, Warn, Interlock} {
			fast, ref, err := harnessFor(pol).Pair(program)
			if err != nil {
				t.Fatal(err)
			}
			if d := simtest.Diff(fast, ref); d != "" {
				t.Fatalf("%s, %s: cached vs reference: %s\n%s", program.Name, pol, d, src.String())
			}
			if pol != Interlock {
				h, _ := fast.(*Machine).Halted()
				res = append(res, h.String()+string(fast.(*Machine).dmem.Data[:0x4000]))
			}
		}
		if res[0] != res[1] {
			t.Fatalf("%s: exposed and warn runs differ:\n%s", program.Name, src.String())
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
