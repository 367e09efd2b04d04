// Package sim is the simulator core shared by every target: memory regions
// with bounds and permission checks, program images, halt reasons, traps,
// statistics, and the cycle limit. Target packages (sim/coral, …) build
// their cores on it. A RunMemo (CoreOptions.Memo) lets a core reuse an
// earlier run's deterministic timing work on a later run of the same
// program, exactly: every replayed step is checked.
package sim

import (
	"bytes"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	isadefs "kernelcraft/isa-defs"
)

// Access is the kind of a memory access.
type Access uint8

// Memory access kinds.
const (
	Read Access = iota
	Write
	Exec
)

func (a Access) String() string { return [...]string{"read", "write", "exec"}[a] }

// Region is one contiguous memory region backed by a byte slice.
type Region struct {
	Name       string
	Base, End  uint64 // [Base, End)
	Readable   bool
	Writable   bool
	Executable bool
	Data       []byte
	// written has one bit per byte of Data: the bytes a program stored
	// to (for the checker's rule that only outputs, scratch and the
	// kernel's own area may be written, exact to the byte so that a store
	// just past the end of an output is seen).
	written []uint64
	// dirty has one bit per page (pageSize bytes) of Data: the pages the
	// memory's methods saw written since it was built or reset (loads,
	// debugger writes, reported stores), so that ResetReported and
	// WrittenRanges visit only those. rawBits: WrittenBits was taken, so
	// stores may have set written bits unseen; both then visit everything.
	dirty   []uint64
	rawBits bool
}

// pageSize is the granularity (bytes) of a region's dirty pages.
const pageSize = 4096

// Memory is the set of regions of a hardware config.
type Memory struct {
	Regions []*Region // sorted by Base
	last    *Region   // most recently used region (fast path)
	key     string    // layoutKey of its hardware config, for Release
	// watch, if set, sees every read and write Bytes grants (a
	// debugger's watchpoints; see SetWatch).
	watch func(addr, n uint64, acc Access)
}

// SetWatch makes Bytes call fn for every read and write it grants (not
// instruction fetches), after the checks; nil turns it off. Cores whose
// fast paths reach memory without Bytes must send their accesses through
// it while a watch is set (sim.Debugger.SetWatch).
func (m *Memory) SetWatch(fn func(addr, n uint64, acc Access)) { m.watch = fn }

// NewMemory builds zeroed memory from a hardware config's regions. It
// reuses a memory of the same regions that was released (Release) when
// there is one: zeroing the few pages a run touched is much cheaper than
// allocating and zeroing a large region (plena's 64 MiB of HBM) afresh.
func NewMemory(hw *isadefs.HW) *Memory {
	key := layoutKey(hw)
	if m := takeFree(key); m != nil {
		m.ResetReported()
		m.watch = nil
		return m
	}
	m := &Memory{key: key}
	for _, r := range hw.Memory {
		size := uint64(r.Size)
		m.Regions = append(m.Regions, &Region{
			Name: r.Name, Base: uint64(r.Base), End: r.End(),
			Readable:   strings.Contains(r.Perm, "r"),
			Writable:   strings.Contains(r.Perm, "w"),
			Executable: strings.Contains(r.Perm, "x"),
			Data:       make([]byte, size),
			written:    make([]uint64, (size+63)/64),
			dirty:      make([]uint64, ((size+pageSize-1)/pageSize+63)/64),
		})
	}
	sort.Slice(m.Regions, func(i, j int) bool { return m.Regions[i].Base < m.Regions[j].Base })
	if len(m.Regions) > 0 {
		m.last = m.Regions[0]
	}
	return m
}

// layoutKey identifies a memory's regions (name, base, size, permissions):
// memories of one key are interchangeable once zeroed.
func layoutKey(hw *isadefs.HW) string {
	var b strings.Builder
	for _, r := range hw.Memory {
		fmt.Fprintf(&b, "%s@%#x+%#x:%s;", r.Name, uint64(r.Base), uint64(r.Size), r.Perm)
	}
	return b.String()
}

// The released memories, per layout key: a bounded free list rather than
// a sync.Pool, which every garbage collection empties (a large region is
// then allocated and zeroed again by the next NewMemory, which is most of
// a short run's cost). At most freeMax() memories are kept per key, the
// most a process running GOMAXPROCS simulations at a time needs, plus one
// for the memory being released while another is taken; a Release past
// that drops the memory for the collector. So the memory held idle is
// bounded by (GOMAXPROCS+1) x the size of each layout ever released.
var (
	freeMu sync.Mutex
	free   = map[string][]*Memory{}
)

// freeMax is the bound on the released memories kept per layout.
func freeMax() int { return runtime.GOMAXPROCS(0) + 1 }

// takeFree removes and returns a released memory of the layout, or nil.
func takeFree(key string) *Memory {
	freeMu.Lock()
	defer freeMu.Unlock()
	l := free[key]
	if len(l) == 0 {
		return nil
	}
	m := l[len(l)-1]
	l[len(l)-1] = nil
	free[key] = l[:len(l)-1]
	return m
}

// Release gives the memory back for reuse by a later NewMemory of the same
// regions (kept while fewer than GOMAXPROCS+1 of its layout are). The
// caller promises that neither it nor anyone it gave the memory, a region
// or a slice of one to uses them again, and that every store to a region's
// Data since the memory was built or last reset was reported
// (ResetReported's rule); otherwise it must not call Release.
func (m *Memory) Release() {
	if m.key == "" {
		return
	}
	freeMu.Lock()
	defer freeMu.Unlock()
	l := free[m.key]
	if len(l) >= freeMax() || slices.Contains(l, m) {
		return
	}
	free[m.key] = append(l, m)
}

// Reset zeroes every region and forgets written ranges.
func (m *Memory) Reset() {
	for _, r := range m.Regions {
		clear(r.Data)
		clear(r.written)
		clear(r.dirty)
	}
}

// ResetReported is Reset for a memory whose every store to a region's
// Data was reported (through Bytes for writing or MarkWritten): it zeroes
// only the pages the memory's methods saw written since it was built or
// last reset (Load, LoadInto, PreloadRegion, DebugWrite and reported
// stores), and forgets written ranges. A region whose WrittenBits were
// taken is zeroed whole, as Reset does.
func (m *Memory) ResetReported() {
	for _, r := range m.Regions {
		if r.rawBits {
			clear(r.Data)
			clear(r.written)
			clear(r.dirty)
			continue
		}
		for w, word := range r.dirty {
			for word != 0 {
				p := uint64(w*64 + bits.TrailingZeros64(word))
				word &= word - 1
				lo := p * pageSize
				hi := min(lo+pageSize, uint64(len(r.Data)))
				clear(r.Data[lo:hi])
				clear(r.written[lo/64 : (hi+63)/64])
			}
			r.dirty[w] = 0
		}
	}
}

// touch marks the pages of bytes [off, off+n) of the region dirty.
func (r *Region) touch(off, n uint64) {
	if n == 0 {
		return
	}
	for p, last := off/pageSize, (off+n-1)/pageSize; p <= last; p++ {
		r.dirty[p/64] |= 1 << (p % 64)
	}
}

// Find returns the region containing addr, or nil.
func (m *Memory) Find(addr uint64) *Region {
	if r := m.last; r != nil && addr >= r.Base && addr < r.End {
		return r
	}
	for _, r := range m.Regions {
		if addr >= r.Base && addr < r.End {
			m.last = r
			return r
		}
	}
	return nil
}

// Bytes returns the n bytes at addr for an access of kind acc, or a trap
// when they are not all inside one region or the region forbids the access.
// Writes are recorded for WrittenRanges. The slice aliases memory.
func (m *Memory) Bytes(addr uint64, n uint64, acc Access) ([]byte, *Trap) {
	r := m.last
	if r == nil || addr < r.Base || addr+n > r.End || addr+n < addr {
		r = m.Find(addr)
		if r == nil || addr+n > r.End || addr+n < addr {
			return nil, m.accessTrap(addr, n, acc, r)
		}
	}
	switch {
	case acc == Read && !r.Readable, acc == Write && !r.Writable, acc == Exec && !r.Executable:
		return nil, m.accessTrap(addr, n, acc, r)
	}
	off := addr - r.Base
	if acc == Write && n > 0 {
		r.markWritten(off, n)
	}
	if m.watch != nil && acc != Exec {
		m.watch(addr, n, acc)
	}
	return r.Data[off : off+n : off+n], nil
}

// MarkWritten records a program store of n bytes at offset off of the
// region, for target cores whose fast store path writes Data directly
// instead of going through Bytes.
func (r *Region) MarkWritten(off, n uint64) { r.markWritten(off, n) }

// WrittenBits returns the region's written-byte bitmap, for target cores
// that mark their fast path's stores inline: bit i%64 of word i/64 stands
// for byte i of Data, and setting it is what MarkWritten(i, 1) does. It
// has (len(Data)+63)/64 words, so the word of any offset inside Data is
// inside it.
// Taking them makes ResetReported and WrittenRanges visit the whole region.
func (r *Region) WrittenBits() []uint64 {
	r.rawBits = true
	return r.written
}

func (r *Region) markWritten(off, n uint64) {
	if n == 0 {
		return
	}
	r.touch(off, n)
	end := off + n - 1 // last byte
	w, last := off/64, end/64
	lo, hi := ^uint64(0)<<(off%64), ^uint64(0)>>(63-end%64)
	if w == last {
		r.written[w] |= lo & hi
		return
	}
	r.written[w] |= lo
	for w++; w < last; w++ {
		r.written[w] = ^uint64(0)
	}
	r.written[last] |= hi
}

func (m *Memory) accessTrap(addr, n uint64, acc Access, r *Region) *Trap {
	var why string
	switch {
	case r == nil:
		why = "outside every memory region"
	case addr+n > r.End:
		why = fmt.Sprintf("runs past the end of %s", r.Name)
	default:
		why = fmt.Sprintf("%s is not %s", r.Name, map[Access]string{Read: "readable", Write: "writable", Exec: "executable"}[acc])
	}
	return &Trap{
		Kind: TrapAccess,
		Addr: addr,
		Msg:  fmt.Sprintf("%s of %d bytes at %#x: %s; memory map: %s", acc, n, addr, why, m.Map()),
	}
}

// Map describes the regions, e.g. "itcm [0x0,0x2000) rx, dtcm [0x10000,0x18000) rw".
func (m *Memory) Map() string {
	parts := make([]string, len(m.Regions))
	for i, r := range m.Regions {
		perm := ""
		if r.Readable {
			perm += "r"
		}
		if r.Writable {
			perm += "w"
		}
		if r.Executable {
			perm += "x"
		}
		parts[i] = fmt.Sprintf("%s [%#x,%#x) %s", r.Name, r.Base, r.End, perm)
	}
	return strings.Join(parts, ", ")
}

// Range is a half-open address range [Start, End).
type Range struct {
	Start uint64 `json:"start"`
	End   uint64 `json:"end"`
}

// WrittenRanges returns the address ranges the program stored to, merged,
// exact to the byte.
func (m *Memory) WrittenRanges() []Range {
	var out []Range
	for _, r := range m.Regions {
		if r.rawBits {
			out = r.writtenRanges(out, 0, len(r.written))
			continue
		}
		// Written bits lie in dirty pages only (markWritten touches them).
		for w, word := range r.dirty {
			for word != 0 {
				p := w*64 + bits.TrailingZeros64(word)
				// A run of dirty pages, visited at once.
				n := bits.TrailingZeros64(^(word >> uint(p%64)))
				word &^= (1<<uint(n) - 1) << uint(p%64)
				lo := p * pageSize / 64
				out = r.writtenRanges(out, lo, min(lo+n*pageSize/64, len(r.written)))
			}
		}
	}
	return out
}

// writtenRanges appends the written ranges of words [from, to) of the
// region's written bits to out, merging with its last range.
func (r *Region) writtenRanges(out []Range, from, to int) []Range {
	for w := from; w < to; w++ {
		word := r.written[w]
		for word != 0 {
			// The run of set bits from the lowest one: bytes [s, s+n)
			// of this 64-byte word.
			s := uint(bits.TrailingZeros64(word))
			n := uint(bits.TrailingZeros64(^(word >> s)))
			word &^= 1<<(s+n) - 1 // 1<<64 is 0: clears every bit
			a := r.Base + uint64(w)*64 + uint64(s)
			e := min(a+uint64(n), r.End)
			if k := len(out); k > 0 && out[k-1].End == a {
				out[k-1].End = e
			} else {
				out = append(out, Range{a, e})
			}
		}
	}
	return out
}

// Load copies data into memory at addr, ignoring permissions (it is the
// loader, not the program). It fails when the bytes are not all inside one
// region.
func (m *Memory) Load(addr uint64, data []byte) error {
	r := m.Find(addr)
	if r == nil || addr+uint64(len(data)) > r.End {
		return fmt.Errorf("%d bytes at %#x do not fit in one memory region (%s)", len(data), addr, m.Map())
	}
	copy(r.Data[addr-r.Base:], data)
	r.touch(addr-r.Base, uint64(len(data)))
	return nil
}

// Holds reports whether memory at addr holds exactly data (no copy, no
// permission check); false when the bytes are not all inside one region.
func (m *Memory) Holds(addr uint64, data []byte) bool {
	r := m.Find(addr)
	if r == nil || addr+uint64(len(data)) > r.End || addr+uint64(len(data)) < addr {
		return false
	}
	return bytes.Equal(r.Data[addr-r.Base:addr-r.Base+uint64(len(data))], data)
}

// Fill sets n bytes at addr to b, ignoring permissions (the loader, as
// Load). It fails when the bytes are not all inside one region.
func (m *Memory) Fill(addr, n uint64, b byte) error {
	r := m.Find(addr)
	if r == nil || addr+n > r.End || addr+n < addr {
		return fmt.Errorf("%d bytes at %#x do not fit in one memory region (%s)", n, addr, m.Map())
	}
	d := r.Data[addr-r.Base : addr-r.Base+n]
	switch {
	case b == 0:
		clear(d)
	case n > 0:
		d[0] = b
		for done := 1; done < len(d); done *= 2 {
			copy(d[done:], d[:done])
		}
	}
	r.touch(addr-r.Base, n)
	return nil
}

// Peek returns a copy of n bytes at addr, ignoring permissions.
func (m *Memory) Peek(addr, n uint64) ([]byte, error) {
	r := m.Find(addr)
	if r == nil || addr+n > r.End {
		return nil, fmt.Errorf("%d bytes at %#x are not inside one memory region (%s)", n, addr, m.Map())
	}
	return append([]byte(nil), r.Data[addr-r.Base:addr-r.Base+n]...), nil
}
