package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestKCSIMDEnv: KC_SIMD is read when the process starts, so this test
// runs kc-sim in a child process (this test binary, running
// TestKCSIMDEnvChild) with KC_SIMD set. A value that names no path is an
// error naming the accepted values (exit 127, as other tool errors);
// --simd chooses the path and overrides it.
func TestKCSIMDEnv(t *testing.T) {
	elf := assembleFile(t, "../../testdata/kernels/coral/sum_loop.s")
	for _, tc := range []struct {
		env, simd string
		code      int
		stderr    string
	}{
		{env: "bogus", code: 127, stderr: `kc-sim: coral: KC_SIMD="bogus": want auto, generic (or go, fallback, off), avx2 or avx512`},
		{env: "bogus", simd: "generic", code: 0, stderr: "halted: mpause"},
		{env: "generic", code: 0, stderr: "halted: mpause"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKCSIMDEnvChild$")
		cmd.Env = append(os.Environ(), "KC_SIMD="+tc.env, "KC_SIM_CHILD_ELF="+elf, "KC_SIM_CHILD_SIMD="+tc.simd)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		want := fmt.Sprintf("exit %d\n", tc.code)
		if !strings.Contains(string(out), want) || !strings.Contains(string(out), tc.stderr) {
			t.Errorf("KC_SIMD=%s --simd %q: %s\nwant %q and %q", tc.env, tc.simd, out, want, tc.stderr)
		}
	}
}

// TestKCSIMDEnvChild is TestKCSIMDEnv's child process; alone it does
// nothing.
func TestKCSIMDEnvChild(t *testing.T) {
	elf := os.Getenv("KC_SIM_CHILD_ELF")
	if elf == "" {
		t.Skip("run by TestKCSIMDEnv")
	}
	args := []string{elf}
	if s := os.Getenv("KC_SIM_CHILD_SIMD"); s != "" {
		args = append(args, "--simd", s)
	}
	code, _, stderr := kcsim(t, nil, args...)
	fmt.Printf("%sexit %d\n", stderr, code)
}
