package aie2

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// hwCopy writes a --hw file based on aie2 with the given params and
// timing objects (JSON text) and loads it as kc-sim --hw would.
func hwCopy(t *testing.T, params, timing string) *isadefs.HW {
	t.Helper()
	js := `{"base": "aie2", "name": "copy"`
	if params != "" {
		js += `, "params": ` + params
	}
	if timing != "" {
		js += `, "timing": ` + timing
	}
	path := filepath.Join(t.TempDir(), "copy.json")
	if err := os.WriteFile(path, []byte(js+"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.LoadHW(path)
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return hw
}

// TestHWParamsRefused: a config that sets a value the simulator does not
// take is refused by the simulator and by the manual's cost model, and
// the message names the field and its value and says what it may be.
func TestHWParamsRefused(t *testing.T) {
	tgt, err := sim.LookupTarget("aie2")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, params, timing string
		want                 []string
	}{
		{"no load ports", `{"load_ports": 0}`, "", []string{"params.load_ports = 0", "fixed at 2", "lda and ldb"}},
		{"negative load ports", `{"load_ports": -1}`, "", []string{"params.load_ports = -1", "fixed at 2"}},
		{"no store ports", `{"store_ports": 0}`, "", []string{"params.store_ports = 0", "fixed at 1", "store slot"}},
		{"1e9 delay slots", `{"branch_delay_slots": 1000000000}`, "", []string{"params.branch_delay_slots = 1000000000", "fixed at 5", "delay slots"}},
		{"no delay slots", `{"branch_delay_slots": 0}`, "", []string{"params.branch_delay_slots = 0", "fixed at 5"}},
		{"banks", `{"banks": 16}`, "", []string{"params.banks = 16", "fixed at 8"}},
		{"bank width", `{"bank_width": 32}`, "", []string{"params.bank_width = 32", "fixed at 16"}},
		{"conflict penalty", `{"conflict_penalty": 0}`, "", []string{"params.conflict_penalty = 0", "fixed at 1"}},
		{"access bits", `{"access_bits": 512}`, "", []string{"params.access_bits = 512", "fixed at 256"}},
		{"vector width", `{"vec_bits": 1024}`, "", []string{"params.vec_bits = 1024", "fixed at 512"}},
		{"accumulator width", `{"acc_bits": 512}`, "", []string{"params.acc_bits = 512", "fixed at 1024"}},
		{"address bits", `{"addr_bits": 32}`, "", []string{"params.addr_bits = 32", "fixed at 20"}},
		{"bf16 peak", `{"peak_macs_bf16": 256}`, "", []string{"params.peak_macs_bf16 = 256", "fixed at 128"}},
		{"int8 peak", `{"peak_macs_int8": -256}`, "", []string{"params.peak_macs_int8 = -256", "fixed at 256"}},
		{"hazard policy too high", `{"hazard_policy": 3}`, "", []string{"params.hazard_policy = 3", "0 (exposed), 1 (warn) or 2 (interlock)"}},
		{"hazard policy negative", `{"hazard_policy": -1}`, "", []string{"params.hazard_policy = -1", "0 (exposed)"}},
		{"misspelt param", `{"hazard_polcy": 1}`, "", []string{"params.hazard_polcy", "no such parameter", "only params.hazard_policy"}},
		{"vmac latency", "", `{"lat.vmac": 3}`, []string{"timing.lat.vmac = 3", "fixed at 5", "II_VMAC"}},
		{"load latency", "", `{"lat.ld": 0}`, []string{"timing.lat.ld = 0", "fixed at 7"}},
		{"unknown timing", "", `{"lat.vdiv": 4}`, []string{"timing.lat.vdiv", "no such parameter", "itinerary"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hw := hwCopy(t, c.params, c.timing)
			check := func(what string, err error) {
				t.Helper()
				if err == nil {
					t.Fatalf("%s accepted params %s timing %s", what, c.params, c.timing)
				}
				for _, w := range c.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%s: %q does not say %q", what, err, w)
					}
				}
			}
			_, err := New(hw, Options{})
			check("New", err)
			_, err = tgt.New(hw, sim.CoreOptions{})
			check("the sim target", err)
			_, err = NewCostModel(hw)
			check("NewCostModel", err)
		})
	}
}

// oldAIE2 is every param and timing key the former aie2.json listed, at
// its value: a copy of it keeps loading.
const (
	oldParams = `{"vec_bits": 512, "acc_bits": 1024, "addr_bits": 20, "banks": 8, "bank_width": 16, "load_ports": 2, "store_ports": 1, "access_bits": 256, "conflict_penalty": 1, "branch_delay_slots": 5, "peak_macs_bf16": 128, "peak_macs_int8": 256, "hazard_policy": 1}`
	oldTiming = `{"lat.alu": 1, "lat.mul": 2, "lat.ld": 7, "lat.vld": 7, "lat.vmac": 5, "lat.vmac_f": 6, "lat.srs": 4, "lat.ups": 3, "lat.valu": 2, "lat.vconv": 2}`
)

// TestHWArchitecturalValuesAccepted: a copy of the former aie2.json
// (every fixed value at the architecture's) loads, with its policy.
func TestHWArchitecturalValuesAccepted(t *testing.T) {
	hw := hwCopy(t, oldParams, oldTiming)
	pol, err := HWPolicy(hw)
	if err != nil {
		t.Fatal(err)
	}
	if pol != Warn {
		t.Errorf("policy %s, want warn", pol)
	}
	if _, err := NewCostModel(hw); err != nil {
		t.Error(err)
	}
	// Every fixed key is in the table of the former file, so none is
	// left untested.
	for k := range fixedParams {
		if !strings.Contains(oldParams, `"`+k+`"`) {
			t.Errorf("fixed param %s is not in oldParams", k)
		}
	}
	for k := range fixedTiming {
		if !strings.Contains(oldTiming, `"`+k+`"`) {
			t.Errorf("fixed timing %s is not in oldTiming", k)
		}
	}
}

// TestHazardPolicyParamChangesCycles: params.hazard_policy, the one
// parameter, is used: through the registered target, interlock (2) makes
// the early read of the manual's worked example wait and gets the loaded
// value, where exposed (0) does not.
func TestHazardPolicyParamChangesCycles(t *testing.T) {
	tgt, err := sim.LookupTarget("aie2")
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		r2     uint32
		cycles uint64
	}
	runWith := func(params string) result {
		hw := hwCopy(t, params, "")
		as, err := asm.New("aie2")
		if err != nil {
			t.Fatal(err)
		}
		p, err := as.Assemble("example.s", []byte(exampleKernel), asm.Options{HW: hw})
		if err != nil {
			t.Fatal(err)
		}
		img, err := sim.LoadELF(p.ELF(), asm.MachineAIE2)
		if err != nil {
			t.Fatal(err)
		}
		core, err := tgt.New(hw, sim.CoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		m := core.(*Machine)
		if err := m.Load(img); err != nil {
			t.Fatal(err)
		}
		if h := m.Run(); !h.OK() {
			t.Fatalf("halt: %s", h)
		}
		return result{m.mustReg(t, "r2"), m.Stats().Cycles}
	}
	exposed, interlock := runWith(`{"hazard_policy": 0}`), runWith(`{"hazard_policy": 2}`)
	if exposed.r2 != 0 || interlock.r2 != 84 {
		t.Errorf("r2: exposed %d, interlock %d; want 0 and 84", exposed.r2, interlock.r2)
	}
	if interlock.cycles <= exposed.cycles {
		t.Errorf("cycles: exposed %d, interlock %d; interlock should wait", exposed.cycles, interlock.cycles)
	}
	if def := runWith(""); def != exposed {
		t.Errorf("no hazard_policy ran as %+v, want exposed's %+v", def, exposed)
	}
}

// TestBuiltinHWOffersOnlyUsedParams: the built-in config sets nothing the
// simulator does not read.
func TestBuiltinHWOffersOnlyUsedParams(t *testing.T) {
	hw := loadHW(t)
	for k := range hw.Params {
		if k != "hazard_policy" {
			t.Errorf("aie2.json offers params.%s, which the simulator does not read", k)
		}
	}
	for k := range hw.Timing {
		t.Errorf("aie2.json offers timing.%s, which the simulator does not read", k)
	}
}
