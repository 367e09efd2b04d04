package vec

import "unsafe"

// Batches. A simulator that runs the same straight run of vector
// instructions again and again (a loop body) pays, per instruction, for
// finding its kernel, checking its operands and calling it from Go; on
// LMUL 8 loops of 32-bit elements that costs more than the element loops
// themselves. A Batch records such a run once, as a fixed list of kernel
// calls on fixed register-file operands and of byte copies (the unit-stride
// loads and stores, whose memory side the caller points anew before each
// run), and Run executes the list in one call: on amd64 an assembly loop
// that calls each kernel's ABI0 entry directly, elsewhere a Go loop. The
// kernels are the ones Kernel.Run calls, so results are bit for bit those
// of calling them one by one, in order.

// bstep is one step of a batch; its layout (80 bytes) is known to
// batch_amd64.s.
type bstep struct {
	pc  uintptr        // the kernel's ABI0 entry (kpcs); 0: copy n bytes from a to d
	d   unsafe.Pointer // destination
	a   unsafe.Pointer // vs2 operand, or copy source
	b   unsafe.Pointer // vs1 operand or scalar
	n   int            // elements (kernel) or bytes (copy)
	m   *[2]uint64     // mask window (nil for chunked AVX2 kernels)
	sat uintptr        // kernel: 1 if its saturation report counts; copy: the widest move to use (16, 32, 64 bytes)
	fn  KernelFunc     // the kernel, for the Go runner
	reg uintptr        // 1: pc is a register entry (d, a, b, n in AX, CX, DX, BX; result in AL)
	fwd uintptr        // register entry: which operands are the previous step's result (SI; see bin512); copy: 1 if a load leaves its chunks in Z30/Z31 or Y12–Y15, 2 if a store takes them from there
}

// Batch is a recorded list of kernel calls and byte copies (see above). The
// zero Batch is empty and ready to use. A Batch holds pointers into the
// operands it was given: they must stay where they are while it is used.
type Batch struct {
	steps []bstep
	// The destination and size of the last step if it leaves its result
	// in registers (Z30/Z31 or Y12–Y15: a register entry or a load of
	// whole chunks, at most 128 bytes), for the next kernel to take its
	// operands from there.
	fwdD     unsafe.Pointer
	fwdBytes int
}

// Reset empties b, keeping its storage.
func (b *Batch) Reset() { b.steps, b.fwdD = b.steps[:0], nil }

// AddKernel records a call of k on elements [0, n) of the operands at d,
// a and bp with no mask, as Kernel.RunAll makes it; sat says whether its
// saturation report counts towards Run's result. It reports false, having
// recorded nothing, when RunAll would not take the call (no kernel, n out
// of range, or not a whole number of AVX2 chunks).
func (b *Batch) AddKernel(k Kernel, d, a, bp *byte, n int, sat bool) bool {
	if k.fn == nil || int(k.id) >= len(kpcs) {
		return false
	}
	s := bstep{
		pc: kpcs[k.id], d: unsafe.Pointer(d), a: unsafe.Pointer(a), b: unsafe.Pointer(bp),
		n: n, fn: k.fn,
	}
	if k.chunk == 0 {
		if uint(n-1) >= 128 {
			return false
		}
		s.m = &onesTab[n]
		if k.fid != 0 && n%int(k.fchunk) == 0 {
			s.pc, s.fn, s.m = kpcs[k.fid], kfuncs[k.fid], nil
			if k.rid != 0 && kpcs[k.rid] != 0 {
				s.pc, s.reg = kpcs[k.rid], 1
			}
		}
	} else if n <= 0 || n&(int(k.chunk)-1) != 0 {
		return false
	} else if k.rid != 0 && kpcs[k.rid] != 0 {
		s.pc, s.reg = kpcs[k.rid], 1
	}
	if sat {
		s.sat = 1
	}
	if batchAsm && s.pc == 0 {
		return false
	}
	b.forward(k, &s)
	b.steps = append(b.steps, s)
	return true
}

// forward sets s's forwarding flags (the operands that are the previous
// step's result, still in Z30/Z31) and records what s leaves there.
func (b *Batch) forward(k Kernel, s *bstep) {
	prev := b.fwdD
	b.fwdD = nil
	// The register entries that forward: AVX-512 full variants (64-byte
	// chunks, Z30/Z31) and AVX2 chunked kernels (32-byte chunks, Y12–Y15),
	// on groups of at most 128 bytes.
	var bytes int
	switch {
	case s.reg == 0:
		return
	case k.fid != 0:
		bytes = s.n / int(k.fchunk) * 64
	case k.chunk > 0:
		bytes = s.n / int(k.chunk) * 32
	default:
		return
	}
	if bytes > 128 {
		return
	}
	// The kernel stores its chunk c before it reads chunk c+1 of its
	// operands: a destination overlapping the forwarded result other than
	// exactly could change what that read sees in memory.
	span := uintptr(bytes)
	overlap := uintptr(s.d) < uintptr(prev)+span && uintptr(prev) < uintptr(s.d)+span
	if prev != nil && b.fwdBytes == bytes && (s.d == prev || !overlap) {
		if s.a == prev {
			s.fwd |= 1
		}
		if k.flags&kVX == 0 && s.b == prev {
			s.fwd |= 2
		}
		if k.flags&kMac != 0 && s.d == prev {
			s.fwd |= 4
		}
	}
	b.fwdD, b.fwdBytes = s.d, bytes
}

// AddCopy records a copy of n > 0 bytes and returns its index, for
// SetCopy to point it at its source and destination before each Run.
// Until then it copies nothing: both are nil.
func (b *Batch) AddCopy(n int) int {
	b.fwdD = nil // the copy may overwrite the forwarded result's group
	w := uintptr(16)
	if t := cur.Load(); t != nil {
		w = uintptr(t.copyWidth)
	}
	b.steps = append(b.steps, bstep{n: n, sat: w})
	return len(b.steps) - 1
}

// AddLoad records a copy of n > 0 bytes into the fixed destination d
// (the register side of a load), from a source SetCopyFrom sets before
// each Run, and returns its index. Unlike AddCopy's, its destination must
// not change: a load of whole chunks (64 bytes on AVX-512, 32 on AVX2)
// of at most 128 bytes leaves them in registers for the next kernel to
// read (see bin512 and bin2), as a kernel's result does.
func (b *Batch) AddLoad(n int, d *byte) int {
	i := b.AddCopy(n)
	s := &b.steps[i]
	s.d = unsafe.Pointer(d)
	if (s.sat == 64 || s.sat == 32) && n%int(s.sat) == 0 && n <= 128 {
		s.fwd = 1
		b.fwdD, b.fwdBytes = s.d, n
	}
	return i
}

// AddStore records a copy of n > 0 bytes from the fixed source a (the
// register side of a store) to a destination SetCopyTo sets before each
// Run, and returns its index. Unlike AddCopy's, its source must not
// change: when a is the group of n bytes the previous step left in
// registers (a register entry's result or a forwarding load), the copy
// writes those registers out rather than reading a back from memory.
func (b *Batch) AddStore(n int, a *byte) int {
	prev, bytes := b.fwdD, b.fwdBytes
	i := b.AddCopy(n)
	s := &b.steps[i]
	s.a = unsafe.Pointer(a)
	if prev != nil && prev == s.a && bytes == n {
		s.fwd = 2
	}
	return i
}

// SetCopy points copy step i (from AddCopy) at d and a: Run copies its n
// bytes from a to d, which must not overlap and must hold n bytes each.
func (b *Batch) SetCopy(i int, d, a *byte) {
	s := &b.steps[i]
	s.d, s.a = unsafe.Pointer(d), unsafe.Pointer(a)
}

// SetCopyFrom points copy step i's source at a (its destination is kept):
// for a caller whose copies keep one side fixed.
func (b *Batch) SetCopyFrom(i int, a unsafe.Pointer) { b.steps[i].a = a }

// SetCopyTo points copy step i's destination at d (its source is kept).
// Not for a load (AddLoad); the way for a store (AddStore).
func (b *Batch) SetCopyTo(i int, d unsafe.Pointer) { b.steps[i].d = d }

// Run executes the steps in order and reports whether a kernel recorded
// with sat saturated. Every copy step must have been pointed by SetCopy.
func (b *Batch) Run() (sat bool) {
	if len(b.steps) == 0 {
		return false
	}
	if batchAsm {
		return runBatch(&b.steps[0], len(b.steps))
	}
	return runBatchGo(b.steps)
}

// runBatchGo is Run's Go loop, for builds without the assembly runner.
func runBatchGo(steps []bstep) (sat bool) {
	for i := range steps {
		s := &steps[i]
		if s.fn == nil { // a copy
			copy(unsafe.Slice((*byte)(s.d), s.n), unsafe.Slice((*byte)(s.a), s.n))
			continue
		}
		if s.fn((*byte)(s.d), (*byte)(s.a), (*byte)(s.b), s.n, s.m) && s.sat != 0 {
			sat = true
		}
	}
	return sat
}

// Batching reports whether the path in use has kernels to batch: false on
// the pure-Go fallback, where every element loop runs in Go one
// instruction at a time.
func Batching() bool { return cur.Load() != nil }
