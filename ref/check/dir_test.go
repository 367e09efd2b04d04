package check

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kernelcraft/internal/bounded"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

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

// genCase writes a generated case to a directory.
func genCase(t testing.TB, target, task string, config int) (string, *mcase) {
	t.Helper()
	m := loadMCase(t, target, task, config)
	dir := t.TempDir()
	if err := ref.WriteCase(dir, m.c, m.tensors); err != nil {
		t.Fatal(err)
	}
	return dir, m
}

func TestDir(t *testing.T) {
	for _, tc := range []struct{ target, task string }{{"coral", "silu"}, {"plena", "silu"}, {"coral", "gemm"}} {
		caseDir, m := genCase(t, tc.target, tc.task, 1)
		name := tc.target + "/" + tc.task
		w := m.okWritten()[0]
		okStats := fmt.Sprintf(`{"halt":%q,"halt_message":"halted","exit_status":0,"written_ranges":[{"start":%d,"end":%d}]}`, successHalt(m.c), w.Start, w.End)
		y := m.tensors[m.out.Name]

		good := t.TempDir()
		writeResult(t, good, map[string]*sim.Tensor{m.out.Name: y}, okStats)
		v, err := Dir(caseDir, good)
		if err != nil || !v.Pass {
			t.Fatalf("%s good: %v\n%s", name, err, v)
		}

		bad := t.TempDir()
		a := slices.Clone(m.e)
		copy(a[2:], m.e)
		writeResult(t, bad, map[string]*sim.Tensor{m.out.Name: m.enc(t, a)}, okStats)
		v, err = Dir(caseDir, bad)
		if err != nil || v.Pass || !slices.Contains(kinds(v), PatShifted) {
			t.Fatalf("%s shifted: %v %v\n%s", name, err, kinds(v), v)
		}

		trap := t.TempDir()
		writeResult(t, trap, map[string]*sim.Tensor{m.out.Name: y}, `{"halt":"trap","halt_message":"trap: illegal instruction at pc 0x10","exit_status":126}`)
		v, err = Dir(caseDir, trap)
		if err != nil || v.Pass || !strings.Contains(v.String(), "illegal instruction") {
			t.Fatalf("%s trap: %v\n%s", name, err, v)
		}

		// An input read back changed (kc-sim writes inputs too).
		clob := t.TempDir()
		in := m.c.Tensors[0]
		x := *m.tensors[in.Name]
		x.Data = slices.Clone(x.Data)
		x.Data[1] ^= 0x40
		writeResult(t, clob, map[string]*sim.Tensor{m.out.Name: y, in.Name: &x}, okStats)
		v, err = Dir(caseDir, clob)
		if err != nil || v.Pass || !slices.Contains(kinds(v), PatClobber) {
			t.Fatalf("%s read-back clobber: %v %v\n%s", name, err, kinds(v), v)
		}
	}
}

func TestDirErrors(t *testing.T) {
	caseDir, m := genCase(t, "coral", "relu", 1)
	empty := t.TempDir()
	if _, err := Dir(caseDir, empty); err == nil || !strings.Contains(err.Error(), "no y.npy") {
		t.Errorf("missing output: %v", err)
	}
	if _, err := Dir(empty, empty); err == nil || !strings.Contains(err.Error(), "case.json") {
		t.Errorf("missing case: %v", err)
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "case.json"), []byte(`{"format":1,`), 0o644)
	if _, err := Dir(bad, empty); err == nil {
		t.Errorf("truncated case.json accepted")
	}
	res := t.TempDir()
	os.WriteFile(filepath.Join(res, "y.npy"), []byte("not npy"), 0o644)
	if _, err := Dir(caseDir, res); err == nil || !strings.Contains(err.Error(), ".npy") {
		t.Errorf("bad npy: %v", err)
	}
	// An output of the wrong dtype.
	res = t.TempDir()
	d, _ := sim.LookupDType("int32")
	writeNPY(t, filepath.Join(res, "y.npy"), &sim.Tensor{DType: d, Shape: m.out.Shape, Data: make([]byte, 4*len(m.e))})
	if _, err := Dir(caseDir, res); err == nil || !strings.Contains(err.Error(), "float32") {
		t.Errorf("wrong dtype: %v", err)
	}
	bs := t.TempDir()
	writeResult(t, bs, map[string]*sim.Tensor{"y": m.tensors["y"]}, "{")
	if _, err := Dir(caseDir, bs); err == nil || !strings.Contains(err.Error(), "stats.json") {
		t.Errorf("bad stats.json: %v", err)
	}
}

// TestStatsBounded: a stats.json that is an endless device is refused
// after reading at most its limit, with the file and the limit named.
func TestStatsBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stats.json")
	if err := os.Symlink("/dev/zero", path); err != nil {
		t.Fatal(err)
	}
	err := readStats(path, &Result{})
	if !errors.Is(err, bounded.ErrTooLarge) || !strings.Contains(err.Error(), "stats.json holds at most") {
		t.Errorf("endless stats.json: %v", err)
	}
}
