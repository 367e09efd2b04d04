package isadefs

import "strings"

// Violations lists the register-overlap constraints (the "noov" attribute)
// that operand values in syntax order break: "vs2" or "vs1" when the
// destination vd equals that source, "v0" when vd is v0 while v0 is read
// as a mask or carry. The assembler rejects such operands, as llvm-mc does.
func (in *Inst) Violations(values []int64) []string {
	list := in.Attrs["noov"]
	if list == "" {
		return nil
	}
	dest, ok := in.operandValue(values, "vd")
	if !ok {
		return nil
	}
	var out []string
	for _, c := range strings.Split(list, ",") {
		switch c {
		case "vs2", "vs1":
			if v, ok := in.operandValue(values, c); ok && v == dest {
				out = append(out, c)
			}
		case "v0":
			if dest == 0 && in.ReadsV0(values) {
				out = append(out, c)
			}
		}
	}
	return out
}

// ReadsV0 reports whether the instruction reads v0 as a mask or carry: it
// is masked (a vmask operand is 0) or names v0 in its syntax.
func (in *Inst) ReadsV0(values []int64) bool {
	for _, t := range in.Tokens {
		if t.Operand == nil && strings.Contains(" "+strings.ReplaceAll(t.Text, ",", " ")+" ", " v0 ") {
			return true
		}
	}
	for i, k := range in.Operands {
		if k.Class == "vmask" && i < len(values) && values[i] == 0 {
			return true
		}
	}
	return false
}

// operandValue finds the value of operand name, or of its aligned-group
// variant (vd → vdg2, vs2 → vs2g4 …).
func (in *Inst) operandValue(values []int64, name string) (int64, bool) {
	for i, k := range in.Operands {
		if (k.Name == name || strings.HasPrefix(k.Name, name+"g")) && i < len(values) {
			return values[i], true
		}
	}
	return 0, false
}
