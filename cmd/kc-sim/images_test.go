package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const siluMem = "../../testdata/plena/corpus/tmpl_silu.mem"

// allocated runs f and returns the bytes the Go heap allocated meanwhile.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestImagesBoundedByRegion: a raw memory image is refused once it is
// larger than its region, without reading more than the region's size
// plus one byte. /dev/zero never ends: before the bound, kc-sim read it
// until memory ran out (5.7 GB in 9 s).
func TestImagesBoundedByRegion(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	// The run's own allocation (a core with 64 MiB of HBM) with a valid
	// image, so that the bound below is on what reading the image adds.
	var base uint64
	for i := 0; i < 2; i++ { // the second run is the steady state
		base = allocated(func() {
			if code, _, stderr := kcsim(t, nil, "-t", "plena", siluMem, "--max-cycles", "1"); code == 127 {
				t.Fatalf("baseline run: %s", stderr)
			}
		})
	}
	for _, c := range []struct {
		flag   string // and its value
		region string
		size   int64
	}{
		{"--fpsram", "fpmem", 2 << 10},
		{"--intsram", "intmem", 4 << 10},
		{"--vram", "vsram", 128 << 10},
		{"--hbm", "hbm", 64 << 20},
		{"--preload=msram=", "msram", 64 << 10},
	} {
		t.Run(strings.Trim(c.flag, "-="), func(t *testing.T) {
			args := []string{"-t", "plena", siluMem, c.flag, "/dev/zero"}
			name := c.flag
			if strings.HasSuffix(c.flag, "=") {
				args = []string{"-t", "plena", siluMem, c.flag + "/dev/zero"}
				name = "--preload"
			}
			var code int
			var stderr string
			got := allocated(func() { code, _, stderr = kcsim(t, nil, args...) })
			want := fmt.Sprintf("kc-sim: %s /dev/zero: input too large: more than %d bytes: region %s holds %d bytes", name, c.size, c.region, c.size)
			if code != 127 || !strings.Contains(stderr, want) {
				t.Fatalf("exit %d, stderr %q, want 127 and %q", code, stderr, want)
			}
			t.Logf("allocated %d bytes (a run with no image: %d)", got, base)
			// Reading to size+1 bytes costs about twice the size in a
			// growing buffer; unbounded reading costs everything.
			if limit := base + 4*uint64(c.size) + 8<<20; got > limit {
				t.Errorf("allocated %d bytes reading /dev/zero for a %d-byte region, want at most %d", got, c.size, limit)
			}
		})
	}
}

// TestImageFromPipeReadToLimitPlusOne: an image from standard input (a
// pipe) is read to the region's size plus one byte and no further.
func TestImageFromPipeReadToLimitPlusOne(t *testing.T) {
	src := &countingZeros{}
	var out, errb bytes.Buffer
	code := run([]string{"kc-sim", "-t", "plena", siluMem, "--fpsram", "-"}, src, &out, &errb)
	if code != 127 || !strings.Contains(errb.String(), "--fpsram -: input too large: more than 2048 bytes: region fpmem holds 2048 bytes (2 KiB)") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if src.n != 2049 {
		t.Errorf("read %d bytes of standard input, want 2049 (the region's size plus one)", src.n)
	}
	// Standard input can feed one input only.
	code, _, stderr := kcsim(t, nil, "-t", "plena", "-", "--fpsram", "-")
	if code != 127 || !strings.Contains(stderr, "--fpsram -: standard input is already the program") {
		t.Errorf("program and image both on standard input: exit %d, stderr %q", code, stderr)
	}
}

// countingZeros is an endless stream of zero bytes that counts what was
// read of it.
type countingZeros struct{ n int }

func (z *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += len(p)
	return len(p), nil
}

// TestLargeImageRefusedUnread: a 300 MB file for a 2 KiB region is
// refused by its size, before any of it is read (it was read whole, 313
// MB of RSS, before being refused).
func TestLargeImageRefusedUnread(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	const size = 300 << 20
	if err := os.Truncate(path, size); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	var base uint64
	for i := 0; i < 2; i++ {
		base = allocated(func() { kcsim(t, nil, "-t", "plena", siluMem, "--max-cycles", "1") })
	}
	var code int
	var stderr string
	got := allocated(func() { code, _, stderr = kcsim(t, nil, "-t", "plena", siluMem, "--fpsram", path) })
	want := fmt.Sprintf("--fpsram %s: input too large: %d bytes: region fpmem holds 2048 bytes (2 KiB)", path, size)
	if code != 127 || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, stderr %q, want 127 and %q", code, stderr, want)
	}
	t.Logf("allocated %d bytes (a run with no image: %d)", got, base)
	if got > base+8<<20 {
		t.Errorf("allocated %d bytes refusing a %d-byte file (a run allocates %d): the file was read", got, size, base)
	}
}

// TestImagePartialElement: an image that ends inside an element of its
// region's type is refused with the element's offset; whole elements
// (and any length of an HBM image, which is bytes) are taken.
func TestImagePartialElement(t *testing.T) {
	dir := t.TempDir()
	file := func(n int) string {
		p := filepath.Join(dir, fmt.Sprintf("img%d.bin", n))
		if err := os.WriteFile(p, make([]byte, n), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		flag string
		n    int
		want string // "" for a run
	}{
		{"--fpsram", 3, "3 bytes end inside an element: the f16 at offset 2 has 1 of its 2 bytes (region fpmem, 2048 bytes, holds 2-byte f16 elements)"},
		{"--fpsram", 4, ""},
		{"--intsram", 5, "5 bytes end inside an element: the u32 at offset 4 has 1 of its 4 bytes (region intmem, 4096 bytes, holds 4-byte u32 elements)"},
		{"--intsram", 7, "7 bytes end inside an element: the u32 at offset 4 has 3 of its 4 bytes"},
		{"--intsram", 8, ""},
		{"--vram", 129, "129 bytes end inside an element: the bf16 at offset 128 has 1 of its 2 bytes (region vsram"},
		{"--hbm", 3, ""},
		{"--preload=intmem=", 6, "--preload " + filepath.Join(dir, "img6.bin") + ": 6 bytes end inside an element: the u32 at offset 4 has 2 of its 4 bytes"},
		{"--preload=msram=", 3, ""}, // a region without an image option takes bytes
	} {
		args := []string{"-t", "plena", siluMem, "--max-cycles", "1", c.flag, file(c.n)}
		if strings.HasSuffix(c.flag, "=") {
			args = []string{"-t", "plena", siluMem, "--max-cycles", "1", c.flag + file(c.n)}
		}
		code, _, stderr := kcsim(t, nil, args...)
		if c.want == "" {
			if code == 127 {
				t.Errorf("%s of %d bytes: refused: %s", c.flag, c.n, stderr)
			}
			continue
		}
		if code != 127 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s of %d bytes: exit %d, stderr %q, want 127 and %q", c.flag, c.n, code, stderr, c.want)
		}
	}
}

// TestMemValidityAgrees: kc-sim loads the machine-code texts kc-as -d
// disassembles and refuses those it refuses (cmd/kc-as has the same test
// over the same files); an empty one is refused by both.
func TestMemValidityAgrees(t *testing.T) {
	files, err := filepath.Glob("../../testdata/plena/mem-validity/*.mem")
	if err != nil || len(files) < 2 {
		t.Fatalf("testdata: %v %v", files, err)
	}
	for _, f := range files {
		code, _, stderr := kcsim(t, nil, "-t", "plena", "--max-cycles", "1", f)
		valid := strings.HasPrefix(filepath.Base(f), "ok_")
		if loaded := code != 127; loaded != valid {
			t.Errorf("%s: exit %d (%s), want it loaded: %v", filepath.Base(f), code, strings.TrimSpace(stderr), valid)
		}
		if !valid && !strings.Contains(stderr, "machine-code text") {
			t.Errorf("%s: %q does not say why the text is not a program", filepath.Base(f), stderr)
		}
	}
}

// TestLoadBoundedByRegion: --load reads a .npy's data only if its shape
// fits between the address and the end of the region; a 100 MB array for
// 2 KiB of FP SRAM is refused from its header (it was read whole, then
// refused by the store).
func TestLoadBoundedByRegion(t *testing.T) {
	const n = 100_000_000
	hdr := "{'descr': '|u1', 'fortran_order': False, 'shape': (100000000,), }"
	for (10+len(hdr)+1)%64 != 0 {
		hdr += " "
	}
	hdr += "\n"
	head := append([]byte("\x93NUMPY\x01\x00"), byte(len(hdr)), byte(len(hdr)>>8))
	path := filepath.Join(t.TempDir(), "big.npy")
	if err := os.WriteFile(path, append(head, hdr...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, int64(10+len(hdr)+n)); err != nil { // sparse
		t.Fatal(err)
	}
	var base uint64
	for i := 0; i < 2; i++ {
		base = allocated(func() { kcsim(t, nil, "-t", "plena", siluMem, "--max-cycles", "1") })
	}
	var code int
	var stderr string
	got := allocated(func() {
		code, _, stderr = kcsim(t, nil, "-t", "plena", siluMem, "--load", "x="+path+"@fpmem+1024")
	})
	want := "shape [100000000] of uint8 needs more than 1024 bytes, the room from 0x30000400 to the end of region fpmem"
	if code != 127 || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, stderr %q, want 127 and %q", code, stderr, want)
	}
	t.Logf("allocated %d bytes (a run with no image: %d)", got, base)
	if got > base+8<<20 {
		t.Errorf("allocated %d bytes refusing a %d-byte array for 1 KiB (a run allocates %d): the data was read", got, n, base)
	}
}
