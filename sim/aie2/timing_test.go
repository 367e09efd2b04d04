package aie2

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// fill returns n bytes of value v in lanes of w bytes.
func fill(n, w int, v uint64) []byte {
	b := make([]byte, n)
	for i := 0; i < n; i += w {
		for j := 0; j < w; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return b
}

// TestLatencies measures, for each producer, the distance in bundles from
// it to the first consumer that reads its result (the schedule's
// def - use + 1, one less through a bypass): every closer consumer must
// get the old value (the exposed pipeline), every later one the new.
func TestLatencies(t *testing.T) {
	ones8 := fill(64, 1, 1)
	bf1 := bf16Bytes([]float32{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	cases := []struct {
		name     string
		setup    func(m *Machine)
		producer string
		consumer string
		out      string // register the consumer writes
		want     []byte // its value when the consumer saw the new value
		lat      int
	}{
		{"alu add", func(m *Machine) { m.SetReg("r1", 4) }, "add r2, r1, #5", "mov r3, r2", "r3", le32(9), 1},
		{"scalar mul", func(m *Machine) { m.SetReg("r1", 4) }, "mul r2, r1, r1", "mov r3, r2", "r3", le32(16), 2},
		{"mov.d3", func(m *Machine) { m.SetReg("r1", 4) }, "mov.d3 r2, r1", "mov r3, r2", "r3", le32(4), 4},
		{"scalar load", func(m *Machine) { m.SetReg("p0", dmem); m.poke(t, dmem, le32(77)) }, "lda r2, [p0, #0]", "mov r3, r2", "r3", le32(77), 7},
		{"vector load", func(m *Machine) { m.SetReg("p0", dmem); m.poke(t, dmem, fill(32, 4, 7)) }, "vlda wl0, [p0, #0]", "vmov wl1, wl0", "wl1", fill(32, 4, 7), 7},
		{"vldb", func(m *Machine) { m.SetReg("p1", dmem); m.poke(t, dmem, fill(32, 4, 9)) }, "vldb wl0, [p1, #0]", "vmov wl1, wl0", "wl1", fill(32, 4, 9), 7},
		{"vector ALU", func(m *Machine) { m.SetVec("x2", fill(64, 4, 3)); m.SetVec("x3", fill(64, 4, 4)) }, "vadd.32 x0, x2, x3", "vmov wl5, wl0", "wl5", fill(32, 4, 7), 2},
		{"vector ALU bypass", func(m *Machine) { m.SetVec("x2", fill(64, 4, 3)); m.SetVec("x3", fill(64, 4, 4)) }, "vadd.32 x0, x2, x3", "vadd.32 x1, x0, x3", "x1", fill(64, 4, 11), 1},
		{"vbcst", func(m *Machine) { m.SetReg("r1", 5) }, "vbcst.32 x0, r1", "vmov wl5, wl0", "wl5", fill(32, 4, 5), 2},
		{"vmac int8", func(m *Machine) { m.SetVec("x0", ones8); m.SetVec("x1", ones8); m.SetReg("r0", 776) }, "vmac cm1, cm0, x0, x1, r0", "vmov cm2, cm1", "cm2", fill(128, 4, 8), 5},
		{"vmac to vmac (VEC bypass)", func(m *Machine) { m.SetVec("x0", ones8); m.SetVec("x1", ones8); m.SetReg("r0", 776) }, "vmac cm1, cm0, x0, x1, r0", "vmac cm2, cm1, x0, x1, r0", "cm2", fill(128, 4, 16), 2},
		{"vmac.f", func(m *Machine) { m.SetVec("x0", bf1); m.SetVec("x1", bf1); m.SetReg("r0", 28) }, "vmac.f bml1, bml0, x0, x1, r0", "vmov x4, bml1", "x4", fill(64, 4, 0x41000000), 6},
		{"vmac.f to vmac.f", func(m *Machine) { m.SetVec("x0", bf1); m.SetVec("x1", bf1); m.SetReg("r0", 28) }, "vmac.f bml1, bml0, x0, x1, r0", "vmac.f bml2, bml1, x0, x1, r0", "bml2", fill(64, 4, 0x41800000), 4},
		{"vsrs", func(m *Machine) { m.SetVec("bml0", fill(64, 4, 0x300)); m.SetReg("s0", 8) }, "vsrs.s16.s32 wl1, bml0, s0", "vmov wl2, wl1", "wl2", fill(32, 2, 3), 4},
		{"vups", func(m *Machine) { m.SetVec("wl0", fill(32, 2, 3)); m.SetReg("s0", 4) }, "vups.s32.s16 bml1, wl0, s0", "vmov x4, bml1", "x4", fill(64, 4, 48), 3},
		{"vconv", func(m *Machine) { m.SetVec("bml0", fill(64, 4, 0x3F800000)) }, "vconv.bf16.fp32 wl1, bml0", "vmov wl2, wl1", "wl2", fill(32, 2, 0x3F80), 2},
		// AIE2Schedule.td II_VFLOORs32bf16_W: the result in cycle 2.
		{"vfloor", func(m *Machine) { m.SetVec("wl0", fill(32, 2, 0x4040)) }, "vfloor.s32.bf16 x1, wl0, s0", "vmov wl2, wl1", "wl2", fill(32, 4, 3), 2},
	}
	for _, c := range cases {
		first := -1
		for d := 0; d <= 10; d++ {
			src := c.producer + "\n" + strings.Repeat("nop\n", max(d-1, 0))
			if d == 0 {
				src = c.producer + " ; " + c.consumer + "\n"
				if _, err := assembleOnly(src); err != nil {
					continue // the two share a slot
				}
			} else {
				src += c.consumer + "\n"
			}
			src += strings.Repeat("nop\n", 12) + "done\n"
			m := build(t, src, Options{})
			c.setup(m)
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s: %s", c.name, h)
			}
			got, err := m.Vec(c.out)
			if err != nil {
				t.Fatal(err)
			}
			seen := bytes.Equal(got, c.want)
			if seen && first < 0 {
				first = d
			}
			if !seen && first >= 0 {
				t.Errorf("%s: the consumer %d bundles after sees the new value, %d after does not (% x)", c.name, first, d, got[:8])
			}
		}
		if first != c.lat {
			t.Errorf("%s: latency %d bundles, want %d", c.name, first, c.lat)
		}
	}
}

func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

// TestDelaySlots: the 5 bundles after a branch execute, the sixth does
// not; the target follows; a conditional branch not taken falls through.
func TestDelaySlots(t *testing.T) {
	for _, c := range []struct {
		br   string
		r0   uint32
		want uint32
	}{
		{"j #target", 0, 5},
		{"jz r0, #target", 0, 5},
		{"jz r0, #target", 1, 7},
		{"jnz r0, #target", 1, 5},
		{"jnz r0, #target", 0, 7},
	} {
		src := c.br + "\n" + strings.Repeat("add r1, r1, #1\n", 7) + ".p2align 4\ntarget:\nnop\ndone\n"
		m := build(t, src, Options{})
		m.SetReg("r0", uint64(c.r0))
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %s", c.br, h)
		}
		if v := m.mustReg(t, "r1"); v != c.want {
			t.Errorf("%s (r0=%d): %d delay-slot adds ran, want %d", c.br, c.r0, v, c.want)
		}
	}
	// jl: lr is the address after the delay slots, and ret comes back.
	m := run(t, `
	jl #fn
	nop
	nop
	nop
	nop
	nop
	.p2align 4
back:
	add r2, r2, #1
	done
	.p2align 4
fn:
	ret lr
	add r1, r1, #1
	nop
	nop
	nop
	nop
`, Options{})
	if r1, r2 := m.mustReg(t, "r1"), m.mustReg(t, "r2"); r1 != 1 || r2 != 1 {
		t.Errorf("call and return: r1=%d r2=%d, want 1 1", r1, r2)
	}
	// A branch in a delay slot faults.
	m = build(t, "j #a\nj #a\nnop\nnop\nnop\nnop\nnop\n.p2align 4\na:\ndone\n", Options{})
	if h := m.Run(); h.OK() || !strings.Contains(h.String(), "delay slots") {
		t.Errorf("branch in a delay slot: %v", h)
	}
}

// wideNop is a 16-byte bundle of nops (llvm-aie's padding).
const wideNop = "nopa ; nopb ; nops ; nopx ; nopm ; nopv"

// zolSrc is a zero-overhead loop whose body (two bundles) adds 1 to r1
// and whose count is lc = n.
func zolSrc(n int) string {
	return fmt.Sprintf(`
	movxm ls, #start
	movxm le, #last
	movxm lc, #%d
`+strings.Repeat(wideNop+"\n", 7)+`
	.p2align 4
start:
	nopa ; nopb ; nops ; add r1, r1, #1 ; nopm ; nopv
last:
	nopa ; nopb ; nops ; add r2, r2, #1 ; nopm ; nopv
	done
`, n)
}

// TestZeroOverheadLoop: lc = N runs the body N times (lc = 0 and 1: once),
// with no cycle for the back edge; lc counts down to 0.
func TestZeroOverheadLoop(t *testing.T) {
	var cyc [6]int64
	for _, n := range []int{0, 1, 2, 3, 5} {
		m := run(t, zolSrc(n), Options{})
		want := uint32(max(n, 1))
		if r1, r2 := m.mustReg(t, "r1"), m.mustReg(t, "r2"); r1 != want || r2 != want {
			t.Errorf("lc=%d: body ran %d/%d times, want %d", n, r1, r2, want)
		}
		if lc := m.mustReg(t, "lc"); n > 0 && lc != 0 {
			t.Errorf("lc=%d: lc ends at %d", n, lc)
		}
		cyc[n] = m.Cycles()
	}
	if d := cyc[3] - cyc[2]; d != 2 {
		t.Errorf("one more iteration of a 2-bundle body costs %d cycles, want 2", d)
	}
}
