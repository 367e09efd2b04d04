package check

import (
	"testing"

	"kernelcraft/sim"
)

// BenchmarkCheckSmall: one check (and diagnosis) of a small case's output
// with a seventh of its bytes corrupted, round the fuzz cases: the cost
// per execution of FuzzCheck, and of a judge's verdict on a small cell.
func BenchmarkCheckSmall(b *testing.B) {
	cases := fuzzCases(b)
	for i := 0; i < b.N; i++ {
		m := cases[i%len(cases)]
		o := m.out
		exp := m.tensors[o.Name]
		act := &sim.Tensor{DType: exp.DType, Shape: exp.Shape, Data: append([]byte(nil), exp.Data...)}
		for j := range act.Data {
			if j%7 == 0 {
				act.Data[j] ^= byte(i + j)
			}
		}
		expected, inputs := m.split()
		res := &Result{Outputs: map[string]*sim.Tensor{o.Name: act}, WrittenKnown: true}
		Check(m.c, expected, inputs, res)
	}
}
