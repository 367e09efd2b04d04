package aie2

import (
	"encoding/binary"
	"math"
	"os"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/ref/check"
	"kernelcraft/sim"
	simaie2 "kernelcraft/sim/aie2"
)

// The golden GEMM's data layout: its operands in three different 16 KiB
// banks (as mlir-aie places the buffers of its XDNA1 kernel).
const (
	gemmA = 0x74000
	gemmB = 0x78000
	gemmC = 0x7C000
)

// TestGoldenGEMM32 runs testdata/kernels/aie2/gemm_32.s, the
// hand-scheduled 32x32x32 bf16 GEMM, on the inputs of gemm configuration
// 1's visible case and of a hidden case, tiled into the kernel's layout,
// and holds its output (fp32 tiles, untiled and rounded to bf16) to the
// cases' expected outputs with the judge's checker. Its cycles: the
// prologue (every bundle before the loop's first: set-up and the first
// loads and MACs), the loop (32 bundles run 8 times: one vmac.f in each,
// 256 in all) and the epilogue (the bundles after the loop: done) add up
// exactly to the cycle count, with no stall; the total is within 5% of
// the 288 bundles AMD's hand-scheduled kernel executes.
func TestGoldenGEMM32(t *testing.T) {
	prog, hw, src := assembleGEMM32(t)
	pro, body, epi := gemmBundles(t, prog)
	for _, seed := range []struct {
		seed   uint64
		hidden bool
	}{{1, false}, {0x5eed2026, true}} {
		c, tensors, err := ref.Generate("aie2", "gemm", 1, seed.seed, seed.hidden)
		if err != nil {
			t.Fatal(err)
		}
		a, b := bf16Matrix(t, tensors["a"]), bf16Matrix(t, tensors["b"])
		img, err := sim.LoadELF(prog.ELF(), asm.MachineAIE2)
		if err != nil {
			t.Fatal(err)
		}
		m, err := simaie2.New(hw, simaie2.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Load(img); err != nil {
			t.Fatal(err)
		}
		mustLoad(t, m.Memory(), gemmA, tileA(a))
		mustLoad(t, m.Memory(), gemmB, tileB(b))
		for r, v := range map[string]uint64{"p0": gemmA, "p1": gemmB, "p2": gemmC} {
			if err := m.SetReg(r, v); err != nil {
				t.Fatal(err)
			}
		}
		h := m.Run()
		if !h.OK() {
			t.Fatalf("seed %#x: %s", seed.seed, h)
		}
		raw, err := m.Memory().Peek(gemmC, 32*32*4)
		if err != nil {
			t.Fatal(err)
		}
		out := &sim.Tensor{DType: tensors["c"].DType, Shape: []int{32, 32}, Data: untileC(raw)}
		v := check.Check(c, tensors, tensors, &check.Result{Outputs: map[string]*sim.Tensor{"c": out}, Halt: h.KindName(), HaltOK: true})
		if !v.Pass {
			t.Errorf("seed %#x (hidden %v): %+v", seed.seed, seed.hidden, v)
		}
		st := m.Stats()
		var stalls uint64
		for _, s := range st.StallCycles {
			stalls += s
		}
		want := uint64(pro + 8*body + epi)
		if st.Cycles != want || stalls != 0 {
			t.Errorf("%d cycles with %d stall cycles; want %d = prologue %d + 8 x %d loop bundles + epilogue %d, no stall", st.Cycles, stalls, want, pro, body, epi)
		}
		if d := math.Abs(float64(st.Cycles)-288) / 288; d > 0.05 {
			t.Errorf("%d cycles: %.1f%% from the hand-scheduled kernel's 288 bundles", st.Cycles, 100*d)
		}
		t.Logf("seed %#x: %d cycles = prologue %d + loop 8 x %d + epilogue %d; %d vmac.f, 0 stalls", seed.seed, st.Cycles, pro, body, epi, 8*strings.Count(loopText(string(src)), "vmac.f"))
	}
}

// gemmBundles counts the kernel's bundles, as encoded (alignment padding
// included), before the loop's first bundle (gemm_loop), from it through the
// last (gemm_loop_end), and after it.
// assembleGEMM32 assembles the golden hand-scheduled GEMM
// (testdata/kernels/aie2/gemm_32.s) for the aie2 config.
func assembleGEMM32(t *testing.T) (prog *asm.Program, hw *isadefs.HW, src []byte) {
	t.Helper()
	src, err := os.ReadFile("../../testdata/kernels/aie2/gemm_32.s")
	if err != nil {
		t.Fatal(err)
	}
	hw, err = isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New("aie2")
	if err != nil {
		t.Fatal(err)
	}
	prog, err = as.Assemble("gemm_32.s", src, asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	return prog, hw, src
}

func gemmBundles(t *testing.T, prog *asm.Program) (pro, body, epi int) {
	t.Helper()
	isa := isadefs.MustLoadISA("aie2")
	sym := map[string]uint64{}
	for _, s := range prog.Symbols {
		sym[s.Name] = s.Value
	}
	start, ok1 := sym["gemm_loop"]
	last, ok2 := sym["gemm_loop_end"]
	if !ok1 || !ok2 {
		t.Fatal("gemm_32.s: no gemm_loop/gemm_loop_end loop")
	}
	for _, s := range prog.Sections {
		if s.Name != ".text" {
			continue
		}
		for off := 0; off < len(s.Data); {
			_, size, _, ok := isa.Unpack(s.Data[off:])
			if !ok {
				t.Fatalf("no bundle at %#x", s.Addr+uint64(off))
			}
			switch a := s.Addr + uint64(off); {
			case a < start:
				pro++
			case a <= last:
				body++
			default:
				epi++
			}
			off += size
		}
	}
	return pro, body, epi
}

// loopText is the source of the loop body.
func loopText(src string) string {
	i, j := strings.Index(src, "gemm_loop:"), strings.Index(src, "\tdone")
	return src[i:j]
}

func mustLoad(t *testing.T, mem *sim.Memory, addr uint64, b []byte) {
	t.Helper()
	if err := mem.Load(addr, b); err != nil {
		t.Fatal(err)
	}
}

// bf16Matrix reads a 32x32 bf16 tensor as raw bits.
func bf16Matrix(t *testing.T, x *sim.Tensor) [32][32]uint16 {
	t.Helper()
	var m [32][32]uint16
	if x == nil || len(x.Data) != 32*32*2 {
		t.Fatal("want a 32x32 bf16 tensor")
	}
	for i := range 32 {
		for j := range 32 {
			m[i][j] = binary.LittleEndian.Uint16(x.Data[2*(32*i+j):])
		}
	}
	return m
}

// tileA lays A out as the kernel reads it: [mp][kt][mi] 4x8 tiles.
func tileA(a [32][32]uint16) []byte {
	var out []byte
	for mp := range 4 {
		for kt := range 4 {
			for mi := range 2 {
				for r := range 4 {
					for k := range 8 {
						out = binary.LittleEndian.AppendUint16(out, a[8*mp+4*mi+r][8*kt+k])
					}
				}
			}
		}
	}
	return out
}

// tileB lays B out as [np][kt][ni] 8x4 tiles.
func tileB(b [32][32]uint16) []byte {
	var out []byte
	for np := range 4 {
		for kt := range 4 {
			for ni := range 2 {
				for k := range 8 {
					for n := range 4 {
						out = binary.LittleEndian.AppendUint16(out, b[8*kt+k][8*np+4*ni+n])
					}
				}
			}
		}
	}
	return out
}

// untileC turns the kernel's [mp][np][j] 4x4 fp32 tiles into a row-major
// 32x32 bf16 matrix (rounded to nearest even, as the task compares).
func untileC(raw []byte) []byte {
	out := make([]byte, 32*32*2)
	off := 0
	for mp := range 4 {
		for np := range 4 {
			for j := range 4 {
				for r := range 4 {
					for n := range 4 {
						f := math.Float32frombits(binary.LittleEndian.Uint32(raw[off:]))
						off += 4
						row, col := 8*mp+4*(j/2)+r, 8*np+4*(j%2)+n
						binary.LittleEndian.PutUint16(out[2*(32*row+col):], ref.BF16Bits(float64(f)))
					}
				}
			}
		}
	}
	return out
}
