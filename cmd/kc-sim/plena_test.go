package main

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/plena"
)

// TestPlenaArtefacts runs PLENA's own artefacts unchanged: the SiLU
// template's machine-code text (written by PLENA's assembler), an HBM
// image (--hbm), an FP SRAM preload (--fpsram, f16) and an INT SRAM one
// (--intsram), and dumps Vector SRAM by region name.
func TestPlenaArtefacts(t *testing.T) {
	dir := t.TempDir()
	// (4, 128) activations of 1.0: E4M3 0x38, scales 2^0 (127) after them.
	hbm := make([]byte, 512+64)
	for i := 0; i < 512; i++ {
		hbm[i] = 0x38
	}
	for i := 512; i < 576; i++ {
		hbm[i] = 127
	}
	fp := make([]byte, 4)
	binary.LittleEndian.PutUint16(fp[2:], plena.F16FromF32(1))
	files := map[string][]byte{"hbm.bin": hbm, "fp.bin": fp, "int.bin": make([]byte, 16), "vram.bin": make([]byte, 128), "big.bin": make([]byte, 4096)}
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	code, stdout, stderr := kcsim(t, nil, "-t", "plena", "../../testdata/plena/corpus/tmpl_silu.mem",
		"--hbm", filepath.Join(dir, "hbm.bin"), "--fpsram", filepath.Join(dir, "fp.bin"),
		"--intsram", filepath.Join(dir, "int.bin"), "--vram", filepath.Join(dir, "vram.bin"),
		"--dump", "x@vsram:uint16[8,64]", "--dump", "scratch@vsram+1024:uint16[64]", "--stats=json", "-o", out)
	if code != 0 || !strings.Contains(stderr, "ran off its last instruction") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	f, err := os.Open(filepath.Join(out, "x.npy"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x, err := sim.ReadNPY(f)
	if err != nil {
		t.Fatal(err)
	}
	want := plena.BF16FromF32(float32(1 / (1 + math.Exp(-1))))
	for i, v := range x.Values() {
		if uint16(v) != want {
			t.Fatalf("x[%d] = %#04x, want bf16(silu(1)) = %#04x", i, uint16(v), want)
		}
	}
	var st map[string]any
	b, _ := os.ReadFile(filepath.Join(out, "stats.json"))
	if err := json.Unmarshal(b, &st); err != nil || st["halt"] != "end" {
		t.Fatalf("stats.json: %v %s", err, b)
	}
	if c, _ := st["counters"].(map[string]any); c["hbm_bytes_read"] != float64(1024) {
		t.Errorf("counters %v, want 1024 bytes read (8 element + 8 scale chunks)", st["counters"])
	}
	_ = stdout

	// Errors: another target's option, a file larger than its region, a
	// region that does not exist.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"../../testdata/plena/corpus/tmpl_silu.mem", "--hbm", filepath.Join(dir, "hbm.bin")}, "--hbm is an option of target plena, not coral"},
		{[]string{"-t", "plena", "../../testdata/plena/corpus/tmpl_silu.mem", "--fpsram", filepath.Join(dir, "big.bin")}, "input too large: 4096 bytes: region fpmem holds 2048 bytes (2 KiB)"},
		{[]string{"-t", "plena", "../../testdata/plena/corpus/tmpl_silu.mem", "--preload", "nosuch=" + filepath.Join(dir, "fp.bin")}, "no memory region \"nosuch\""},
		{[]string{"-t", "plena", "../../testdata/plena/corpus/tmpl_silu.mem", "--dump", "y@nosuch:uint16[4]"}, "neither a number, a symbol of the program nor a memory region"},
	} {
		code, _, stderr := kcsim(t, nil, c.args...)
		if code != 127 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 127 and %q", c.args, code, stderr, c.want)
		}
	}
}
