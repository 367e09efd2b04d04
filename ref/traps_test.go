package ref

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	reLNRow   = regexp.MustCompile(`row (\d+) has mean (\S+) and standard deviation (\S+) \(`)
	reMS      = regexp.MustCompile(`^(Row|Token) (\d+) has mean square (\S+),`)
	reScore   = regexp.MustCompile(`attention score \(after scaling[^)]*\) is (\S+):`)
	reSat     = regexp.MustCompile(`^(\d+) of the (\d+) outputs .* (\d+) outputs come from accumulators exactly halfway`)
	reSoftmax = regexp.MustCompile(`^Row (\d+)'s maximum is (\S+):`)
)

func atof(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, ","), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestTraps: every case whose inputs set a numerical trap names it in its
// task text, and the figures the text gives are the case's own (recomputed
// here from its decoded tensors): the layernorm row far from zero, the
// small mean square where epsilon matters, the large attention score
// (above exp's overflow in float32), the softmax row maximum, and coral's
// saturated outputs and exact ties (some, and tiesWanted ties).
func TestTraps(t *testing.T) {
	for _, target := range Targets {
		for _, task := range Supported(target) {
			for config := 1; config <= NumConfigs; config++ {
				for _, hidden := range []bool{config == 1} { // every visible case, and one hidden per task
					name := fmt.Sprintf("%s/%s/%d hidden=%v", target, task.ID, config, hidden)
					c, tensors, err := Generate(target, task.ID, config, DefaultSeed, hidden)
					if err != nil {
						t.Fatal(err)
					}
					p, _ := ParamsOf(c)
					arr := func(n string) *Array {
						for _, s := range c.Tensors {
							if s.Name == n {
								a, err := Decode(tensors[n], s.DType)
								if err != nil {
									t.Fatal(err)
								}
								return a
							}
						}
						t.Fatalf("%s: no tensor %s", name, n)
						return nil
					}
					for _, tr := range c.Traps {
						if !strings.Contains(c.Description, "- "+tr+"\n") {
							t.Errorf("%s: the task text lacks the trap %q", name, tr)
						}
					}
					all := strings.Join(c.Traps, "\n")
					want := 0
					if m := reLNRow.FindStringSubmatch(all); m != nil && task.ID == "layernorm" {
						want++
						r, x := int(atof(t, m[1])), arr("x").Data
						row := x[r*p.N : (r+1)*p.N]
						mean, vr := 0.0, 0.0
						for _, v := range row {
							mean += v / float64(p.N)
						}
						for _, v := range row {
							vr += (v - mean) * (v - mean) / float64(p.N)
						}
						if math.Abs(mean-atof(t, m[2])) > 5e-3*math.Abs(mean) || math.Abs(math.Sqrt(vr)-atof(t, m[3])) > 5e-3*math.Sqrt(vr) {
							t.Errorf("%s: text says mean %s std %s, row %d has %.4g %.3g", name, m[2], m[3], r, mean, math.Sqrt(vr))
						}
					}
					for _, tr := range c.Traps {
						if m := reMS.FindStringSubmatch(tr); m != nil {
							want++
							r, x := int(atof(t, m[2])), arr("x").Data
							n := p.N
							if n == 0 {
								n = p.DModel
							}
							ms := 0.0
							for _, v := range x[r*n : (r+1)*n] {
								ms += v * v / float64(n)
							}
							if math.Abs(ms-atof(t, m[3])) > 5e-3*ms || ms > 1.5*p.Eps {
								t.Errorf("%s: text says mean square %s, row %d has %.3g (eps %g)", name, m[3], r, ms, p.Eps)
							}
						}
						if m := reSoftmax.FindStringSubmatch(tr); m != nil {
							want++
							if v := atof(t, m[2]); v <= 88.72 || !(slicesMax(arr("x").Data) == v || math.Abs(slicesMax(arr("x").Data)-v) < 1e-3*v) {
								t.Errorf("%s: text says row maximum %v (data %v)", name, v, slicesMax(arr("x").Data))
							}
						}
						if m := reScore.FindStringSubmatch(tr); m != nil {
							want++
							if v := atof(t, m[1]); v <= 88.72 {
								t.Errorf("%s: the largest score is %v, below exp's overflow: a missing max subtraction passes", name, v)
							}
						}
						if m := reSat.FindStringSubmatch(tr); m != nil {
							want++
							sat, n, ties := int(atof(t, m[1])), int(atof(t, m[2])), int(atof(t, m[3]))
							y := arr(outName(tensorSpecs(task.ID, p, true))).Data
							got := 0
							for _, v := range y {
								if v == 127 || v == -128 {
									got++
								}
							}
							if got != sat || n != len(y) || sat == 0 || ties < min(tiesWanted, n/4) {
								t.Errorf("%s: text says %d of %d saturate and %d ties; the output has %d of %d saturated", name, sat, n, ties, got, len(y))
							}
						}
					}
					// Every trap the data set is named, once.
					expect := 0
					switch {
					case task.ID == "layernorm" || task.ID == "rmsnorm" || task.ID == "softmax":
						expect = 1
					case strings.HasPrefix(task.ID, "decoder"):
						expect = 2 // the small-RMS first token and the large score
					case LargeLogits(task.ID, p) || p.Requant != nil:
						expect = 1
					}
					if want != expect || len(c.Traps) != expect {
						t.Errorf("%s: traps %q: %d recognised, want %d", name, c.Traps, want, expect)
					}
				}
			}
		}
	}
}

func slicesMax(x []float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = max(m, v)
	}
	return m
}
