package aie2

import (
	"fmt"
	"os"
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

// TestSemanticsLoadErrors: an instruction whose semantics attributes the
// simulator does not know, or that lacks them, fails when the ISA is
// loaded, naming the line; it does not become "unsupported" at run time.
func TestSemanticsLoadErrors(t *testing.T) {
	data, err := os.ReadFile("../../isa-defs/aie2/aie2.isa")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	if _, err := classifyAll(mustParse(t, src)); err != nil {
		t.Fatalf("aie2.isa as it is: %v", err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{"sem=vmac.msc elem=bf16", "sem=vmac.mcs elem=bf16", "sem=vmac.mcs: not an operation"},
		{"sem=vcmp.eqz elem=16", "sem=vcmp.eqz", "needs elem="},
		{"sem=vsrs elem=s16 acc=32", "sem=vsrs elem=s16", "needs acc="},
		{"sem=vshuffle", "sem=vshuffle elem=16", "takes no elem="},
		{"sem=vsel elem=16", "sem=vsel elem=d16", "takes no signedness"},
		{"sem=vsel elem=16", "sem=vsel elem=bf16", "no floating-point form"},
		{"sem=vpack elem=s8", "sem=vpack elem=8", "packing needs s8, d8, s4 or d4"},
		{"sem=vmac.mac elem=bf16", "sem=vmac.mac elem=s16", "bf16 (elem=bf16) or integer"},
		{"sem=none:sparse_MAC_operands_(qx,_decompressed_by_the_mask_in_q)_have_no_source_at_hand", "sem=none:sparse_MAC_operands_(qx,_decompressed_by_the_mask_in_q)_have_no_source_at_hand elem=s8", "takes no elem="},
	} {
		mod := strings.Replace(src, tc.old, tc.new, 1)
		if mod == src {
			t.Fatalf("%q is not in aie2.isa", tc.old)
		}
		_, err := classifyAll(mustParse(t, mod))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "aie2.isa:") {
			t.Errorf("%q -> %q: error %v; want one naming the line and containing %q", tc.old, tc.new, err, tc.want)
		}
	}
	// A line without sem= fails in isa-defs already.
	mod := strings.Replace(src, " sem=vshuffle", "", 1)
	if _, err := isadefs.Parse("aie2.isa", mod); err == nil || !strings.Contains(err.Error(), "no sem=") {
		t.Errorf("vshuffle without sem=: error %v", err)
	}
}

func mustParse(t *testing.T, src string) *isadefs.ISA {
	t.Helper()
	isa, err := isadefs.Parse("aie2.isa", src)
	if err != nil {
		t.Fatal(err)
	}
	return isa
}
