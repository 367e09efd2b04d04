package coral_test

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

// clangFlags compile the C tests as the paper's compiler baseline does
// ("C with RVV at -O2"), freestanding.
var clangFlags = []string{"--target=riscv32", "-march=rv32imf_zve32x_zbb", "-mabi=ilp32", "-O2",
	"-mllvm", "-riscv-v-vector-bits-min=128", "-ffreestanding", "-fno-math-errno", "-nostdlib"}

// runELF runs an executable in kc-sim and returns its halt and the
// `results` array.
func runELF(t *testing.T, hw *isadefs.HW, data []byte) (sim.Halt, []uint32) {
	t.Helper()
	img, err := sim.LoadELF(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := coral.New(hw, coral.Options{CoreOptions: sim.CoreOptions{MaxCycles: 100_000_000}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	h := m.Run()
	addr, ok := img.Symbols["results"]
	if !ok {
		t.Fatal("program has no results symbol")
	}
	raw, err := m.Memory().Peek(addr, 64)
	if err != nil {
		t.Fatal(err)
	}
	res := make([]uint32, 16)
	for i := range res {
		res[i] = binary.LittleEndian.Uint32(raw[4*i:])
	}
	return h, res
}

func exitCode(t *testing.T, h sim.Halt) int {
	t.Helper()
	if h.Kind != sim.HaltExit {
		t.Fatalf("kc-sim: %v", h)
	}
	return h.Code
}

// TestCompilerOutput compiles our C programs (testdata/c) with clang-16 to
// assembly, assembles it with kc-as and runs it in kc-sim; and links the
// same C with lld into an ELF that runs in kc-sim and in qemu-riscv32. All
// runs must agree.
func TestCompilerOutput(t *testing.T) {
	clang := requireTool(t, "clang-16")
	requireTool(t, "ld.lld-16")
	qemu := requireTool(t, "qemu-riscv32")
	files, _ := filepath.Glob("../../testdata/c/*.c")
	if len(files) == 0 {
		t.Fatal("no C programs in testdata/c")
	}
	as, err := asm.New("coral")
	if err != nil {
		t.Fatal(err)
	}
	userHW, _ := isadefs.HWByName("coral-user")
	coralHW, _ := isadefs.HWByName("coral")
	dir := t.TempDir()
	for _, src := range files {
		name := strings.TrimSuffix(filepath.Base(src), ".c")
		t.Run(name, func(t *testing.T) {
			// 1. clang -S, then kc-as, then kc-sim.
			sPath := filepath.Join(dir, name+".s")
			cmd := exec.Command(clang, append(clangFlags, "-S", src, "-o", sPath)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("clang -S: %v\n%s", err, out)
			}
			text, _ := os.ReadFile(sPath)
			vec := strings.Count(string(text), "\tv")
			prog, err := as.Assemble(sPath, text, asm.Options{HW: userHW})
			if err != nil {
				t.Fatalf("kc-as rejects clang's output: %v", err)
			}
			hA, resA := runELF(t, userHW, prog.ELF())
			codeA := exitCode(t, hA)
			// The same assembly linked for Coral's own memory map.
			progCoral, err := as.Assemble(sPath, text, asm.Options{HW: coralHW})
			if err != nil {
				t.Fatalf("kc-as (coral map): %v", err)
			}
			hC, resC := runELF(t, coralHW, progCoral.ELF())
			if code := exitCode(t, hC); code != codeA || !slices.Equal(resC, resA) {
				t.Errorf("coral map: exit %d results %x; coral-user map: exit %d results %x", code, resC, codeA, resA)
			}

			// 2. clang + lld to an ELF, run in kc-sim and qemu.
			elfPath := filepath.Join(dir, name+".elf")
			cmd = exec.Command(clang, append(clangFlags, "-fuse-ld=lld", "-Wl,-T,../../testdata/c/coral-user.ld", src, "-o", elfPath)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("clang+lld: %v\n%s", err, out)
			}
			data, _ := os.ReadFile(elfPath)
			hB, resB := runELF(t, userHW, data)
			codeB := exitCode(t, hB)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			qerr := exec.CommandContext(ctx, qemu, "-cpu", qemuCPU, elfPath).Run()
			qcode := 0
			var ee *exec.ExitError
			if errors.As(qerr, &ee) {
				qcode = ee.ExitCode()
			} else if qerr != nil {
				t.Fatalf("qemu: %v", qerr)
			}
			t.Logf("%s: %d vector instructions in clang's output; exit codes: kc-as+kc-sim %d, lld+kc-sim %d, lld+qemu %d",
				name, vec, codeA, codeB, qcode)
			if codeA != qcode || codeB != qcode {
				t.Errorf("exit codes differ: kc-as+kc-sim %d, lld+kc-sim %d, lld+qemu %d", codeA, codeB, qcode)
			}
			if !slices.Equal(resA, resB) {
				t.Errorf("results differ between the kc-as and lld builds:\n%x\n%x", resA, resB)
			}
		})
	}
}
