package oracle

import (
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

func TestParseEncoding(t *testing.T) {
	cases := []struct {
		in   string
		want []uint32
	}{
		{"0x57,0xf5,0x05,0x0c", []uint32{0x0c05f557}},
		// call: fixup bytes keep their known bits, A bytes read as zero
		{"0x97'A',A,A,A,0xe7'A',0x80'A',A,A", []uint32{0x00000097, 0x000080e7}},
		{"0x17,0bAAAA0101,A,A", []uint32{0x00000517}},
	}
	for _, c := range cases {
		got, err := parseEncoding(c.in)
		if err != nil || !SameWords(got, c.want) {
			t.Errorf("parseEncoding(%q) = %x, %v; want %x", c.in, got, err, c.want)
		}
	}
	if _, err := parseEncoding("0x13,0x05"); err == nil {
		t.Error("half a word accepted")
	}
}

func TestVTypeRoundTrip(t *testing.T) {
	for _, v := range AllVTypes() {
		got, err := ParseVType(VTypeText(v))
		if err != nil || got != v {
			t.Errorf("vtype %#x: %q parses to %#x, %v", v, VTypeText(v), got, err)
		}
	}
	if s := VTypeText(0x4); s != "4" { // LMUL code 4 is reserved
		t.Errorf("reserved vtype prints %q", s)
	}
	if v, err := ParseVType("e8, m1"); err != nil || v != 0 {
		t.Errorf("policy defaults: %#x, %v", v, err)
	}
}

func TestMatchAndExpand(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	cases := []struct {
		text string
		want string // hex words
	}{
		// expected words from llvm-mc 14
		{"vadd.vv v1, v2, v3", "022180d7"},
		{"vadd.vv v1, v2, v3, v0.t", "002180d7"},
		{"vle32.v v1, (a1)", "0205e087"},
		{"vle32.v v1, (a1), v0.t", "0005e087"},
		{"jalr ra, -4(sp)", "ffc100e7"},
		{"fadd.s fa0, fa1, fa2", "00c5f553"},
		{"fadd.s fa0, fa1, fa2, rne", "00c58553"},
		{"vsetvli t0, a0, e32, m1, ta, ma", "0d0572d7"},
		{"csrrs a0, vlenb, zero", "c2202573"},
		{"fence iorw, iorw", "0ff0000f"},
	}
	for _, c := range cases {
		e, err := ParseInst(isa, c.text, nil)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		w, err := e.Word()
		if got := HexWords([]uint32{w}); err != nil || got != c.want {
			t.Errorf("%s = %s, %v; want %s", c.text, got, err, c.want)
		}
	}
	pseudos := []struct{ text, want string }{
		{"li a0, 0x12345678", "12345537 67850513"},
		{"li a0, -1", "fff00513"},
		{"li a0, 0x7ffff800", "80000537 80050513"},
		{"vmslt.vi v1, v2, 16, v0.t", "7427b0d7"},
		{"vmsgt.vv v1, v2, v3", "6e3100d7"},
		{"ret", "00008067"},
		{"fence", "0ff0000f"},
		{"call sym0", "00000097 000080e7"},
	}
	for _, c := range pseudos {
		p, vals, err := ParsePseudo(isa, c.text)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		es, err := Expand(isa, p, vals)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		ws, err := Words(es)
		if got := HexWords(ws); err != nil || got != c.want {
			t.Errorf("%s = %s, %v; want %s", c.text, got, err, c.want)
		}
	}
	for _, bad := range []string{"vadd.vv v1, v2", "vadd.vv v1, v2, v3, v1.t", "jalr ra, -4(sp", "fadd.s fa0, fa1, a2"} {
		if _, err := ParseInst(isa, bad, nil); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestNoovViolations(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	in := isa.Lookup("vwadd.vv")[0] // noov=vs2,vs1,v0
	cases := []struct {
		vals []int64 // vd, vs2, vs1, vm
		want string
	}{
		{[]int64{2, 4, 6, 1}, ""},
		{[]int64{2, 2, 6, 1}, "vs2"},
		{[]int64{2, 4, 2, 1}, "vs1"},
		{[]int64{0, 4, 6, 0}, "v0"},
		{[]int64{0, 4, 6, 1}, ""}, // unmasked: v0 is not read
	}
	for _, c := range cases {
		if got := strings.Join(Violations(in, c.vals), ","); got != c.want {
			t.Errorf("vwadd.vv %v: violations %q, want %q", c.vals, got, c.want)
		}
	}
	if !ReadsV0(isa.Lookup("vadc.vvm")[0], []int64{1, 2, 3}) {
		t.Error("vadc.vvm reads v0 as carry")
	}
}
