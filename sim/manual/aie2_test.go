package manual

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"
	isadefs "kernelcraft/isa-defs"
	_ "kernelcraft/sim/aie2"
)

var update = flag.Bool("update", false, "rewrite the golden manual sections in testdata/")

func aie2Manual(t *testing.T) *Manual {
	t.Helper()
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(hw, "done")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestAIE2Golden: aie2's sections and a few instruction entries, as the
// agent reads them, against testdata/aie2/*.golden (go test -update
// rewrites them; review the diff).
func TestAIE2Golden(t *testing.T) {
	m := aie2Manual(t)
	for _, name := range []string{"overview", "bundles", "registers", "pipeline", "mac", "cycles", "slot.vec", "vmac.f", "vlda", "vst.conv.bf16.fp32", "add", "vshuffle", "acq", "rel", "divs", "vbcstshfl.64", "vshift.align", "mov.ph"} {
		got, err := m.Section(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join("testdata", "aie2", name+".golden")
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if got != string(want) {
			t.Errorf("section %s differs from %s (go test -update rewrites it):\n%s", name, path, got)
		}
	}
}

// TestAIE2Sections: what the agent relies on in each section is there,
// and the worked example says what the simulator did: the early read gets
// the old value under exposed and warn (which warns), the right one with
// stalls under interlock and with the nops.
func TestAIE2Sections(t *testing.T) {
	m := aie2Manual(t)
	for _, tc := range []struct {
		name     string
		contains []string
	}{
		{"", []string{"sections (isa_manual section=NAME, kc-as --isa NAME): bundles, registers, pipeline, mac, slot.lda", "kernels end with: done"}},
		{"bundles", []string{"lda+ldb+st+alu+mv+vec", "Never together: alu with lng, mv with lng", "128 bits (16 bytes)"}},
		{"registers", []string{"bmlN = low half of cmN", "wlN = low half of xN", "dN = (mN, dnN, djN, dcN)"}},
		{"pipeline", []string{"II_VMACf                   dst=6 acc=3", "- exposed: r2 = 0, 6 cycles, 0 stall cycles\n", "- warn: r2 = 0, 6 cycles, 0 stall cycles; warning: pc 0x12 reads r1", "- interlock: r2 = 84, 12 cycles, 6 stall cycles\n", "- exposed, with 6 nops before the add: r2 = 84, 12 cycles, 0 stall cycles\n"}},
		{"mac", []string{"bf16 x bf16 4x8x4, fp32      4x8x4   fp32   2,3,0     28 (29 zero)  128", "int8 x int8 4x8x8, acc32     4x8x8   acc32  0,1,0     776 (777 zero) 256"}},
		{"vmac.f", []string{"## form 1: vmac.f bmd, bmacc, xa, xb, rcfg", "chained on one accumulator: the accumulator input is read in cycle 3, so the next vmac.f into the same accumulator may issue 4 bundles later", "example: vmac.f bml0, bml0, x0, x2, r0"}},
		{"vmac", []string{"may issue 2 bundles later"}},
		{"vnegmac", []string{"simulated: no"}},
		{"vmov", []string{"# vmov (aie2, slots lda (form 1), mv (forms 2, 3, 4), st (form 5), 5 forms; simulated: forms 2, 4 only)\n"}},
		{"acq", []string{"# acq (aie2, slot alu, 2 forms)\n", "acquire_greater_equal", "would wait forever"}},
		{"mov.ph", []string{"simulated: no", "(mov.ph is not simulated: a stream port (ms out, SS in) joins the core to its tile's stream switch"}},
	} {
		got, err := m.Section(tc.name)
		if err != nil {
			t.Fatalf("%q: %v", tc.name, err)
		}
		for _, s := range tc.contains {
			if !strings.Contains(got, s) {
				t.Errorf("section %q lacks %q:\n%s", tc.name, s, got)
			}
		}
	}
}

// TestAIE2Examples: every doc example assembles, and every form's own
// example assembles to a bundle that decodes back to that form: the
// manual shows nothing the assembler rejects.
func TestAIE2Examples(t *testing.T) {
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	isa := isadefs.MustLoadISA("aie2")
	as, err := asm.New("aie2")
	if err != nil {
		t.Fatal(err)
	}
	assemble := func(src string) ([]byte, error) {
		p, err := as.Assemble("example.s", []byte(src), asm.Options{HW: hw})
		if err != nil {
			return nil, err
		}
		for _, s := range p.Sections {
			if s.Name == ".text" {
				return s.Data, nil
			}
		}
		return nil, nil
	}
	docs := 0
	for _, d := range isa.Docs {
		if d.Example == "" {
			t.Errorf("doc %s has no example", d.Pattern)
			continue
		}
		src := d.Example + "\n"
		if strings.Contains(d.Example, "#.L") {
			label := d.Example[strings.Index(d.Example, "#.L")+1:]
			src = label + ":\n" + src
		}
		if _, err := assemble(src); err != nil {
			t.Errorf("doc %s: example %q: %v", d.Pattern, d.Example, err)
		}
		docs++
	}
	forms, skipped := 0, 0
	for _, in := range isa.Insts {
		ex := Example(in)
		if ex == "" {
			skipped++
			continue
		}
		text, err := assemble(ex + "\n")
		if err != nil {
			t.Errorf("%s (line %d): example %q: %v", in.Name, in.Line, ex, err)
			continue
		}
		_, _, ops, ok := isa.Unpack(text)
		var got *isadefs.Inst
		for _, o := range ops {
			if o.Inst != nil && (!isa.IsNop(o.Inst) || o.Inst == in) {
				got = o.Inst
			}
		}
		if !ok || got == nil || got.Mnemonic != in.Mnemonic || got.Syntax != in.Syntax {
			t.Errorf("%s (line %d): example %q decodes as %v", in.Name, in.Line, ex, got)
		}
		forms++
	}
	t.Logf("%d doc examples and %d form examples assemble (%d forms without one)", docs, forms, skipped)
	if forms < 550 {
		t.Errorf("only %d forms have an example", forms)
	}
}

// TestAIE2ManualPrintsOnlyUsedValues: the aie2 manual prints no hardware
// value the simulator does not use. The overview lists no params or
// timing keys (aie2.json offers only params.hazard_policy); the cycles
// section's figures are the simulator's own, the same whatever a config
// copy lists; and a copy with a value the simulator cannot take gets no
// manual but the error naming the field (kc-as --isa cycles --hw copy).
func TestAIE2ManualPrintsOnlyUsedValues(t *testing.T) {
	m := aie2Manual(t)
	over, err := m.Section("")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(over, "\n") {
		if strings.HasPrefix(line, "param ") || strings.HasPrefix(line, "lat.") {
			t.Errorf("overview prints %q, which the simulator does not read", line)
		}
	}
	cycles, err := m.Section("cycles")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"(1 cycle per extra access)", "8 single-port banks of 16 bytes", "2 loads (lda and ldb slots) and 1 store of 256 bits", "128 bf16 or 256 int8", "have 5 delay slots: the next 5 bundles"} {
		if !strings.Contains(cycles, w) {
			t.Errorf("cycles section lacks %q", w)
		}
	}
	dir := t.TempDir()
	load := func(params string) (*Manual, error) {
		path := filepath.Join(dir, "copy.json")
		if err := os.WriteFile(path, []byte(`{"base": "aie2", "name": "copy", "params": `+params+`}`), 0o644); err != nil {
			t.Fatal(err)
		}
		hw, err := isadefs.LoadHW(path)
		if err != nil {
			t.Fatal(err)
		}
		return New(hw, "done")
	}
	old, err := load(`{"load_ports": 2, "store_ports": 1, "branch_delay_slots": 5, "conflict_penalty": 1, "banks": 8, "bank_width": 16, "access_bits": 256, "peak_macs_bf16": 128, "peak_macs_int8": 256}`)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := old.Section("cycles"); got != strings.Replace(cycles, "(hardware config aie2)", "(hardware config copy)", 1) {
		t.Errorf("a copy listing the architectural values changes the cycles section:\n%s", got)
	}
	for _, c := range []struct{ params, want string }{
		{`{"load_ports": 0}`, "params.load_ports = 0: fixed at 2"},
		{`{"branch_delay_slots": 1000000000}`, "params.branch_delay_slots = 1000000000: fixed at 5"},
		{`{"hazard_policy": 7}`, "params.hazard_policy = 7"},
	} {
		if _, err := load(c.params); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("manual with params %s: error %v, want one saying %q", c.params, err, c.want)
		}
	}
}
