package aie2

import "testing"

func TestSmoke(t *testing.T) {
	m := run(t, `
	movxm r1, #5
	nop
	add r2, r1, #3
	nop
	done
`, Options{})
	if v := m.mustReg(t, "r2"); v != 8 {
		t.Fatalf("r2 = %d", v)
	}
	t.Log(m.Stats().Cycles)
}
