package coral

import (
	"testing"

	"kernelcraft/sim"
)

// Register numbers used by the tests.
const (
	xA0 = 10
	xA1 = 11
	xA2 = 12
)

func TestVsetvl(t *testing.T) {
	m := newVM(t)
	if !m.v.Vill || m.v.VType != 1<<31 {
		t.Fatalf("reset: vill=%v vtype=%#x, want vill set", m.v.Vill, m.v.VType)
	}
	m.trap(sim.TrapConfig, "vtype.vill set", "vadd.vv", 1, 2, 3)

	cases := []struct {
		vtype uint32
		avl   uint32
		vl    uint32
		vill  bool
	}{
		{vtypeOf(32, "m1"), 10, 4, false},
		{vtypeOf(32, "m1"), 3, 3, false},
		{vtypeOf(8, "m8"), 1000, 128, false},
		{vtypeOf(16, "m4"), 17, 17, false},
		{vtypeOf(8, "mf4"), 100, 4, false},
		{vtypeOf(8, "mf2"), 100, 8, false},
		{vtypeOf(16, "mf2"), 100, 4, false},
		{vtypeOf(16, "mf4"), 100, 0, true}, // SEW 16 > LMUL·ELEN = 8
		{vtypeOf(32, "mf2"), 100, 0, true}, // SEW 32 > 16
		{vtypeOf(8, "mf8"), 100, 0, true},  // LMUL 1/8 < SEW_MIN/ELEN
		{vtypeOf(64, "m1"), 100, 0, true},  // SEW 64 > ELEN
		{4, 100, 0, true},                  // reserved LMUL encoding
		{vtypeOf(8, "m1") | 0x100, 4, 0, true},
		{vtypeOf(32, "m2") | 0xc0, 5, 5, false}, // ta, ma
	}
	for _, c := range cases {
		m.x[xA0] = c.avl
		m.run("vsetvli", xA1, xA0, int64(c.vtype))
		if m.x[xA1] != c.vl || m.v.VL != c.vl || m.v.Vill != c.vill {
			t.Errorf("vsetvli avl=%d vtype=%#x: vl=%d rd=%d vill=%v, want vl=%d vill=%v", c.avl, c.vtype, m.v.VL, m.x[xA1], m.v.Vill, c.vl, c.vill)
		}
		// Under vill, vtype keeps the requested fields (Coral's register).
		if c.vill && m.v.VType != 1<<31|c.vtype&0xff {
			t.Errorf("vill vtype = %#x, want %#x", m.v.VType, 1<<31|c.vtype&0xff)
		}
	}

	// rs1 = x0, rd ≠ x0: vl = VLMAX.
	m.run("vsetvli", xA1, 0, int64(vtypeOf(16, "m2")))
	if m.x[xA1] != 16 {
		t.Errorf("rs1=x0: vl = %d, want VLMAX 16", m.x[xA1])
	}
	// rd = rs1 = x0 keeps vl (clipped to the new VLMAX).
	m.x[xA0] = 5
	m.run("vsetvli", 0, xA0, int64(vtypeOf(32, "m4")))
	m.run("vsetvli", 0, 0, int64(vtypeOf(16, "m2")))
	if m.v.VL != 5 || m.v.SEW != 16 {
		t.Errorf("keep vl: vl=%d sew=%d, want 5, 16", m.v.VL, m.v.SEW)
	}
	m.x[xA0] = 100
	m.run("vsetvli", 0, xA0, int64(vtypeOf(32, "m4")))
	m.run("vsetvli", 0, 0, int64(vtypeOf(32, "m1")))
	if m.v.VL != 4 {
		t.Errorf("keep vl clipped: vl=%d, want 4", m.v.VL)
	}
	// vsetivli
	m.run("vsetivli", xA1, 31, int64(vtypeOf(8, "m2")))
	if m.x[xA1] != 31 {
		t.Errorf("vsetivli 31 e8 m2: vl=%d", m.x[xA1])
	}
	// vsetvl with vill set in rs2.
	m.x[xA2] = 1<<31 | vtypeOf(8, "m1")
	m.x[xA0] = 3
	m.run("vsetvl", xA1, xA0, xA2)
	if !m.v.Vill || m.x[xA1] != 0 {
		t.Errorf("vsetvl with vill bit: vill=%v vl=%d", m.v.Vill, m.x[xA1])
	}
	m.trap(sim.TrapConfig, "no valid vsetvli", "vmv.v.i", 1, 3)
	// vstart is reset by vset.
	m.v.VStart = 3
	m.run("vsetivli", 0, 4, int64(vtypeOf(32, "m1")))
	if m.v.VStart != 0 {
		t.Errorf("vstart = %d after vsetivli", m.v.VStart)
	}
}

func TestVectorCSR(t *testing.T) {
	var v VState
	v.Reset()
	v.WriteCSR(CSRVcsr, 0b101)
	if v.VXRM != 2 || v.VXSAT != 1 {
		t.Errorf("vcsr write: vxrm=%d vxsat=%d", v.VXRM, v.VXSAT)
	}
	if got, _ := v.ReadCSR(CSRVlenb); got != 16 {
		t.Errorf("vlenb = %d", got)
	}
	if v.WriteCSR(CSRVl, 3) {
		t.Error("vl is writable")
	}
}

func TestIntegerArith(t *testing.T) {
	m := newVM(t)
	m.vset(32, "m1")
	m.set(2, 32, 10, -20, 30, 0x7fffffff)
	m.set(3, 32, 1, 2, 3, 1)
	m.run("vadd.vv", 1, 2, 3)
	m.want("vadd.vv", m.get(1, 32, 4), []int64{11, -18, 33, -0x80000000})
	m.run("vsub.vv", 1, 2, 3)
	m.want("vsub.vv", m.get(1, 32, 4), []int64{9, -22, 27, 0x7ffffffe})
	m.x[xA0] = 5
	m.run("vrsub.vx", 1, 2, xA0)
	m.want("vrsub.vx", m.get(1, 32, 4), []int64{-5, 25, -25, 5 - 0x7fffffff})
	m.run("vadd.vi", 1, 2, -16)
	m.want("vadd.vi", m.get(1, 32, 4), []int64{-6, -36, 14, 0x7fffffef})
	m.run("vminu.vv", 1, 2, 3)
	m.want("vminu.vv", m.get(1, 32, 4), []int64{1, 2, 3, 1})
	m.run("vmax.vv", 1, 2, 3)
	m.want("vmax.vv", m.get(1, 32, 4), []int64{10, 2, 30, 0x7fffffff})
	m.run("vsll.vi", 1, 3, 31)
	m.want("vsll.vi", m.get(1, 32, 4), []int64{-0x80000000, 0, -0x80000000, -0x80000000})
	m.x[xA0] = 33 // shift amounts use the low log2(SEW) bits
	m.run("vsra.vx", 1, 2, xA0)
	m.want("vsra.vx", m.get(1, 32, 4), []int64{5, -10, 15, 0x3fffffff})
	m.run("vsrl.vi", 1, 2, 28)
	m.want("vsrl.vi", m.get(1, 32, 4), []int64{0, 15, 0, 7})

	// SEW 8: vsaddu.vi sign-extends the immediate, then saturates unsigned.
	m.vset(8, "m1", 4)
	m.set(2, 8, 1, 200, 0, 254)
	m.run("vsaddu.vi", 1, 2, -1) // + 255
	m.want("vsaddu.vi", m.getU(1, 8, 4), []int64{255, 255, 255, 255})
	if m.v.VXSAT != 1 {
		t.Error("vsaddu saturation did not set vxsat")
	}
	m.v.VXSAT = 0
	m.set(2, 8, 100, -100, 5, -128)
	m.set(3, 8, 100, -100, -5, 1)
	m.run("vsadd.vv", 1, 2, 3)
	m.want("vsadd.vv", m.get(1, 8, 4), []int64{127, -128, 0, -127})
	m.run("vssub.vv", 1, 2, 3)
	m.want("vssub.vv", m.get(1, 8, 4), []int64{0, 0, 10, -128})
	m.run("vssubu.vv", 1, 2, 3) // 100-100, 156-156, 5-251 → 0, 128-1
	m.want("vssubu.vv", m.getU(1, 8, 4), []int64{0, 0, 0, 127})
	if m.v.VXSAT != 1 {
		t.Error("vxsat not set")
	}

	// Multiplies at SEW 16.
	m.vset(16, "m1", 3)
	m.set(2, 16, -3, 0x7fff, -1)
	m.set(3, 16, 7, 0x7fff, -1)
	m.run("vmul.vv", 1, 2, 3)
	m.want("vmul", m.get(1, 16, 3), []int64{-21, 1, 1})
	m.run("vmulh.vv", 1, 2, 3)
	m.want("vmulh", m.get(1, 16, 3), []int64{-1, 0x3fff, 0})
	m.run("vmulhu.vv", 1, 2, 3) // 65533*7, 0x7fff², 65535²
	m.want("vmulhu", m.getU(1, 16, 3), []int64{65533 * 7 >> 16, 0x3fff, 0xfffe})
	m.run("vmulhsu.vv", 1, 2, 3) // -3*7, 0x7fff*0x7fff, -1*65535
	m.want("vmulhsu", m.get(1, 16, 3), []int64{-1, 0x3fff, -1})
}

func TestDivide(t *testing.T) {
	m := newVM(t)
	m.vset(32, "m1")
	m.set(2, 32, 7, -7, -0x80000000, 9)
	m.set(3, 32, 0, 2, -1, 0)
	m.run("vdiv.vv", 1, 2, 3)
	m.want("vdiv", m.get(1, 32, 4), []int64{-1, -3, -0x80000000, -1})
	m.run("vrem.vv", 1, 2, 3)
	m.want("vrem", m.get(1, 32, 4), []int64{7, -1, 0, 9})
	m.run("vdivu.vv", 1, 2, 3)
	m.want("vdivu", m.getU(1, 32, 4), []int64{0xffffffff, (1<<32 - 7) / 2, 0, 0xffffffff})
	m.run("vremu.vv", 1, 2, 3)
	m.want("vremu", m.getU(1, 32, 4), []int64{7, (1<<32 - 7) % 2, 0x80000000, 9})
	m.vset(8, "m1", 2)
	m.set(2, 8, -128, 5)
	m.set(3, 8, -1, 0)
	m.run("vdiv.vv", 1, 2, 3)
	m.want("vdiv e8", m.get(1, 8, 2), []int64{-128, -1})
}

func TestMaskTailVstart(t *testing.T) {
	m := newVM(t)
	m.vset(32, "m2", 6) // VLMAX 8, vl 6
	m.set(2, 32, 1, 2, 3, 4, 5, 6, 7, 8)
	m.set(4, 32, 10, 20, 30, 40, 50, 60, 70, 80)
	m.set(6, 32, -1, -1, -1, -1, -1, -1, -1, -1)
	m.setMask(0, "11110101")
	m.run("vadd.vv", 6, 2, 4, 0) // masked
	m.want("masked, tail undisturbed", m.get(6, 32, 8), []int64{11, -1, 33, -1, 55, 66, -1, -1})
	m.v.VStart = 3
	m.run("vadd.vv", 6, 2, 4) // unmasked from vstart 3
	m.want("vstart", m.get(6, 32, 8), []int64{11, -1, 33, 44, 55, 66, -1, -1})
	if m.v.VStart != 0 {
		t.Errorf("vstart = %d after execution, want 0", m.v.VStart)
	}
	m.v.VStart = 7 // vstart ≥ vl: nothing is written
	m.run("vmv.v.i", 6, 0)
	m.want("vstart ≥ vl", m.get(6, 32, 8), []int64{11, -1, 33, 44, 55, 66, -1, -1})

	// Fractional LMUL: e8 mf4 has VLMAX 4 and uses a quarter of v1.
	m.vset(8, "mf4")
	m.set(1, 8, seq(16, func(i int) int64 { return int64(i) })...)
	m.run("vadd.vi", 1, 1, 10)
	m.want("mf4", m.get(1, 8, 6), []int64{10, 11, 12, 13, 4, 5})

	// LMUL 8 groups and alignment.
	m.vset(8, "m8")
	m.set(8, 8, seq(128, func(i int) int64 { return int64(i) })...)
	m.run("vadd.vv", 16, 8, 8)
	m.want("m8", m.get(16, 8, 128), seq(128, func(i int) int64 { return int64(int8(2 * i)) }))
	m.trap(sim.TrapIllegal, "vd v12 is not a multiple of EMUL=8", "vadd.vv", 12, 8, 8)
	m.trap(sim.TrapIllegal, "vs1 v4 is not a multiple", "vadd.vv", 16, 8, 4)
	m.trap(sim.TrapIllegal, "overlaps the mask register v0", "vadd.vv", 0, 8, 8, 0)
}

func TestFixedPointRounding(t *testing.T) {
	m := newVM(t)
	modes := []string{"rnu", "rne", "rdn", "rod"}
	type tc struct {
		name string
		run  func()
		out  func() []int64
		want [4][]int64
		sat  bool
	}
	cases := []tc{
		{"vssrl.vi 2", func() {
			m.vset(8, "m1", 4)
			m.set(2, 8, 10, 14, 9, 11)
			m.run("vssrl.vi", 1, 2, 2)
		}, func() []int64 { return m.getU(1, 8, 4) },
			[4][]int64{{3, 4, 2, 3}, {2, 4, 2, 3}, {2, 3, 2, 2}, {3, 3, 3, 3}}, false},
		{"vssra.vv", func() {
			m.vset(16, "m1", 4)
			m.set(2, 16, -10, -14, -9, 11)
			m.set(3, 16, 2, 2, 2, 18) // shift 18 mod 16 = 2
			m.run("vssra.vv", 1, 2, 3)
		}, func() []int64 { return m.get(1, 16, 4) },
			// -10 = ...10110: >>2 = -3, rem 10b; -14 = ...10010: -4, rem 10b; -9 = ...10111: -3, rem 11b
			[4][]int64{{-2, -3, -2, 3}, {-2, -4, -2, 3}, {-3, -4, -3, 2}, {-3, -3, -3, 3}}, false},
		{"vaadd.vv", func() {
			m.vset(8, "m1", 4)
			m.set(2, 8, 5, 1, -1, 127)
			m.set(3, 8, -2, 0, -2, 127)
			m.run("vaadd.vv", 1, 2, 3)
		}, func() []int64 { return m.get(1, 8, 4) },
			[4][]int64{{2, 1, -1, 127}, {2, 0, -2, 127}, {1, 0, -2, 127}, {1, 1, -1, 127}}, false},
		{"vaaddu.vv", func() {
			m.vset(8, "m1", 2)
			m.set(2, 8, 255, 255)
			m.set(3, 8, 254, 255)
			m.run("vaaddu.vv", 1, 2, 3) // 509 >> 1 = 254 r 1; 510 >> 1 = 255
		}, func() []int64 { return m.getU(1, 8, 2) },
			[4][]int64{{255, 255}, {254, 255}, {254, 255}, {255, 255}}, false},
		{"vasub.vv", func() {
			m.vset(8, "m1", 2)
			m.set(2, 8, -128, 3)
			m.set(3, 8, 127, 0)
			m.run("vasub.vv", 1, 2, 3) // -255 >> 1 = -128 r 1; 3 >> 1 = 1 r 1
		}, func() []int64 { return m.get(1, 8, 2) },
			[4][]int64{{-127, 2}, {-128, 2}, {-128, 1}, {-127, 1}}, false},
		{"vsmul.vv", func() {
			m.vset(8, "m1", 4)
			m.set(2, 8, -128, 64, 3, 1)
			m.set(3, 8, -128, 64, -3, 64)
			m.run("vsmul.vv", 1, 2, 3)
		}, func() []int64 { return m.get(1, 8, 4) },
			[4][]int64{{127, 32, 0, 1}, {127, 32, 0, 0}, {127, 32, -1, 0}, {127, 32, -1, 1}}, true},
		{"vnclip.wi", func() {
			m.vset(8, "m1", 4)
			m.set(2, 16, 1000, -1000, 10, 6)
			m.run("vnclip.wi", 1, 2, 2)
		}, func() []int64 { return m.get(1, 8, 4) },
			[4][]int64{{127, -128, 3, 2}, {127, -128, 2, 2}, {127, -128, 2, 1}, {127, -128, 3, 1}}, true},
		{"vnclipu.wv", func() {
			m.vset(8, "m1", 4)
			m.set(2, 16, 1000, 2000, 10, 6)
			m.set(4, 8, 2, 2, 2, 18) // shift 18 mod 16
			m.run("vnclipu.wv", 1, 2, 4)
		}, func() []int64 { return m.getU(1, 8, 4) },
			[4][]int64{{250, 255, 3, 2}, {250, 255, 2, 2}, {250, 255, 2, 1}, {250, 255, 3, 1}}, true},
	}
	for _, c := range cases {
		for mode := range 4 {
			m.v.VXRM, m.v.VXSAT = uint32(mode), 0
			c.run()
			if got := c.out(); !eq(got, c.want[mode]) {
				t.Errorf("%s vxrm=%s: %v, want %v", c.name, modes[mode], got, c.want[mode])
			}
			if (m.v.VXSAT == 1) != c.sat {
				t.Errorf("%s vxrm=%s: vxsat=%d, want %v", c.name, modes[mode], m.v.VXSAT, c.sat)
			}
		}
	}
}

func TestWidenNarrow(t *testing.T) {
	m := newVM(t)
	// Widening at LMUL 4 writes an LMUL 8 group.
	m.vset(8, "m4")
	m.set(4, 8, seq(64, func(i int) int64 { return int64(i) - 32 })...)
	m.set(8, 8, seq(64, func(i int) int64 { return 100 })...)
	m.run("vwmul.vv", 16, 4, 8)
	m.want("vwmul m4→m8", m.get(16, 16, 64), seq(64, func(i int) int64 { return (int64(i) - 32) * 100 }))
	m.run("vwaddu.vv", 16, 4, 8)
	m.want("vwaddu", m.get(16, 16, 3), []int64{int64(uint8(256-32)) + 100, int64(uint8(256-31)) + 100, 226 + 100})
	m.trap(sim.TrapIllegal, "not a multiple of EMUL=8", "vwadd.vv", 20, 4, 8)
	m.run("vwadd.vv", 0, 4, 8) // vs2 v4-v7 is the highest part of v0-v7: legal
	m.trap(sim.TrapIllegal, "overlaps source vs1", "vwadd.vv", 8, 4, 8)
	m.vset(8, "m8")
	m.trap(sim.TrapIllegal, "EMUL = 2·LMUL = 16", "vwadd.vv", 0, 8, 16)
	m.vset(32, "m1")
	m.trap(sim.TrapIllegal, "more than ELEN", "vwadd.vv", 2, 4, 6)

	// Legal overlap: destination's highest part (LMUL 1: vd v2-v3, vs2 v3).
	m.vset(8, "m1")
	m.set(3, 8, seq(16, func(i int) int64 { return int64(i) })...)
	m.set(5, 8, seq(16, func(i int) int64 { return 1000 })...)
	m.run("vwadd.vv", 2, 3, 3)
	m.want("vwadd overlap", m.get(2, 16, 16), seq(16, func(i int) int64 { return 2 * int64(i) }))

	// .wv and .wx, vwmacc, vwmaccsu, vwmaccus.
	m.vset(16, "m1", 4)
	m.set(2, 32, 1<<20, -5, 7, 0)
	m.set(4, 16, -1, -1, 2, 3)
	m.run("vwadd.wv", 6, 2, 4)
	m.want("vwadd.wv", m.get(6, 32, 4), []int64{1<<20 - 1, -6, 9, 3})
	m.run("vwaddu.wv", 6, 2, 4)
	m.want("vwaddu.wv", m.get(6, 32, 4), []int64{1<<20 + 65535, 65530, 9, 3})
	m.x[xA0] = 0xffff
	m.run("vwsubu.wx", 6, 2, xA0)
	m.want("vwsubu.wx", m.get(6, 32, 4), []int64{1<<20 - 65535, -5 - 65535, 7 - 65535, -65535})
	m.set(6, 32, 1, 1, 1, 1)
	m.set(8, 16, -2, 3, -4, 5)
	m.run("vwmacc.vv", 6, 4, 8) // vd += vs1*vs2
	m.want("vwmacc", m.get(6, 32, 4), []int64{3, -2, -7, 16})
	m.set(6, 32, 0, 0, 0, 0)
	m.run("vwmaccsu.vv", 6, 8, 4) // signed(vs1)*unsigned(vs2)
	m.want("vwmaccsu", m.get(6, 32, 4), []int64{-2 * 65535, 3 * 65535, -8, 15})
	m.set(6, 32, 0, 0, 0, 0)
	m.x[xA0] = 0xfffe // unsigned 65534
	m.run("vwmaccus.vx", 6, xA0, 4)
	m.want("vwmaccus", m.get(6, 32, 4), []int64{-65534, -65534, 2 * 65534, 3 * 65534})

	// Narrowing shifts; the destination may be the lowest part of the source.
	m.vset(16, "m1")
	m.set(2, 32, seq(8, func(i int) int64 { return int64(i)<<16 | 0x8000 })...)
	m.run("vnsrl.wi", 2, 2, 8)
	m.want("vnsrl.wi in place", m.get(2, 16, 8), seq(8, func(i int) int64 { return int64(int16(int64(i)<<8 | 0x80)) }))
	m.trap(sim.TrapIllegal, "lowest-numbered", "vnsrl.wi", 3, 2, 8)
	m.set(4, 32, -256, -1)
	m.run("vnsra.wi", 6, 4, 4)
	m.want("vnsra", m.get(6, 16, 2), []int64{-16, -1})

	// Extensions.
	m.vset(32, "m1")
	m.set(2, 8, -1, 2, -128, 127)
	m.run("vsext.vf4", 4, 2)
	m.want("vsext.vf4", m.get(4, 32, 4), []int64{-1, 2, -128, 127})
	m.run("vzext.vf4", 4, 2)
	m.want("vzext.vf4", m.get(4, 32, 4), []int64{255, 2, 128, 127})
	m.set(2, 16, -1, 2, -32768, 7)
	m.run("vzext.vf2", 4, 2)
	m.want("vzext.vf2", m.get(4, 32, 4), []int64{65535, 2, 32768, 7})
	m.vset(16, "m1")
	m.trap(sim.TrapIllegal, "source EEW", "vzext.vf4", 4, 2)
	m.vset(32, "m8")
	m.set(6, 8, seq(32, func(i int) int64 { return int64(i) })...)
	m.run("vzext.vf4", 0, 6) // legal: source in the highest part of the destination
	m.want("vzext.vf4 m8 overlap", m.get(0, 32, 32), seq(32, func(i int) int64 { return int64(i) }))
}

func TestMulAdd(t *testing.T) {
	m := newVM(t)
	m.vset(16, "m1", 3)
	m.set(1, 16, 10, 20, 30)
	m.set(2, 16, 2, 3, 4)
	m.set(3, 16, 5, 6, 7)
	m.run("vmacc.vv", 1, 2, 3) // vd = vs1*vs2 + vd
	m.want("vmacc", m.get(1, 16, 3), []int64{20, 38, 58})
	m.run("vnmsac.vv", 1, 2, 3) // vd = -(vs1*vs2) + vd
	m.want("vnmsac", m.get(1, 16, 3), []int64{10, 20, 30})
	m.run("vmadd.vv", 1, 2, 3) // vd = vs1*vd + vs2
	m.want("vmadd", m.get(1, 16, 3), []int64{25, 66, 127})
	m.x[xA0] = 2
	m.run("vnmsub.vx", 1, xA0, 3) // vd = -(x*vd) + vs2
	m.want("vnmsub", m.get(1, 16, 3), []int64{5 - 50, 6 - 132, 7 - 254})
}

func TestCompareCarryMerge(t *testing.T) {
	m := newVM(t)
	m.vset(8, "m1", 8)
	m.set(2, 8, 1, -1, 5, 7, 0, -128, 127, 3)
	m.set(3, 8, 1, 1, 6, 7, 0, 127, -128, 4)
	m.setMask(1, "11111111 11111111")
	m.run("vmseq.vv", 1, 2, 3)
	if got := m.mask(1, 16); got != "1111111100011001" {
		t.Errorf("vmseq: %s (tail bits must stay)", got)
	}
	m.run("vmsltu.vv", 1, 2, 3)
	if got := m.mask(1, 8); got != "11000100" {
		t.Errorf("vmsltu: %s", got)
	}
	m.run("vmslt.vv", 1, 2, 3)
	if got := m.mask(1, 8); got != "10100110" {
		t.Errorf("vmslt: %s", got)
	}
	m.run("vmsgt.vi", 1, 2, 3)
	if got := m.mask(1, 8); got != "01001100" {
		t.Errorf("vmsgt.vi: %s", got)
	}
	m.run("vmsleu.vi", 1, 2, -1) // ≤ 255: all
	if got := m.mask(1, 8); got != "11111111" {
		t.Errorf("vmsleu.vi -1: %s", got)
	}
	m.setMask(0, "00001111")
	m.setMask(4, "10101010")
	m.run("vmsne.vv", 4, 2, 3, 0) // masked: inactive bits undisturbed
	if got := m.mask(4, 8); got != "10100110" {
		t.Errorf("masked vmsne: %s", got)
	}
	// Compares may write the lowest register of a source at LMUL 2 only.
	m.vset(8, "m2")
	m.trap(sim.TrapIllegal, "lowest-numbered", "vmseq.vv", 3, 2, 4)
	m.run("vmseq.vv", 2, 2, 4)

	// Carry.
	m.vset(8, "m1", 4)
	m.set(2, 8, -1, 100, 0, -2)
	m.set(3, 8, 1, 100, 0, 1)
	m.setMask(0, "0101")
	m.run("vadc.vvm", 4, 2, 3)
	m.want("vadc", m.getU(4, 8, 4), []int64{1, 200, 1, 255})
	m.run("vmadc.vvm", 5, 2, 3)
	if got := m.mask(5, 4); got != "0001" { // 255+1+1, 100+100, 0+0+1, 254+1
		t.Errorf("vmadc.vvm: %s", got)
	}
	m.run("vmadc.vv", 5, 2, 3)
	if got := m.mask(5, 4); got != "0001" {
		t.Errorf("vmadc.vv: %s", got)
	}
	m.run("vmsbc.vvm", 5, 3, 2) // 1-255-1, 100-100, 0-0-1, 1-254
	if got := m.mask(5, 4); got != "1101" {
		t.Errorf("vmsbc.vvm: %s", got)
	}
	m.run("vsbc.vvm", 4, 3, 2)
	m.want("vsbc", m.getU(4, 8, 4), []int64{1, 0, 255, 3})
	m.trap(sim.TrapIllegal, "carry input v0", "vadc.vvm", 0, 2, 3)

	// Merge and moves.
	m.setMask(0, "0110")
	m.run("vmerge.vim", 4, 2, 9)
	m.want("vmerge.vim", m.get(4, 8, 4), []int64{-1, 9, 9, -2})
	m.x[xA0] = 0x1234
	m.run("vmv.v.x", 4, xA0)
	m.want("vmv.v.x", m.get(4, 8, 4), []int64{0x34, 0x34, 0x34, 0x34})
	m.run("vmv.v.v", 4, 3)
	m.want("vmv.v.v", m.get(4, 8, 4), []int64{1, 100, 0, 1})
	m.trap(sim.TrapIllegal, "overlaps the mask register", "vmerge.vvm", 0, 2, 3)
}

func TestReductions(t *testing.T) {
	m := newVM(t)
	m.vset(16, "m2", 12)
	m.set(2, 16, seq(16, func(i int) int64 { return int64(i*1000 - 3000) })...)
	m.set(6, 16, 7)
	m.run("vredsum.vs", 1, 2, 6)
	// Σ_{i<12} (1000i - 3000) + 7 = 66000 - 36000 + 7 = 30007
	m.want("vredsum", m.get(1, 16, 1), []int64{30007})
	m.run("vredmax.vs", 1, 2, 6)
	m.want("vredmax", m.get(1, 16, 1), []int64{8000})
	m.run("vredminu.vs", 1, 2, 6)
	m.want("vredminu", m.get(1, 16, 1), []int64{0})
	m.run("vredmin.vs", 1, 2, 6)
	m.want("vredmin", m.get(1, 16, 1), []int64{-3000})
	m.setMask(0, "0000 1000 0000 0100")
	m.run("vredxor.vs", 1, 2, 6, 0)
	m.want("masked vredxor", m.get(1, 16, 1), []int64{7 ^ (2*1000 - 3000) ^ (11*1000 - 3000)})
	m.v.VStart = 1
	m.trap(sim.TrapIllegal, "requires vstart = 0", "vredsum.vs", 1, 2, 6)
	m.v.VStart = 0

	// Widening sums: e8 → 16, e16 → 32.
	m.vset(8, "m4")
	m.set(4, 8, seq(64, func(i int) int64 { return -1 })...)
	m.set(8, 16, 1000)
	m.run("vwredsum.vs", 1, 4, 8)
	m.want("vwredsum", m.get(1, 16, 1), []int64{1000 - 64})
	m.run("vwredsumu.vs", 1, 4, 8)
	m.want("vwredsumu", m.get(1, 16, 1), []int64{1000 + 64*255})
	m.vset(16, "m1")
	m.set(4, 16, seq(8, func(i int) int64 { return 30000 })...)
	m.set(8, 32, 1)
	m.run("vwredsum.vs", 1, 4, 8)
	m.want("vwredsum e16", m.get(1, 32, 1), []int64{240001})
	// vl = 0: destination untouched.
	m.vset(16, "m1", 0)
	m.set(1, 32, 42)
	m.run("vwredsum.vs", 1, 4, 8)
	m.want("vl=0", m.get(1, 32, 1), []int64{42})
}

func TestMaskInstructions(t *testing.T) {
	m := newVM(t)
	m.vset(8, "m1", 8)
	set := func(r int, bits string) { m.setMask(r, bits) }
	check := func(what string, r int, want string) {
		t.Helper()
		if got := m.mask(r, 8); got != want {
			t.Errorf("%s: %s, want %s", what, got, want)
		}
	}
	// Spec examples (RVV 1.0 §15.4–15.6).
	for _, c := range []struct{ src, sbf, sif, sof string }{
		{"10010100", "00000011", "00000111", "00000100"},
		{"10010101", "00000000", "00000001", "00000001"},
		{"00000000", "11111111", "11111111", "00000000"},
	} {
		set(3, c.src)
		m.run("vmsbf.m", 2, 3)
		check("vmsbf "+c.src, 2, c.sbf)
		m.run("vmsif.m", 2, 3)
		check("vmsif "+c.src, 2, c.sif)
		m.run("vmsof.m", 2, 3)
		check("vmsof "+c.src, 2, c.sof)
	}
	set(0, "11000011")
	set(3, "10010100")
	set(2, "00111100")
	m.run("vmsbf.m", 2, 3, 0)
	check("masked vmsbf", 2, "01111111")
	m.trap(sim.TrapIllegal, "overlaps the source mask", "vmsbf.m", 3, 3)

	// viota (spec example, masked).
	set(0, "11101011")
	set(2, "10010001")
	m.set(4, 8, 0, 0, 7, 0, 5, 0, 0, 0)
	m.run("viota.m", 4, 2, 0)
	m.want("viota masked", m.get(4, 8, 8), []int64{0, 1, 7, 1, 5, 1, 1, 1})
	m.run("viota.m", 4, 2)
	m.want("viota", m.get(4, 8, 8), []int64{0, 1, 1, 1, 1, 2, 2, 2})
	m.trap(sim.TrapIllegal, "overlaps the source mask", "viota.m", 2, 2)

	// vcpop / vfirst.
	set(2, "01010000")
	m.run("vcpop.m", xA0, 2)
	if m.x[xA0] != 2 {
		t.Errorf("vcpop = %d", m.x[xA0])
	}
	m.run("vfirst.m", xA0, 2)
	if m.x[xA0] != 4 {
		t.Errorf("vfirst = %d", m.x[xA0])
	}
	set(0, "10101111")
	m.run("vfirst.m", xA0, 2, 0)
	if int32(m.x[xA0]) != -1 {
		t.Errorf("masked vfirst = %d", int32(m.x[xA0]))
	}
	// Mask logicals, with tail bits undisturbed.
	m.vset(8, "m1", 6)
	set(1, "11001100")
	set(2, "10101010")
	set(3, "11111111")
	m.run("vmandn.mm", 3, 1, 2)
	check("vmandn", 3, "11000100")
	m.run("vmxnor.mm", 3, 1, 2)
	check("vmxnor", 3, "11011001")
	m.run("vmnand.mm", 3, 1, 2)
	check("vmnand", 3, "11110111")

	// vid.
	m.vset(16, "m2")
	m.run("vid.v", 4)
	m.want("vid", m.get(4, 16, 16), seq(16, func(i int) int64 { return int64(i) }))
}

func TestScalarMovesSlidesGather(t *testing.T) {
	m := newVM(t)
	m.vset(16, "m1")
	m.set(2, 16, -2, 5)
	m.run("vmv.x.s", xA0, 2)
	if int32(m.x[xA0]) != -2 {
		t.Errorf("vmv.x.s = %d", int32(m.x[xA0]))
	}
	m.x[xA0] = 0x12345
	m.run("vmv.s.x", 3, xA0) // vd need not be aligned; only element 0
	m.set(3, 16)
	if got := m.get(3, 16, 1); got[0] != 0x2345 {
		t.Errorf("vmv.s.x = %#x", got[0])
	}

	// Slides at e32 m2 (VLMAX 8), vl 6.
	m.vset(32, "m2", 6)
	src := seq(8, func(i int) int64 { return int64(i + 1) })
	m.set(2, 32, src...)
	fill := func() { m.set(4, 32, seq(8, func(int) int64 { return -1 })...) }
	fill()
	m.x[xA0] = 2
	m.run("vslideup.vx", 4, 2, xA0)
	m.want("vslideup 2", m.get(4, 32, 8), []int64{-1, -1, 1, 2, 3, 4, -1, -1})
	fill()
	m.run("vslideup.vi", 4, 2, 7) // offset ≥ vl: nothing written
	m.want("vslideup ≥ vl", m.get(4, 32, 8), []int64{-1, -1, -1, -1, -1, -1, -1, -1})
	m.trap(sim.TrapIllegal, "may not overlap the source", "vslideup.vi", 2, 2, 1)
	fill()
	m.run("vslidedown.vi", 4, 2, 3) // elements past VLMAX read 0
	m.want("vslidedown 3", m.get(4, 32, 8), []int64{4, 5, 6, 7, 8, 0, -1, -1})
	m.x[xA0] = 0xffffffff
	m.run("vslidedown.vx", 4, 2, xA0)
	m.want("vslidedown huge", m.get(4, 32, 8), []int64{0, 0, 0, 0, 0, 0, -1, -1})
	m.x[xA0] = 99
	fill()
	m.run("vslide1up.vx", 4, 2, xA0)
	m.want("vslide1up", m.get(4, 32, 8), []int64{99, 1, 2, 3, 4, 5, -1, -1})
	m.run("vslide1down.vx", 4, 2, xA0)
	m.want("vslide1down", m.get(4, 32, 8), []int64{2, 3, 4, 5, 6, 99, -1, -1})
	m.run("vslide1down.vx", 2, 2, xA0) // in place is legal for slide-down
	m.want("vslide1down in place", m.get(2, 32, 8), []int64{2, 3, 4, 5, 6, 99, 7, 8})

	// vrgather: out-of-range indices give 0.
	m.vset(8, "m1", 6)
	m.set(2, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25)
	m.set(3, 8, 0, 15, 16, -1, 3, 3)
	m.run("vrgather.vv", 4, 2, 3)
	m.want("vrgather.vv", m.get(4, 8, 6), []int64{10, 25, 0, 0, 13, 13})
	m.x[xA0] = 1000
	m.run("vrgather.vx", 4, 2, xA0)
	m.want("vrgather.vx OOR", m.get(4, 8, 6), []int64{0, 0, 0, 0, 0, 0})
	m.run("vrgather.vi", 4, 2, 5)
	m.want("vrgather.vi", m.get(4, 8, 6), []int64{15, 15, 15, 15, 15, 15})
	m.trap(sim.TrapIllegal, "may not overlap a source", "vrgather.vv", 3, 2, 3)
	m.set(6, 16, 1, 300, 2, 0, 15, 16) // ei16 indices, EMUL 2 at e8 m1
	m.run("vrgatherei16.vv", 4, 2, 6)
	m.want("vrgatherei16", m.get(4, 8, 6), []int64{11, 0, 12, 10, 25, 0})
	m.trap(sim.TrapIllegal, "vs1 v7 is not a multiple of EMUL=2", "vrgatherei16.vv", 4, 2, 7)

	// vcompress (spec example).
	m.vset(8, "m1", 9)
	m.setMask(0, "1 1010 0101")
	m.set(1, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8)
	m.set(2, 8, 9, 8, 7, 6, 5, 4, 3, 2, 1)
	m.run("vcompress.vm", 2, 1, 0)
	m.want("vcompress", m.get(2, 8, 9), []int64{0, 2, 5, 7, 8, 4, 3, 2, 1})
	m.trap(sim.TrapIllegal, "overlaps a source", "vcompress.vm", 1, 1, 0)

	// Whole-register moves ignore vtype (also while vill is set).
	m.set(8, 32, 1, 2, 3, 4, 5, 6, 7, 8)
	m.v.SetVType(1<<31, 0, false)
	m.run("vmv2r.v", 10, 8)
	m.want("vmv2r.v", m.get(10, 32, 8), []int64{1, 2, 3, 4, 5, 6, 7, 8})
}

func TestVectorLoadStore(t *testing.T) {
	m := newVM(t)
	base := uint64(vDTCM + 0x100)
	data := make([]byte, 256)
	for i := range data {
		data[i] = byte(i)
	}
	m.poke(base, data)
	m.x[xA0] = uint32(base)

	m.vset(32, "m2", 7)
	m.run("vle32.v", 2, xA0)
	m.want("vle32", m.getU(2, 32, 8), []int64{0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0})

	// Masked, from vstart, tail undisturbed.
	m.set(4, 32, -1, -1, -1, -1, -1, -1, -1, -1)
	m.setMask(0, "01010110")
	m.v.VStart = 2
	m.run("vle32.v", 4, xA0, 0)
	m.want("masked vle32", m.get(4, 32, 8), []int64{-1, -1, 0x0b0a0908, -1, 0x13121110, -1, 0x1b1a1918, -1})

	// EEW 8 at SEW 32 m2: EMUL 1/2.
	m.run("vle8.v", 6, xA0)
	m.want("vle8 emul 1/2", m.getU(6, 8, 7), []int64{0, 1, 2, 3, 4, 5, 6})

	// Strided with a negative stride.
	m.vset(16, "m1", 4)
	m.x[xA1] = uint32(base + 64)
	m.x[xA2] = uint32(0xfffffff0) // -16
	m.run("vlse16.v", 1, xA1, xA2)
	m.want("vlse16", m.getU(1, 16, 4), []int64{0x4140, 0x3130, 0x2120, 0x1110})

	// Indexed (byte offsets), ordered and unordered.
	m.vset(32, "m1", 4)
	m.set(3, 8, 12, 0, 200, 4)
	m.run("vluxei8.v", 1, xA0, 3)
	m.want("vluxei8", m.getU(1, 32, 4), []int64{0x0f0e0d0c, 0x03020100, 0xcbcac9c8, 0x07060504})
	m.set(3, 16, 0, 1, 2, 3)
	m.run("vloxei16.v", 1, xA0, 3)
	m.want("vloxei16", m.getU(1, 32, 4), []int64{0x03020100, 0x04030201, 0x05040302, 0x06050403})
	m.trap(sim.TrapIllegal, "overlaps source index vs2", "vluxei8.v", 3, xA0, 3) // EEW 32 dest over EEW 8 index, fractional

	// Stores.
	out := uint64(vDTCM + 0x400)
	m.x[xA1] = uint32(out)
	m.set(1, 32, 0x11111111, 0x22222222, 0x33333333, 0x44444444)
	m.setMask(0, "1010")
	m.run("vse32.v", 1, xA1, 0)
	got := m.peek(out, 16)
	want := []byte{0, 0, 0, 0, 0x22, 0x22, 0x22, 0x22, 0, 0, 0, 0, 0x44, 0x44, 0x44, 0x44}
	if string(got) != string(want) {
		t.Errorf("masked vse32: % x", got)
	}
	m.x[xA2] = 8
	m.run("vsse32.v", 1, xA1, xA2)
	if b := m.peek(out, 32); b[0] != 0x11 || b[8] != 0x22 || b[16] != 0x33 || b[24] != 0x44 {
		t.Errorf("vsse32: % x", b)
	}
	m.set(3, 8, 3, 2, 1, 0)
	m.vset(8, "m1", 4)
	m.set(1, 8, 0xa, 0xb, 0xc, 0xd)
	m.run("vsoxei8.v", 1, xA1, 3)
	if b := m.peek(out, 4); string(b) != "\x0d\x0c\x0b\x0a" {
		t.Errorf("vsoxei8: % x", b)
	}
}

func TestSegmentAndWholeRegister(t *testing.T) {
	m := newVM(t)
	base := uint64(vDTCM)
	// RGB triples: r = i, g = 100+i, b = 200+i.
	var rgb []byte
	for i := range 8 {
		rgb = append(rgb, byte(i), byte(100+i), byte(200+i))
	}
	m.poke(base, rgb)
	m.x[xA0] = uint32(base)
	m.vset(8, "m1", 8)
	m.run("vlseg3e8.v", 4, xA0)
	m.want("seg r", m.getU(4, 8, 8), seq(8, func(i int) int64 { return int64(i) }))
	m.want("seg g", m.getU(5, 8, 8), seq(8, func(i int) int64 { return int64(100 + i) }))
	m.want("seg b", m.getU(6, 8, 8), seq(8, func(i int) int64 { return int64(200 + i) }))
	// Store them back swapped into another buffer.
	m.x[xA1] = uint32(base + 0x100)
	m.run("vsseg3e8.v", 4, xA1)
	if got := m.peek(base+0x100, 24); string(got) != string(rgb) {
		t.Errorf("vsseg3e8: % x", got)
	}
	// LMUL 2 segments: fields are register groups v8-9, v10-11.
	m.vset(16, "m2", 10)
	var pairs []byte
	for i := range 10 {
		pairs = append(pairs, byte(i), 0, byte(i), 1)
	}
	m.poke(base+0x200, pairs)
	m.x[xA0] = uint32(base + 0x200)
	m.run("vlseg2e16.v", 8, xA0)
	m.want("seg2 f0", m.get(8, 16, 10), seq(10, func(i int) int64 { return int64(i) }))
	m.want("seg2 f1", m.get(10, 16, 10), seq(10, func(i int) int64 { return int64(i) + 256 }))
	m.vset(16, "m4")
	m.trap(sim.TrapIllegal, "NFIELDS·EMUL", "vlseg3e16.v", 8, xA0)

	// Whole registers ignore vl and vtype.
	m.x[xA0] = uint32(base)
	m.vset(8, "m1", 1)
	m.run("vl2re32.v", 12, xA0)
	m.want("vl2re32", m.getU(12, 8, 24), seq(24, func(i int) int64 { return int64(rgb[i]) }))
	m.x[xA1] = uint32(base + 0x300)
	m.run("vs2r.v", 12, xA1)
	if got := m.peek(base+0x300, 24); string(got) != string(rgb) {
		t.Errorf("vs2r.v: % x", got)
	}
	// vl2re8.v v13, (a0): not encodable in the assembler, so built by hand.
	op, _ := DecodeVector(nil, 1<<29|1<<25|0x08<<20|xA0<<15|13<<7|0x07)
	if tr := m.v.Exec(&op, &m.x, &m.f, m.mem); tr == nil || !contains(tr.Msg, "multiple of the register count") {
		t.Errorf("vl2re8.v v13: %v", tr)
	}

	// Mask load/store: ceil(vl/8) bytes.
	m.vset(8, "m2", 9)
	m.setMask(3, "")
	m.run("vlm.v", 3, xA0)
	if got := m.getU(3, 8, 3); !eq(got, []int64{0, 100, 0}) {
		t.Errorf("vlm.v: %v", got)
	}
}

func TestVectorMemoryFaults(t *testing.T) {
	m := newVM(t)
	end := uint64(vDTCM + 32*1024)
	m.vset(32, "m1")
	m.x[xA0] = uint32(end - 8) // elements 0, 1 inside; 2, 3 outside
	m.poke(end-8, []byte{1, 0, 0, 0, 2, 0, 0, 0})
	tr := m.exec("vle32.v", 1, xA0)
	if tr == nil || tr.Kind != sim.TrapAccess || tr.Addr != end || !contains(tr.Msg, "element 2 at 0x18000") {
		t.Fatalf("vle32 past the end: %v", tr)
	}
	if m.v.VStart != 2 {
		t.Errorf("vstart = %d after the fault, want 2", m.v.VStart)
	}
	m.v.VStart = 0
	// Masked-off elements do not fault.
	m.setMask(0, "0011")
	m.run("vle32.v", 1, xA0, 0)
	// Fault-only-first: later faults shrink vl.
	m.set(1, 32, 0, 0, 0, 0)
	m.run("vle32ff.v", 1, xA0)
	if m.v.VL != 2 {
		t.Errorf("vle32ff: vl = %d, want 2", m.v.VL)
	}
	m.want("vle32ff data", m.get(1, 32, 2), []int64{1, 2})
	// ... a fault on element 0 traps.
	m.vset(32, "m1")
	m.x[xA0] = uint32(end)
	m.trap(sim.TrapAccess, "element 0", "vle32ff.v", 1, xA0)
	// Stores to read-only memory trap, naming the element.
	m.v.VStart = 0
	m.x[xA0] = 0x100
	m.trap(sim.TrapAccess, "element 0 at 0x100", "vse32.v", 1, xA0)
	m.x[xA1] = 4
	m.x[xA0] = uint32(end - 8)
	m.trap(sim.TrapAccess, "element 2 at 0x18000", "vsse32.v", 1, xA0, xA1)
}

func contains(s, sub string) bool {
	return len(sub) == 0 || len(s) >= len(sub) && (s[:len(sub)] == sub || contains(s[1:], sub))
}

func TestVectorOverlapRules(t *testing.T) {
	m := newVM(t)
	m.vset(8, "m1")
	m.trap(sim.TrapIllegal, "overlaps the mask register v0", "vle8.v", 0, xA0, 0)
	m.trap(sim.TrapIllegal, "overlaps the mask register v0", "vwadd.vv", 0, 2, 3, 0)
	m.vset(16, "mf2")
	m.trap(sim.TrapIllegal, "EMUL ≥ 1", "vwadd.vv", 2, 2, 4) // fractional source overlapping
	m.vset(8, "m4")
	m.trap(sim.TrapIllegal, "EMUL = (EEW/SEW)·LMUL", "vle32.v", 4, xA0)
}

func TestVectorNoAlloc(t *testing.T) {
	m := newVM(t)
	m.vset(8, "m4")
	in, w := venc(t, "vadd.vx", 4, 8, xA0, 0)
	op, _ := DecodeVector(in, w)
	in2, w2 := venc(t, "vle8.v", 4, xA1)
	ld, _ := DecodeVector(in2, w2)
	m.x[xA1] = vDTCM
	in3, w3 := venc(t, "vwmacc.vv", 8, 4, 12)
	mac, _ := DecodeVector(in3, w3)
	allocs := testing.AllocsPerRun(100, func() {
		m.v.Exec(&op, &m.x, &m.f, m.mem)
		m.v.Exec(&ld, &m.x, &m.f, m.mem)
		m.v.Exec(&mac, &m.x, &m.f, m.mem)
	})
	if allocs != 0 {
		t.Errorf("Exec allocates %.1f times per run", allocs)
	}
}

func TestVRegsUopsXRegs(t *testing.T) {
	m := newVM(t)
	m.vset(16, "m2", 16)
	check := func(mn string, ops []int64, reads, writes uint32, uops int) {
		t.Helper()
		in, w := venc(t, mn, ops...)
		op, err := DecodeVector(in, w)
		if err != nil {
			t.Fatal(err)
		}
		r, wr := op.VRegs(&m.v)
		if r != reads || wr != writes || op.Uops(&m.v) != uops {
			t.Errorf("%s: reads %#x writes %#x uops %d, want %#x %#x %d", mn, r, wr, op.Uops(&m.v), reads, writes, uops)
		}
	}
	check("vadd.vv", []int64{2, 4, 6, 0}, 1|3<<4|3<<6, 3<<2, 2)
	check("vwmacc.vv", []int64{8, 4, 6}, 3<<4|3<<6|0xf<<8, 0xf<<8, 4)
	check("vnsrl.wi", []int64{2, 4, 3}, 0xf<<4, 3<<2, 4)
	check("vmseq.vv", []int64{1, 2, 4}, 3<<2|3<<4, 1<<1, 2)
	check("vredsum.vs", []int64{1, 2, 3}, 3<<2|1<<3, 1<<1, 2)
	check("vle16.v", []int64{2, xA0}, 0, 3<<2, 2) // 32 bytes
	check("vle8.v", []int64{2, xA0}, 0, 1<<2, 1)  // EMUL 1, 16 bytes
	check("vlse16.v", []int64{2, xA0, xA1}, 0, 3<<2, 16)
	check("vlseg2e16.v", []int64{2, xA0}, 0, 0xf<<2, 4)
	check("vs4r.v", []int64{4, xA0}, 0xf<<4, 0, 4)
	check("vmv.x.s", []int64{xA0, 3}, 1<<3, 0, 1)

	in, w := venc(t, "vlse32.v", 2, xA0, xA1)
	op, _ := DecodeVector(in, w)
	if r1, r2 := op.XReads(); r1 != xA0 || r2 != xA1 || op.XWrite() != -1 {
		t.Errorf("vlse32 x regs: %d %d %d", r1, r2, op.XWrite())
	}
	in, w = venc(t, "vsetvli", xA2, xA0, 0)
	op, _ = DecodeVector(in, w)
	if r1, _ := op.XReads(); r1 != xA0 || op.XWrite() != xA2 {
		t.Errorf("vsetvli x regs")
	}
	in, w = venc(t, "vfmv.f.s", 5, 3)
	op, _ = DecodeVector(in, w)
	if op.FWrite() != 5 || op.FReads() != -1 {
		t.Errorf("vfmv.f.s f regs: %d %d", op.FWrite(), op.FReads())
	}
	in, w = venc(t, "vfadd.vf", 1, 2, 7)
	op, _ = DecodeVector(in, w)
	if op.FReads() != 7 {
		t.Errorf("vfadd.vf reads f%d", op.FReads())
	}
}

func BenchmarkVectorExec(b *testing.B) {
	m := newVM(b)
	m.vset(32, "m4")
	m.x[xA1] = vDTCM
	var ops []VOp
	for _, s := range []struct {
		mn  string
		ops []int64
	}{
		{"vle32.v", []int64{4, xA1}},
		{"vmacc.vv", []int64{8, 4, 12}},
		{"vadd.vx", []int64{12, 8, xA0}},
		{"vse32.v", []int64{12, xA1}},
	} {
		in, w := venc(b, s.mn, s.ops...)
		op, _ := DecodeVector(in, w)
		ops = append(ops, op)
	}
	b.ResetTimer()
	for range b.N {
		for i := range ops {
			m.v.Exec(&ops[i], &m.x, &m.f, m.mem)
		}
	}
}
