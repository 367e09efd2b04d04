package aie2

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
)

// PolicyNames are the hazard policies' names, in params.hazard_policy's
// order (0, 1, 2).
var PolicyNames = []string{Exposed.String(), Warn.String(), Interlock.String()}

// WithHazardPolicy returns a copy of the aie2 config hw whose
// params.hazard_policy is the named policy (exposed, warn or interlock).
// Nothing else changes: the copy keeps hw's name, memory and timing, so a
// case laid out for hw runs on it (kc-sim --case --hazard-policy, the
// agent's run and profile tools). Other targets have no hazard policies.
func WithHazardPolicy(hw *isadefs.HW, name string) (*isadefs.HW, error) {
	if hw.ISA != "aie2" {
		return nil, fmt.Errorf("hazard policies are aie2's (exposed, warn, interlock); hardware config %s is for target %s", hw.Name, hw.ISA)
	}
	if name == "" {
		return nil, fmt.Errorf("no hazard policy named (want exposed, warn or interlock)")
	}
	p, err := ParsePolicy(name)
	if err != nil {
		return nil, err
	}
	c := hw.Clone()
	if c.Params == nil {
		c.Params = map[string]int64{}
	}
	c.Params["hazard_policy"] = int64(p)
	return c, nil
}
