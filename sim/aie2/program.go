package aie2

import (
	"bytes"
	"sync"
	"sync/atomic"

	isadefs "kernelcraft/isa-defs"
)

// program holds the decoded bundles of one program-memory image. Machines
// that load the same bytes (a kernel run on case after case, the visible
// and hidden cases on two goroutines at once) share it: a bundle is
// decoded by the first machine that issues it and published; published
// bundles are never changed (what a run annotates them with is kept per
// machine), so sharing needs no lock on the fetch path.
type program struct {
	isa    *isadefs.ISA
	mem    []byte // the program memory decoded (nil: private to one machine)
	lo, hi uint32 // the code: bundle slots for the even addresses in [lo, hi)
	slot   []atomic.Pointer[bundle]
}

// at returns the slot of the bundle at pc, nil outside the code or at an
// odd address.
func (p *program) at(pc uint32) *atomic.Pointer[bundle] {
	if pc < p.lo || pc >= p.hi || (pc-p.lo)&1 != 0 {
		return nil
	}
	return &p.slot[(pc-p.lo)>>1]
}

func newProgram(isa *isadefs.ISA, mem []byte, lo, hi uint32) *program {
	return &program{isa: isa, mem: mem, lo: lo, hi: hi, slot: make([]atomic.Pointer[bundle], (hi-lo+1)/2)}
}

// keepPrograms bounds the shared programs kept (most recently loaded).
const keepPrograms = 8

var programs struct {
	sync.Mutex
	recent []*program // most recently loaded first
}

// sharedProgram returns the shared program of a program memory's bytes
// and code range, making it if no recently loaded one matches.
func sharedProgram(isa *isadefs.ISA, mem []byte, lo, hi uint32) *program {
	programs.Lock()
	defer programs.Unlock()
	r := programs.recent
	for i, p := range r {
		if p.isa == isa && p.lo == lo && p.hi == hi && bytes.Equal(p.mem, mem) {
			copy(r[1:i+1], r[:i])
			r[0] = p
			return p
		}
	}
	p := newProgram(isa, bytes.Clone(mem), lo, hi)
	if len(r) < keepPrograms {
		r = append(r, nil)
	}
	copy(r[1:], r[:len(r)-1])
	r[0] = p
	programs.recent = r
	return p
}
