package aie2

import (
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestWithHazardPolicy: the copy differs from the config in the policy
// only, the config itself is unchanged, and bad names and other targets
// are refused.
func TestWithHazardPolicy(t *testing.T) {
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	before := hw.Param("hazard_policy", -1)
	for i, name := range PolicyNames {
		c, err := WithHazardPolicy(hw, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := c.Param("hazard_policy", -1); got != int64(i) {
			t.Errorf("%s: params.hazard_policy %d, want %d", name, got, i)
		}
		if c.Name != hw.Name || len(c.Memory) != len(hw.Memory) || c.Describe() == "" {
			t.Errorf("%s: the copy changed more than the policy: %s", name, c.Name)
		}
		delete(c.Params, "hazard_policy")
		h2 := hw.Clone()
		delete(h2.Params, "hazard_policy")
		if c.Describe() != h2.Describe() {
			t.Errorf("%s: the copy differs from the config in more than the policy", name)
		}
	}
	if got := hw.Param("hazard_policy", -1); got != before {
		t.Errorf("the config itself changed: hazard_policy %d, was %d", got, before)
	}
	coral, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		hw        *isadefs.HW
		name, msg string
	}{
		{hw, "stall", `unknown hazard policy "stall"`},
		{hw, "", "no hazard policy named"},
		{coral, "warn", "hazard policies are aie2's"},
	} {
		if _, err := WithHazardPolicy(c.hw, c.name); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s on %s: %v, want %q", c.name, c.hw.Name, err, c.msg)
		}
	}
}
