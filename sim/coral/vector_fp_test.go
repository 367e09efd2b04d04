package coral

import (
	"math"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

func f32b(x float32) int64 { return int64(int32(math.Float32bits(x))) }

func TestVectorFloat(t *testing.T) {
	m := newVM(t)
	m.vset(32, "m1")
	m.set(2, 32, f32b(1), f32b(-2.5), f32b(3), f32b(0))
	m.set(3, 32, f32b(0.5), f32b(2.5), f32b(-1), f32b(0))
	m.run("vfadd.vv", 1, 2, 3)
	m.want("vfadd", m.get(1, 32, 4), []int64{f32b(1.5), f32b(0), f32b(2), f32b(0)})
	m.f[5] = math.Float32bits(2)
	m.run("vfmul.vf", 1, 2, 5)
	m.want("vfmul.vf", m.get(1, 32, 4), []int64{f32b(2), f32b(-5), f32b(6), f32b(0)})
	m.run("vfrdiv.vf", 1, 2, 5) // f / vs2
	if got := m.get(1, 32, 4); got[3] != f32b(float32(math.Inf(1))) || m.v.FFlags&vec.FlagDZ == 0 {
		t.Errorf("vfrdiv 2/0 = %#x flags %#x", got[3], m.v.FFlags)
	}
	m.v.FFlags = 0
	m.set(1, 32, f32b(10), f32b(10), f32b(10), f32b(10))
	m.run("vfmacc.vv", 1, 3, 2) // vd += vs1*vs2
	m.want("vfmacc", m.get(1, 32, 4), []int64{f32b(10.5), f32b(3.75), f32b(7), f32b(10)})
	m.run("vmflt.vv", 4, 2, 3)
	if got := m.mask(4, 4); got != "0010" {
		t.Errorf("vmflt: %s", got)
	}
	m.run("vfcvt.x.f.v", 5, 2)
	m.want("vfcvt.x.f.v rne", m.get(5, 32, 4), []int64{1, -2, 3, 0})
	m.v.FRM = vec.RDN
	m.run("vfcvt.x.f.v", 5, 2)
	m.want("vfcvt.x.f.v rdn", m.get(5, 32, 4), []int64{1, -3, 3, 0})
	m.run("vfclass.v", 5, 2)
	m.want("vfclass", m.get(5, 32, 4), []int64{64, 2, 64, 16})
	m.run("vfredosum.vs", 6, 2, 3)
	m.want("vfredosum", m.get(6, 32, 1), []int64{f32b(0.5 + 1 - 2.5 + 3 + 0)})
	m.run("vfmv.f.s", 7, 2)
	if m.f[7] != math.Float32bits(1) {
		t.Errorf("vfmv.f.s = %#x", m.f[7])
	}
	m.run("vfmv.v.f", 8, 7)
	m.want("vfmv.v.f", m.get(8, 32, 4), []int64{f32b(1), f32b(1), f32b(1), f32b(1)})
	m.v.FRM = 5
	m.trap(sim.TrapIllegal, "not a valid rounding mode", "vfadd.vv", 1, 2, 3)
	m.v.FRM = 0
	m.vset(16, "m1")
	m.trap(sim.TrapIllegal, "need SEW=32", "vfadd.vv", 1, 2, 3)
	m.vset(32, "m1")
	m.set(2, 32, int64(math.Float32bits(float32(math.NaN()))|1))
	m.run("vfsqrt.v", 1, 2)
	if got := m.get(1, 32, 1); got[0] != int64(vec.CanonicalNaN) {
		t.Errorf("sqrt(NaN) = %#x, want canonical NaN", got[0])
	}
}
