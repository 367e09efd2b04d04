package coral_test

import (
	"fmt"
	"testing"

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
	m, err := coral.New(hw, coral.Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62}})
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
