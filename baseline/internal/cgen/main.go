// Command cgen regenerates the compiler baseline: it compiles
// baseline/coral/c/TASK.c with clang-16 once per coral (task,
// configuration) and writes baseline/coral/s/TASK_cN.s. Run it from the
// repository root (baseline/gen.sh does).
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"kernelcraft/baseline"
	"kernelcraft/ref"
)

func main() {
	clang, err := exec.LookPath(baseline.Clang)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cgen: %v (apt-get install clang-16)\n", err)
		os.Exit(1)
	}
	n := 0
	for _, t := range ref.Supported("coral") {
		for c := 1; c <= ref.NumConfigs; c++ {
			s, err := baseline.CompileC(clang, "baseline/coral/c", t.ID, c)
			if err != nil {
				fmt.Fprintf(os.Stderr, "cgen: %v\n", err)
				os.Exit(1)
			}
			if err := os.WriteFile(filepath.Join("baseline/coral/s", baseline.CompiledName(t.ID, c)), s, 0o644); err != nil {
				fmt.Fprintf(os.Stderr, "cgen: %v\n", err)
				os.Exit(1)
			}
			n++
		}
	}
	fmt.Fprintf(os.Stderr, "cgen: %d assembly files in baseline/coral/s\n", n)
}
