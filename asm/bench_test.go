package asm_test

import (
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

// bigHW is coral with memories large enough for a megabyte of source.
func bigHW(t testing.TB) *isadefs.HW {
	t.Helper()
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	big := *hw
	big.Name = "coral-big"
	big.Memory = []isadefs.Region{
		{Name: "itcm", Base: 0, Size: 4 << 20, Perm: "rx", Sections: []string{".text", ".rodata"}},
		{Name: "dtcm", Base: 0x1000000, Size: 4 << 20, Perm: "rw", Sections: []string{".data", ".bss"}},
	}
	return &big
}

// kernel1MB is about a megabyte of plausible kernel source: a loop body
// of ALU, memory, branch, vector and pseudo instructions with labels and
// comments, repeated.
func kernel1MB() []byte {
	const body = `loop%d:
	addi a0, a0, 1          # count
	lw t0, 8(a1)
	add t1, t0, a2
	sw t1, -4(a1)
	vsetvli t2, a3, e32, m1, ta, ma
	vle32.v v1, (a1)
	vadd.vv v2, v1, v1, v0.t
	vse32.v v2, (a4)
	li t3, 0x12345
	bnez a0, loop%d
	beqz t0, 1f
1:	j 1b
`
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		b.WriteString(strings.ReplaceAll(body, "%d", itoa(i)))
	}
	return []byte(b.String())
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

// BenchmarkAssemble1MB assembles a megabyte of source (the issue 16
// budget: well under a second).
func BenchmarkAssemble1MB(b *testing.B) {
	as, _ := coralAsm(b)
	hw := bigHW(b)
	src := kernel1MB()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := as.Assemble("big.s", src, asm.Options{HW: hw}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNumericLabels assembles 100k "1: j 1b" lines.
func BenchmarkNumericLabels(b *testing.B) {
	as, _ := coralAsm(b)
	hw := bigHW(b)
	src := []byte(strings.Repeat("1: j 1b\n", 100000))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := as.Assemble("num.s", src, asm.Options{HW: hw}); err != nil {
			b.Fatal(err)
		}
	}
}
