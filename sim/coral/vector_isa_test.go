package coral

import "testing"

// Every coral.isa instruction with flag vec decodes, under its own
// mnemonic, from its encoding with zero operand fields (vm = 1).
func TestVectorDecodeMatchesISA(t *testing.T) {
	n := 0
	for _, in := range vISA.Insts {
		if !in.Flags["vec"] {
			continue
		}
		n++
		w := uint32(in.Match)
		for _, k := range in.Operands {
			if k.HasDefault {
				w = uint32(k.Insert(uint64(w), k.Default))
			}
		}
		op, err := DecodeVector(in, w)
		if err != nil {
			t.Errorf("%s (%#08x): %v", in.Mnemonic, w, err)
			continue
		}
		if op.Name != in.Mnemonic {
			t.Errorf("%s (%#08x) decodes as %s", in.Mnemonic, w, op.Name)
		}
		if op.Kind == kIllegal {
			t.Errorf("%s decodes as illegal", in.Mnemonic)
		}
	}
	if n == 0 {
		t.Skip("coral.isa has no vector instructions yet")
	}
	t.Logf("%d vector instructions decode", n)
}

// Words that are not vector instructions, or reserved ones, return errors
// and a VOp that traps as illegal.
func TestVectorDecodeReserved(t *testing.T) {
	for _, w := range []uint32{
		0x00000013,         // addi: not vector
		0x00002007,         // flw: scalar FP load
		0x02007007 | 1<<28, // mew=1
		0x02007007,         // vle64.v: EEW 64
		0x42000057,         // vadc.vvm with vm=1
		0x5e000057 | 1<<20, // vmv.v.v with vs2 ≠ 0
		0x06000057,         // OPIVV funct6 0x01: reserved
	} {
		op, err := DecodeVector(nil, w)
		if err == nil {
			t.Errorf("%#08x: decoded as %s, want an error", w, op.Name)
			continue
		}
		var v VState
		v.Reset()
		var x, f [32]uint32
		if tr := v.Exec(&op, &x, &f, nil); tr == nil || tr.Kind != 1 {
			t.Errorf("%#08x: Exec = %v, want illegal", w, tr)
		}
	}
}
