package simbench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// runOracle runs a workload's ELF under qemu-riscv32 or spike, median of
// Repeat runs; r is the workload's result so far (its primary engine's
// wall time is the ratio's numerator).
func runOracle(tool string, w *work, o Options, r *Result) Oracle {
	res := Oracle{Tool: tool}
	prog := map[string]string{"qemu": "qemu-riscv32", "spike": "spike"}[tool]
	path, err := exec.LookPath(prog)
	if err != nil {
		res.Note = prog + ": not found on PATH"
		return res
	}
	res.Found, res.Path = true, path
	if w.elf == nil {
		res.Note = "not run: this workload uses coral's own memory map (ITCM at 0x0), which a Linux user-mode emulator cannot load"
		if w.noOracle != "" {
			res.Note = w.noOracle
		}
		return res
	}
	f, err := os.CreateTemp("", "kc-bench-*.elf")
	if err != nil {
		res.Note = err.Error()
		return res
	}
	defer os.Remove(f.Name())
	_, err = f.Write(w.elf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o755)
	}
	if err != nil {
		res.Note = err.Error()
		return res
	}
	var args []string
	if tool == "qemu" {
		args = []string{"-cpu", QEMUCPU, f.Name()}
	} else {
		args = []string{"--isa=rv32imfv_zbb_zve32x", "pk", f.Name()}
	}
	var walls []float64
	for i := 0; i < o.Repeat; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		cmd := exec.CommandContext(ctx, path, args...)
		start := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(start)
		cancel()
		if err != nil {
			msg := strings.TrimSpace(string(out))
			var ee *exec.ExitError
			if errors.As(err, &ee) && msg == "" {
				msg = "exit status " + strconv.Itoa(ee.ExitCode())
			}
			res.Note = fmt.Sprintf("%s failed: %v %s", prog, err, msg)
			return res
		}
		walls = append(walls, d.Seconds())
	}
	res.WallSeconds = median(walls)
	if res.WallSeconds > 0 {
		res.InstrPerSec = float64(r.Instructions) / res.WallSeconds
		res.Ratio = r.WallSeconds / res.WallSeconds
	}
	return res
}
