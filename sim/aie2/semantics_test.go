package aie2

import (
	"bytes"
	"encoding/binary"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"kernelcraft/sim"
)

// TestAddressing: post-modify, 2-D and 3-D addressing walk the addresses
// of llvm-aie's rule (dn = size - 1; the outer step replaces the inner),
// and pointers wrap at 20 bits.
func TestAddressing(t *testing.T) {
	// 2-D: 3 inner steps of +4, then +100: offsets 0 4 8 108 112 116 216.
	var src strings.Builder
	for i := 1; i <= 7; i++ {
		src.WriteString("mova r1, #" + itoa(i) + "\n")
		src.WriteString("st.2d r1, [p0], d0\n")
	}
	src.WriteString("nop\nnop\nnop\nnop\nnop\nnop\ndone\n")
	m := build(t, src.String(), Options{})
	m.SetReg("p0", dmem)
	m.SetReg("dn0", 2)
	m.SetReg("dj0", 4)
	m.SetReg("m0", 100)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	for i, off := range []uint64{0, 4, 8, 108, 112, 116, 216} {
		if v := binary.LittleEndian.Uint32(m.peek(t, dmem+off, 4)); v != uint32(i+1) {
			t.Errorf("2-D store %d at +%d: found %d", i+1, off, v)
		}
	}
	if dc := m.mustReg(t, "dc0"); dc != 1 {
		t.Errorf("dc0 = %d after 7 steps of a 3-step inner loop, want 1", dc)
	}
	// 3-D: inner 2 x +4 (dn0=1), middle 2 x +16 (dn4=1, dj4=16), outer m0=64.
	src.Reset()
	for i := 1; i <= 9; i++ {
		src.WriteString("mova r1, #" + itoa(i) + "\nst.3d r1, [p0], d0\n")
	}
	src.WriteString("nop\nnop\nnop\nnop\nnop\nnop\ndone\n")
	m = build(t, src.String(), Options{})
	m.SetReg("p0", dmem)
	m.SetReg("dn0", 1)
	m.SetReg("dj0", 4)
	m.SetReg("dn4", 1)
	m.SetReg("dj4", 16)
	m.SetReg("m0", 64)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	for i, off := range []uint64{0, 4, 20, 24, 88, 92, 108, 112, 176} {
		if v := binary.LittleEndian.Uint32(m.peek(t, dmem+off, 4)); v != uint32(i+1) {
			t.Errorf("3-D store %d at +%d: found %d", i+1, off, v)
		}
	}
	// Post-modify by immediate and by m; 20-bit wrap.
	m = build(t, "padda [p0], #8\npaddb [p1], m1\nnop\ndone\n", Options{})
	m.SetReg("p0", 0xFFFFC)
	m.SetReg("p1", dmem)
	m.SetReg("m1", 0x20)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	if p0, p1 := m.mustReg(t, "p0"), m.mustReg(t, "p1"); p0 != 4 || p1 != dmem+0x20 {
		t.Errorf("p0 = %#x (want 0x4: 20-bit wrap), p1 = %#x", p0, p1)
	}
	// A vector load with post-increment reads at the old pointer.
	m = build(t, "vlda wl0, [p0], #32\nvlda wl1, [p0], #32\n"+strings.Repeat("nop\n", 7)+"done\n", Options{})
	m.SetReg("p0", dmem)
	m.poke(t, dmem, fill(32, 4, 1))
	m.poke(t, dmem+32, fill(32, 4, 2))
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	w0, _ := m.Vec("wl0")
	w1, _ := m.Vec("wl1")
	if w0[0] != 1 || w1[0] != 2 || m.mustReg(t, "p0") != dmem+64 {
		t.Errorf("post-increment loads: %d %d, p0 %#x", w0[0], w1[0], m.mustReg(t, "p0"))
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestVectorOps checks the permutes and compares on hand-made values.
func TestVectorOps(t *testing.T) {
	seq16 := make([]byte, 128)
	for i := 0; i < 64; i++ {
		binary.LittleEndian.PutUint16(seq16[2*i:], uint16(i))
	}
	shuf := func(mode int) []uint16 {
		m := build(t, "vshuffle x2, x0, x1, r0\nnop\nnop\ndone\n", Options{})
		m.SetVec("x0", seq16[:64])
		m.SetVec("x1", seq16[64:])
		m.SetReg("r0", uint64(mode))
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		b, _ := m.Vec("x2")
		out := make([]uint16, 32)
		for i := range out {
			out[i] = binary.LittleEndian.Uint16(b[2*i:])
		}
		return out
	}
	// Mode 28 (T16_8x4): a's 8x4 matrix transposed: 0, 4, 8, ...
	if g := shuf(28); g[0] != 0 || g[1] != 4 || g[2] != 8 || g[8] != 1 {
		t.Errorf("T16_8x4: %v", g)
	}
	// Mode 2 (T16_32x2_lo): deinterleave, even elements of a||b.
	if g := shuf(2); g[0] != 0 || g[1] != 2 || g[31] != 62 {
		t.Errorf("T16_32x2_lo: %v", g)
	}
	// Mode 19 (T16_2x32_hi): interleave, second half: a16 b16 a17 b17...
	if g := shuf(19); g[0] != 16 || g[1] != 48 || g[2] != 17 {
		t.Errorf("T16_2x32_hi: %v", g)
	}
	// Mode 38 (T16_1x2_flip) swaps 16-bit pairs.
	if g := shuf(38); g[0] != 1 || g[1] != 0 {
		t.Errorf("T16_1x2_flip: %v", g)
	}
	// Mode 45 (T16_2x16): a's 2x16 matrix transposed: 0, 16, 1, 17, ...
	if g := shuf(45); g[0] != 0 || g[1] != 16 || g[2] != 1 || g[31] != 31 {
		t.Errorf("T16_2x16: %v", g)
	}
	// vmax_lt.s16 and its mask; vsel picks b where the mask is set;
	// vshift concatenates and shifts by bytes.
	a, b := make([]byte, 64), make([]byte, 64)
	for i := 0; i < 32; i++ {
		binary.LittleEndian.PutUint16(a[2*i:], uint16(int16(i-16)))
		binary.LittleEndian.PutUint16(b[2*i:], 0)
	}
	m := build(t, "vmax_lt.s16 x2, r16, x0, x1\nvsel.16 x3, x0, x1, r17\nvshift x4, x0, x1, r18\nnop\nnop\ndone\n", Options{})
	m.SetVec("x0", a)
	m.SetVec("x1", b)
	m.SetReg("r17", 0x0000FFFF)
	m.SetReg("r18", 4)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	if mask := m.mustReg(t, "r16"); mask != 0xFFFF {
		t.Errorf("vmax_lt mask %#x, want 0xffff (lanes 0-15 are below 0)", mask)
	}
	x2, _ := m.Vec("x2")
	x3, _ := m.Vec("x3")
	x4, _ := m.Vec("x4")
	if int16(binary.LittleEndian.Uint16(x2[0:])) != 0 || int16(binary.LittleEndian.Uint16(x2[40:])) != 4 {
		t.Errorf("vmax_lt values % x", x2[:8])
	}
	if !bytes.Equal(x3[:32], b[:32]) || !bytes.Equal(x3[32:], a[32:]) {
		t.Errorf("vsel: % x", x3[:8])
	}
	if !bytes.Equal(x4[:60], a[4:]) || !bytes.Equal(x4[60:], b[:4]) {
		t.Errorf("vshift: % x", x4[:8])
	}
}

// TestTraps: an instruction the simulator lacks stops the run naming it;
// running off the program, a misaligned vector access and an access
// outside data memory trap too.
func TestTraps(t *testing.T) {
	cases := []struct{ src, want string }{
		{"mov ms, r0\ndone\n", "mov is not simulated: a stream port (ms out, SS in) joins the core to its tile's stream switch, which carries data to and from other tiles and DMAs; kc-sim simulates one compute core"},
		{"vmov MCD, bmh0\ndone\n", "vmov is not simulated: the cascade port"},
		{"mov r0, SS\ndone\n", "mov is not simulated: a stream port"},
		{"nop\nnop\n", "outside the program"},
		{"movxm p0, #0x70010\nvlda wl0, [p0, #0]\n" + strings.Repeat("nop\n", 6) + "done\n", "not 32-byte aligned"},
		{"movxm p0, #0x10000\nlda r1, [p0, #0]\n" + strings.Repeat("nop\n", 6) + "done\n", "access"},
		{"movxm r0, #92\nvmac.f bml1, bml0, x0, x1, r0\n" + strings.Repeat("nop\n", 6) + "done\n", "not supported yet"},
	}
	for _, c := range cases {
		m := build(t, c.src, Options{})
		h := m.Run()
		if h.Kind != sim.HaltTrap || !strings.Contains(h.String(), c.want) {
			t.Errorf("%q: %v, want a trap saying %q", c.src, h, c.want)
		}
	}
}

// TestCancel: a run of about 4e9 cycles stops soon after its stop flag is
// set, with either decoder; an unset flag changes nothing.
func TestCancel(t *testing.T) {
	src := zolSrc(0)
	src = strings.Replace(src, "movxm lc, #0", "movxm lc, #-1", 1)
	for _, ref := range []bool{false, true} {
		var stop atomic.Bool
		m := build(t, src, Options{CoreOptions: sim.CoreOptions{Stop: &stop, Reference: ref, MaxCycles: 1 << 60}})
		done := make(chan sim.Halt, 1)
		go func() { done <- m.Run() }()
		time.Sleep(30 * time.Millisecond)
		stop.Store(true)
		select {
		case h := <-done:
			if h.Kind != sim.HaltCancelled || h.OK() {
				t.Errorf("reference=%v: %v, want cancelled", ref, h)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("reference=%v: still running 3 s after the stop flag", ref)
		}
	}
	var never atomic.Bool
	a := run(t, zolSrc(3), Options{CoreOptions: sim.CoreOptions{Stop: &never}})
	b := run(t, zolSrc(3), Options{})
	if a.Cycles() != b.Cycles() {
		t.Errorf("an unset stop flag changed the cycles: %d vs %d", a.Cycles(), b.Cycles())
	}
}

// TestPeakMACs: a steady-state loop of one vmac.f per bundle on 4
// rotating accumulators (vmac.f -> vmac.f on one accumulator takes 4
// cycles) sustains 128 bf16 MACs per cycle; int8 vmac 256.
func TestPeakMACs(t *testing.T) {
	for _, c := range []struct {
		body string
		cfg  uint64
		peak float64
	}{
		{"vmac.f bml%d, bml%d, x0, x1, r0", 28, 128},
		{"vmac cm%d, cm%d, x0, x1, r0", 776, 256},
	} {
		var body strings.Builder
		for i := 0; i < 4; i++ {
			body.WriteString("nopa ; nopb ; nops ; nopx ; nopm ; " + strings.ReplaceAll(strings.Replace(c.body, "%d", itoa(i), 1), "%d", itoa(i)) + "\n")
		}
		lines := strings.Split(strings.TrimSpace(body.String()), "\n")
		src := "movxm ls, #start\nmovxm le, #last\nmovxm lc, #250\n" + strings.Repeat(wideNop+"\n", 7) +
			".p2align 4\nstart:\n" + strings.Join(lines[:3], "\n") + "\nlast:\n" + lines[3] + "\n" + strings.Repeat("nop\n", 7) + "done\n"
		m := build(t, src, Options{Hazard: Warn})
		m.SetReg("r0", c.cfg)
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		st := m.Stats()
		rate := float64(st.Counters[cntMACs]) / float64(4*250)
		if rate != c.peak {
			t.Errorf("%s: %.1f MACs per loop cycle, want %.0f", c.body, rate, c.peak)
		}
		if _, n := m.Warnings(); n != 0 {
			t.Errorf("%s: %d early reads in a loop scheduled for the latencies", c.body, n)
		}
		t.Logf("%s: %d MACs in %d cycles (%.1f per cycle overall, %.0f in the loop)", strings.Fields(c.body)[0], st.Counters[cntMACs], st.Cycles, float64(st.Counters[cntMACs])/float64(st.Cycles), rate)
	}
}
