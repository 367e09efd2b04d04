package check

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// FuzzCheck feeds arbitrary actual bytes, shapes, NaNs and written ranges
// to the checker against a case: it must never panic, and the verdict's
// text must stay within MaxLines.
func FuzzCheck(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4}, uint8(0), uint8(0), uint64(0), uint64(0))
	f.Add([]byte{0xAB}, uint8(1), uint8(3), uint64(0x10000), uint64(0x10400))
	f.Add([]byte{7, 1}, uint8(0x41), uint8(0), uint64(0x10000), uint64(0x18000))
	f.Add([]byte{0, 0, 0xc0, 0x7f}, uint8(2), uint8(255), uint64(0x10010), uint64(0x20000))
	f.Add([]byte{}, uint8(3), uint8(7), uint64(1), uint64(0))
	cases := fuzzCases(f)
	f.Fuzz(func(t *testing.T, data []byte, sel, nanEvery uint8, wlo, whi uint64) {
		m := cases[int(sel)%len(cases)]
		o := m.out
		dt, _ := lookupElemType(o.DType)
		shape := o.Shape
		if sel&0x80 != 0 && len(data) > 0 { // a wrong shape
			shape = []int{int(data[0]) % 7, 3}
		}
		buf := make([]byte, sim.Elems(shape)*dt.size)
		for i := range buf {
			if len(data) > 0 {
				buf[i] = data[i%len(data)]
			}
		}
		if nanEvery > 0 && dt.size == 4 && !dt.isInt {
			for i := 0; i < sim.Elems(shape); i += int(nanEvery) {
				binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(float32(math.NaN())))
			}
		}
		exp := m.tensors[o.Name]
		act := &sim.Tensor{DType: exp.DType, Shape: shape, Data: buf}
		if sel&0x40 != 0 { // the expected values, partly corrupted
			act = &sim.Tensor{DType: exp.DType, Shape: exp.Shape, Data: append([]byte(nil), exp.Data...)}
			for i := 0; i < len(act.Data) && i < len(data); i++ {
				act.Data[(i*31)%len(act.Data)] ^= data[i]
			}
		}
		expected, inputs := m.split()
		res := &Result{Outputs: map[string]*sim.Tensor{o.Name: act}, WrittenKnown: wlo%3 != 0}
		if wlo < whi {
			res.Written = []sim.Range{{Start: wlo, End: whi}}
		}
		v := Check(m.c, expected, inputs, res)
		txt := v.String()
		if lines := strings.Count(txt, "\n"); lines > MaxLines {
			t.Fatalf("%d lines:\n%s", lines, txt)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("verdict as JSON: %v", err)
		}
		if v.Pass && !strings.HasPrefix(txt, "PASS") || !v.Pass && !strings.HasPrefix(txt, "FAIL") {
			t.Fatalf("verdict %v but text:\n%s", v.Pass, txt)
		}
	})
}

// fuzzCases are real cases: float32, bfloat16 and int8 outputs, 1-D to
// 3-D, ragged rows. They are the small configurations (a check's
// diagnosis costs time in the output's size: plena's bmm c1, 8 K
// elements, held the fuzzer to 500 executions a second).
func fuzzCases(tb testing.TB) []*mcase {
	return []*mcase{
		loadMCase(tb, "coral", "softmax", 3), // [3, 100]: rows of 25 vectors
		loadMCase(tb, "aie2", "bmm", 3),      // [3, 10, 12]: 3-D, rows shorter than a vector
		loadMCase(tb, "coral", "gemm", 1),    // int8 [16, 16]
		loadMCase(tb, "aie2", "gemv", 1),     // 1-D
	}
}
