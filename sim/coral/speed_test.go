package coral_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

// issueLoopSource is the issue's scalar workload (issue 10): an RV32IM loop
// of 12 instructions per iteration (loads, stores, ALU ops, a multiply and
// a taken backward branch), linked for coral-user (code at 0x10000, data at
// 0x100000) so that qemu-riscv32 runs the same ELF. It exits with ecall
// 93, which both kc-sim and qemu-user treat as exit(a0).
func issueLoopSource(iters int) string {
	return fmt.Sprintf(`    .text
    .globl _start
_start:
    li t0, %d
    la a1, area
loop:
    lw a2, 0(a1)
    lw a3, 4(a1)
    mul a4, a2, a3
    add a5, a5, a4
    addi a2, a2, 1
    xor a3, a3, a5
    sw a2, 0(a1)
    sw a3, 4(a1)
    slli a6, a5, 1
    and a7, a6, a4
    addi t0, t0, -1
    bne t0, zero, loop
    li a7, 93
    li a0, 0
    ecall
    .data
area:
    .word 1, 2
`, iters)
}

// BenchmarkIssueLoop runs the issue's workload, 1 M iterations (12 M
// instructions) per op, loading the ELF again each time, timing on.
func BenchmarkIssueLoop(b *testing.B) {
	hw := diffHWB(b)
	img := issueLoopImage(b, hw, 1_000_000)
	m, err := coral.New(hw, coral.Options{MaxCycles: 1 << 62})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var insts uint64
	for i := 0; i < b.N; i++ {
		if err := m.Load(img); err != nil {
			b.Fatal(err)
		}
		if h := m.Run(); h.Kind != sim.HaltExit {
			b.Fatal(h)
		}
		insts += m.Stats().Instructions
	}
	b.ReportMetric(float64(insts)/b.Elapsed().Seconds()/1e6, "MIPS")
}

func diffHWB(tb testing.TB) *isadefs.HW {
	hw, err := isadefs.HWByName("coral-user")
	if err != nil {
		tb.Fatal(err)
	}
	return hw
}

func assembleTB(tb testing.TB, hw *isadefs.HW, src string) *asm.Program {
	as, err := asm.New("coral")
	if err != nil {
		tb.Fatal(err)
	}
	p, err := as.Assemble("loop.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func issueLoopImage(tb testing.TB, hw *isadefs.HW, iters int) *sim.Image {
	p := assembleTB(tb, hw, issueLoopSource(iters))
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

// TestSpeedVsQEMU times the issue's workload (50 M iterations, 600 M
// instructions) in kc-sim, timing on, and under qemu-riscv32, median of 3
// each, and logs the ratio measured in this run. It runs only when
// KC_SPEED=1 (it takes seconds); KC_SPEED_ITERS changes the iteration count.
func TestSpeedVsQEMU(t *testing.T) {
	if os.Getenv("KC_SPEED") != "1" {
		t.Skip("set KC_SPEED=1 to time kc-sim against qemu-user")
	}
	qemu := requireTool(t, "qemu-riscv32")
	iters := 50_000_000
	if s := os.Getenv("KC_SPEED_ITERS"); s != "" {
		iters, _ = strconv.Atoi(s)
	}
	hw := diffHWB(t)
	p := assembleTB(t, hw, issueLoopSource(iters))
	elf := filepath.Join(t.TempDir(), "loop.elf")
	if err := os.WriteFile(elf, p.ELF(), 0o755); err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		t.Fatal(err)
	}
	// The machine may be shared: besides wall time, compare CPU time (user
	// + system, of this process or of qemu's).
	cpuSelf := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	var cpuK, cpuQ []time.Duration
	median := func(f func() time.Duration) time.Duration {
		var ds []time.Duration
		for i := 0; i < 3; i++ {
			ds = append(ds, f())
		}
		for i := range ds {
			for j := i + 1; j < len(ds); j++ {
				if ds[j] < ds[i] {
					ds[i], ds[j] = ds[j], ds[i]
				}
			}
		}
		return ds[1]
	}
	var insts, cycles uint64
	kc := func(opts coral.Options) func() time.Duration {
		return func() time.Duration {
			m, err := coral.New(hw, opts)
			if err != nil {
				t.Fatal(err)
			}
			start, c0 := time.Now(), cpuSelf()
			if err := m.Load(img); err != nil {
				t.Fatal(err)
			}
			if h := m.Run(); h.Kind != sim.HaltExit {
				t.Fatal(h)
			}
			d := time.Since(start)
			cpuK = append(cpuK, cpuSelf()-c0)
			insts, cycles = m.Stats().Instructions, m.Stats().Cycles
			return d
		}
	}
	dq := median(func() time.Duration {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		start := time.Now()
		cmd := exec.CommandContext(ctx, qemu, "-cpu", qemuCPU, elf)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("qemu: %v: %s", err, out)
		}
		d := time.Since(start)
		cpuQ = append(cpuQ, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		return d
	})
	dk := median(kc(coral.Options{MaxCycles: 1 << 62}))
	med := func(ds []time.Duration) time.Duration {
		return median(func() time.Duration { d := ds[0]; ds = ds[1:]; return d })
	}
	ck, cq := med(cpuK), med(cpuQ)
	t.Logf("%d instructions, %d cycles (timing on)", insts, cycles)
	t.Logf("qemu-riscv32: %.3f s (%.0f MIPS)", dq.Seconds(), float64(insts)/dq.Seconds()/1e6)
	t.Logf("kc-sim:       %.3f s (%.0f MIPS), %.1fx qemu-user's time (Spike: 14.3x)", dk.Seconds(), float64(insts)/dk.Seconds()/1e6, dk.Seconds()/dq.Seconds())
	t.Logf("CPU time: qemu-riscv32 %.3f s, kc-sim %.3f s (%.0f MIPS): %.1fx", cq.Seconds(), ck.Seconds(), float64(insts)/ck.Seconds()/1e6, ck.Seconds()/cq.Seconds())
}
