package vec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"strings"
	"sync/atomic"
	"unsafe"
)

// SIMD dispatch. The element loops of this package first offer their work
// to a kernel of the SIMD path in use (generated assembly, see gen.go and
// internal/asmgen) and run the pure-Go loop on whatever the kernel left:
// everything when no kernel exists for the operation, element width and
// path, or (AVX2) the masked cases and the ragged tail after the last
// whole 256-bit chunk. Kernels are bit-identical to the pure-Go loops; the
// tests in simd_test.go hold them to it.
//
// The path is chosen once at start-up from the host's features (cpuid):
// "avx512" (AVX-512 F, BW and VL), else "avx2", else "generic" (pure Go,
// also on other architectures and under the purego build tag). The
// environment variable KC_SIMD (read once at init) forces a path:
// KC_SIMD=generic forces the pure-Go fallback; KC_SIMD=avx2 selects AVX2
// even on an AVX-512 host.

// Kernel families (which loop a kernel serves).
const (
	famBin    = iota // BinVV*/BinVX* (single-width binary, fixed-point)
	famMac           // MacVV*/MacVX*
	famWide          // Wide/WideX
	famWideW         // WideW/WideWX
	famNarrow        // Narrow/NarrowX
	famCmp           // CmpVV*/CmpVX*
	famMerge         // Merge/MergeX
	famRed           // Red
	famWRed          // WRed
	famExt2          // Ext by a factor of 2
	famExt4          // Ext by a factor of 4
)

// Instruction sets of the kernels.
const (
	isaAVX512 = iota
	isaAVX2
	nISA
)

var isaNames = [nISA]string{"avx512", "avx2"}

// opCount bounds the Op values.
const opCount = int(MSbc) + 1

// kdesc describes one generated kernel (see ktab_amd64.go).
type kdesc struct {
	isa, fam int
	op       Op
	sew      int
	vx       bool
	rm       int  // vxrm of a narrowing clip; -1: any
	chunk    int  // AVX2 and full variants: elements per chunk (unmasked whole chunks only); 0: masks and tails handled
	full     bool // an AVX-512 full variant of a famBin/famMac kernel (see Kernel)
	reg      bool // the full variant's register entry, for runBatch only
}

// kent is a table entry: the kernel id (0: none) and its chunk.
type kent struct {
	id    uint16
	chunk uint16
	// The kernel's full variant, if any: unmasked whole chunks of fchunk
	// elements (AVX-512 single-width ops); the register entry of that
	// variant, or of a chunked (AVX2) kernel.
	fid, fchunk, rid uint16
	flags            uint8 // kVX, kMac
}

// kent flags.
const (
	kVX  = 1 << iota // b is a pointer to the scalar
	kMac             // the kernel reads d
)

// ktab holds the kernels of one path, indexed by element width (0: SEW 8,
// 1: 16, 2: 32), operation and form (0: .vv, 1: .vx).
type ktab struct {
	name      string
	isa       int                    // isaAVX512 or isaAVX2
	copyWidth int                    // the widest unmasked move of the path: 64 (AVX-512) or 32 (AVX2) bytes
	bin       [3][opCount][2][4]kent // [sew][op][form][vxrm]
	wide      [2][opCount][2]kent
	wideW     [2][opCount][2]kent
	narrow    [2][opCount][2][4]kent
	cmp       [3][opCount][2]kent
	merge     [3][2]kent
	red       [3][opCount]kent
	wred      [2][2]kent // [sew][0: signed, 1: unsigned]
	ext       [3][2]kent // [0: 8→16, 1: 16→32, 2: 8→32][0: signed, 1: unsigned]
}

var (
	tabs  [nISA]*ktab          // the paths this host supports (nil: not supported)
	cur   atomic.Pointer[ktab] // the path in use; nil: generic
	epoch atomic.Uint32        // incremented whenever the path changes
)

// setCur installs a path and bumps the epoch, so that callers holding
// kernels resolved for the old path (see Kernel) resolve them again.
func setCur(t *ktab) {
	cur.Store(t)
	epoch.Add(1)
}

func init() {
	for i, ok := range hostISA() {
		if ok {
			tabs[i] = buildTab(i)
		}
	}
	if err := applyEnv(os.Getenv("KC_SIMD")); err != nil {
		msg := err.Error()
		envErr.Store(&msg)
	}
}

// envErr is EnvError's message (nil: none).
var envErr atomic.Pointer[string]

// EnvError reports why the KC_SIMD environment variable could not be
// honoured: a value that names no path, or a path this CPU lacks. It is
// nil when KC_SIMD is unset or honoured, or once SetPath has chosen a
// path. The simulator refuses to start while it is not nil, so a typo
// does not silently select another path.
func EnvError() error {
	if m := envErr.Load(); m != nil {
		return errors.New(*m)
	}
	return nil
}

// applyEnv selects the path KC_SIMD names (the best one for "" or
// "auto"). For a value it cannot honour it selects the best path and
// says why.
func applyEnv(v string) error {
	switch v {
	case "", "auto":
		setCur(best())
		return nil
	case "generic", "go", "fallback", "off":
		setCur(nil)
		return nil
	case "avx2", "avx512":
		if SetPath(v) {
			return nil
		}
		setCur(best())
		return fmt.Errorf("KC_SIMD=%s: this CPU has no %s (available: %s)", v, v, strings.Join(append(Paths(), "generic"), ", "))
	}
	setCur(best())
	return fmt.Errorf("KC_SIMD=%q: want auto, generic (or go, fallback, off), avx2 or avx512", v)
}

func best() *ktab {
	for _, t := range tabs {
		if t != nil {
			return t
		}
	}
	return nil
}

func buildTab(isa int) *ktab {
	t := &ktab{name: isaNames[isa], isa: isa, copyWidth: 32}
	if isa == isaAVX512 {
		t.copyWidth = 64
	}
	for i, k := range kernelList() {
		if k.isa != isa {
			continue
		}
		e := kent{id: uint16(i + 1), chunk: uint16(k.chunk)}
		if k.vx {
			e.flags |= kVX
		}
		if k.fam == famMac {
			e.flags |= kMac
		}
		w := bits.TrailingZeros(uint(k.sew / 8))
		f := 0
		if k.vx {
			f = 1
		}
		switch k.fam {
		case famBin, famMac:
			for rm := range 4 {
				if k.rm < 0 || k.rm == rm {
					b := &t.bin[w][k.op][f][rm]
					b.flags = e.flags
					if k.reg {
						b.rid = e.id
					} else if k.full {
						b.fid, b.fchunk = e.id, e.chunk
					} else {
						b.id, b.chunk = e.id, e.chunk
					}
				}
			}
		case famWide:
			t.wide[w][k.op][f] = e
		case famWideW:
			t.wideW[w][k.op][f] = e
		case famNarrow:
			for rm := range 4 {
				if k.rm < 0 || k.rm == rm {
					t.narrow[w][k.op][f][rm] = e
				}
			}
		case famCmp:
			t.cmp[w][k.op][f] = e
		case famMerge:
			t.merge[w][f] = e
		case famRed:
			t.red[w][k.op] = e
		case famWRed:
			u := 0
			if k.op == WAddU {
				u = 1
			}
			t.wred[w][u] = e
		case famExt2, famExt4:
			u := 0
			if k.op == WAddU {
				u = 1
			}
			x := w // 8→16 or 16→32
			if k.fam == famExt4 {
				x = 2
			}
			t.ext[x][u] = e
		}
	}
	return t
}

// UseFallback forces the pure-Go loops (on = true) or returns to the best
// SIMD path the host supports (on = false). Meant for tools and tests; the
// switch is atomic, but loops already running finish on the old path.
func UseFallback(on bool) {
	if on {
		setCur(nil)
	} else {
		setCur(best())
	}
}

// Path names the element-loop path in use: "avx512", "avx2" or "generic".
func Path() string {
	if t := cur.Load(); t != nil {
		return t.name
	}
	return "generic"
}

// Paths lists the SIMD paths the host supports, best first ("generic" is
// always available and not listed).
func Paths() []string {
	var p []string
	for _, t := range tabs {
		if t != nil {
			p = append(p, t.name)
		}
	}
	return p
}

// SetPath selects a path by name ("avx512", "avx2" or "generic") and
// reports whether the host supports it; on false the path is unchanged.
//
// A successful SetPath clears EnvError: the path is chosen.
func SetPath(name string) bool {
	if name == "generic" {
		setCur(nil)
		envErr.Store(nil)
		return true
	}
	for _, t := range tabs {
		if t != nil && t.name == name {
			setCur(t)
			envErr.Store(nil)
			return true
		}
	}
	return false
}

// sewIdx maps an element size in bytes (1, 2, 4) to a table index.
func sewIdx(size uintptr) int { return bits.TrailingZeros(uint(size)) }

// onesTab[n] is ones(n): the window of an unmasked run of n elements.
var onesTab = func() (t [129][2]uint64) {
	for n := range t {
		t[n] = ones(n)
	}
	return t
}()

// ones returns the window with bits [0, n) set (n ≤ 128).
func ones(n int) [2]uint64 {
	if n >= 64 {
		return [2]uint64{^uint64(0), uint64(1)<<uint(n-64) - 1}
	}
	return [2]uint64{uint64(1)<<uint(n) - 1, 0}
}

// window returns mask bits [s, s+n) (n ≤ 128) shifted down to bit 0; a nil
// mask gives n ones.
func window(mask []byte, s, n int) [2]uint64 {
	lim := &onesTab[n]
	if mask == nil {
		return *lim
	}
	sh := uint(s & 7)
	if i := s >> 3; len(mask)-i >= 16 {
		lo := binary.LittleEndian.Uint64(mask[i:])
		mid := binary.LittleEndian.Uint64(mask[i+8:])
		var hi uint64
		if sh != 0 && len(mask)-i > 16 {
			hi = uint64(mask[i+16])
		}
		return [2]uint64{(lo>>sh | mid<<(64-sh)) & lim[0], (mid>>sh | hi<<(64-sh)) & lim[1]}
	}
	var buf [24]byte
	copy(buf[:], mask[s>>3:])
	lo := binary.LittleEndian.Uint64(buf[0:])
	mid := binary.LittleEndian.Uint64(buf[8:])
	hi := binary.LittleEndian.Uint64(buf[16:])
	return [2]uint64{(lo>>sh | mid<<(64-sh)) & lim[0], (mid>>sh | hi<<(64-sh)) & lim[1]}
}

// bits8 returns bits [off, off+8) of x (bits below 0 read as 0).
func bits8(x *[2]uint64, off int) byte {
	switch {
	case off < 0:
		return byte(x[0] << uint(-off))
	case off < 64:
		return byte(x[0]>>uint(off) | x[1]<<(64-uint(off)))
	case off < 128:
		return byte(x[1] >> uint(off-64))
	}
	return 0
}

// putBits writes bit i of r to bit s+i of dm wherever bit i of w is set.
func putBits(dm []byte, s, n int, r, w *[2]uint64) {
	if i := s >> 3; s&7 == 0 && len(dm)-i >= 16 { // byte-aligned: two words
		lo := binary.LittleEndian.Uint64(dm[i:])
		hi := binary.LittleEndian.Uint64(dm[i+8:])
		binary.LittleEndian.PutUint64(dm[i:], lo&^w[0]|r[0]&w[0])
		binary.LittleEndian.PutUint64(dm[i+8:], hi&^w[1]|r[1]&w[1])
		return
	}
	for j := s >> 3; j <= (s+n-1)>>3; j++ {
		off := j*8 - s
		mb := bits8(w, off)
		dm[j] = dm[j]&^mb | bits8(r, off)&mb
	}
}

func bptr(p unsafe.Pointer, i int, size uintptr) *byte {
	return (*byte)(unsafe.Add(p, uintptr(i)*size))
}

// span runs kernel k over the elements [s, e) and returns the saturation
// flag and the first element it left for the pure-Go loop (e when it did
// everything). ds, as and bs are the element sizes of d, a and b (bs = 0:
// b points to a scalar).
func span(k kent, d, a, b unsafe.Pointer, ds, as, bs uintptr, mask []byte, s, e int) (sat bool, rest int) {
	if k.id == 0 || s >= e {
		return false, s
	}
	if n := e - s; k.chunk == 0 && n <= 128 { // one register group: one call
		var w [2]uint64
		m := &onesTab[n]
		if mask != nil {
			w = window(mask, s, n)
			m = &w
		}
		return callK(k.id, bptr(d, s, ds), bptr(a, s, as), bptr(b, s, bs), n, m), e
	}
	if k.chunk != 0 { // AVX2: unmasked whole chunks
		if mask != nil {
			return false, s
		}
		n := (e - s) &^ (int(k.chunk) - 1)
		if n == 0 {
			return false, s
		}
		return callK(k.id, bptr(d, s, ds), bptr(a, s, as), bptr(b, s, bs), n, nil), s + n
	}
	for s < e {
		n := min(e-s, 128)
		w := window(mask, s, n)
		if callK(k.id, bptr(d, s, ds), bptr(a, s, as), bptr(b, s, bs), n, &w) {
			sat = true
		}
		s += n
	}
	return sat, e
}

// redBlock runs reduction kernel k on the next block of a[s:e] and returns
// its length and result (the fold of its active elements from the
// operation's identity); ok is false when the kernel cannot take it.
func redBlock(k kent, a unsafe.Pointer, as uintptr, mask []byte, s, e int) (n int, r uint64, ok bool) {
	if k.id == 0 || s >= e {
		return 0, 0, false
	}
	if k.chunk != 0 {
		n = (e - s) &^ (int(k.chunk) - 1)
		if mask != nil || n == 0 {
			return 0, 0, false
		}
		return n, callRed(k.id, bptr(a, s, as), n, nil), true
	}
	n = min(e-s, 128)
	if mask == nil {
		return n, callRed(k.id, bptr(a, s, as), n, &onesTab[n]), true
	}
	w := window(mask, s, n)
	return n, callRed(k.id, bptr(a, s, as), n, &w), true
}
