package aie2

import (
	"bytes"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestVBcstShflSilicon: vbcstshfl.64 with r29 = 0x45bac25a (mode 26,
// T16_4x16_lo, in r29's low 6 bits) on the pair r29:r28 = 0x45bac25a_ea99a1d6
// gives NPU1's output: the four 16-bit parts A..D as [A A 0 0 B B 0 0
// C C 0 0 D D 0 0] twice (xdna-emu's capture, batch 30 combination 7:
// FIM43-Redeye/xdna-emu@7380bd56:src/interpreter/execute/vector_permute.rs:1177-1205),
// which is vshuffle mode 26 of the broadcast and a zero register.
func TestVBcstShflSilicon(t *testing.T) {
	m := run(t, "movxm r28, #-359030314\nmovxm r29, #0x45bac25a\nnop\nvbcstshfl.64 x3, l6, r29\nnop\nnop\ndone\n", Options{})
	got, _ := m.Vec("x3")
	var want [64]byte
	parts := [4][2]byte{{0xd6, 0xa1}, {0x99, 0xea}, {0x5a, 0xc2}, {0xba, 0x45}}
	for half := 0; half < 2; half++ {
		for c, p := range parts {
			o := half*32 + c*8
			copy(want[o:], p[:])
			copy(want[o+2:], p[:])
		}
	}
	if !bytes.Equal(got, want[:]) {
		t.Errorf("x3\n% x\nwant (NPU1)\n% x", got, want)
	}
}

// TestVBcstShflIsShuffledBroadcast: every width and mode 1-47 gives
// vbcst then vshuffle with a zero second operand; mode 0 (contested) and
// modes whose low 6 bits exceed 47 stop the run.
func TestVBcstShflIsShuffledBroadcast(t *testing.T) {
	for _, w := range []string{"8", "16", "32", "64"} {
		for mode := 1; mode < 48; mode++ {
			src := "movxm r16, #0x1234abcd\nmovxm r17, #-559038737\nmovxm r29, #" + itoa(mode+64*5) + "\nmov r0, #" + itoa(mode) + "\n"
			reg := "r16"
			if w == "64" {
				reg = "l0"
			}
			src += "mov r2, #0\nvbcstshfl." + w + " x1, " + reg + ", r29\nvbcst." + w + " x2, " + reg + "\nvbcst.32 x5, r2\nnop\nnop\nvshuffle x3, x2, x5, r0\nnop\nnop\ndone\n"
			m := run(t, src, Options{})
			x1, _ := m.Vec("x1")
			x3, _ := m.Vec("x3")
			if !bytes.Equal(x1, x3) {
				t.Fatalf(".%s mode %d: vbcstshfl % x, vbcst+vshuffle % x", w, mode, x1[:16], x3[:16])
			}
		}
	}
	for _, c := range []struct{ r29, want string }{{"0", "mode 0"}, {"48", "mode 48"}, {"63", "mode 63"}} {
		m := build(t, "movxm r29, #"+c.r29+"\nvbcstshfl.32 x1, r16, r29\nnop\ndone\n", Options{})
		if h := m.Run(); h.Kind != sim.HaltTrap || !strings.Contains(h.Trap.Msg, c.want) {
			t.Errorf("r29 = %s: %s", c.r29, h)
		}
	}
}
