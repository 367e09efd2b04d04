package coral

import (
	"encoding/binary"
	"fmt"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// FuzzVectorExec executes a random vector instruction word (any OP-V,
// LOAD-FP or STORE-FP encoding) under a random vtype, vl, vstart, vxrm and
// frm with random register contents and scalar operands pointing into or
// around memory. Exec must never panic, whatever it decides to trap on,
// and must leave vstart = 0 when it does not trap.
func FuzzVectorExec(f *testing.F) {
	seeds := []uint32{
		0x02208057, // vadd.vv
		0x0c0571d7, // vsetvli
		0x02056087, // vle32.v
		0x0a05e0a7, // vsse32.v
		0xee20a157, // vwmacc.vv
		0xb2003157, // vnclip.wi
		0x3a0020d7, // vrgather.vv
		0x5e0040d7, // vmv.v.x
		0x42082157, // vcompress / mask ops
		0x9e0030d7, // vmv2r.v
		0x02005007, // vle16.v
		0x0e006007, // vloxei32.v
		0x22056087, // vlseg2e32.v
		0x4a001157, // vfcvt
	}
	for i, w := range seeds {
		var regs [64]byte
		for j := range regs {
			regs[j] = byte(i*37 + j*11)
		}
		f.Add(w, uint32(i%8)|uint32(i%3)<<3|uint32(i&1)<<6, uint32(i*5), uint8(i%3), uint8(i%4), uint8(i%5), regs[:])
	}
	hw, err := isadefs.HWByName("coral-f")
	if err != nil {
		f.Fatal(err)
	}
	mem := sim.NewMemory(hw)
	f.Fuzz(func(t *testing.T, word, vtype, avl uint32, vstart, vxrm, frm uint8, regs []byte) {
		// Force a vector opcode so most inputs reach Exec's handlers.
		switch word % 3 {
		case 0:
			word = word&^0x7f | 0x57
		case 1:
			word = word&^0x7f | 0x07
		default:
			word = word&^0x7f | 0x27
		}
		op, _ := DecodeVector(nil, word)
		var v VState
		v.Reset()
		v.SetVType(vtype, avl, false)
		v.VStart = uint32(vstart)
		v.VXRM, v.FRM = uint32(vxrm)&3, uint32(frm)%8
		for i := range v.V {
			if len(regs) > 0 {
				v.V[i] = regs[i%len(regs)] ^ byte(i/len(regs))
			}
		}
		var x, fr [32]uint32
		for i := 1; i < 32; i++ {
			x[i] = uint32(i) * 0x9e3779b9
			fr[i] = x[i] ^ 0x3f800000
		}
		if len(regs) >= 8 {
			x[10] = 0x10000 + binary.LittleEndian.Uint32(regs)%0x8200 // near the end of DTCM
			x[11] = binary.LittleEndian.Uint32(regs[4:]) % 64
		}
		x[12] = 0x10000
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("panic on %#08x (%s) vtype=%#x vl=%d vstart=%d: %v", word, op.Name, v.VType, v.VL, vstart, r)
			}
		}()
		op.Uops(&v)
		op.VRegs(&v)
		op.XReads()
		op.XWrite()
		tr := v.Exec(&op, &x, &fr, mem)
		if tr == nil && v.VStart != 0 {
			t.Fatalf("%s: vstart = %d after a successful Exec", op.Name, v.VStart)
		}
		if tr != nil && tr.Msg == "" {
			t.Fatalf("%s: trap without a message", op.Name)
		}
		_ = fmt.Sprint(tr)
	})
}
