package aie2

import (
	"fmt"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestClassificationGolden: every aie2 instruction's classification (its
// kind, parameters, addressing and operand cycles) is the one recorded in
// testdata/classification.txt. An unsupported operation shows only its
// reason and addressing: nothing else of it is used.
func TestClassificationGolden(t *testing.T) {
	isa := isadefs.MustLoadISA("aie2")
	var b strings.Builder
	for _, in := range isa.Insts {
		fmt.Fprintf(&b, "%s %s\n\t%s\n", in.Name, in.Syntax, describeClass(classified(isa, in)))
	}
	golden(t, "testdata/classification.txt", b.String())
}

// describeClass prints an operation's classification.
func describeClass(o *op) string {
	if o.kind == kUnsupported {
		return fmt.Sprintf("unsupported why=%q am=%d pi=%d oi=%d", o.why, o.am, o.pi, o.oi)
	}
	return fmt.Sprintf("%s sub=%d slot=%d n=%d dst=%d@%d/%d srcByp=%d am=%d pi=%d oi=%d mem=%d@%d load=%t store=%t data@%d ptr@%d "+
		"lanes=%d ebits=%d abits=%d signed=%t dyn=%d neg=%t execAt=%d acc@%d/%d shift@%d rnd@%d sat@%d dyn@%d dst2@%d lr@%d",
		o.kind, o.sub, o.slot, o.n, o.dst, o.dstCyc, o.dstByp, o.srcByp, o.am, o.pi, o.oi, o.memBytes, o.memCyc, o.load, o.store, o.dataCyc, o.ptrCyc,
		o.lanes, o.ebits, o.abits, o.signed, o.dyn, o.neg, o.execAt, o.accCyc, o.accByp, o.shiftCyc, o.rndCyc, o.satCyc, o.dynCyc, o.dst2Cyc, o.lrCyc)
}
