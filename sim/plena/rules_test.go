package plena

import (
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestRuleNotes: runs that break a classic-mistake rule the emulator lets
// pass end normally with a note naming the rule (stats notes); runs that
// keep the rules have none; the traps the rules explain name them.
func TestRuleNotes(t *testing.T) {
	hw := loadHW(t, "plena")
	setup := "S_ADDI_INT gp1, gp0, 4096\nC_SET_ADDR_REG a1, gp0, gp0\nC_SET_SCALE_REG gp1\nS_ADDI_INT gp2, gp0, 64\nC_SET_STRIDE_REG gp2\n"
	for _, tc := range []struct {
		name, src string
		rules     []string // the notes' rules, in order
		trap      string   // a trap message must contain this ("" = the run ends)
	}{
		{"clean", setup + "H_PREFETCH_M gp0, gp0, a1, 1, 0\nM_MM 0, gp0, gp0\nM_MM_WO gp0, gp0, 0", nil, ""},
		{"products never written out", setup + "M_MM 0, gp0, gp0\nM_MM_WO gp0, gp0, 0\nM_MM 0, gp0, gp0", []string{"accumulate"}, ""},
		{"address register never set", "S_ADDI_INT gp1, gp0, 4096\nC_SET_SCALE_REG gp1\nH_PREFETCH_V gp0, gp0, a2, 0, 0\nH_PREFETCH_V gp0, gp0, a2, 0, 0", []string{"prefetch-setup"}, ""},
		{"scale never set", "S_ADDI_INT gp2, gp0, 64\nC_SET_STRIDE_REG gp2\nC_SET_ADDR_REG a1, gp0, gp0\nH_PREFETCH_M gp0, gp0, a1, 1, 0", []string{"prefetch-setup"}, ""},
		{"misaligned HBM address, registers set", setup + "S_ADDI_INT gp2, gp0, 32\nH_PREFETCH_V gp0, gp2, a1, 1, 0", nil, "not 64-byte aligned"},
		{"misaligned HBM address, address register never set", "S_ADDI_INT gp1, gp0, 4096\nC_SET_SCALE_REG gp1\nS_ADDI_INT gp2, gp0, 32\nH_PREFETCH_V gp0, gp2, a1, 1, 0", nil, "rule prefetch-setup"},
		{"loop end without its start", "C_LOOP_START gp3, 2\nC_LOOP_END gp4", nil, "rule loop-counter"},
	} {
		m := newMachine(t, hw, tc.src, Options{})
		h := m.Run()
		if tc.trap != "" {
			if h.Kind != sim.HaltTrap || !strings.Contains(h.String(), tc.trap) {
				t.Errorf("%s: %s, want a trap naming %q", tc.name, h, tc.trap)
			}
			continue
		}
		if !h.OK() {
			t.Fatalf("%s: %s", tc.name, h)
		}
		notes := m.Stats().Notes
		if len(notes) != len(tc.rules) {
			t.Errorf("%s: notes %q, want %d", tc.name, notes, len(tc.rules))
			continue
		}
		for i, n := range notes {
			if !strings.Contains(n, "(rule "+tc.rules[i]+": ") {
				t.Errorf("%s: note %q does not name rule %s", tc.name, n, tc.rules[i])
			}
		}
	}
}

// TestHBMTrapNamesOnlyBrokenRules: an unaligned HBM access whose address
// register and SCALE_REG were set names the values that must be aligned
// and no rule; prefetch-setup is named only when it was broken.
func TestHBMTrapNamesOnlyBrokenRules(t *testing.T) {
	hw := loadHW(t, "plena")
	setup := "S_ADDI_INT gp1, gp0, 4096\nC_SET_ADDR_REG a1, gp0, gp0\nC_SET_SCALE_REG gp1\nS_ADDI_INT gp2, gp0, 64\nC_SET_STRIDE_REG gp2\n"
	m := newMachine(t, hw, setup+"S_ADDI_INT gp2, gp0, 32\nH_PREFETCH_V gp0, gp2, a1, 1, 0", Options{})
	h := m.Run()
	msg := h.String()
	if h.Kind != sim.HaltTrap || !strings.Contains(msg, "not 64-byte aligned") {
		t.Fatalf("%s: want an alignment trap", msg)
	}
	if strings.Contains(msg, "rule ") {
		t.Errorf("trap %q names a rule the program kept", msg)
	}
	for _, want := range []string{"a1 (0x0)", "gp2 (the rs1 offset, 32)", "STRIDE_REG 64"} {
		if !strings.Contains(msg, want) {
			t.Errorf("trap %q does not name %q", msg, want)
		}
	}
}
