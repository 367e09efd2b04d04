package isadefs

import (
	"strings"
	"testing"
)

// TestPlenaOpcodes: plena.isa defines the 48 core opcodes 0x01-0x30 once
// each, the RTL extensions 0x31-0x34 behind ext=rtl, and every instruction
// names its unit and a latency class that every plena hardware config
// times (or a class with a fixed formula), with a description and an
// example for the manual.
func TestPlenaOpcodes(t *testing.T) {
	isa := MustLoadISA("plena")
	byOp := map[uint64][]*Inst{}
	for _, in := range isa.Insts {
		if in.Mask&0x3f != 0x3f {
			t.Errorf("%s: the opcode bits are not fixed", in.Name)
		}
		byOp[in.Match&0x3f] = append(byOp[in.Match&0x3f], in)
		if in.Unit() == "" || in.LatencyClass() == "" || in.Description == "" || !strings.Contains(in.Description, "Example: "+in.Name+" ") {
			t.Errorf("%s: unit %q, lat %q, description %q", in.Name, in.Unit(), in.LatencyClass(), in.Description)
		}
	}
	for op := uint64(0x01); op <= 0x34; op++ {
		list := byOp[op]
		if len(list) != 1 {
			t.Errorf("opcode %#x: %d instructions", op, len(list))
			continue
		}
		want := "rtl"
		for _, r := range []struct {
			last uint64
			ext  string
		}{{0x0C, "M"}, {0x16, "V"}, {0x20, "S_FP"}, {0x27, "S_INT"}, {0x2A, "H"}, {0x30, "C"}} {
			if op <= r.last {
				want = r.ext
				break
			}
		}
		if list[0].Ext() != want {
			t.Errorf("%s (%#x): ext %q, want %q", list[0].Name, op, list[0].Ext(), want)
		}
	}
	if len(isa.Insts) != 52 {
		t.Errorf("%d instructions, want 48 + 4", len(isa.Insts))
	}
	formula := map[string]bool{"systolic": true, "mv": true, "bmv": true, "map_v": true, "hbm": true}
	for _, name := range []string{"plena", "plena-dcdis", "plena-128"} {
		hw, err := HWByName(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range isa.Insts {
			if c := in.LatencyClass(); !formula[c] && hw.Time("lat."+c, -1) < 0 {
				t.Errorf("hw %s has no lat.%s (for %s)", name, c, in.Name)
			}
		}
		if hw.Param("mlen", 0)%hw.Param("blen", 1) != 0 || hw.Param("broadcast", 0)*hw.Param("hlen", 0) != hw.Param("mlen", 0) {
			t.Errorf("hw %s: mlen %d, blen %d, hlen %d, broadcast %d", name, hw.Param("mlen", 0), hw.Param("blen", 0), hw.Param("hlen", 0), hw.Param("broadcast", 0))
		}
		if _, ok := hw.RegionFor(".text"); !ok {
			t.Errorf("hw %s has no region for .text", name)
		}
	}
	// The two latency columns of plena_settings.toml.
	en, _ := HWByName("plena")
	dis, _ := HWByName("plena-dcdis")
	for k, want := range map[string][2]int64{"lat.vector_add": {1, 2}, "lat.vector_mul": {1, 5}, "lat.vector_exp": {1, 6},
		"lat.vector_reci": {2, 7}, "lat.vector_max": {4, 4}, "lat.vector_sum": {8, 20}, "lat.scalar_fp_exp": {1, 2}} {
		if en.Time(k, -1) != want[0] || dis.Time(k, -1) != want[1] {
			t.Errorf("%s = %d / %d, want %d / %d", k, en.Time(k, -1), dis.Time(k, -1), want[0], want[1])
		}
	}
}

// TestOverflowOperands: an overflow operand adds into the word after the
// others, so a value too wide for its field carries into the next one
// (as PLENA's assembler sums its fields); the word must fit.
func TestOverflowOperands(t *testing.T) {
	isa := MustLoadISA("plena")
	add := isa.Lookup("s_add_int")[0]
	cases := []struct {
		vals []int64
		want uint64
	}{
		{[]int64{3, 1, 2}, 0x000084e1},
		{[]int64{16, 1, 2}, 0x00008821},  // rd 16: +1 in rs1
		{[]int64{16, 15, 2}, 0x0000C021}, // rs1 15+1 carries into rs2
		{[]int64{0, 0, 16}, 0x00040021},  // rs2 16 lands in bits 21..18
	}
	for _, c := range cases {
		w, err := add.Encode(c.vals)
		if err != nil || w != c.want {
			t.Errorf("S_ADD_INT %v = %#x, %v; want %#x", c.vals, w, err, c.want)
		}
	}
	if _, err := isa.Lookup("s_lui_int")[0].Encode([]int64{16, 1<<22 - 1}); err == nil || !strings.Contains(err.Error(), "32-bit word") {
		t.Errorf("a carry past bit 31: %v", err)
	}
	k := isa.Operands["rd"]
	if k.FieldMax != 15 || k.Max != 1<<26-1 || !k.Bare || !k.AnyFile {
		t.Errorf("rd: %+v", k)
	}
	if got := k.FormatValue(9, 0, nil); got != "gp9" {
		t.Errorf("rd 9: %q", got)
	}
	if got := isa.Operands["fs1"].FormatValue(9, 0, nil); got != "f9" {
		t.Errorf("fs1 9 (past the file, inside the field): %q", got)
	}
	for _, bad := range []string{
		"regfile x a b\noperand o simm 3..0 overflow",
		"regfile x a b\noperand o uimm 3..2 1..0 overflow",
		"operand o uimm 3..0 bare",
	} {
		if _, err := Parse("t.isa", bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestPlenaOperandTexts: the entries say what the agent needs of the
// operands PLENA's documents leave implicit: every H_ transfer the 64-byte
// alignment of its HBM row addresses and what prec selects; every masked
// vector operation what rmask does to the unselected segments.
func TestPlenaOperandTexts(t *testing.T) {
	isa := MustLoadISA("plena")
	n := map[string]int{}
	for _, in := range isa.Insts {
		var want []string
		for _, op := range in.Operands {
			switch op.Name {
			case "rmask":
				want = append(want, "every other segment gets a copy of V(gp[rs1])")
				n["rmask"]++
			case "prec":
				want = append(want, "prec selects the HBM format", "must be a multiple of 64", "STRIDE_REG")
				n["prec"]++
			}
		}
		for _, w := range want {
			if !strings.Contains(in.Description, w) {
				t.Errorf("%s: the description lacks %q", in.Name, w)
			}
		}
	}
	if n["rmask"] < 6 || n["prec"] != 3 {
		t.Errorf("operands found: %v, want rmask on at least 6 vector operations and prec on the 3 H_ transfers", n)
	}
}
