package aie2

import (
	"reflect"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestClassifyEquivalence: for every aie2 instruction, the classification
// from its semantics attributes equals the one classifyByText reads from
// its mnemonic and syntax.
func TestClassifyEquivalence(t *testing.T) {
	isa := isadefs.MustLoadISA("aie2")
	n := 0
	for _, in := range isa.Insts {
		o := &op{inst: in, it: isa.ItineraryOf(in), slot: slotIndex(in.Slot), dst: -1, pi: -1, oi: -1, n: len(in.Operands)}
		if o.it != nil {
			if d, ok := o.it.Get("dst"); ok {
				o.dstCyc, o.dstByp = d.Cycle, bypOf(d.Bypass)
			}
			if s, ok := o.it.Get("src"); ok {
				o.srcByp = bypOf(s.Bypass)
			}
			if p, ok := o.it.Get("ptr"); ok {
				o.ptrCyc = p.Cycle
			}
			o.dataCyc = o.it.Read("data")
			if len(o.it.Mem) > 0 {
				o.memCyc = o.it.Mem[len(o.it.Mem)-1]
			}
		}
		classifyByText(o)
		if o.it != nil {
			a, _ := o.it.Get("acc")
			o.accCyc, o.accByp = a.Cycle, bypOf(a.Bypass)
			o.shiftCyc, o.rndCyc, o.satCyc = o.it.Read("shift"), o.it.Read("crrnd"), o.it.Read("crsat")
			o.dst2Cyc, o.lrCyc = o.it.Read("dst2"), o.it.Read("lr")
			if o.dyn != 0 {
				o.dynCyc = o.it.Read(unitName(o.dyn))
			}
		}
		got := classified(isa, in)
		if o.kind == kUnsupported {
			o.execAt = 1 // classifyByText leaves 0 where it returns early; an unsupported op's execAt is never read
		}
		if !reflect.DeepEqual(*got, *o) {
			t.Errorf("%s %s:\n by attributes %s\n by text       %s", in.Name, in.Syntax, describeClass(got), describeClass(o))
		}
		n++
	}
	t.Logf("%d instructions classified alike", n)
}
