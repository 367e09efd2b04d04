package coral_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	_ "kernelcraft/sim/coral"
)

// The riscv-tests-style programs of testdata/rvtests: env.s (the -p
// environment's conventions) followed by one test file. Each file says
// the exit status it expects ("# expect: N": 0 pass, n the failing test).
const rvDir = "testdata/rvtests"

var rvPrograms = []string{"simple", "fail", "csr", "traps", "traplog"}

// qemuSystemArgs run a riscv-tests ELF as Spike would: qemu's spike
// machine, no firmware, no C (misaligned targets then trap) and no D (a
// D instruction is then illegal, as on Coral).
var qemuSystemArgs = []string{"-M", "spike", "-cpu", "rv32,c=false,d=false", "-nographic", "-bios", "none", "-kernel"}

// rvSource is env.s followed by the program's file, and the exit status
// the program expects.
func rvSource(t *testing.T, name string) (src []byte, want int) {
	t.Helper()
	env, err := os.ReadFile(filepath.Join(rvDir, "env.s"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := os.ReadFile(filepath.Join(rvDir, name+".s"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^# expect: (\d+)$`).FindSubmatch(prog)
	if m == nil {
		t.Fatalf("%s.s: no \"# expect: N\" line", name)
	}
	want, _ = strconv.Atoi(string(m[1]))
	return append(append(env, '\n'), prog...), want
}

// rvRun runs an ELF on kc-sim's riscv-tests config and returns the halt
// and what the program wrote to the HTIF console.
func rvRun(t *testing.T, elfData []byte) (sim.Halt, string) {
	t.Helper()
	hw, err := isadefs.HWByName("riscv-tests")
	if err != nil {
		t.Fatal(err)
	}
	target, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		t.Fatal(err)
	}
	img, err := target.LoadProgram(hw, elfData)
	if err != nil {
		t.Fatal(err)
	}
	var console bytes.Buffer
	core, err := target.New(hw, sim.CoreOptions{MaxCycles: 10_000_000, Console: &console})
	if err != nil {
		t.Fatal(err)
	}
	if err := core.Load(img); err != nil {
		t.Fatal(err)
	}
	return core.Run(), console.String()
}

// qemuRun runs an ELF file on qemu-system-riscv32 and returns its exit
// status and standard output (the HTIF console).
func qemuRun(t *testing.T, qemu, path string) (int, string) {
	t.Helper()
	return qemuRunArgs(t, qemu, qemuSystemArgs, path)
}

// qemuRunArgs is qemuRun with other qemu arguments (the ELF's path last).
func qemuRunArgs(t *testing.T, qemu string, args []string, path string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, qemu, append(append([]string(nil), args...), path)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("qemu on %s did not finish in 30 s: %s", path, errb.String())
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String()
	} else if err != nil {
		t.Fatalf("qemu: %v: %s", err, errb.String())
	}
	return 0, out.String()
}

// TestRiscvTestsPrograms: each program, assembled by kc-as for the
// riscv-tests config, exits on kc-sim with the status it expects (0 on
// a pass, the failing test's number otherwise); and, with the tools
// installed, the same ELF exits so on qemu-system-riscv32, and the
// program built by GNU as and ld with riscv-tests' link.ld runs unchanged
// on kc-sim.
func TestRiscvTestsPrograms(t *testing.T) {
	hw, err := isadefs.HWByName("riscv-tests")
	if err != nil {
		t.Fatal(err)
	}
	qemu, qerr := exec.LookPath("qemu-system-riscv32")
	gcc, gerr := exec.LookPath("riscv64-unknown-elf-gcc")
	dir := t.TempDir()
	for _, name := range rvPrograms {
		t.Run(name, func(t *testing.T) {
			src, want := rvSource(t, name)
			elfData := assembleFor(t, hw, string(src)).ELF()
			halt, _ := rvRun(t, elfData)
			if halt.Kind != sim.HaltToHost || halt.ExitStatus() != want {
				t.Fatalf("kc-sim: %s (exit status %d), want exit status %d", halt, halt.ExitStatus(), want)
			}
			path := filepath.Join(dir, name+".elf")
			if err := os.WriteFile(path, elfData, 0o644); err != nil {
				t.Fatal(err)
			}
			if qerr == nil {
				if got, _ := qemuRun(t, qemu, path); got != want {
					t.Errorf("qemu-system-riscv32: exit status %d, want %d", got, want)
				}
			}
			if gerr == nil {
				s := filepath.Join(dir, name+".s")
				gelf := filepath.Join(dir, name+".gnu.elf")
				if err := os.WriteFile(s, src, 0o644); err != nil {
					t.Fatal(err)
				}
				ld, _ := filepath.Abs(filepath.Join(rvDir, "link.ld"))
				out, err := exec.Command(gcc, "-march=rv32imf_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles",
					"-T", ld, s, "-o", gelf).CombinedOutput()
				if err != nil {
					t.Fatalf("GNU toolchain: %v\n%s", err, out)
				}
				data, err := os.ReadFile(gelf)
				if err != nil {
					t.Fatal(err)
				}
				if halt, _ := rvRun(t, data); halt.Kind != sim.HaltToHost || halt.ExitStatus() != want {
					t.Errorf("kc-sim on the GNU-built ELF: %s (exit status %d), want %d", halt, halt.ExitStatus(), want)
				}
			}
		})
	}
	if qerr != nil || gerr != nil {
		requireTool(t, "qemu-system-riscv32")
		requireTool(t, "riscv64-unknown-elf-gcc")
	}
}

// TestTrapDifferential runs traplog.s on kc-sim and qemu-system-riscv32
// and compares what it prints: for every trap, mcause and mepc must
// agree, and mtval too except on the entries the program marks (tag 1:
// where Coral's choice and QEMU 7.2's differ, TRAPS.md), where kc-sim's
// must be Coral's value (the entry's "expect"); and the registers at the
// end must agree.
func TestTrapDifferential(t *testing.T) {
	qemu := requireTool(t, "qemu-system-riscv32")
	hw, err := isadefs.HWByName("riscv-tests")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := rvSource(t, "traplog")
	elfData := assembleFor(t, hw, string(src)).ELF()
	halt, kc := rvRun(t, elfData)
	if !halt.OK() {
		t.Fatalf("kc-sim: %s\n%s", halt, kc)
	}
	path := filepath.Join(t.TempDir(), "traplog.elf")
	if err := os.WriteFile(path, elfData, 0o644); err != nil {
		t.Fatal(err)
	}
	status, q := qemuRun(t, qemu, path)
	if status != 0 {
		t.Fatalf("qemu: exit status %d\n%s", status, q)
	}
	kl, ql := strings.Split(strings.TrimSpace(kc), "\n"), strings.Split(strings.TrimSpace(q), "\n")
	if len(kl) != len(ql) {
		t.Fatalf("kc-sim printed %d lines, qemu %d:\n%s\n---\n%s", len(kl), len(ql), kc, q)
	}
	traps, regs := 0, 0
	for i := range kl {
		kf, qf := strings.Fields(kl[i]), strings.Fields(ql[i])
		if len(kf) == 0 || len(kf) != len(qf) || kf[0] != qf[0] {
			t.Fatalf("line %d: kc-sim %q, qemu %q", i+1, kl[i], ql[i])
		}
		switch kf[0] {
		case "R":
			regs++
			if kf[1] != qf[1] {
				t.Errorf("x%d: kc-sim %s, qemu %s", regs, kf[1], qf[1])
			}
		case "T": // tag expect mcause mepc mtval
			traps++
			if len(kf) != 6 {
				t.Fatalf("line %d: %q", i+1, kl[i])
			}
			what := fmt.Sprintf("trap %d (mcause %s at %s)", traps, kf[3], kf[4])
			if kf[1] != qf[1] || kf[3] != qf[3] || kf[4] != qf[4] {
				t.Errorf("%s: kc-sim %q, qemu %q", what, kl[i], ql[i])
			}
			switch kf[1] {
			case "00000000":
				if kf[5] != qf[5] {
					t.Errorf("%s: mtval kc-sim %s, qemu %s", what, kf[5], qf[5])
				}
			default:
				if kf[5] != kf[2] {
					t.Errorf("%s: mtval %s, want Coral's %s", what, kf[5], kf[2])
				}
			}
		default:
			t.Fatalf("line %d: %q", i+1, kl[i])
		}
	}
	if traps != 16 || regs != 31 {
		t.Errorf("%d traps and %d registers compared, want 16 and 31", traps, regs)
	}
	t.Logf("%d traps (every cause) and %d registers agree with qemu-system-riscv32", traps, regs)
}
