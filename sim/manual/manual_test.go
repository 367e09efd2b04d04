package manual

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	_ "kernelcraft/sim/coral"
)

func coral(t *testing.T, name string) *Manual {
	t.Helper()
	hw, err := isadefs.HWByName(name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(hw, "mpause")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEncodingFields: every instruction's encoding text gives back its
// match and mask, and names every operand.
func TestEncodingFields(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	for _, in := range isa.Insts {
		text := Encoding(in, isa.WordBits)
		var match, mask uint64
		covered := 0
		seen := map[string]bool{}
		for _, f := range strings.Split(text, " | ") {
			rng, val, fixed := strings.Cut(f, "=")
			if !fixed {
				rng, val, _ = strings.Cut(f, " ")
				seen[strings.SplitN(val, "[", 2)[0]] = true
			}
			hiS, loS, ok := strings.Cut(rng, "..")
			if !ok {
				loS = hiS
			}
			hi, err1 := strconv.Atoi(hiS)
			lo, err2 := strconv.Atoi(loS)
			if err1 != nil || err2 != nil || hi < lo {
				t.Fatalf("%s: bad field %q in %s", in.Mnemonic, f, text)
			}
			covered += hi - lo + 1
			if fixed {
				v, err := strconv.ParseUint(strings.TrimPrefix(val, "0b"), map[bool]int{true: 2, false: 0}[strings.HasPrefix(val, "0b")], 64)
				if err != nil {
					t.Fatalf("%s: bad value in %q", in.Mnemonic, f)
				}
				match |= v << uint(lo)
				mask |= (1<<uint(hi-lo+1) - 1) << uint(lo)
			}
		}
		if covered != isa.WordBits || match != in.Match || mask != in.Mask {
			t.Errorf("%s: %s gives match %#x mask %#x over %d bits, want %#x %#x", in.Mnemonic, text, match, mask, covered, in.Match, in.Mask)
		}
		for _, k := range in.Operands {
			if !seen[k.Name] {
				t.Errorf("%s: operand %s missing from %s", in.Mnemonic, k.Name, text)
			}
		}
	}
}

// TestSections: what each name gives, and the errors.
func TestSections(t *testing.T) {
	for _, tc := range []struct {
		hw, name string
		contains []string
		err      string
	}{
		{hw: "coral", name: "", contains: []string{"# coral ISA manual: overview (hardware config coral)", "kernels end with: mpause", "pseudo, cycles\n"}},
		{hw: "coral", name: "CYCLES", contains: []string{"what decides cycles (hardware config coral)", "[serialize]: ", "every F instruction (26, loads and stores flw, fsw included)", "vred shares the vperm unit"}},
		{hw: "coral-f", name: "zve32f", contains: []string{"# coral extension Zve32f", "vfadd.vv vd, vs2, vs1, vm — "}},
		{hw: "coral", name: "vwmul.vv", contains: []string{"flags: vec widen", "e32  LMUL=1 -", "e16  LMUL=1 2/1/3"}},
		{hw: "coral", name: "beq", contains: []string{"11..8 bimm[4:1]", "31 bimm[12]", "branch: backward predicted taken"}},
		{hw: "coral", name: "nop", contains: []string{"pseudo-instruction", "expands to: addi zero, zero, 0"}},
		{hw: "coral", name: "vfadd.vv", err: "vfadd.vv is in extension Zve32f, which hardware config coral does not enable (coral-f does)"},
		{hw: "coral", name: "cycels", err: "did you mean cycles?"},
		{hw: "coral", name: "zbbb", err: "did you mean Zbb"},
		{hw: "coral", name: strings.Repeat("x", 1000), err: "…\"; sections:"},
	} {
		got, err := coral(t, tc.hw).Section(tc.name)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %.20q: error %v, want %q", tc.hw, tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", tc.hw, tc.name, err)
		}
		for _, s := range tc.contains {
			if !strings.Contains(got, s) {
				t.Errorf("%s %q lacks %q:\n%s", tc.hw, tc.name, s, got)
			}
		}
	}
}

// TestEveryMnemonic: every enabled mnemonic has an entry with its cost.
func TestEveryMnemonic(t *testing.T) {
	m := coral(t, "coral-f")
	n := 0
	for _, mn := range m.ISA.Mnemonics() {
		got, err := m.Section(mn)
		if err != nil {
			t.Errorf("%s: %v", mn, err)
			continue
		}
		if len(m.ISA.Lookup(mn)) > 0 && !strings.Contains(got, "cost: ") {
			t.Errorf("%s: no cost:\n%s", mn, got)
		}
		n++
	}
	if n < 400 {
		t.Errorf("only %d mnemonics", n)
	}
}

// TestMistakesSection: plena's manual has a section of its classic
// mistakes listing every rule of isadefs.Rules with the ID that warnings
// and messages quote; coral, which has no such rules, has no section.
func TestMistakesSection(t *testing.T) {
	for _, tc := range []struct {
		hw   string
		want bool
	}{{"plena", true}, {"coral", false}} {
		m, hw := manualOf(t, tc.hw)
		if got := slices.Contains(m.Sections(), Mistakes); got != tc.want {
			t.Fatalf("%s: mistakes section %v, want %v", tc.hw, got, tc.want)
		}
		if !tc.want {
			continue
		}
		text, err := m.Section("mistakes")
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range isadefs.Rules(hw.ISA) {
			if !strings.Contains(text, "(rule "+r.ID+")") || !strings.Contains(text, r.Text) {
				t.Errorf("the mistakes section lacks rule %s", r.ID)
			}
		}
	}
}

// TestOverviewCyclesLine: each target's overview says what its own cycles
// section covers; only coral's cost depends on LMUL.
func TestOverviewCyclesLine(t *testing.T) {
	for _, tc := range []struct{ hw, want string }{
		{"coral", "cost by LMUL"},
		{"plena", "the matrix and vector units' charges"},
		{"aie2", "bank-conflict stalls"},
	} {
		m, _ := manualOf(t, tc.hw)
		text, err := m.Section("")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, tc.want) {
			t.Errorf("%s overview lacks %q", tc.hw, tc.want)
		}
		if tc.hw != "coral" && strings.Contains(text, "LMUL") {
			t.Errorf("%s overview mentions LMUL, which it does not have", tc.hw)
		}
	}
}

// TestTemplatesSection: plena's manual holds the worked examples the task
// texts leave out (isadefs.Templates), one line per task; coral has none.
func TestTemplatesSection(t *testing.T) {
	for _, tc := range []struct {
		hw   string
		want bool
	}{{"plena", true}, {"coral", false}} {
		m, hw := manualOf(t, tc.hw)
		if got := slices.Contains(m.Sections(), Templates); got != tc.want {
			t.Fatalf("%s: templates section %v, want %v", tc.hw, got, tc.want)
		}
		if !tc.want {
			continue
		}
		text, err := m.Section("templates")
		if err != nil {
			t.Fatal(err)
		}
		tps := isadefs.Templates(hw.ISA)
		if len(tps) < 19 {
			t.Errorf("%d templates, want one per plena task that has one (19)", len(tps))
		}
		for _, tp := range tps {
			if !strings.Contains(text, "- "+tp.Task+": "+tp.Text+"\n") {
				t.Errorf("the templates section lacks %s", tp.Task)
			}
		}
	}
}

// manualOf is the manual of a built-in hardware config, and the config.
func manualOf(t *testing.T, name string) (*Manual, *isadefs.HW) {
	t.Helper()
	hw, err := isadefs.HWByName(name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(hw, "")
	if err != nil {
		t.Fatal(err)
	}
	return m, hw
}
