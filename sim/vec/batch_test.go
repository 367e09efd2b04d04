package vec

import (
	"bytes"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// batchCase is one random batch: steps over a 512-byte register file and
// a 256-byte memory.
type batchCase struct {
	kern    []Kernel // nil entry: a copy
	d, a, b []int    // byte offsets (copies: d, a in the combined buffer)
	n       []int
	sat     []bool
	load    []bool // a copy into registers (Batch.AddLoad)
	store   []bool // a copy out of registers (Batch.AddStore)
	res     []int  // bytes a step writes at d, for a store of its result
}

// randomBatch draws up to 12 steps: kernels of every family that
// BinKernel, WideKernel and NarrowKernel give at random widths, forms and
// rounding modes, and copies between memory and registers. Offsets keep
// every operand inside its buffer (wide operands take twice the bytes).
func randomBatch(r *rand.Rand) batchCase {
	var c batchCase
	want := 1 + r.IntN(12)
	// A third of the batches are chains: one width, single-width kernels
	// on whole 64-byte chunks, few copies (the forwarding case).
	chain := r.IntN(3) == 0
	chainSEW, chainChunks := []int{8, 16, 32}[r.IntN(3)], 1+r.IntN(2)
	for len(c.n) < want {
		if r.IntN(4) == 0 { // a copy, memory → registers (a load) or back
			n := 1 + r.IntN(128)
			if chain || r.IntN(4) == 0 {
				n = 64 * (1 + r.IntN(2)) // whole chunks: loads forward them
			}
			reg := 16 * r.IntN(32-8)
			load, store := r.IntN(2) == 0, false
			if !load && r.IntN(2) == 0 {
				// A store (fixed register source), often of the group
				// the previous step just wrote (forwarded from registers).
				store = true
				if l := len(c.n) - 1; l >= 0 && c.res[l] > 0 && r.IntN(4) != 0 {
					reg, n = c.d[l], c.res[l]
				}
			}
			mem := 512 + r.IntN(256-n+1)
			if !load {
				reg, mem = mem, reg
			}
			c.kern = append(c.kern, Kernel{})
			c.d, c.a, c.b = append(c.d, reg), append(c.a, mem), append(c.b, 0)
			c.n, c.sat, c.load, c.store = append(c.n, n), append(c.sat, false), append(c.load, load), append(c.store, store)
			res := 0
			if load {
				res = n
			}
			c.res = append(c.res, res)
			continue
		}
		sew := []int{8, 16, 32}[r.IntN(3)]
		kind := r.IntN(3)
		if chain {
			sew, kind = chainSEW, 0
		}
		vx := r.IntN(2) == 0
		op := Op(1 + r.IntN(opCount-1))
		var k Kernel
		wide := 1
		switch kind {
		case 0:
			k = BinKernel(op, sew, vx, uint32(r.IntN(4)))
		case 1:
			k, wide = WideKernel(op, sew, vx, r.IntN(2) == 0), 2
		default:
			k, wide = NarrowKernel(op, sew, vx, uint32(r.IntN(4))), 2
		}
		if !k.Valid() {
			continue
		}
		n := 1 + r.IntN(128*8/sew/wide)
		if full := 512 / sew; r.IntN(2) == 0 && n >= full {
			n -= n % full // whole zmm chunks: full variants
		}
		if chain {
			n = chainChunks * 512 / sew
		}
		if k.chunk > 0 {
			n = int(k.chunk) * (1 + r.IntN(max(1, n/int(k.chunk))))
		}
		bytesOf := n * sew / 8 * wide
		if bytesOf > 256 {
			continue
		}
		off := func() int { return 16 * r.IntN((512-bytesOf)/16+1) }
		d, a, b := off(), off(), off()
		// Often an operand is the previous kernel's result (register
		// forwarding in the batch runner).
		if l := len(c.n) - 1; l >= 0 && c.kern[l].Valid() && c.d[l]+bytesOf <= 512 && r.IntN(2) == 0 {
			switch r.IntN(4) {
			case 0:
				a = c.d[l]
			case 1:
				b = c.d[l]
			case 2:
				d = c.d[l]
			default:
				a, b = c.d[l], c.d[l]
			}
		}
		c.kern = append(c.kern, k)
		c.d, c.a, c.b = append(c.d, d), append(c.a, a), append(c.b, b)
		c.n, c.sat, c.load, c.store = append(c.n, n), append(c.sat, r.IntN(2) == 0), append(c.load, false), append(c.store, false)
		res := 0
		if kind == 0 { // single width: the result is n elements of sew
			res = n * sew / 8
		}
		c.res = append(c.res, res)
	}
	return c
}

// TestBatchMatchesCalls runs random batches on each SIMD path through the
// assembly runner and through the Go loop, and the same steps one by one
// through Kernel.RunAll and copy: registers, memory and the saturation
// report must agree byte for byte.
func TestBatchMatchesCalls(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	for _, p := range []string{"avx512", "avx2"} {
		t.Run(p, func(t *testing.T) {
			if !slices.Contains(Paths(), p) {
				t.Skipf("host lacks %s", p)
			}
			SetPath(p)
			r := rand.New(rand.NewPCG(7, uint64(len(p))))
			kernels, copies, regs, fwds, fwdStores := 0, 0, 0, 0, 0
			for i := 0; i < 6000; i++ {
				c := randomBatch(r)
				init := make([]byte, 768+128) // headroom: a kernel may read a whole last vector
				for j := range init {
					init[j] = byte(r.Uint32())
				}
				want := bytes.Clone(init)
				wantSat := false
				var batch, batchGo Batch
				got, gotGo := bytes.Clone(init), bytes.Clone(init)
				for s := range c.n {
					if !c.kern[s].Valid() {
						copy(want[c.d[s]:c.d[s]+c.n[s]], want[c.a[s]:c.a[s]+c.n[s]])
						switch {
						case c.load[s]:
							batch.SetCopyFrom(batch.AddLoad(c.n[s], &got[c.d[s]]), unsafe.Pointer(&got[c.a[s]]))
						case c.store[s]:
							batch.SetCopyTo(batch.AddStore(c.n[s], &got[c.a[s]]), unsafe.Pointer(&got[c.d[s]]))
						default:
							batch.SetCopy(batch.AddCopy(c.n[s]), &got[c.d[s]], &got[c.a[s]])
						}
						batchGo.SetCopy(batchGo.AddCopy(c.n[s]), &gotGo[c.d[s]], &gotGo[c.a[s]])
						copies++
						continue
					}
					sat, ok := c.kern[s].RunAll(&want[c.d[s]], &want[c.a[s]], &want[c.b[s]], c.n[s])
					if !batch.AddKernel(c.kern[s], &got[c.d[s]], &got[c.a[s]], &got[c.b[s]], c.n[s], c.sat[s]) {
						if ok {
							t.Fatalf("batch refused a call RunAll took: n %d", c.n[s])
						}
						continue
					}
					if !ok {
						t.Fatalf("batch took a call RunAll refused: n %d", c.n[s])
					}
					batchGo.AddKernel(c.kern[s], &gotGo[c.d[s]], &gotGo[c.a[s]], &gotGo[c.b[s]], c.n[s], c.sat[s])
					wantSat = wantSat || sat && c.sat[s]
					kernels++
				}
				for _, st := range batch.steps {
					regs += int(st.reg)
					switch {
					case st.pc == 0 && st.fwd == 2:
						fwdStores++
					case st.fwd != 0:
						fwds++
					}
				}
				gotSat := batch.Run()
				gotGoSat := runBatchGo(batchGo.steps)
				if !bytes.Equal(got, want) || gotSat != wantSat {
					t.Fatalf("batch %d (%d steps): assembly runner differs from one-by-one calls (sat %v, want %v)", i, len(c.n), gotSat, wantSat)
				}
				if !bytes.Equal(gotGo, want) || gotGoSat != wantSat {
					t.Fatalf("batch %d (%d steps): Go runner differs from one-by-one calls (sat %v, want %v)", i, len(c.n), gotGoSat, wantSat)
				}
			}
			if kernels < 5000 || copies < 1000 || regs < 1000 || p == "avx512" && fwds < 300 || fwdStores < 300 {
				t.Fatalf("too few steps drawn: %d kernels (%d through register entries, %d with forwarded operands), %d copies (%d stores from registers)", kernels, regs, fwds, copies, fwdStores)
			}
			t.Logf("%d kernels (%d through register entries, %d with forwarded operands), %d copies (%d stores from registers)", kernels, regs, fwds, copies, fwdStores)
		})
	}
}

// TestBatchRefusals: AddKernel takes exactly the calls RunAll takes.
func TestBatchRefusals(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	var b Batch
	var buf [512]byte
	if b.AddKernel(Kernel{}, &buf[0], &buf[0], &buf[0], 4, false) {
		t.Error("the zero Kernel was recorded")
	}
	for _, p := range Paths() {
		SetPath(p)
		k := BinKernel(Add, 8, false, 0)
		if !k.Valid() {
			continue
		}
		for _, n := range []int{-1, 0, 1, 31, 32, 64, 128, 129} {
			_, ok := k.RunAll(&buf[0], &buf[128], &buf[256], n)
			if got := b.AddKernel(k, &buf[0], &buf[128], &buf[256], n, false); got != ok {
				t.Errorf("%s n=%d: AddKernel %v, RunAll took it %v", p, n, got, ok)
			}
		}
	}
}

// TestKernelsKeepRunnerRegisters: runBatch keeps its loop state in R8–R10,
// R12 and R13 across kernel calls, so no generated kernel may use a
// general register beyond AX, BX, CX, DX, SI and DI (or BP). The
// forwarding registers (Z30/Z31 for AVX-512, Y12–Y15 for AVX2) carry a
// result from one register entry to the next: only a register entry's
// forwarding moves may touch them, and an AVX2 register entry must not
// clear them with VZEROUPPER.
func TestKernelsKeepRunnerRegisters(t *testing.T) {
	src, err := os.ReadFile("kern_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	bad := regexp.MustCompile(`\b(R(8|9|1[0-5])|BP)\b`)
	fwd := regexp.MustCompile(`\b([XYZ]3[01]|[XYZ]1[2-5])\b`)
	text, lines := "", 0
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "TEXT ") {
			text = l
			lines++
		}
		if bad.MatchString(l) {
			t.Errorf("%s uses a register runBatch keeps: %q", text, strings.TrimSpace(l))
		}
		reg := strings.Contains(text, "R(SB)")
		f := strings.Fields(l)
		if fwd.MatchString(l) && !(reg && len(f) > 0 && (f[0] == "VMOVDQA64" || f[0] == "VMOVDQA")) {
			t.Errorf("%s touches a forwarding register outside a forwarding move: %q", text, strings.TrimSpace(l))
		}
		if reg && strings.HasPrefix(text, "TEXT ·k2") && len(f) > 0 && f[0] == "VZEROUPPER" {
			t.Errorf("%s clears the forwarded chunks with VZEROUPPER", text)
		}
	}
	if lines < 500 {
		t.Fatalf("only %d kernels found in kern_amd64.s", lines)
	}
}

// TestFullVariants: every full variant gives what its masked kernel gives
// on all-active whole chunks, results and saturation, for every op, width,
// form and rounding mode that has one.
func TestFullVariants(t *testing.T) {
	prev := Path()
	defer SetPath(prev)
	if !SetPath("avx512") {
		t.Skip("host lacks avx512")
	}
	r := rand.New(rand.NewPCG(5, 6))
	tested := 0
	for _, sew := range []int{8, 16, 32} {
		for op := Op(1); int(op) < opCount; op++ {
			for _, vx := range []bool{false, true} {
				for rm := range uint32(4) {
					k := BinKernel(op, sew, vx, rm)
					if k.fid == 0 {
						continue
					}
					tested++
					for n := int(k.fchunk); n <= 128; n += int(k.fchunk) {
						for range 20 {
							var a, b, d [512]byte
							for i := range a {
								a[i], b[i], d[i] = byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32())
								if r.IntN(4) == 0 {
									a[i] = []byte{0, 0x7f, 0x80, 0xff}[r.IntN(4)]
								}
							}
							want, got, gotR := d, d, d
							ws := k.fn(&want[0], &a[0], &b[0], n, &onesTab[n])
							gs := kfuncs[k.fid](&got[0], &a[0], &b[0], n, nil)
							if want != got || ws != gs {
								t.Fatalf("%v sew %d vx %v rm %d n %d: full variant differs (sat %v, want %v)", op, sew, vx, rm, n, gs, ws)
							}
							// Through a batch: the register entry.
							var bt Batch
							bt.AddKernel(k, &gotR[0], &a[0], &b[0], n, true)
							if bt.steps[0].reg != 1 {
								t.Fatalf("%v sew %d: a batch did not take the register entry", op, sew)
							}
							if rs := bt.Run(); want != gotR || ws != rs {
								t.Fatalf("%v sew %d vx %v rm %d n %d: register entry differs (sat %v, want %v)", op, sew, vx, rm, n, rs, ws)
							}
						}
					}
				}
			}
		}
	}
	if tested < 100 {
		t.Fatalf("only %d full variants found", tested)
	}
}
