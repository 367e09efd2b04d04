package ref

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"kernelcraft/sim"
)

// allCases lists every supported (target, task, config).
func allCases() [][3]any {
	var out [][3]any
	for _, tg := range Targets {
		for _, t := range Supported(tg) {
			for n := 1; n <= NumConfigs; n++ {
				out = append(out, [3]any{tg, t.ID, n})
			}
		}
	}
	return out
}

func TestSupportMatrix(t *testing.T) {
	want := map[string]int{"plena": 20, "aie2": 22, "coral": 15}
	for tg, n := range want {
		if got := len(Supported(tg)); got != n {
			t.Errorf("%s supports %d tasks, want %d", tg, got, n)
		}
	}
	if n := len(allCases()); n != 285 {
		t.Errorf("%d cases, want 285", n)
	}
	if len(Tasks()) != 23 {
		t.Errorf("%d tasks, want 23", len(Tasks()))
	}
}

// generated is every visible case with the default seed, generated once
// for the tests that need them all.
type generated struct {
	name    string
	c       *Case
	tensors map[string]*sim.Tensor
	err     error
}

var (
	allOnce sync.Once
	allGen  []generated
)

func generateAll() []generated {
	allOnce.Do(func() {
		for _, k := range allCases() {
			tg, task, n := k[0].(string), k[1].(string), k[2].(int)
			c, tensors, err := Generate(tg, task, n, DefaultSeed, false)
			allGen = append(allGen, generated{fmt.Sprintf("%s_%s_%d", tg, task, n), c, tensors, err})
		}
	})
	return allGen
}

func TestGenerateAll(t *testing.T) {
	start := time.Now()
	all := generateAll()
	t.Logf("%d cases generated in %v", len(all), time.Since(start))
	for _, g := range all {
		c, tensors, err := g.c, g.tensors, g.err
		if err != nil {
			t.Errorf("%s: %v", g.name, err)
			continue
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%s: generated case does not validate: %v", g.name, err)
		}
		for _, s := range c.Tensors {
			if s.Role != RoleScratch && tensors[s.Name] == nil {
				t.Errorf("%s: no data for %s", g.name, s.Name)
			}
		}
	}
}

// TestCaseLayoutIsGenerates: CaseLayout gives the case Generate gives
// (seed 1, visible), tensors, addresses, layouts, convention and params
// alike, without tolerances, task text, traps or input values (they come from the
// data), for every cell.
func TestCaseLayoutIsGenerates(t *testing.T) {
	for i, k := range allCases() {
		g := generateAll()[i]
		if g.err != nil {
			continue // TestGenerateAll reports it
		}
		c, err := CaseLayout(k[0].(string), k[1].(string), k[2].(int))
		if err != nil {
			t.Errorf("%s: %v", g.name, err)
			continue
		}
		want := *g.c
		want.Tolerance, want.Description, want.Traps, want.Inputs = map[string]Tol{}, "", nil, nil
		if !reflect.DeepEqual(c, &want) {
			t.Errorf("%s: CaseLayout's case differs from Generate's:\n%+v\n%+v", g.name, c, &want)
		}
	}
}

// BenchmarkGeneratePlena times generating the visible and hidden cases of
// the 100 plena cells (inputs, MX quantisation, reference outputs,
// memory layout), the reference runner's share of a plena evaluation;
// cpu-s is the process's CPU time per run (what a busy shared machine
// does not inflate, unlike ns/op).
func BenchmarkGeneratePlena(b *testing.B) {
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		for _, t := range Supported("plena") {
			for n := 1; n <= NumConfigs; n++ {
				for _, hidden := range []bool{false, true} {
					if _, _, err := Generate("plena", t.ID, n, DefaultSeed, hidden); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}

// BenchmarkSumsInOrder times the reference's in-order matrix product (a
// projection of the largest plena mha configuration: 256x512 by 512x512)
// in products per second.
func BenchmarkSumsInOrder(b *testing.B) {
	m, k, n := 256, 512, 512
	rng := rand.New(rand.NewPCG(1, 2))
	x, w := make([]float64, m*k), make([]float64, k*n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	for i := range w {
		w[i] = rng.NormFloat64()
	}
	c := make([]float64, m*n)
	for b.Loop() {
		clear(c)
		sumsInOrder(c, x, w, m, k, n, nil)
	}
	b.ReportMetric(float64(m*k*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
}

// TestGenInputWritesAll: genInput writes every element of its buffer
// (Generate recycles input buffers without zeroing them): given buffers
// full of NaN, no NaN is left, for every input of every task on every
// target and configuration with a buffer large enough to be recycled.
func TestGenInputWritesAll(t *testing.T) {
	for _, target := range Targets {
		for _, task := range Supported(target) {
			for config := 1; config <= NumConfigs; config++ {
				pl, err := newPlan(target, task.ID, config)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range pl.specs {
					n := sim.Elems(s.shape)
					if s.role == RoleOut || n < minPooled {
						continue
					}
					c := bits.Len(uint(n - 1))
					for floatPools[c].Get() != nil { // drained: the next get is the poisoned buffer
					}
					poison := getFloats(n)
					for i := range poison[:cap(poison)] {
						poison[:cap(poison)][i] = math.NaN()
					}
					putFloats(poison)
					rng := rand.New(rand.NewPCG(1, 2))
					a := genInput(task.ID, s, pl.p, rng, pl.integer, nil)
					for i, v := range a.Data {
						if math.IsNaN(v) {
							t.Fatalf("%s/%s config %d: %s[%d] not written", target, task.ID, config, s.name, i)
						}
					}
					putFloats(a.Data)
				}
			}
		}
	}
}
