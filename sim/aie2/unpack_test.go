package aie2

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// unpackModel widens the lanes of a 256-bit register from the wording:
// 8-bit lanes to 16 bits, or 4-bit lanes (two a byte, the low nibble
// first) to 8 bits, sign- or zero-extended.
func unpackModel(a []byte, dbits int, signed bool) []byte {
	var d []byte
	for i := 0; i < 512/dbits; i++ {
		var v, top int
		if dbits == 16 {
			v, top = int(a[i]), 0x80
		} else {
			v, top = int(a[i/2]), 0x8
			if i%2 == 1 {
				v >>= 4
			}
			v &= 15
		}
		if signed && v&top != 0 {
			v -= 2 * top
		}
		if dbits == 16 {
			d = append(d, byte(v), byte(v>>8))
		} else {
			d = append(d, byte(v))
		}
	}
	return d
}

// TestUnpack runs every vunpack and vldb.unpack form (.d under both
// crUnpackSign values) against unpackModel. vunpack reads its source in
// cycle 7 and writes in cycle 7 (AIE2Schedule.td II_VUNPACK): a source
// written by a vmov issued 5 cycles later is what it widens. vldb.unpack
// loads in E5 and writes in cycle 7.
func TestUnpack(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 6))
	for _, form := range []string{"s16.s8", "d16.d8", "s8.s4", "d8.d4"} {
		dbits := 16
		if strings.HasPrefix(form[1:], "8") {
			dbits = 8
		}
		signs := []uint64{1}
		if form[0] == 'd' {
			signs = []uint64{0, 1}
		}
		for _, sign := range signs {
			src := make([]byte, 32)
			late := make([]byte, 32)
			for i := range src {
				src[i], late[i] = byte(r.Uint32()), byte(r.Uint32())
			}
			signed := sign == 1
			// vunpack: wl1 holds src at issue; a vmov issued 5 cycles
			// later (its result in cycle 2, i.e. the unpack's cycle 7)
			// is not seen, one issued 4 later (cycle 6) is.
			prog := "vunpack." + form + " x2, wl1\nnop\nnop\nnop\nvmov wl1, wl3\nnop\nnop\nnop\nnop\ndone\n"
			m := build(t, prog, Options{})
			m.SetVec("wl1", src)
			m.SetVec("wl3", late)
			m.SetReg("crunpacksign", sign)
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s: %v", prog, h)
			}
			got, _ := m.Vec("x2")
			if want := unpackModel(late, dbits, signed); !bytes.Equal(got, want) {
				t.Errorf("vunpack.%s (crunpacksign %d): got % x\nwant % x", form, sign, got[:16], want[:16])
			}
			// vldb.unpack from memory, post-modify form.
			prog = "vldb.unpack." + form + " x2, [p0], m0\n" + strings.Repeat("nop\n", 5) + "vmov wl4, wl2\nvmov wl5, wl2\ndone\n"
			m = build(t, prog, Options{})
			m.poke(t, dmem, src)
			m.SetReg("p0", dmem)
			m.SetReg("m0", 32)
			m.SetReg("crunpacksign", sign)
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s: %v", prog, h)
			}
			got, _ = m.Vec("x2")
			want := unpackModel(src, dbits, signed)
			if !bytes.Equal(got, want) {
				t.Errorf("vldb.unpack.%s (crunpacksign %d): got % x\nwant % x", form, sign, got[:16], want[:16])
			}
			early, _ := m.Vec("wl4")
			on, _ := m.Vec("wl5")
			if !bytes.Equal(early, make([]byte, 32)) || !bytes.Equal(on, want[:32]) {
				t.Errorf("vldb.unpack.%s: the result is not there exactly from 7 cycles after issue", form)
			}
			if p := m.mustReg(t, "p0"); p != dmem+32 {
				t.Errorf("vldb.unpack.%s: p0 %#x after the post-modify", form, p)
			}
		}
	}
}
