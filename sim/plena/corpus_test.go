package plena

import (
	"encoding/binary"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim/mx"
)

// PLENA compiler-template programs (testdata/plena/corpus: written by
// PLENA's own assembler from its templates with the parameters of its
// testbenches) run on HBM images laid out as PLENA's harness lays them
// out (memory_map.py: per tensor, its E4M3 bytes, then its E8M0 scale
// bytes, each padded to 64 bytes, tensors one after another), and Vector
// SRAM is checked against a float64 computation from the dequantised
// inputs.

const corpusDir = "../../testdata/plena/corpus"

func loadCorpus(t *testing.T, name string) *Machine {
	t.Helper()
	return loadCorpusOn(t, name, "plena")
}

// loadCorpusOn loads the corpus program name into a machine of the
// hardware config hwName.
func loadCorpusOn(t *testing.T, name, hwName string) *Machine {
	t.Helper()
	return loadCorpusHW(t, name, loadHW(t, hwName))
}

// loadCorpusHW is loadCorpusOn with a hardware config of the caller's.
func loadCorpusHW(t *testing.T, name string, hw *isadefs.HW) *Machine {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, name+".mem"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := ParseMem(hw, data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(hw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	return m
}

// mxTensor places a row-major tensor of random MXFP8 data (E4M3 codes of
// magnitude at most limit, scale bytes around 2^0) at HBM base and returns
// its values and the offset after it.
func mxTensor(m *Machine, r *rand.Rand, base, n int, limit float32) (vals []float64, next int) {
	codes := make([]byte, n)
	for i := range codes {
		for {
			c := byte(r.Intn(256))
			if v := mx.DecodeE4M3(c); c&0x78 != 0x78 && float32(math.Abs(float64(v))) <= limit {
				codes[i] = c
				break
			}
		}
	}
	scales := make([]byte, n/8)
	for i := range scales {
		scales[i] = byte(125 + r.Intn(3))
	}
	v := mxImage(m, base, codes, scales)
	vals = make([]float64, n)
	for i, x := range v {
		vals[i] = float64(x)
	}
	pad := func(x int) int { return (x + 63) / 64 * 64 }
	return vals, base + pad(n) + pad(n/8)
}

func setFPSRAM(m *Machine, vals ...float64) {
	for i, v := range vals {
		binary.LittleEndian.PutUint16(m.ms.fpmem.Data[2*i:], F16FromF32(float32(v)))
	}
}

// bfULPs is how many bf16 steps apart a and b are (same sign assumed).
func bfULPs(a, b float32) int {
	x, y := int(BF16FromF32(a)), int(BF16FromF32(b))
	if x > y {
		return x - y
	}
	return y - x
}

// TestCorpusLinear: PLENA's projection template, (8, 128) @ (128, 256),
// activations preloaded into Vector SRAM as [H/64, B, 64], weights W[in,
// out] row-major in HBM after them, the result at Vector SRAM 1024 as
// [out/64, B, 64]. Every output is the float64 product of the dequantised
// inputs rounded once to bf16, give or take one bf16 step (the f32
// accumulation of 128 products).
func TestCorpusLinear(t *testing.T) {
	m := loadCorpus(t, "tmpl_linear")
	r := rand.New(rand.NewSource(42))
	const B, K, N = 8, 128, 256
	act, next := mxTensor(m, r, 0, B*K, 4)
	if next != 1152 {
		t.Fatalf("weights at %d, the template expects 1152", next)
	}
	w, end := mxTensor(m, r, next, K*N, 2)
	if end != 38016 {
		t.Fatalf("tensors end at %d, the template expects 38016", end)
	}
	setFPSRAM(m, 0, 1e-6, 1.0/K)
	mustRun(t, m)
	exact, off := 0, 0
	for b := 0; b < B; b++ {
		for n := 0; n < N; n++ {
			var want float64
			for k := 0; k < K; k++ {
				want += float64(bf(act[b*K+k])) * w[k*N+n]
			}
			got := m.testRow((1024 + (n/64)*B*64 + b*64) / 64)[n%64]
			switch d := bfULPs(got, float32(want)); {
			case d == 0:
				exact++
			case d == 1:
				off++
			default:
				t.Fatalf("out[%d][%d] = %g, want %g (%d bf16 steps)", b, n, got, want, d)
			}
		}
	}
	t.Logf("linear: %d of %d outputs exact, %d one bf16 step off; %d cycles", exact, B*N, off, m.Cycles())
	if exact < B*N*95/100 {
		t.Errorf("only %d of %d exact", exact, B*N)
	}
	// The activations are untouched ([H/64, B, 64]).
	for b := 0; b < B; b++ {
		for k := 0; k < K; k++ {
			if got := m.testRow(((k/64)*B*64 + b*64) / 64)[k%64]; got != bf(act[b*K+k]) {
				t.Fatalf("activation (%d, %d) = %g, want %g", b, k, got, act[b*K+k])
			}
		}
	}
}

// TestCorpusSiLU: PLENA's SiLU template on (4, 128) activations (FP SRAM
// [0, 1]): in place, x * sigmoid(x) through V_SUB_VF, V_EXP_V, V_ADD_VF,
// V_RECI_V and V_MUL_VV, each rounded to bf16. Against float64 SiLU: within
// the error of five bf16 roundings.
func TestCorpusSiLU(t *testing.T) {
	m := loadCorpus(t, "tmpl_silu")
	r := rand.New(rand.NewSource(7))
	const B, H = 4, 128
	x, _ := mxTensor(m, r, 0, B*H, 8)
	setFPSRAM(m, 0, 1)
	mustRun(t, m)
	var worst float64
	for b := 0; b < B; b++ {
		for k := 0; k < H; k++ {
			xv := float64(bf(x[b*H+k]))
			want := xv / (1 + math.Exp(-xv))
			got := float64(m.testRow(((k/64)*B*64 + b*64) / 64)[k%64])
			e := math.Abs(got-want) / math.Max(math.Abs(want), 1e-2)
			worst = math.Max(worst, e)
			if e > 5*math.Ldexp(1, -8) {
				t.Fatalf("silu(%g) = %g, want %g (relative error %.3g)", xv, got, want, e)
			}
		}
	}
	t.Logf("silu: worst relative error %.3g (5 bf16 roundings allow %.3g); %d cycles", worst, 5*math.Ldexp(1, -8), m.Cycles())
}

// TestCorpusRuns: every template program of the corpus runs to its end
// on zeroed memories (or traps where PLENA's emulator asserts: the batched
// matmul template steps its Matrix SRAM address by 256, past MLEN, which
// the emulator's M_MM rejects).
func TestCorpusRuns(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "tmpl_*.mem"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f[:len(f)-4])
		m := loadCorpus(t, name)
		h := m.Run()
		ok := h.OK()
		if strings.HasPrefix(name, "tmpl_bmm") {
			ok = h.Trap != nil && h.Trap.Addr == 256
		}
		if !ok {
			t.Errorf("%s: %s", name, h)
		}
	}
}
