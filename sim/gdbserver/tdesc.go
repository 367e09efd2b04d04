package gdbserver

import (
	"encoding/xml"
	"fmt"
	"strings"

	"kernelcraft/sim"
)

// targetXML writes GDB's target description of a register set: the
// architecture, then one <feature> per feature name (in the order of the
// registers' first appearance), each with the vector types its "vector"
// registers need. A register of N bits of type "vector" gets the union
// vecN of its lanes viewed as N/8 bytes (b), N/16 halfwords (h), N/32
// words (w) and N/64 doublewords (d), and as 128-bit quads (q) when N is
// a multiple of 128.
func targetXML(rs *sim.RegisterSet) ([]byte, error) {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n")
	if rs.Arch != "" {
		fmt.Fprintf(&b, "  <architecture>%s</architecture>\n", esc(rs.Arch))
	}
	var order []string
	byFeature := map[string][]sim.DebugReg{}
	nums := map[int]string{}
	for _, r := range rs.Regs {
		if r.Bits <= 0 || r.Bits%8 != 0 {
			return nil, fmt.Errorf("register %s: %d bits is not a whole number of bytes", r.Name, r.Bits)
		}
		if other, dup := nums[r.Num]; dup {
			return nil, fmt.Errorf("registers %s and %s share number %d", other, r.Name, r.Num)
		}
		nums[r.Num] = r.Name
		f := r.Feature
		if f == "" {
			f = "org.kernelcraft.regs"
		}
		if _, ok := byFeature[f]; !ok {
			order = append(order, f)
		}
		byFeature[f] = append(byFeature[f], r)
	}
	for _, f := range order {
		fmt.Fprintf(&b, "  <feature name=\"%s\">\n", esc(f))
		done := map[int]bool{}
		for _, r := range byFeature[f] {
			if r.Type == "vector" && !done[r.Bits] {
				done[r.Bits] = true
				writeVectorType(&b, r.Bits)
			}
		}
		for _, r := range byFeature[f] {
			typ := r.Type
			if typ == "vector" {
				typ = fmt.Sprintf("vec%d", r.Bits)
			}
			if typ == "" {
				typ = "int"
			}
			fmt.Fprintf(&b, "    <reg name=\"%s\" bitsize=\"%d\" regnum=\"%d\" type=\"%s\"", esc(r.Name), r.Bits, r.Num, esc(typ))
			if r.Group != "" {
				fmt.Fprintf(&b, " group=\"%s\"", esc(r.Group))
			}
			b.WriteString("/>\n")
		}
		b.WriteString("  </feature>\n")
	}
	b.WriteString("</target>\n")
	return []byte(b.String()), nil
}

func writeVectorType(b *strings.Builder, bits int) {
	type lane struct {
		field string
		bits  int
	}
	var fields []lane
	for _, l := range []lane{{"b", 8}, {"h", 16}, {"w", 32}, {"d", 64}, {"q", 128}} {
		if l.bits < bits && bits%l.bits == 0 {
			fmt.Fprintf(b, "    <vector id=\"vec%d_%s\" type=\"uint%d\" count=\"%d\"/>\n", bits, l.field, l.bits, bits/l.bits)
			fields = append(fields, l)
		}
	}
	fmt.Fprintf(b, "    <union id=\"vec%d\">\n", bits)
	for _, l := range fields {
		fmt.Fprintf(b, "      <field name=\"%s\" type=\"vec%d_%s\"/>\n", l.field, bits, l.field)
	}
	if bits == 128 {
		b.WriteString("      <field name=\"q\" type=\"uint128\"/>\n")
	}
	b.WriteString("    </union>\n")
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // quotes too; a strings.Builder does not fail
	return b.String()
}
