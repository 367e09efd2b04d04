package coral

import (
	"encoding/binary"
	"flag"
	"strings"
	"sync/atomic"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// ABI register numbers for tests.
const (
	zero = 0
	ra   = 1
	sp   = 2
	gp   = 3
	t0   = 5
	t1   = 6
	t2   = 7
	s0   = 8
	s1   = 9
	a0   = 10
	a1   = 11
	a2   = 12
	a3   = 13
	a4   = 14
	a5   = 15
	a6   = 16
	a7   = 17
	t3   = 28
	t4   = 29
)

const dtcm = 0x10000

var testISA = isadefs.MustLoadISA("coral")

// withStopFlag gives every machine of newMachine a stop flag that is never
// set (Options.Stop), so that the tests and benchmarks run the polling
// paths: go test -stopflag, or -bench … -stopflag to compare speeds.
var withStopFlag = flag.Bool("stopflag", false, "run the machines of tests and benchmarks with a stop flag that is never set")

// enc encodes one instruction from its mnemonic and operand values in
// syntax order (registers by number, rm/vm defaults must be given).
func enc(t testing.TB, mn string, vals ...int64) uint32 {
	t.Helper()
	ins := testISA.Lookup(mn)
	if len(ins) == 0 {
		t.Fatalf("no instruction %q in coral.isa", mn)
	}
	in := ins[0]
	// Fill defaulted trailing operands (rm, vm).
	for len(vals) < len(in.Operands) && in.Operands[len(vals)].HasDefault {
		vals = append(vals, in.Operands[len(vals)].Default)
	}
	w, err := in.Encode(vals)
	if err != nil {
		t.Fatalf("encode %s %v: %v", mn, vals, err)
	}
	return uint32(w)
}

// asm is a tiny line assembler for tests: "addi a0, zero, 5", "lw a0, 8(a1)",
// "beq a0, a1, -8" (branch/jump offsets in bytes). Registers by ABI name.
func asm(t testing.TB, lines ...string) []uint32 {
	t.Helper()
	var out []uint32
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		mn, rest, _ := strings.Cut(l, " ")
		rest = strings.NewReplacer("(", ",", ")", "").Replace(rest)
		var vals []int64
		for _, f := range strings.Split(rest, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			if r, ok := testISA.Register(f); ok {
				vals = append(vals, int64(r.Index))
				continue
			}
			if e, ok := testISA.Enums["csr"]; ok {
				if v, ok := e.Values[f]; ok {
					vals = append(vals, v)
					continue
				}
			}
			if e, ok := testISA.Enums["rm"]; ok {
				if v, ok := e.Values[f]; ok {
					vals = append(vals, v)
					continue
				}
			}
			v, err := parseNum(f)
			if err != nil {
				t.Fatalf("%q: bad operand %q", l, f)
			}
			vals = append(vals, v)
		}
		// Memory syntax "rd, imm(rs1)" lists imm before rs1, as the syntax does.
		out = append(out, enc(t, mn, vals...))
	}
	return out
}

func parseNum(s string) (int64, error) {
	var v int64
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	base := int64(10)
	if strings.HasPrefix(s, "0x") {
		base, s = 16, s[2:]
	}
	if s == "" {
		return 0, errBad
	}
	for _, c := range s {
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case c >= 'a' && c <= 'f' && base == 16:
			d = int64(c-'a') + 10
		default:
			return 0, errBad
		}
		v = v*base + d
	}
	if neg {
		v = -v
	}
	return v, nil
}

type badErr struct{}

func (badErr) Error() string { return "bad number" }

var errBad = badErr{}

func image(words []uint32) *sim.Image {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return &sim.Image{Entry: 0, Segments: []sim.Segment{{Addr: 0, Data: b, MemSize: uint64(len(b)), Exec: true}}, Symbols: map[string]uint64{}}
}

func hw(t testing.TB, name string) *isadefs.HW {
	t.Helper()
	h, err := isadefs.HWByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// newMachine loads a program (instruction words) into a fresh coral machine.
func newMachine(t testing.TB, opts Options, words []uint32) *Machine {
	t.Helper()
	return newMachineHW(t, hw(t, "coral"), opts, words)
}

func newMachineHW(t testing.TB, h *isadefs.HW, opts Options, words []uint32) *Machine {
	t.Helper()
	if *withStopFlag && opts.Stop == nil {
		opts.Stop = new(atomic.Bool)
	}
	m, err := New(h, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(image(words)); err != nil {
		t.Fatal(err)
	}
	return m
}

// run assembles lines, appends mpause, runs, and fails on any halt other
// than mpause.
func run(t testing.TB, setup func(m *Machine), lines ...string) *Machine {
	t.Helper()
	m := newMachine(t, Options{}, append(asm(t, lines...), 0x08000073))
	if setup != nil {
		setup(m)
	}
	h := m.Run()
	if h.Kind != sim.HaltPause {
		t.Fatalf("%v: halt %v (%s)", lines, h.KindName(), h)
	}
	return m
}
