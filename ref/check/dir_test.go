package check

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

// writeCase writes a case directory: case.json and one .npy per tensor
// that has values (inputs and expected outputs).
func writeCase(t testing.TB, dir string, c *ref.Case, tensors map[string]*sim.Tensor) {
	t.Helper()
	c = &ref.Case{Format: c.Format, Target: c.Target, HW: c.HW, Task: c.Task, Config: c.Config, Seed: c.Seed,
		Tensors: slices.Clone(c.Tensors), Convention: c.Convention, Tolerance: c.Tolerance, Fill: c.Fill}
	for i, ts := range c.Tensors {
		if tensors[ts.Name] != nil {
			c.Tensors[i].File = ts.Name + ".npy"
			writeNPY(t, filepath.Join(dir, ts.Name+".npy"), tensors[ts.Name])
		}
	}
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "case.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeNPY(t testing.TB, path string, x *sim.Tensor) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.WriteNPY(f, x); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// writeResult writes a result directory as kc-sim --case does.
func writeResult(t testing.TB, dir string, outs map[string]*sim.Tensor, stats string) {
	t.Helper()
	for name, x := range outs {
		writeNPY(t, filepath.Join(dir, name+".npy"), x)
	}
	if stats != "" {
		if err := os.WriteFile(filepath.Join(dir, "stats.json"), []byte(stats), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDir(t *testing.T) {
	for _, dtype := range []string{"float32", "bfloat16"} {
		s := newSynth(t, dtype, []int{4, 20}, func(x float64) float64 { return 2 * x })
		caseDir := t.TempDir()
		tensors := map[string]*sim.Tensor{"x": s.inp["x"], "y": s.exp["y"]}
		writeCase(t, caseDir, s.c, tensors)
		o := s.out(t)
		outEnd := o.Addr + 80*uint64(map[string]int{"float32": 4, "bfloat16": 2}[dtype])
		okStats := `{"halt":"pause","halt_message":"halted: mpause","exit_status":0,"written_ranges":[{"start":` + itoa(o.Addr) + `,"end":` + itoa(outEnd) + `}]}`

		good := t.TempDir()
		writeResult(t, good, map[string]*sim.Tensor{"y": s.exp["y"]}, okStats)
		v, err := Dir(caseDir, good)
		if err != nil || !v.Pass {
			t.Fatalf("%s good: %v\n%s", dtype, err, v)
		}

		bad := t.TempDir()
		a := slices.Clone(s.y)
		for i := range a {
			a[i] *= 0.25
		}
		writeResult(t, bad, map[string]*sim.Tensor{"y": encode(t, dtype, o.Shape, a)}, okStats)
		v, err = Dir(caseDir, bad)
		if err != nil || v.Pass || !slices.Contains(kinds(v), PatScaled) {
			t.Fatalf("%s scaled: %v %v\n%s", dtype, err, kinds(v), v)
		}

		trap := t.TempDir()
		writeResult(t, trap, map[string]*sim.Tensor{"y": s.exp["y"]}, `{"halt":"trap","halt_message":"trap: illegal instruction at pc 0x10","exit_status":126}`)
		v, err = Dir(caseDir, trap)
		if err != nil || v.Pass || !strings.Contains(v.String(), "illegal instruction") {
			t.Fatalf("%s trap: %v\n%s", dtype, err, v)
		}

		clob := t.TempDir()
		x2 := encode(t, dtype, o.Shape, s.x)
		x2.Data[3] ^= 0x40
		writeResult(t, clob, map[string]*sim.Tensor{"y": s.exp["y"], "x": x2}, "")
		v, err = Dir(caseDir, clob)
		if err != nil || v.Pass || !slices.Contains(kinds(v), PatClobber) {
			t.Fatalf("%s read-back clobber: %v %v\n%s", dtype, err, kinds(v), v)
		}
	}
}

func itoa(x uint64) string { b, _ := json.Marshal(x); return string(b) }

func TestDirErrors(t *testing.T) {
	s := newSynth(t, "float32", []int{4, 8}, func(x float64) float64 { return x })
	caseDir := t.TempDir()
	writeCase(t, caseDir, s.c, map[string]*sim.Tensor{"x": s.inp["x"], "y": s.exp["y"]})
	empty := t.TempDir()
	if _, err := Dir(caseDir, empty); err == nil || !strings.Contains(err.Error(), "output y") {
		t.Errorf("missing output: %v", err)
	}
	if _, err := Dir(empty, empty); err == nil || !strings.Contains(err.Error(), "case.json") {
		t.Errorf("missing case: %v", err)
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "case.json"), []byte(`{"format":1,"tensors":[{"name":"y","role":"out","dtype":"float64"}]}`), 0o644)
	if _, err := Dir(bad, empty); err == nil || !strings.Contains(err.Error(), "dtype") {
		t.Errorf("bad dtype: %v", err)
	}
	os.WriteFile(filepath.Join(bad, "case.json"), []byte(`{"format":1,`), 0o644)
	if _, err := Dir(bad, empty); err == nil {
		t.Errorf("truncated case.json accepted")
	}
	res := t.TempDir()
	os.WriteFile(filepath.Join(res, "y.npy"), []byte("not npy"), 0o644)
	if _, err := Dir(caseDir, res); err == nil || !strings.Contains(err.Error(), ".npy") {
		t.Errorf("bad npy: %v", err)
	}
}
