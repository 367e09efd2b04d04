package coral

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// Test harness for the vector unit alone: a VState, scalar registers and
// coral's memory map, with instructions encoded from coral.isa.

var vISA = isadefs.MustLoadISA("coral")

// venc encodes one instruction from its mnemonic and operand values in
// syntax order; trailing defaulted operands (vm) may be left out.
func venc(t testing.TB, mn string, vals ...int64) (*isadefs.Inst, uint32) {
	t.Helper()
	ins := vISA.Lookup(mn)
	if len(ins) == 0 {
		t.Fatalf("no instruction %q in coral.isa", mn)
	}
	in := ins[0]
	for len(vals) < len(in.Operands) && in.Operands[len(vals)].HasDefault {
		vals = append(vals, in.Operands[len(vals)].Default)
	}
	w, err := in.Encode(vals)
	if err != nil {
		t.Fatalf("encode %s %v: %v", mn, vals, err)
	}
	return in, uint32(w)
}

type vmach struct {
	t    testing.TB
	v    VState
	x, f [32]uint32
	mem  *sim.Memory
}

const vDTCM = 0x10000

func newVM(t testing.TB) *vmach {
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	m := &vmach{t: t, mem: sim.NewMemory(hw)}
	m.v.Reset()
	return m
}

// vtypeOf builds a vtype from "e32", "m1"/"mf2", ta/ma.
func vtypeOf(sew int, lmul string) uint32 {
	var vsew uint32
	switch sew {
	case 8:
		vsew = 0
	case 16:
		vsew = 1
	case 32:
		vsew = 2
	case 64:
		vsew = 3
	}
	vlmul := map[string]uint32{"m1": 0, "m2": 1, "m4": 2, "m8": 3, "mf8": 5, "mf4": 6, "mf2": 7}[lmul]
	return vsew<<3 | vlmul
}

// vset installs SEW/LMUL with vl = VLMAX, or vl = avl[0].
func (m *vmach) vset(sew int, lmul string, avl ...uint32) {
	m.t.Helper()
	a := ^uint32(0)
	if len(avl) > 0 {
		a = avl[0]
	}
	m.v.SetVType(vtypeOf(sew, lmul), a, false)
	if m.v.Vill {
		m.t.Fatalf("vset e%d %s: vill", sew, lmul)
	}
}

func (m *vmach) exec(mn string, ops ...int64) *sim.Trap {
	m.t.Helper()
	in, w := venc(m.t, mn, ops...)
	op, err := DecodeVector(in, w)
	if err != nil {
		return op.illegal("%s", op.Msg)
	}
	if op.Name != mn {
		m.t.Errorf("%s decoded as %s", mn, op.Name)
	}
	return m.v.Exec(&op, &m.x, &m.f, m.mem)
}

func (m *vmach) run(mn string, ops ...int64) {
	m.t.Helper()
	if tr := m.exec(mn, ops...); tr != nil {
		m.t.Fatalf("%s %v: unexpected trap: %v", mn, ops, tr)
	}
}

// trap runs an instruction that must trap with kind and a message
// containing want.
func (m *vmach) trap(kind sim.TrapKind, want string, mn string, ops ...int64) {
	m.t.Helper()
	tr := m.exec(mn, ops...)
	if tr == nil {
		m.t.Fatalf("%s %v: no trap, want %v %q", mn, ops, kind, want)
	}
	if tr.Kind != kind || !strings.Contains(tr.Msg, want) {
		m.t.Fatalf("%s %v: trap %v %q, want %v containing %q", mn, ops, tr.Kind, tr.Msg, kind, want)
	}
}

// set writes elements of width sew into the group starting at register r.
func (m *vmach) set(r, sew int, vals ...int64) {
	b := m.v.V[r*VLENB:]
	for i, x := range vals {
		switch sew {
		case 8:
			b[i] = byte(x)
		case 16:
			binary.LittleEndian.PutUint16(b[2*i:], uint16(x))
		case 32:
			binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
		}
	}
}

// get reads n signed elements of width sew from the group at register r.
func (m *vmach) get(r, sew, n int) []int64 {
	b := m.v.V[r*VLENB:]
	out := make([]int64, n)
	for i := range out {
		switch sew {
		case 8:
			out[i] = int64(int8(b[i]))
		case 16:
			out[i] = int64(int16(binary.LittleEndian.Uint16(b[2*i:])))
		case 32:
			out[i] = int64(int32(binary.LittleEndian.Uint32(b[4*i:])))
		}
	}
	return out
}

// getU reads n unsigned elements.
func (m *vmach) getU(r, sew, n int) []int64 {
	out := m.get(r, sew, n)
	for i := range out {
		out[i] &= 1<<sew - 1
	}
	return out
}

// setMask writes a mask register from a spec-style bit string: the
// leftmost character is the highest element, spaces are ignored.
func (m *vmach) setMask(r int, bits string) {
	bits = strings.ReplaceAll(bits, " ", "")
	for i := range VLENB {
		m.v.V[r*VLENB+i] = 0
	}
	for k, c := range bits {
		i := len(bits) - 1 - k
		if c == '1' {
			m.v.V[r*VLENB+i/8] |= 1 << (i % 8)
		}
	}
}

// mask returns the low n bits of mask register r in spec style.
func (m *vmach) mask(r, n int) string {
	var sb strings.Builder
	for i := n - 1; i >= 0; i-- {
		if m.v.V[r*VLENB+i/8]>>(i%8)&1 != 0 {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	return sb.String()
}

func (m *vmach) poke(addr uint64, b []byte) {
	if err := m.mem.Load(addr, b); err != nil {
		m.t.Fatal(err)
	}
}

func (m *vmach) peek(addr, n uint64) []byte {
	b, err := m.mem.Peek(addr, n)
	if err != nil {
		m.t.Fatal(err)
	}
	return b
}

func eq(a, b []int64) bool { return slices.Equal(a, b) }

func (m *vmach) want(what string, got, want []int64) {
	m.t.Helper()
	if !eq(got, want) {
		m.t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func seq(n int, f func(i int) int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = f(i)
	}
	return out
}
