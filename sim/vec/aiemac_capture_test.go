package vec

import (
	"bufio"
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The bf16 MAC against captures of real hardware, published with
// xdna-emu (FIM43-Redeye/xdna-emu@7380bd56ade07abe69cffac2558c74532ee52ea7,
// files and lines in the testdata headers):
//
//   - testdata/mac_bf16_ovf_silicon.txt: NPU1 silicon on 54 4x8x4 tiles
//     whose inputs hold NaNs, infinities and huge finite values
//     (tools/golden/silicon_edge/vec_mac_bf16_ovf.json): 88 finite lanes
//     (14 of them need the 23rd fractional bit after the product's binary
//     point), 136 infinities (overflowing finite products among them:
//     exact ±Inf, not 0x7F800001) and 640 NaNs (0x7F800001/0xFF800001 in
//     638 lanes, the sum's sign; 0xFF905901 and 0xFFEDEE1D where the
//     datapath sum of a NaN times a small factor does not overflow);
//   - testdata/mac_bf16_aietools.txt: the aietools model on 24 finite
//     tiles (tests/vector-verify/vec_mac_bf16), which silicon reproduced.
//
// Every path (the Go loop, AVX2, AVX-512) must give every lane's bits.

// captureTile is one 4x8x4 tile: A row-major 4x8, B row-major 8x4, C the
// 16 fp32 results (lane r*4+n).
type captureTile struct {
	a, b [32]uint16
	c    [16]uint32
}

func readCapture(t *testing.T, name string) []captureTile {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tiles []captureTile
	var cur captureTile
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	line := 0
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		want := map[string]int{"a": 32, "b": 32, "c": 16}[fs[0]]
		if want == 0 || len(fs) != want+1 {
			t.Fatalf("%s:%d: want a line of a, b or c with 32, 32 or 16 values", name, line)
		}
		for i, s := range fs[1:] {
			v, err := strconv.ParseUint(s, 16, 32)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			switch fs[0] {
			case "a":
				cur.a[i] = uint16(v)
			case "b":
				cur.b[i] = uint16(v)
			case "c":
				cur.c[i] = uint32(v)
			}
		}
		if fs[0] == "c" {
			tiles = append(tiles, cur)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return tiles
}

// laneClass names a result's kind for the per-kind counts.
func laneClass(v uint32) string {
	switch {
	case v&0x7F800000 != 0x7F800000:
		return "finite"
	case v&0x7FFFFF == 0:
		return "inf"
	}
	return "nan"
}

func TestMacBF16Captures(t *testing.T) {
	defer UseFallback(false)
	l := testLayouts(t)["4x8x4"]
	for _, tc := range []struct {
		file   string
		tiles  int
		kernel int            // tiles without ∞ or NaN operands: the SIMD kernels take them
		kinds  map[string]int // lanes of each kind in the capture
	}{
		// The 11 kernel tiles hold 70 finite lanes and 106 overflows.
		{"mac_bf16_ovf_silicon.txt", 54, 11, map[string]int{"finite": 88, "inf": 136, "nan": 640}},
		{"mac_bf16_aietools.txt", 24, 24, map[string]int{"finite": 384}},
	} {
		tiles := readCapture(t, tc.file)
		if len(tiles) != tc.tiles {
			t.Fatalf("%s: %d tiles, want %d", tc.file, len(tiles), tc.tiles)
		}
		for _, p := range append([]string{"generic"}, Paths()...) {
			SetPath(p)
			kinds, matched := map[string]int{}, map[string]int{}
			shown, kernel := 0, 0
			for ti, tile := range tiles {
				var x, y, out [64]byte
				for i := range 32 {
					binary.LittleEndian.PutUint16(x[2*i:], tile.a[i])
					binary.LittleEndian.PutUint16(y[2*i:], tile.b[i])
				}
				var k [64]byte
				if macBF16K(&k, &x, &y, &zeroAcc, &zeroAcc, l, 0) {
					kernel++
				}
				MacBF16(&out, &x, &y, nil, nil, l, 0)
				for lane, want := range tile.c {
					k := laneClass(want)
					kinds[k]++
					got := binary.LittleEndian.Uint32(out[4*lane:])
					if got == want {
						matched[k]++
					} else if shown++; shown <= 20 {
						t.Errorf("%s (%s): tile %d lane %d: %#08x, silicon %#08x", tc.file, p, ti, lane, got, want)
					}
				}
			}
			if p != "generic" && kernel != tc.kernel {
				t.Errorf("%s (%s): the kernel took %d tiles, want %d", tc.file, p, kernel, tc.kernel)
			}
			for k, n := range tc.kinds {
				if kinds[k] != n {
					t.Errorf("%s: %d %s lanes, want %d", tc.file, kinds[k], k, n)
				}
				if matched[k] != n {
					t.Errorf("%s (%s): %s lanes %d/%d bit-identical", tc.file, p, k, matched[k], n)
				}
			}
			t.Logf("%s (%s): finite %d/%d, inf %d/%d, nan %d/%d", tc.file, p,
				matched["finite"], kinds["finite"], matched["inf"], kinds["inf"], matched["nan"], kinds["nan"])
		}
	}
}
