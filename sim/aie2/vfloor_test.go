package aie2

import (
	"bufio"
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// runFloor runs vfloor.s32.bf16 x1, SRC, s0 on 16 bf16 lanes with s0 =
// shift (SRC a w or an am register) and returns the 16 int32 lanes.
func runFloor(t *testing.T, src string, in []uint16, shift int) []int32 {
	t.Helper()
	m := build(t, "vfloor.s32.bf16 x1, "+src+", s0\nnop\nnop\ndone\n", Options{})
	b := make([]byte, 32)
	for i, v := range in {
		binary.LittleEndian.PutUint16(b[2*i:], v)
	}
	if err := m.SetVec(src, b); err != nil {
		t.Fatal(err)
	}
	m.SetReg("s0", uint64(shift)&63)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	x, _ := m.Vec("x1")
	out := make([]int32, 16)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(x[4*i:]))
	}
	return out
}

// TestVFloorSilicon: vfloor.s32.bf16 on the 256 inputs of xdna-emu's
// silicon capture (every bf16 subnormal and both zeros) gives silicon's
// results: a negative subnormal floors to −1 (no flush to zero).
func TestVFloorSilicon(t *testing.T) {
	f, err := os.Open("testdata/vfloor_silicon.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var in []uint16
	var want []int32
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || fs[0][0] == '#' {
			continue
		}
		a, err1 := strconv.ParseUint(fs[0], 0, 16)
		w, err2 := strconv.ParseInt(fs[1], 10, 32)
		if len(fs) != 2 || err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
		in, want = append(in, uint16(a)), append(want, int32(w))
	}
	if len(in) != 256 {
		t.Fatalf("%d lanes in the golden, want 256", len(in))
	}
	for k := 0; k < 256; k += 16 {
		src := []string{"wl0", "amll0"}[k/16%2] // both forms
		got := runFloor(t, src, in[k:k+16], 0)
		for i := range got {
			if got[i] != want[k+i] {
				t.Errorf("%s: bf16 %#04x floors to %d, silicon %d", src, in[k+i], got[i], want[k+i])
			}
		}
	}
}

// floorModel is vfloor's lane from the manual's wording with exact
// rationals: floor(x · 2^shift) saturated to int32 (NaN: the largest).
func floorModel(b uint16, shift int) int32 {
	exp, frac := int(b>>7&0xFF), int64(b&0x7F)
	if exp == 0xFF {
		switch {
		case frac != 0 || b>>15 == 0:
			return 1<<31 - 1
		default:
			return -1 << 31
		}
	}
	m, e := frac, -133 // subnormal: frac · 2^-133
	if exp != 0 {
		m, e = frac|0x80, exp-134
	}
	if b>>15 != 0 {
		m = -m
	}
	r := new(big.Rat).SetInt64(m)
	p := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(abs(e+shift))))
	if e+shift >= 0 {
		r.Mul(r, p)
	} else {
		r.Quo(r, p)
	}
	q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
	switch {
	case q.Cmp(big.NewInt(1<<31-1)) > 0:
		return 1<<31 - 1
	case q.Cmp(big.NewInt(-1<<31)) < 0:
		return -1 << 31
	}
	return int32(q.Int64())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestVFloorModel: vfloor.s32.bf16 against floorModel on random bf16
// values (every exponent, infinities and NaNs among them) for shifts
// −32..31, the s register's low six bits read as a signed number.
func TestVFloorModel(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 4))
	for _, shift := range []int{0, 1, 5, 31, -1, -7, -32, 12} {
		in := make([]uint16, 16)
		for i := range in {
			in[i] = uint16(r.Uint32())
		}
		in[0], in[1], in[2] = 0x3FC0, 0xC020, 0x7F80 // 1.5, -2.5, +inf
		for _, src := range []string{"wl0", "amll0"} {
			got := runFloor(t, src, in, shift)
			for i, v := range in {
				if w := floorModel(v, shift); got[i] != w {
					t.Errorf("%s shift %d: bf16 %#04x floors to %d, want %d", src, shift, v, got[i], w)
				}
			}
		}
	}
	if g := floorModel(0x3FC0, 0); g != 1 {
		t.Errorf("model: floor(1.5) = %d", g)
	}
	if g := floorModel(0xC020, 0); g != -3 {
		t.Errorf("model: floor(-2.5) = %d", g)
	}
}
