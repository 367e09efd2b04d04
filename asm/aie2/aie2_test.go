package aie2_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

func assemble(t testing.TB, src string) (*asm.Program, error) {
	t.Helper()
	as, err := asm.New("aie2")
	if err != nil {
		t.Fatal(err)
	}
	h, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	return as.Assemble("t.s", []byte(src), asm.Options{HW: h})
}

// randomOperands picks valid operand values for in: registers of the
// operand's class, immediates in range.
func randomOperands(r *rand.Rand, in *isadefs.Inst) []int64 {
	vals := make([]int64, len(in.Operands))
	for i, k := range in.Operands {
		switch {
		case k.Tie != nil:
			for j, b := range in.Operands {
				if b == k.Tie {
					vals[i] = vals[j]
				}
			}
		case k.Class == "reg":
			for {
				v := r.Int63n(int64(len(k.RegFile.Names)))
				if k.RegFile.Valid(v) {
					vals[i] = v
					break
				}
			}
		default:
			n := (k.Max - k.Min) / k.Align
			vals[i] = k.Min + r.Int63n(n+1)*k.Align
		}
	}
	return vals
}

// TestEveryFormRoundTrips: every slot operation of the ISA, with random
// operands, assembles, disassembles to text that assembles to the same
// bytes, and decodes to the same instruction form's encoding.
func TestEveryFormRoundTrips(t *testing.T) {
	b, err := asm.BackendFor("aie2")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(1))
	n := 0
	for _, in := range b.ISA().Insts {
		for trial := 0; trial < 8; trial++ {
			text := in.FormatValues(randomOperands(r, in), 0, nil)
			p, err := assemble(t, text+"\n")
			if err != nil {
				t.Errorf("%s (line %d): %q does not assemble: %v", in.Name, in.Line, text, err)
				break
			}
			code := p.Sections[0].Data
			dis, size, ok := asm.DisassembleBundle(b, code, 0)
			if !ok || size != len(code) {
				t.Errorf("%q: % x does not disassemble", text, code)
				break
			}
			p2, err := assemble(t, dis+"\n")
			if err != nil || !bytes.Equal(p2.Sections[0].Data, code) {
				t.Errorf("%q: % x disassembles to %q, which does not assemble back: %v", text, code, dis, err)
				break
			}
			n++
		}
	}
	t.Logf("%d random operations of %d forms round-trip", n, len(b.ISA().Insts))
}

// TestRandomBundlesRoundTrip: bundles of random operations in distinct
// slots that some format holds assemble into that format's size and
// round-trip through the disassembler.
func TestRandomBundlesRoundTrip(t *testing.T) {
	b, err := asm.BackendFor("aie2")
	if err != nil {
		t.Fatal(err)
	}
	isa := b.ISA()
	r := rand.New(rand.NewSource(2))
	bySlot := map[string][]*isadefs.Inst{}
	for _, in := range isa.Insts {
		bySlot[in.Slot] = append(bySlot[in.Slot], in)
	}
	for trial := 0; trial < 2000; trial++ {
		f := isa.Formats[r.Intn(len(isa.Formats))]
		var ops []string
		for _, s := range f.SlotNames() {
			list := bySlot[s]
			in := list[r.Intn(len(list))]
			ops = append(ops, in.FormatValues(randomOperands(r, in), 0, nil))
		}
		r.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
		src := strings.Join(ops, " ; ")
		p, err := assemble(t, src+"\n")
		if err != nil {
			t.Fatalf("%s: %q: %v", f.Name, src, err)
		}
		code := p.Sections[0].Data
		if len(code) > f.Bits/8 {
			t.Errorf("%q: %d bytes, but format %s has %d", src, len(code), f.Name, f.Bits/8)
		}
		dis, size, ok := asm.DisassembleBundle(b, code, 0)
		if !ok || size != len(code) {
			t.Fatalf("%q: % x does not disassemble", src, code)
		}
		p2, err := assemble(t, dis+"\n")
		if err != nil || !bytes.Equal(p2.Sections[0].Data, code) {
			t.Fatalf("%q: % x disassembles to %q, which does not assemble back: %v", src, code, dis, err)
		}
	}
}

// TestErrors: the diagnoses of bad bundles and operands, with their
// positions, match testdata/errors/*.golden.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.s")
	if len(files) == 0 {
		t.Fatal("no error tests")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			_, err = assemble(t, string(src))
			if err == nil {
				t.Fatal("assembled without errors")
			}
			got := err.Error() + "\n"
			gold := strings.TrimSuffix(f, ".s") + ".golden"
			if *update {
				if err := os.WriteFile(gold, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(gold)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("errors differ from %s:\n%s", gold, got)
			}
		})
	}
}

// TestProgramMemory: code beyond the 16 KiB program memory is rejected,
// counted in encoded bundle sizes.
func TestProgramMemory(t *testing.T) {
	var src strings.Builder
	// 16-byte bundles: 1024 of them fill the memory exactly.
	bundle := "nopb ; nopa ; nops ; nopx ; nopm ; nopv\n"
	for i := 0; i < 1024; i++ {
		src.WriteString(bundle)
	}
	if p, err := assemble(t, src.String()); err != nil || p.Sections[0].Size != 16384 {
		t.Fatalf("16 KiB of code: %v", err)
	}
	src.WriteString("nop\n")
	_, err := assemble(t, src.String())
	if err == nil || !strings.Contains(err.Error(), "does not fit in pmem") {
		t.Errorf("16 KiB + 2 bytes of code: %v", err)
	}
}

// TestLoopAlignment: the zero-overhead-loop rules llvm-aie guarantees are
// enforced on final addresses.
func TestLoopAlignment(t *testing.T) {
	pad := strings.Repeat("nopb ; nopa ; nops ; nopx ; nopm ; nopv\n", 7)
	good := "movxm ls, #start\nmovxm le, #last\nmovxm lc, #4\n" + pad +
		".p2align 4\nstart: nopb ; nopa ; nops ; nopx ; nopm ; nopv\nlast: nopb ; nopa ; nops ; nopx ; nopm ; nopv\ndone\n"
	if _, err := assemble(t, good); err != nil {
		t.Fatalf("aligned loop: %v", err)
	}
	for _, tc := range []struct{ name, src, want string }{
		{"start", strings.Replace(good, ".p2align 4\n", "nop\n", 1), "loop start ls"},
		{"end", strings.Replace(good, "last: nopb ; nopa ; nops ; nopx ; nopm ; nopv", "last: nopx", 1), "must end on a 16-byte boundary"},
		{"setup", strings.Replace(good, pad, "", 1), "at least 112 are needed"},
		{"le", strings.Replace(good, "#last", "#last+2", 1), "is not the address of a bundle"},
	} {
		_, err := assemble(t, tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
	p, err := assemble(t, "j #target\nnop\nnop\nnop\nnop\nnop\nnop\ntarget: done\n")
	if err != nil || len(p.Warnings) == 0 || !strings.Contains(p.Warnings.Error(), "not 16-byte aligned") {
		t.Errorf("misaligned jump target: want a warning, got %v %v", err, p.Warnings)
	}
}

var _ = fmt.Sprint

// FuzzAssembleAIE2 feeds arbitrary source to the aie2 assembler: it
// returns a program or an ErrorList, never panics; each bundle of a
// program disassembles to text that assembles back to the same bytes.
func FuzzAssembleAIE2(f *testing.F) {
	for _, s := range []string{
		"lda r0, [p0, #-4] ; vmac cm0, cm1, x0, x1, r2 ; add r1, r2, #3\n",
		"loop: vlda.ups.s32.d16 bmh0, s0, [p0], m4 ; vldb wl3, [p2, #0] ; vst.srs.d16.s32 bml0, s0, [p1], #32 ; mov r1, #5 ; nopx ; vmac.f bml1, bml2, x3, x4, r5\nj #loop\n",
		"movxm p0, #0x70000 ; nopa\nst r0, [p0], #4\ndone\n",
		"vbcst.64 x9, r25:r24\nvmax_lt.d8 x0, r17:r16, x1, x2\n",
		".p2align 4\nnop\n.byte 1, 2\n",
	} {
		f.Add(s)
	}
	b, err := asm.BackendFor("aie2")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		p, err := assemble(t, src)
		if err != nil {
			if _, ok := err.(asm.ErrorList); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if strings.Contains(src, ".") {
			// Directives may put data in code, whose bytes need not be
			// what an instruction's encoding would be: only check that
			// nothing panicked.
			return
		}
		for _, s := range p.Sections {
			if !s.Exec || s.NoBits {
				continue
			}
			for off := 0; off < len(s.Data); {
				dis, size, ok := asm.DisassembleBundle(b, s.Data[off:], s.Addr+uint64(off))
				if !ok || size == 0 {
					break // data in code (.byte): nothing to compare
				}
				if !strings.Contains(dis, "j") { // absolute targets need their address
					p2, err := assemble(t, dis+"\n")
					if err != nil || !bytes.Equal(p2.Sections[0].Data, s.Data[off:off+size]) {
						t.Fatalf("% x disassembles to %q, which does not assemble back: %v", s.Data[off:off+size], dis, err)
					}
				}
				off += size
			}
		}
	})
}

// TestELFListingRoundTrips: kc-as -d of an aie2 executable (labels,
// bundles of several sizes, a loop) assembles back to the same bytes.
func TestELFListingRoundTrips(t *testing.T) {
	src := ".p2align 4\nstart: nopb ; nopa ; nops ; nopx ; nopm ; nopv\n" +
		"loop: vlda.ups.s32.d16 bmh0, s0, [p0], m4 ; vldb wl3, [p2, #0] ; vst.srs.d16.s32 bml0, s0, [p1], #32 ; mov r1, #5 ; nopx ; vmac.f bml1, bml2, x3, x4, r5\n" +
		"nopx\nmov r1, #5\nj #loop\ndone\n"
	p, err := assemble(t, src)
	if err != nil {
		t.Fatal(err)
	}
	text, err := asm.Disassemble(p.ELF())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "loop:") || !strings.Contains(text, "// ") {
		t.Errorf("listing lacks its label or comments:\n%s", text)
	}
	again, err := assemble(t, text)
	if err != nil {
		t.Fatalf("listing does not assemble: %v\n%s", err, text)
	}
	if len(again.Sections) != len(p.Sections) || !bytes.Equal(again.Sections[0].Data, p.Sections[0].Data) {
		t.Errorf("listing assembles to different bytes:\n%s", text)
	}
}
