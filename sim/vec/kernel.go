package vec

// Kernels resolved ahead. A simulator that decodes its instructions once
// (sim/coral caches a plan per instruction and vtype) can look the SIMD
// kernel of an element loop up once and then call it directly, without the
// per-call table lookups and generic wrappers of BinVV8 and friends. The
// kernels are the same ones those functions use, so the results are the
// same bit for bit; a zero Kernel (no kernel on the path in use, or the
// pure-Go fallback) means the caller runs the ordinary function instead.

// Kernel is one element kernel of the SIMD path in use. The zero Kernel
// is no kernel.
type Kernel struct {
	fn    func(d, a, b *byte, n int, m *[2]uint64) bool
	chunk uint16 // AVX2: elements per chunk (unmasked whole chunks only); 0: any n ≤ 128, masked or not
	id    uint16 // index in kfuncs and kpcs
	// A full variant (AVX-512 single-width ops): the same operation on
	// whole chunks of fchunk elements with no mask, whose unmasked loads
	// and stores let one kernel's result be forwarded to the next one's
	// load. Batch uses it when n is a multiple of fchunk.
	fid, fchunk uint16
	rid         uint16 // the register entry of the full variant or of a chunked kernel (kpcs only)
	flags       uint8  // kVX, kMac
}

// Epoch changes whenever the path in use changes (UseFallback, SetPath):
// kernels resolved under an earlier epoch must be resolved again.
func Epoch() uint32 { return epoch.Load() }

// Valid reports whether k is a kernel.
func (k Kernel) Valid() bool { return k.fn != nil }

// Run runs k on elements [0, n) of the operands at d, a and b (for .vx
// forms, b points to the scalar, in its low bytes) with the element mask
// (nil: all active; inactive elements are left unchanged). It reports
// whether a fixed-point operation saturated, and ok = false, having done
// nothing, when the kernel cannot take the call: more than 128 elements,
// or (AVX2) a mask or an n that is not a whole number of chunks.
func (k Kernel) Run(d, a, b *byte, n int, mask []byte) (sat, ok bool) {
	if k.chunk == 0 {
		if n <= 0 || n > 128 {
			return false, false
		}
		if mask == nil {
			return k.fn(d, a, b, n, &onesTab[n]), true
		}
		if len(mask) < (n+7)>>3 {
			return false, false
		}
		w := window(mask, 0, n)
		return k.fn(d, a, b, n, &w), true
	}
	if mask != nil || n <= 0 || n&(int(k.chunk)-1) != 0 {
		return false, false
	}
	return k.fn(d, a, b, n, nil), true
}

// KernelFunc is the signature of an element kernel: elements [0, n) of
// the operands at d, a and b under the mask window m; it reports
// saturation.
type KernelFunc = func(d, a, b *byte, n int, m *[2]uint64) bool

// Direct returns k's function and chunk, for a caller that calls it
// without Run's checks: with chunk 0, any 0 < n ≤ 128 and m a mask
// window (Ones()[n] for all elements active); else whole chunks only,
// unmasked, m nil.
func (k Kernel) Direct() (fn KernelFunc, chunk int) { return k.fn, int(k.chunk) }

// Ones returns the mask windows of unmasked runs: Ones()[n] for n ≤ 128
// elements.
func Ones() *[129][2]uint64 { return &onesTab }

// RunAll is Run with no mask (all elements active).
func (k Kernel) RunAll(d, a, b *byte, n int) (sat, ok bool) {
	if k.chunk == 0 {
		if uint(n-1) >= 128 {
			return false, false
		}
		return k.fn(d, a, b, n, &onesTab[n]), true
	}
	if n <= 0 || n&(int(k.chunk)-1) != 0 {
		return false, false
	}
	return k.fn(d, a, b, n, nil), true
}

func (t *ktab) kernel(e kent) Kernel {
	if e.id == 0 || int(e.id) >= len(kfuncs) || kfuncs[e.id] == nil {
		return Kernel{}
	}
	k := Kernel{fn: kfuncs[e.id], chunk: e.chunk, id: e.id, flags: e.flags}
	if e.fid != 0 && int(e.fid) < len(kfuncs) && kfuncs[e.fid] != nil {
		k.fid, k.fchunk = e.fid, e.fchunk
	}
	if e.rid != 0 && int(e.rid) < len(kpcs) && (k.fid != 0 || k.chunk > 0) {
		k.rid = e.rid
	}
	return k
}

// sewOK maps SEW 8, 16, 32 to a table index; ok is false for others.
func sewOK(sew int) (int, bool) {
	switch sew {
	case 8:
		return 0, true
	case 16:
		return 1, true
	case 32:
		return 2, true
	}
	return 0, false
}

func form(vx bool) int {
	if vx {
		return 1
	}
	return 0
}

// BinKernel is the kernel of BinVV*/BinVX* (vx) and MacVV*/MacVX* for op
// at element width sew (8, 16, 32) and fixed-point rounding mode vxrm.
func BinKernel(op Op, sew int, vx bool, vxrm uint32) Kernel {
	t := cur.Load()
	w, ok := sewOK(sew)
	if t == nil || !ok || int(op) >= opCount {
		return Kernel{}
	}
	return t.kernel(t.bin[w][op][form(vx)][vxrm&3])
}

// WideKernel is the kernel of Wide/WideX (wideW false) or WideW/WideWX
// (wideW true) for op with SEW sources of width sew (8 or 16).
func WideKernel(op Op, sew int, vx, wideW bool) Kernel {
	t := cur.Load()
	w, ok := sewOK(sew)
	if t == nil || !ok || w > 1 || int(op) >= opCount {
		return Kernel{}
	}
	if wideW {
		return t.kernel(t.wideW[w][op][form(vx)])
	}
	return t.kernel(t.wide[w][op][form(vx)])
}

// NarrowKernel is the kernel of Narrow/NarrowX for op with results of
// width sew (8 or 16) and rounding mode vxrm.
func NarrowKernel(op Op, sew int, vx bool, vxrm uint32) Kernel {
	t := cur.Load()
	w, ok := sewOK(sew)
	if t == nil || !ok || w > 1 || int(op) >= opCount {
		return Kernel{}
	}
	return t.kernel(t.narrow[w][op][form(vx)][vxrm&3])
}

// ExtKernel is the kernel of Ext from elements of width from to width to
// (8→16, 16→32, 8→32). The kernel reads its source from a (b is unused:
// pass a again).
func ExtKernel(from, to int, signed bool) Kernel {
	t := cur.Load()
	if t == nil {
		return Kernel{}
	}
	x := -1
	switch {
	case from == 8 && to == 16:
		x = 0
	case from == 16 && to == 32:
		x = 1
	case from == 8 && to == 32:
		x = 2
	}
	if x < 0 {
		return Kernel{}
	}
	u := 0
	if !signed {
		u = 1
	}
	return t.kernel(t.ext[x][u])
}
