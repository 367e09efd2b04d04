package plena

import (
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/simtest"
)

// TestTargetPassesCoreOptions: the registered target's New hands every
// CoreOptions field to the machine (sim/simtest's TestCoreOptionsHonoured
// checks that the machine acts on each).
func TestTargetPassesCoreOptions(t *testing.T) {
	tgt, err := sim.LookupTarget("plena")
	if err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.HWByName("plena")
	if err != nil {
		t.Fatal(err)
	}
	o := simtest.AllCoreOptions()
	c, err := tgt.New(hw, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.(*Machine).opts.CoreOptions; got != o { // the same writers, flags, profiles
		t.Errorf("the machine's options are %+v, want %+v", got, o)
	}
}
