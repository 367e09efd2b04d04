package vec

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The SIMD kernels must give exactly what the pure-Go loops give: every
// test here runs the same random inputs through a SIMD path and through
// the fallback and compares results, untouched elements, mask bits and
// vxsat. A path the host lacks is skipped.

const iters = 150

// forPaths runs f once per SIMD path; inside, same(name, call) runs call on
// fresh inputs under the path and under the fallback and compares.
func forPaths(t *testing.T, f func(t *testing.T, r *rand.Rand, same func(name string, call func() any))) {
	for _, p := range []string{"avx512", "avx2"} {
		t.Run(p, func(t *testing.T) {
			if !slices.Contains(Paths(), p) {
				t.Skipf("host lacks %s", p)
			}
			prev := Path()
			defer SetPath(prev)
			r := rand.New(rand.NewPCG(1, uint64(len(p))))
			fails := 0
			f(t, r, func(name string, call func() any) {
				SetPath(p)
				got := call()
				SetPath("generic")
				want := call()
				if !reflect.DeepEqual(got, want) && fails < 5 {
					fails++
					t.Errorf("%s:\n %s: %v\n  generic: %v", name, p, got, want)
				}
			})
		})
	}
}

// rnd returns n random elements biased to the edges (MIN, MAX, around 0).
func rnd[T Signed](r *rand.Rand, n int) []T {
	var z T
	bits := sizeBits(z)
	s := make([]T, n)
	for i := range s {
		switch r.IntN(8) {
		case 0:
			s[i] = T(int64(1)<<(bits-1) - 1)
		case 1:
			s[i] = T(-int64(1) << (bits - 1))
		case 2:
			s[i] = T(r.IntN(7) - 3)
		case 3: // ± powers of two: products and sums that tie in rounding
			s[i] = T(1) << r.IntN(int(bits)-1)
			if r.IntN(2) == 0 {
				s[i] = -s[i]
			}
		default:
			s[i] = T(r.Uint64())
		}
	}
	return s
}

// pow2 fills s with ± powers of two.
func pow2[T Signed](r *rand.Rand, s []T) {
	for i := range s {
		s[i] = T(1) << r.IntN(int(sizeBits(T(0)))-1)
		if r.IntN(2) == 0 {
			s[i] = -s[i]
		}
	}
}

// shape draws a length, a range [s, e) in it and a mask (nil one time in
// three). maxLen bounds e (the .vx fallbacks hold at most 128 elements).
type shape struct {
	n, s, e int
	mask    []byte
}

func (sh shape) String() string {
	return fmt.Sprintf("n=%d s=%d e=%d masked=%v", sh.n, sh.s, sh.e, sh.mask != nil)
}

func draw(r *rand.Rand, maxLen int) shape {
	n := r.IntN(maxLen + 1)
	if r.IntN(3) == 0 { // LMUL-sized runs are the common case
		n = []int{16, 32, 64, 128}[r.IntN(4)]
		n = min(n, maxLen)
	}
	e := n
	if r.IntN(3) == 0 {
		e = r.IntN(n + 1)
	}
	s := 0
	if r.IntN(3) == 0 {
		s = r.IntN(e + 1)
	}
	var mask []byte
	if r.IntN(3) != 0 {
		mask = make([]byte, (n+7)/8+16)
		dense := r.IntN(3)
		for i := range mask {
			switch dense {
			case 0:
				mask[i] = byte(r.Uint32())
			case 1:
				mask[i] = byte(r.Uint32() | r.Uint32())
			default:
				mask[i] = byte(r.Uint32() & r.Uint32())
			}
		}
	}
	return shape{n, s, e, mask}
}

type res[T any] struct {
	D   []T
	Sat bool
}

var binOps = []Op{Add, Sub, RSub, And, Or, Xor, Sll, Srl, Sra, MinU, Min, MaxU, Max, Mul, MulH, MulHU, MulHSU,
	DivU, Div, RemU, Rem, SAddU, SAdd, SSubU, SSub, AAddU, AAdd, ASubU, ASub, SMul, SSrl, SSra}

func testBin[T Signed, U Unsigned](t *testing.T, r *rand.Rand, same func(string, func() any)) {
	for _, op := range binOps {
		for range iters {
			sh := draw(r, 300)
			d0, a, b := rnd[T](r, sh.n), rnd[T](r, sh.n), rnd[T](r, sh.n)
			x := rnd[T](r, 1)[0]
			if r.IntN(4) == 0 { // all ± powers of two: rounding ties
				pow2(r, a)
				pow2(r, b)
				x = T(1) << r.IntN(int(sizeBits(x))-1)
			}
			rm := uint32(r.IntN(4))
			alias := r.IntN(4) == 0
			name := fmt.Sprintf("Bin %v e%d %v rm=%d alias=%v", op, sizeBits(T(0)), sh, rm, alias)
			same(name+" vv", func() any {
				d := slices.Clone(d0)
				aa := a
				if alias {
					aa = d
				}
				sat := binVV[T, U](op, d, aa, b, sh.mask, sh.s, sh.e, rm)
				return res[T]{d, sat}
			})
			if sh.e > maxElems {
				continue
			}
			same(fmt.Sprintf("%s vx x=%d", name, x), func() any {
				d := slices.Clone(d0)
				sat := binVX[T, U](op, d, a, x, sh.mask, sh.s, sh.e, rm)
				return res[T]{d, sat}
			})
		}
	}
	for _, op := range []Op{Macc, Nmsac, Madd, Nmsub} {
		for range iters {
			sh := draw(r, 300)
			d0, a, b := rnd[T](r, sh.n), rnd[T](r, sh.n), rnd[T](r, sh.n)
			name := fmt.Sprintf("Mac %v e%d %v", op, sizeBits(T(0)), sh)
			same(name+" vv", func() any {
				d := slices.Clone(d0)
				macVV(op, d, a, b, sh.mask, sh.s, sh.e)
				return d
			})
			if sh.e > maxElems {
				continue
			}
			x := rnd[T](r, 1)[0]
			same(name+" vx", func() any {
				d := slices.Clone(d0)
				macVX(op, d, a, x, sh.mask, sh.s, sh.e)
				return d
			})
		}
	}
}

func TestSIMDBin(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(string, func() any)) {
		testBin[int8, uint8](t, r, same)
		testBin[int16, uint16](t, r, same)
		testBin[int32, uint32](t, r, same)
	})
}

func testCmpMerge[T Signed, U Unsigned](t *testing.T, r *rand.Rand, same func(string, func() any)) {
	for _, op := range []Op{Seq, Sne, SltU, Slt, SleU, Sle, SgtU, Sgt} {
		for range iters {
			sh := draw(r, 300)
			a, b := rnd[T](r, sh.n), rnd[T](r, sh.n)
			if r.IntN(2) == 0 { // many equal elements
				for i := range b {
					if r.IntN(2) == 0 {
						b[i] = a[i]
					}
				}
			}
			dm0 := make([]byte, (sh.n+7)/8+1)
			for i := range dm0 {
				dm0[i] = byte(r.Uint32())
			}
			name := fmt.Sprintf("Cmp %v e%d %v", op, sizeBits(T(0)), sh)
			same(name+" vv", func() any {
				dm := slices.Clone(dm0)
				cmpVV[T, U](op, dm, a, b, sh.mask, sh.s, sh.e)
				return dm
			})
			if sh.e > maxElems {
				continue
			}
			xv := rnd[T](r, 1)[0]
			if len(a) > 0 && r.IntN(2) == 0 {
				xv = a[r.IntN(len(a))]
			}
			same(name+" vx", func() any {
				dm := slices.Clone(dm0)
				cmpVX[T, U](op, dm, a, xv, sh.mask, sh.s, sh.e)
				return dm
			})
		}
	}
	for range iters {
		sh := draw(r, 300)
		d0, a, b := rnd[T](r, sh.n), rnd[T](r, sh.n), rnd[T](r, sh.n)
		alias := r.IntN(3)
		name := fmt.Sprintf("Merge e%d %v alias=%d", sizeBits(T(0)), sh, alias)
		same(name, func() any {
			d := slices.Clone(d0)
			aa, bb := a, b
			switch alias {
			case 1:
				aa = d
			case 2:
				bb = d
			}
			Merge(d, aa, bb, sh.mask, sh.s, sh.e)
			return d
		})
		x := rnd[T](r, 1)[0]
		same(name+" x", func() any {
			d := slices.Clone(d0)
			aa := a
			if alias == 1 {
				aa = d
			}
			MergeX(d, aa, x, sh.mask, sh.s, sh.e)
			return d
		})
	}
}

func TestSIMDCmpMerge(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(string, func() any)) {
		testCmpMerge[int8, uint8](t, r, same)
		testCmpMerge[int16, uint16](t, r, same)
		testCmpMerge[int32, uint32](t, r, same)
	})
}

func testRed[T Signed, U Unsigned](t *testing.T, r *rand.Rand, same func(string, func() any)) {
	for _, op := range []Op{RedSum, RedAnd, RedOr, RedXor, RedMinU, RedMin, RedMaxU, RedMax} {
		for range iters {
			sh := draw(r, 300)
			a := rnd[T](r, sh.n)
			if op == RedAnd || op == RedOr {
				for i := range a { // keep some bits alive
					a[i] |= T(r.IntN(2)) << 2
					if op == RedAnd {
						a[i] = ^T(0) &^ (T(1) << r.IntN(int(sizeBits(T(0)))))
					}
				}
			}
			acc := rnd[T](r, 1)[0]
			same(fmt.Sprintf("Red %v e%d %v acc=%d", op, sizeBits(T(0)), sh, acc), func() any {
				return Red[T, U](op, a, sh.mask, sh.e, acc)
			})
		}
	}
}

func TestSIMDRed(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(string, func() any)) {
		testRed[int8, uint8](t, r, same)
		testRed[int16, uint16](t, r, same)
		testRed[int32, uint32](t, r, same)
		for range iters {
			sh := draw(r, 300)
			a8, a16 := rnd[int8](r, sh.n), rnd[int16](r, sh.n)
			acc16, acc32 := rnd[int16](r, 1)[0], rnd[int32](r, 1)[0]
			for _, signed := range []bool{true, false} {
				name := fmt.Sprintf("WRed signed=%v %v", signed, sh)
				same(name+" e8", func() any { return WRed[int8, uint8](signed, a8, sh.mask, sh.e, acc16) })
				same(name+" e16", func() any { return WRed[int16, uint16](signed, a16, sh.mask, sh.e, acc32) })
			}
		}
	})
}

var wideOps = []Op{WAddU, WAdd, WSubU, WSub, WMulU, WMul, WMulSU, WMaccU, WMacc, WMaccSU, WMaccUS}

func testWide[T Signed, U Unsigned, W Signed](t *testing.T, r *rand.Rand, same func(string, func() any)) {
	for _, op := range wideOps {
		for range iters {
			sh := draw(r, 300)
			d0, a, b := rnd[W](r, sh.n), rnd[T](r, sh.n), rnd[T](r, sh.n)
			name := fmt.Sprintf("Wide %v e%d %v", op, sizeBits(T(0)), sh)
			same(name+" vv", func() any {
				d := slices.Clone(d0)
				Wide[T, U](op, d, a, b, sh.mask, sh.s, sh.e)
				return d
			})
			if sh.e > maxElems {
				continue
			}
			x := rnd[T](r, 1)[0]
			same(name+" vx", func() any {
				d := slices.Clone(d0)
				WideX[T, U](op, d, a, x, sh.mask, sh.s, sh.e)
				return d
			})
			if op > WSub {
				continue
			}
			aw := rnd[W](r, sh.n)
			same(name+" wv", func() any {
				d := slices.Clone(d0)
				WideW[T, U](op, d, aw, b, sh.mask, sh.s, sh.e)
				return d
			})
			same(name+" wx", func() any {
				d := slices.Clone(d0)
				WideWX[T, U](op, d, aw, x, sh.mask, sh.s, sh.e)
				return d
			})
		}
	}
}

func testNarrow[T Signed, U Unsigned, W Signed](t *testing.T, r *rand.Rand, same func(string, func() any)) {
	for _, op := range []Op{NSrl, NSra, NClipU, NClip} {
		for rm := range uint32(4) {
			for range iters {
				sh := draw(r, 300)
				d0, a, b := rnd[T](r, sh.n), rnd[W](r, sh.n), rnd[T](r, sh.n)
				if r.IntN(2) == 0 { // small shifts, where rounding and clipping happen
					for i := range b {
						b[i] = T(r.IntN(int(sizeBits(T(0))) + 2))
					}
				}
				name := fmt.Sprintf("Narrow %v e%d rm=%d %v", op, sizeBits(T(0)), rm, sh)
				same(name+" vv", func() any {
					d := slices.Clone(d0)
					sat := Narrow[T, U](op, d, a, b, sh.mask, sh.s, sh.e, rm)
					return res[T]{d, sat}
				})
				if sh.e > maxElems {
					continue
				}
				x := T(r.IntN(2 * int(sizeBits(T(0)))))
				if r.IntN(4) == 0 {
					x = rnd[T](r, 1)[0]
				}
				same(fmt.Sprintf("%s vx x=%d", name, x), func() any {
					d := slices.Clone(d0)
					sat := NarrowX[T, U](op, d, a, x, sh.mask, sh.s, sh.e, rm)
					return res[T]{d, sat}
				})
			}
		}
	}
}

func TestSIMDWideNarrow(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(string, func() any)) {
		testWide[int8, uint8, int16](t, r, same)
		testWide[int16, uint16, int32](t, r, same)
		testNarrow[int8, uint8, int16](t, r, same)
		testNarrow[int16, uint16, int32](t, r, same)
	})
}

func testExt[T Signed, U Unsigned, W Signed](t *testing.T, r *rand.Rand, same func(string, func() any)) {
	for range iters {
		sh := draw(r, 300)
		d0, a := rnd[W](r, sh.n), rnd[T](r, sh.n)
		for _, signed := range []bool{true, false} {
			same(fmt.Sprintf("Ext e%d→e%d signed=%v %v", sizeBits(T(0)), sizeBits(W(0)), signed, sh), func() any {
				d := slices.Clone(d0)
				Ext[T, U](signed, d, a, sh.mask, sh.s, sh.e)
				return d
			})
		}
	}
}

func TestSIMDExt(t *testing.T) {
	forPaths(t, func(t *testing.T, r *rand.Rand, same func(string, func() any)) {
		testExt[int8, uint8, int16](t, r, same)
		testExt[int16, uint16, int32](t, r, same)
		testExt[int8, uint8, int32](t, r, same)
	})
}

// TestPathSwitch: KC_SIMD-style selection and the exported switches.
func TestPathSwitch(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	UseFallback(true)
	if Path() != "generic" {
		t.Fatalf("UseFallback(true): path %q", Path())
	}
	UseFallback(false)
	if p := Paths(); len(p) > 0 && Path() != p[0] {
		t.Fatalf("UseFallback(false): path %q, want %q", Path(), p[0])
	}
	if SetPath("no-such-path") {
		t.Fatal("SetPath accepted an unknown path")
	}
}

// TestKCSIMDEnv runs this test binary with KC_SIMD set and checks the path
// it selects at init.
func TestKCSIMDEnv(t *testing.T) {
	if os.Getenv("KC_SIMD_PROBE") != "" {
		fmt.Printf("PATH=%s\n", Path())
		return
	}
	best := "generic"
	if p := Paths(); len(p) > 0 {
		best = p[0]
	}
	avx2 := best
	if slices.Contains(Paths(), "avx2") {
		avx2 = "avx2"
	}
	for _, c := range []struct{ env, want string }{{"generic", "generic"}, {"avx2", avx2}, {"", best}, {"avx512", best}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKCSIMDEnv$")
		cmd.Env = append(os.Environ(), "KC_SIMD="+c.env, "KC_SIMD_PROBE=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("KC_SIMD=%s: %v", c.env, err)
		}
		if !strings.Contains(string(out), "PATH="+c.want+"\n") {
			t.Errorf("KC_SIMD=%q: got %q, want path %s", c.env, out, c.want)
		}
	}
}
