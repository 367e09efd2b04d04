package ref

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/sim"
)

func TestDeterminism(t *testing.T) {
	cases := []struct {
		target, task string
		config       int
	}{
		{"coral", "softmax", 3}, {"coral", "conv_block", 4}, {"aie2", "decoder_t5", 2}, {"plena", "gqa", 3}, {"aie2", "layernorm", 1},
	}
	for _, c := range cases {
		a, ta, err := Generate(c.target, c.task, c.config, 7, false)
		if err != nil {
			t.Fatal(err)
		}
		b, tb, _ := Generate(c.target, c.task, c.config, 7, false)
		h, th, _ := Generate(c.target, c.task, c.config, 7, true)
		o, to, _ := Generate(c.target, c.task, c.config, 8, false)
		ja, _ := MarshalCase(a)
		jb, _ := MarshalCase(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("%v: case.json differs between two runs with the same seed", c)
		}
		for name, x := range ta {
			if !bytes.Equal(x.Data, tb[name].Data) {
				t.Errorf("%v: tensor %s differs between two runs with the same seed", c, name)
			}
		}
		if !h.Hidden || a.Hidden {
			t.Errorf("%v: hidden flags %v %v", c, a.Hidden, h.Hidden)
		}
		for i, s := range a.Tensors {
			if h.Tensors[i].Addr != s.Addr || o.Tensors[i].Addr != s.Addr {
				t.Errorf("%v: %s moves with the seed", c, s.Name)
			}
			if s.Role != RoleIn {
				continue
			}
			if bytes.Equal(ta[s.Name].Data, th[s.Name].Data) {
				t.Errorf("%v: hidden input %s equals the visible one", c, s.Name)
			}
			if bytes.Equal(ta[s.Name].Data, to[s.Name].Data) {
				t.Errorf("%v: input %s is the same for seeds 7 and 8", c, s.Name)
			}
		}
		for _, s := range a.Tensors {
			if s.Role == RoleOut && bytes.Equal(ta[s.Name].Data, th[s.Name].Data) {
				t.Errorf("%v: hidden expected output %s equals the visible one", c, s.Name)
			}
		}
	}
}

// TestMemoryFit: every case fits its hardware config (Validate checks each
// tensor against its region); coral uses the 32 KiB DTCM except for the
// configurations documented as highmem, and aie2 stays in its 64 KiB.
func TestMemoryFit(t *testing.T) {
	var hm []string
	for _, k := range allCases() {
		tg, task, n := k[0].(string), k[1].(string), k[2].(int)
		c, _, err := Generate(tg, task, n, 1, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%s %s %d: %v", tg, task, n, err)
		}
		if tg == "coral" && c.HW != tg {
			hm = append(hm, task)
		}
		if tg == "coral" && c.HW == "coral-highmem" && !highmem[task+"/"+string(rune('0'+n))] {
			t.Errorf("coral %s %d uses highmem undocumented", task, n)
		}
		// plena: plena-highmem exactly where the output needs more than
		// half of plena's Vector SRAM or a level-1 matrix product's K
		// more than its 4 Matrix SRAM tiles (plenaFits).
		if tg == "plena" {
			var out TensorSpec
			for _, s := range c.Tensors {
				if s.Role == RoleOut {
					out = s
				}
			}
			rows := out.StoredElems() / 64
			p, _ := ParamsOf(c)
			deepK := (task == "gemv" || task == "gemm" || task == "bmm" || task == "linear") && p.K > 4*64
			if big := rows > 512 || deepK; big != (c.HW == "plena-highmem") {
				t.Errorf("plena %s %d: output of %d Vector SRAM rows, K %d on %s", task, n, rows, p.K, c.HW)
			}
		}
	}
	if len(hm) != len(highmem) {
		t.Errorf("highmem configs %v, want the %d of the highmem table", hm, len(highmem))
	}
}

func TestRoundTripDir(t *testing.T) {
	c, tensors, err := Generate("aie2", "softmax", 3, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteCase(dir, c, tensors); err != nil {
		t.Fatal(err)
	}
	c2, t2, err := LoadCase(dir)
	if err != nil {
		t.Fatal(err)
	}
	j1, _ := MarshalCase(c)
	j2, _ := MarshalCase(c2)
	if !bytes.Equal(j1, j2) {
		t.Errorf("case.json changed in a write/load round trip")
	}
	for name, x := range tensors {
		if !bytes.Equal(x.Data, t2[name].Data) {
			t.Errorf("tensor %s changed in a round trip", name)
		}
	}
	y, err := Decode(t2["y"], "bfloat16")
	if err != nil || y.Len() != 300 {
		t.Fatalf("decode: %v", err)
	}
	p, err := ParamsOf(c2)
	if err != nil || p.M != 3 || p.N != 100 {
		t.Fatalf("ParamsOf = %+v, %v", p, err)
	}
}

// validCase is a small generated case.json for the error tests and the
// fuzz seeds.
func validCase(t testing.TB) (string, []byte) {
	c, tensors, err := Generate("coral", "layernorm", 1, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteCase(dir, c, tensors); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, CaseFile))
	return dir, data
}

func TestLoadCaseErrors(t *testing.T) {
	dir, good := validCase(t)
	cases := []struct {
		name, old, new, want string
	}{
		{"format", `"format": 1`, `"format": 2`, "format 2"},
		{"target", `"target": "coral"`, `"target": "gpu"`, "unknown target"},
		{"task", `"task": "layernorm"`, `"task": "nosuch"`, "unknown task"},
		{"unsupported", `"task": "layernorm"`, `"task": "rope"`, "not supported on coral"},
		{"level", `"level": 1`, `"level": 3`, "level 3"},
		{"config", `"config": 1`, `"config": 9`, "config 9"},
		{"hw", `"hw": "coral"`, `"hw": "plena"`, "is for plena"},
		{"unknown field", `"seed": 1`, `"seed": 1, "bogus": 2`, "unknown field"},
		{"role", `"role": "in"`, `"role": "input"`, "role \"input\""},
		{"dtype", `"dtype": "float32"`, `"dtype": "float8"`, "unknown dtype"},
		{"shape", `"shape": [`, `"shape": [-1, `, "shape"},
		{"address", `"addr": 66560`, `"addr": 1`, "outside dtcm"},
		{"memory", `"memory": "dtcm"`, `"memory": "itcm2"`, "not a region"},
		{"file", `"file": "x.npy"`, `"file": "../x.npy"`, "NAME.npy"},
		{"name", `"name": "x"`, `"name": "a/b"`, "path separators"},
		{"register", `"a0": "x"`, `"a0": "nosuch"`, "neither a tensor"},
		{"tolerance", `"rtol": 0.00002`, `"rtol": -1`, "finite"},
		{"syntax", `{`, `[`, "case.json"},
	}
	for _, c := range cases {
		if !bytes.Contains(good, []byte(c.old)) {
			t.Fatalf("%s: %q not in the valid case", c.name, c.old)
		}
		bad := bytes.Replace(good, []byte(c.old), []byte(c.new), 1)
		_, err := ParseCase(bad)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
	// Overlapping tensors: move y onto x.
	var x, y TensorSpec
	c, _ := ParseCase(good)
	for _, s := range c.Tensors {
		switch s.Name {
		case "x":
			x = s
		case "y":
			y = s
		}
	}
	bad := bytes.Replace(good, []byte(`"addr": `+strconv.FormatUint(y.Addr, 10)), []byte(`"addr": `+strconv.FormatUint(x.Addr+16, 10)), 1)
	if _, err := ParseCase(bad); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("overlap: err = %v", err)
	}
	// A .npy that does not match its spec.
	os.WriteFile(filepath.Join(dir, "gamma.npy"), []byte("not npy"), 0o644)
	if _, _, err := LoadCase(dir); err == nil || !strings.Contains(err.Error(), "gamma") {
		t.Errorf("bad npy: err = %v", err)
	}
	if _, _, err := LoadCase(t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a case directory") {
		t.Errorf("empty dir: err = %v", err)
	}
}

// FuzzLoadCase: any case.json, with the valid case's tensors beside it,
// loads or fails with an error; never a panic, and what loads validates.
func FuzzLoadCase(f *testing.F) {
	dir, good := validCase(f)
	f.Add(good)
	f.Add(bytes.Replace(good, []byte(`"addr": 66560`), []byte(`"addr": 18446744073709551615`), 1))
	f.Add(bytes.Replace(good, []byte(`"shape": [`), []byte(`"shape": [268435456, 268435456, `), 1))
	f.Add([]byte(`{"format":1,"target":"coral","hw":"coral","task":"relu","level":1,"config":1,"tensors":[{"name":"y","role":"out","dtype":"int8","shape":[0],"addr":65536,"memory":"dtcm","file":"y.npy"}]}`))
	f.Add([]byte(`null`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseCase(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		_ = Describe(c)
		// It parses: the whole directory (with the valid case's .npy
		// files) loads or fails with an error.
		d := t.TempDir()
		for _, name := range []string{"x.npy", "gamma.npy", "beta.npy", "y.npy"} {
			b, _ := os.ReadFile(filepath.Join(dir, name))
			os.WriteFile(filepath.Join(d, name), b, 0o644)
		}
		if err := os.WriteFile(filepath.Join(d, CaseFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if c2, _, err := LoadCase(d); err == nil {
			if err := c2.Validate(); err != nil {
				t.Fatalf("loaded case does not validate: %v", err)
			}
		}
	})
}

// TestArgsTable: with more tensors than registers, the last register
// points at args, which lists every other tensor's address in order.
func TestArgsTable(t *testing.T) {
	for _, tc := range []struct{ target, reg string }{{"aie2", "p7"}} {
		c, tensors, err := Generate(tc.target, "decoder_t5", 2, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		if c.Convention.Registers[tc.reg] != "args" || c.Tensors[0].Name != "args" {
			t.Fatalf("%s: %s = %q, first tensor %s", tc.target, tc.reg, c.Convention.Registers[tc.reg], c.Tensors[0].Name)
		}
		args, err := Decode(tensors["args"], "uint32")
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range c.Tensors[1:] {
			if uint64(args.Data[i]) != s.Addr {
				t.Errorf("%s: args[%d] = %#x, %s is at %#x", tc.target, i, uint64(args.Data[i]), s.Name, s.Addr)
			}
		}
	}
}

// TestReadTensorFileShapeExact: a file whose shape differs from the
// spec's (same element count) is refused with both shapes named.
func TestReadTensorFileShapeExact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "y.npy")
	d, _ := sim.LookupDType("int8")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.WriteNPY(f, &sim.Tensor{DType: d, Shape: []int{256}, Data: make([]byte, 256)}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = ReadTensorFile(path, TensorSpec{Name: "y", DType: "int8", Shape: []int{16, 16}})
	if err == nil || !strings.Contains(err.Error(), "has shape [256], case.json says [16 16]") {
		t.Errorf("error %v", err)
	}
	if _, err := ReadTensorFile(path, TensorSpec{Name: "y", DType: "int8", Shape: []int{256}}); err != nil {
		t.Error(err)
	}
}
