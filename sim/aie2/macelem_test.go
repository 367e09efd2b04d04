package aie2

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestMacElemInt32 runs mlir-aie's lowering of aievec.mul_elem on 16
// int32 lanes (Xilinx/mlir-aie@0737c419:test/Conversion/AIEVecToLLVM/mul_elem.mlir,
// @i32_i32_i32_mul_elem): the 16-bit halves split by vshuffle modes 2 and
// 3 (the high halves of a beside zeros), then vmul 858 (ah·bh, both
// signed), vmac 1626 (shift16, ah·bl), vmac 346 (al·bh), vmac 1114
// (shift16, al·bl) into one 64-bit accumulator: each lane must be the
// 64-bit product a[i]·b[i]. It holds the int16 16-lane 64-bit element-wise
// mode (configuration amode 1, bmode 3, variant 2), its pairing of x[i]
// with x[i+16], the sign bits and shift16 (the accumulator input moved
// left 16 bits, not the product) to what the compiler relies on.
func TestMacElemInt32(t *testing.T) {
	rng := rand.New(rand.NewSource(30))
	a, b := make([]byte, 64), make([]byte, 64)
	for i := range 16 {
		binary.LittleEndian.PutUint32(a[4*i:], rng.Uint32())
		binary.LittleEndian.PutUint32(b[4*i:], rng.Uint32())
	}
	binary.LittleEndian.PutUint32(a[0:], 0x80000000)
	binary.LittleEndian.PutUint32(b[0:], 0x80000000)
	binary.LittleEndian.PutUint32(a[4:], 0xffffffff)
	binary.LittleEndian.PutUint32(b[4:], 0x7fffffff)
	mac := func(op, dst, acc, xr, yr string, cfg int) string {
		s := fmt.Sprintf("movxm r5, #%d\nnop\n", cfg)
		if acc == "" {
			s += fmt.Sprintf("vmul %s, %s, %s, r5\n", dst, xr, yr)
		} else {
			s += fmt.Sprintf("%s %s, %s, %s, %s, r5\n", op, dst, acc, xr, yr)
		}
		return s + strings.Repeat("nop\n", 6)
	}
	src := "mov r0, #0\nmov r2, #2\nmov r3, #3\nvbcst.32 x4, r0\nnop\nnop\n" +
		"vshuffle x10, x0, x4, r2\nvshuffle x11, x0, x4, r3\nvshuffle x6, x1, x9, r2\nvshuffle x7, x1, x9, r3\nnop\nnop\n" +
		mac("vmul", "cm0", "", "x11", "x7", 858) +
		mac("vmac", "cm0", "cm0", "x11", "x6", 1626) +
		mac("vmac", "cm0", "cm0", "x10", "x7", 346) +
		mac("vmac", "cm0", "cm0", "x10", "x6", 1114) + "done\n"
	m := build(t, src, Options{})
	m.SetVec("x0", a)
	m.SetVec("x1", b)
	m.SetVec("x9", bytesOf(0x5a, 64)) // the lowering's undefined operand
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	got, _ := m.Vec("cm0")
	for i := range 16 {
		want := int64(int32(binary.LittleEndian.Uint32(a[4*i:]))) * int64(int32(binary.LittleEndian.Uint32(b[4*i:])))
		if g := int64(binary.LittleEndian.Uint64(got[8*i:])); g != want {
			t.Errorf("lane %d: %d, want %d", i, g, want)
		}
	}
}

// TestMacElemInt16And8: configurations 824 (32 int16 lanes) and 808
// (32 int8 lanes, the operands in the low halves and zeros above, as
// mlir-aie lowers mul_elem) give lane i = x[i]·y[i], signed, in 32 bits;
// vmac adds the accumulator and the second int8 term pairs x[i+32] with
// y[i+32].
func TestMacElemInt16And8(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	x, y := make([]byte, 64), make([]byte, 64)
	rng.Read(x)
	rng.Read(y)
	acc := make([]byte, 128)
	rng.Read(acc)
	for _, c := range []struct {
		cfg  int
		bits int
	}{{824, 16}, {808, 8}} {
		m := build(t, fmt.Sprintf("movxm r5, #%d\nnop\nvmul cm1, x0, x1, r5\nvmac cm2, cm3, x0, x1, r5\n", c.cfg)+strings.Repeat("nop\n", 6)+"done\n", Options{})
		m.SetVec("x0", x)
		m.SetVec("x1", y)
		m.SetVec("cm3", acc)
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		mul, _ := m.Vec("cm1")
		macv, _ := m.Vec("cm2")
		for i := range 32 {
			var p int64
			terms := 1
			if c.bits == 8 {
				terms = 2
			}
			for k := range terms {
				e := i + 32*k
				if c.bits == 16 {
					p += int64(int16(binary.LittleEndian.Uint16(x[2*e:]))) * int64(int16(binary.LittleEndian.Uint16(y[2*e:])))
				} else {
					p += int64(int8(x[e])) * int64(int8(y[e]))
				}
			}
			if g := int32(binary.LittleEndian.Uint32(mul[4*i:])); g != int32(p) {
				t.Errorf("cfg %d lane %d: vmul %d, want %d", c.cfg, i, g, p)
			}
			if g, w := int32(binary.LittleEndian.Uint32(macv[4*i:])), int32(binary.LittleEndian.Uint32(acc[4*i:]))+int32(p); g != w {
				t.Errorf("cfg %d lane %d: vmac %d, want %d", c.cfg, i, g, w)
			}
		}
	}
}

func bytesOf(v byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = v
	}
	return b
}
