package sim

import (
	"math/rand"
	"reflect"
	"runtime"
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

// TestResetReportedAndReuse: after loads, debugger writes, reported
// stores and preloads in random places (across page ends, at region
// ends), ResetReported leaves every region zero with nothing written, as
// Reset does; a released memory comes back from NewMemory the same; a
// region whose written bits were taken is zeroed whole.
func TestResetReportedAndReuse(t *testing.T) {
	hw, err := isadefs.HWByName("plena")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(2))
	allZero := func(m *Memory, when string) {
		t.Helper()
		for _, reg := range m.Regions {
			for i, b := range reg.Data {
				if b != 0 {
					t.Fatalf("%s: %s byte %#x is %#x, want 0", when, reg.Name, i, b)
				}
			}
		}
		if w := m.WrittenRanges(); len(w) != 0 {
			t.Fatalf("%s: written ranges %v, want none", when, w)
		}
	}
	scribble := func(m *Memory) {
		for range 20 {
			reg := m.Regions[r.Intn(len(m.Regions))]
			size := uint64(len(reg.Data))
			n := uint64(1 + r.Intn(3*pageSize))
			n = min(n, size)
			off := uint64(r.Int63n(int64(size - n + 1)))
			if r.Intn(4) == 0 {
				off = size - n
			}
			data := make([]byte, n)
			for i := range data {
				data[i] = byte(1 + r.Intn(255))
			}
			switch r.Intn(4) {
			case 0:
				if err := m.Load(reg.Base+off, data); err != nil {
					t.Fatal(err)
				}
			case 1:
				if err := m.DebugWrite(reg.Base+off, data, nil); err != nil {
					t.Fatal(err)
				}
			case 2:
				copy(reg.Data[off:], data)
				reg.MarkWritten(off, n)
			default:
				if err := m.PreloadRegion(reg.Name, data[:min(n, 100)]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	m := NewMemory(hw)
	for range 5 {
		scribble(m)
		m.ResetReported()
		allZero(m, "after ResetReported")
		scribble(m)
		m.Release()
		m = NewMemory(hw)
		allZero(m, "reused")
	}
	// Written bits taken: stores nobody reports still get cleared.
	reg := m.Regions[0]
	bits := reg.WrittenBits()
	reg.Data[len(reg.Data)-1] = 7
	bits[len(bits)-1] |= 1 << 63
	if len(m.WrittenRanges()) == 0 {
		t.Fatal("a written bit set through WrittenBits is not seen")
	}
	m.ResetReported()
	allZero(m, "after ResetReported with raw written bits")
}

// TestReleaseFreeList: a released memory survives a garbage collection
// (a sync.Pool would drop it) and comes back zeroed; at most
// GOMAXPROCS+1 released memories of one layout are kept, and releasing
// one twice keeps it once.
func TestReleaseFreeList(t *testing.T) {
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	key := layoutKey(hw)
	for takeFree(key) != nil { // what earlier tests left
	}
	m := NewMemory(hw)
	m.Regions[0].Data[5] = 1
	m.Regions[0].MarkWritten(5, 1)
	m.Release()
	m.Release()
	runtime.GC()
	runtime.GC()
	if got := NewMemory(hw); got != m {
		t.Fatal("the released memory was not reused after a GC")
	} else if got.Regions[0].Data[5] != 0 {
		t.Fatal("the reused memory is not zeroed")
	}
	if takeFree(key) != nil {
		t.Fatal("a memory released twice was kept twice")
	}
	var ms []*Memory
	for range freeMax() + 3 {
		ms = append(ms, NewMemory(hw))
	}
	for _, m := range ms {
		m.Release()
	}
	freeMu.Lock()
	n := len(free[key])
	freeMu.Unlock()
	if n != freeMax() {
		t.Fatalf("%d released memories kept, want the bound %d", n, freeMax())
	}
	for takeFree(key) != nil {
	}
}
