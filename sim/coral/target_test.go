package coral

import (
	"testing"

	"kernelcraft/sim/simtest"
)

// TestTargetPassesCoreOptions: the registered target's New hands every
// CoreOptions field to the machine (sim/simtest's TestCoreOptionsHonoured
// checks that the machine acts on each).
func TestTargetPassesCoreOptions(t *testing.T) {
	c, o, err := simtest.NewWithAllOptions("coral")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.(*Machine).opts.CoreOptions; got != o { // the same writers, flags, profiles
		t.Errorf("the machine's options are %+v, want %+v", got, o)
	}
}
