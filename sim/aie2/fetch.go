package aie2

// Fetching bundles: decoded from program memory through the program's
// slots and the cache of decoded bundles shared across machines.

import (
	"fmt"
	"sync"
	"sync/atomic"

	isadefs "kernelcraft/isa-defs"
)

// fetch returns the bundle at pc, decoded (from the program's shared
// slots unless ref; an address outside the code is decoded each time).
func (m *Machine) fetch(pc uint32, ref bool) *bundle {
	var slot *atomic.Pointer[bundle]
	if !ref && m.prog != nil {
		if slot = m.prog.at(pc); slot != nil {
			if b := slot.Load(); b != nil {
				return b
			}
		}
	}
	b := m.decode(pc, !ref)
	if slot != nil {
		if !slot.CompareAndSwap(nil, b) {
			return slot.Load() // another machine published it first
		}
	}
	return b
}

// decode decodes the bundle at pc from program memory (through the
// cache of decoded bundles if cached). The bundle is complete (its
// operations' accesses listed) before anyone sees it.
func (m *Machine) decode(pc uint32, cached bool) *bundle {
	b := &bundle{pc: pc}
	r := m.pmem
	if uint64(pc) < r.Base || uint64(pc) >= r.End {
		_, err := m.mem.Peek(uint64(pc), 16)
		b.bad = fmt.Sprintf("instruction fetch: %v", err)
		return b
	}
	code := r.Data[uint64(pc)-r.Base : min(uint64(pc)-r.Base+16, uint64(len(r.Data)))]
	var key bundleKey
	if f, ok := m.isa.FormatOf(code); ok && cached {
		key = bundleKey{isadefs.BundleFrom(code[:f.Bits/8]), uint8(f.Bits / 8)}
		if t := decoded.get(key); t != nil {
			nb := *t
			nb.pc = pc
			return &nb
		}
	}
	_, size, ops, ok := m.isa.Unpack(code)
	if !ok {
		b.bad = fmt.Sprintf("the bytes at %#x (% x) are no bundle of any format", pc, code[:min(len(code), 4)])
		return b
	}
	b.size = size
	for _, so := range ops {
		if so.Inst == nil {
			b.bad = fmt.Sprintf("slot %s of the bundle at %#x holds %#x, which decodes to no instruction", so.Slot, pc, so.Word)
			return b
		}
		if m.isa.IsNop(so.Inst) {
			continue
		}
		o := decodeOp(m.isa, so.Inst, so.Word)
		if o.kind != kUnsupported {
			o.accesses() // built now: published bundles do not change
		}
		b.ops = append(b.ops, o)
	}
	b.doneAfter()
	if key.size != 0 {
		decoded.put(key, b)
	}
	return b
}

// bundleKey is a bundle's bytes and size.
type bundleKey struct {
	bits isadefs.Bundle
	size uint8
}

// decoded caches decoded bundles by their bytes across programs and
// machines (an unrolled kernel repeats bundles, and every case of a
// kernel decodes the same ones): the operations are a function of the
// bytes alone and never change once decoded (their accesses are listed
// before they are published), so bundles with the same bytes share them.
// Bundles with an unsupported operation are not kept (their errors name
// the address).
var decoded bundleCache

// maxDecoded bounds the cached bundles; past it the cache starts over.
const maxDecoded = 1 << 16

type bundleCache struct {
	sync.Mutex
	m map[bundleKey]*bundle
}

func (c *bundleCache) get(k bundleKey) *bundle {
	c.Lock()
	defer c.Unlock()
	return c.m[k]
}

func (c *bundleCache) put(k bundleKey, b *bundle) {
	for _, o := range b.ops {
		if o.kind == kUnsupported {
			return
		}
	}
	c.Lock()
	defer c.Unlock()
	if c.m == nil || len(c.m) >= maxDecoded {
		c.m = map[bundleKey]*bundle{}
	}
	c.m[k] = b
}
