package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	_ "kernelcraft/asm/coral"
	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// build assembles testdata/NAME.s into an ELF in a temporary directory.
func build(t *testing.T, name string) string {
	t.Helper()
	srcPath := filepath.Join("testdata", name+".s")
	if name == "loop" {
		srcPath = "../../testdata/kernels/coral/sum_loop.s" // shared with kc-as's tests
	}
	return writeELF(t, kernelELF(t, srcPath, true), name+".elf")
}

func kcsim(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"kc-sim"}, args...), bytes.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestRunAndStats(t *testing.T) {
	elf := build(t, "loop")
	code, out, stderr := kcsim(t, nil, elf)
	if code != 0 || !strings.Contains(stderr, "mpause") || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	// Flags after the file, text stats on stderr.
	code, _, stderr = kcsim(t, nil, elf, "--stats")
	if code != 0 || !strings.Contains(stderr, "cycles") || !strings.Contains(stderr, "IPC") {
		t.Fatalf("--stats: exit %d, stderr %q", code, stderr)
	}
	// JSON on stdout.
	code, out, _ = kcsim(t, nil, "--stats=json", elf)
	var st map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil || st["halt"] != "pause" || st["cycles"].(float64) <= 0 {
		t.Fatalf("--stats=json: exit %d, %q", code, out)
	}
	if _, ok := st["stalls"].(map[string]any)["raw"]; !ok {
		t.Errorf("stats.json lacks stall causes: %v", st["stalls"])
	}
	if w, _ := st["written_ranges"].([]any); len(w) != 1 {
		t.Errorf("written ranges %v", st["written_ranges"])
	}
	// JSON into -o DIR.
	dir := filepath.Join(t.TempDir(), "out")
	code, out, _ = kcsim(t, nil, elf, "--stats=json", "-o", dir)
	b, err := os.ReadFile(filepath.Join(dir, "stats.json"))
	if code != 0 || out != "" || err != nil || !bytes.Contains(b, []byte(`"cycles"`)) {
		t.Fatalf("-o: exit %d, stdout %q, %v", code, out, err)
	}
}

func TestStdin(t *testing.T) {
	data, _ := os.ReadFile(build(t, "loop"))
	code, _, stderr := kcsim(t, data, "-", "--regs")
	if code != 0 || !strings.Contains(stderr, "a0   00000037") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestLoadAndDump(t *testing.T) {
	elf := build(t, "double")
	dir := t.TempDir()
	in := make([]byte, 64)
	for i := 0; i < 16; i++ {
		binary.LittleEndian.PutUint32(in[4*i:], uint32(i*i-7))
	}
	var buf bytes.Buffer
	if err := sim.WriteNPY(&buf, &sim.Tensor{DType: sim.DTypes[4], Shape: []int{4, 4}, Data: in}); err != nil {
		t.Fatal(err)
	}
	xpath := filepath.Join(dir, "x.npy")
	os.WriteFile(xpath, buf.Bytes(), 0o644)
	code, _, stderr := kcsim(t, nil, elf, "--load", "x="+xpath+"@input", "--dump", "y@output:int32[4,4]", "--dump", "raw@0x10040:uint8[8]", "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(filepath.Join(dir, "y.npy"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	y, err := sim.ReadNPY(f)
	if err != nil {
		t.Fatal(err)
	}
	if y.DType.Name != "int32" || !reflect.DeepEqual(y.Shape, []int{4, 4}) {
		t.Fatalf("y: %s %v", y.DType.Name, y.Shape)
	}
	for i, v := range y.Values() {
		if want := float64(2 * (i*i - 7)); v != want {
			t.Fatalf("y[%d] = %v, want %v", i, v, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "raw.npy")); err != nil {
		t.Error(err)
	}
}

func TestExitStatuses(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"exit code", []string{build(t, "exit"), "--set", "a0=3"}, 3, "exit(3)"},
		{"negative exit code", []string{build(t, "exit"), "--set", "a0=-1"}, 255, "exit(-1)"},
		{"ebreak", []string{build(t, "ebreak")}, sim.ExitBreak, "ebreak"},
		{"trap", []string{build(t, "illegal")}, sim.ExitTrap, "illegal instruction 0xffffffff"},
		{"cycle limit", []string{build(t, "spin"), "--max-cycles", "100"}, sim.ExitCycleLimit, "cycle limit 100"},
		{"no file", []string{"nosuch.elf"}, sim.ExitToolError, "nosuch.elf"},
		{"not an ELF", []string{"../../testdata/kernels/coral/sum_loop.s"}, sim.ExitToolError, "not an ELF"},
		{"no args", nil, sim.ExitToolError, "want exactly one program"},
		{"bad flag", []string{"--nosuch", "x.elf"}, sim.ExitToolError, "nosuch"},
		{"bad hw", []string{"--hw", "nosuch", "x.elf"}, sim.ExitToolError, "unknown hardware config"},
		{"bad dump", []string{build(t, "loop"), "--dump", "y@0x10000:int64[4]"}, sim.ExitToolError, "unknown dtype"},
		{"dump outside memory", []string{build(t, "loop"), "--dump", "y@0x40000:int32[4]", "-o", t.TempDir()}, sim.ExitToolError, "not inside one memory region"},
		{"bad load", []string{build(t, "loop"), "--load", "x=nosuch.npy@0x10000"}, sim.ExitToolError, "nosuch.npy"},
		{"bad symbol", []string{build(t, "loop"), "--set", "a0=nosuch"}, sim.ExitToolError, "neither a number nor a symbol"},
		{"bad register", []string{build(t, "loop"), "--set", "v0=1"}, sim.ExitToolError, "no scalar register"},
		{"endless input", []string{"/dev/zero"}, sim.ExitToolError, "input too large: more than 67108864 bytes"},
		{"set x0", []string{build(t, "loop"), "--set", "x0=5"}, sim.ExitToolError, "x0 is hard-wired to zero"},
		{"set zero", []string{build(t, "exit"), "--set", "zero=0"}, 0, "exit(0)"},
		{"load into code", []string{build(t, "loop"), "--load", "x=" + npyOf(t) + "@0x100"}, sim.ExitToolError, "region itcm is executable memory"},
		{"bad max-cycles", []string{build(t, "loop"), "--max-cycles", "-5"}, sim.ExitToolError, "positive"},
	}
	for _, c := range cases {
		code, _, stderr := kcsim(t, nil, c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", c.name, code, stderr, c.code, c.msg)
		}
		if code == sim.ExitToolError && strings.Count(strings.TrimSpace(stderr), "\n") > 0 && c.name != "bad flag" {
			t.Errorf("%s: tool errors are one line: %q", c.name, stderr)
		}
	}
}

func TestTrace(t *testing.T) {
	code, _, stderr := kcsim(t, nil, build(t, "loop"), "--trace")
	if code != 0 {
		t.Fatal(stderr)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) != 37 { // 36 instructions + halt line
		t.Fatalf("%d trace lines:\n%s", len(lines), stderr)
	}
	for _, want := range []string{"add a0, a0, t0", "a0=0xa", "mpause"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("trace lacks %q", want)
		}
	}
}

func TestDescribeHelpVersion(t *testing.T) {
	code, out, _ := kcsim(t, nil, "--hw", "coral-highmem", "--describe")
	if code != 0 || !strings.Contains(out, `"name": "coral-highmem"`) || !strings.Contains(out, "SIMD:") {
		t.Fatalf("--describe: exit %d: %s", code, out)
	}
	code, out, _ = kcsim(t, nil, "--help")
	for _, want := range []string{"Examples:", "--load", "124", "125", "126", "127", "--stats=json"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("--help lacks %q", want)
		}
	}
	code, out, _ = kcsim(t, nil, "--version")
	if code != 0 || !strings.Contains(out, "kc-sim") || !strings.Contains(out, "SIMD:") {
		t.Errorf("--version: %s", out)
	}
}

func TestTargetMismatch(t *testing.T) {
	code, _, stderr := kcsim(t, nil, "-t", "plena", "--hw", "coral", "x.elf")
	if code != sim.ExitToolError || !strings.Contains(stderr, "is for target coral") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestSIMDFlag(t *testing.T) {
	elf := build(t, "loop")
	for _, p := range []string{"generic", "auto"} {
		if code, _, stderr := kcsim(t, nil, elf, "--simd", p); code != 0 {
			t.Errorf("--simd %s: exit %d: %s", p, code, stderr)
		}
	}
	code, _, stderr := kcsim(t, nil, elf, "--simd", "sse9")
	if code != sim.ExitToolError || !strings.Contains(stderr, "not available on this CPU") {
		t.Errorf("--simd sse9: exit %d, %q", code, stderr)
	}
	vec.UseFallback(false) // restore the default for other tests
}

// npyOf writes a small .npy file and returns its path.
func npyOf(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	if err := sim.WriteNPY(&buf, &sim.Tensor{DType: sim.DTypes[4], Shape: []int{4}, Data: make([]byte, 16)}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "x.npy")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
