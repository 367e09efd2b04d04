package sim

import (
	"math/rand"
	"reflect"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestWrittenRangesExact: the written ranges are exact to the byte, for
// stores of every size and offset (within and across 64-byte words, at a
// region's ends), against a byte-by-byte model.
func TestWrittenRangesExact(t *testing.T) {
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMemory(hw)
	r := rand.New(rand.NewSource(1))
	for trial := 0; trial < 300; trial++ {
		m.Reset()
		model := map[*Region][]bool{}
		for _, reg := range m.Regions {
			model[reg] = make([]bool, len(reg.Data))
		}
		for range 1 + r.Intn(12) {
			reg := m.Regions[r.Intn(len(m.Regions))]
			if !reg.Writable {
				continue
			}
			size := uint64(len(reg.Data))
			n := uint64(1 + r.Intn(200))
			if r.Intn(3) == 0 {
				n = uint64(1 << r.Intn(5))
			}
			off := uint64(r.Int63n(int64(size - n + 1)))
			switch r.Intn(5) {
			case 0:
				off = 0
			case 1:
				off = size - n
			}
			if _, tr := m.Bytes(reg.Base+off, n, Write); tr != nil {
				t.Fatal(tr)
			}
			for i := off; i < off+n; i++ {
				model[reg][i] = true
			}
		}
		var want []Range
		for _, reg := range m.Regions {
			for i, w := range model[reg] {
				if !w {
					continue
				}
				a := reg.Base + uint64(i)
				if k := len(want); k > 0 && want[k-1].End == a {
					want[k-1].End++
				} else {
					want = append(want, Range{a, a + 1})
				}
			}
		}
		if got := m.WrittenRanges(); !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d: written ranges %v, want %v", trial, got, want)
		}
	}
	// A store of one byte past a 16-byte boundary is its own range.
	m.Reset()
	d := m.Regions[len(m.Regions)-1]
	m.Bytes(d.Base+0x100, 16, Write)
	m.Bytes(d.Base+0x110, 1, Write)
	m.Bytes(d.Base+0x113, 2, Write)
	if got, want := m.WrittenRanges(), []Range{{d.Base + 0x100, d.Base + 0x111}, {d.Base + 0x113, d.Base + 0x115}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("written ranges %v, want %v", got, want)
	}
}
