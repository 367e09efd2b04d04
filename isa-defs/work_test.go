package isadefs

import (
	"fmt"
	"testing"
)

func TestEvalExpr(t *testing.T) {
	vars := func(n string) (int64, bool) {
		v, ok := map[string]int64{"mlen": 64, "blen": 4, "hlen": 16, "broadcast": 4}[n]
		return v, ok
	}
	for _, tc := range []struct {
		expr string
		want int64
		bad  bool
	}{
		{"blen*mlen*blen", 1024, false},
		{"broadcast*hlen*mlen", 4096, false},
		{"mlen + mlen/8", 72, false},
		{"(mlen+blen)*2 - 1", 135, false},
		{"2+3*4", 14, false},
		{"mlen/3", 0, true},    // not whole
		{"mlen/0", 0, true},    // division by zero
		{"vlen", 0, true},      // unknown name
		{"mlen*", 0, true},     // ends early
		{"(mlen", 0, true},     // missing )
		{"mlen blen", 0, true}, // two factors without an operator
		{"mlen%2", 0, true},
	} {
		got, err := EvalExpr(tc.expr, vars)
		if (err != nil) != tc.bad || got != tc.want {
			t.Errorf("EvalExpr(%q) = %d, %v; want %d, error %v", tc.expr, got, err, tc.want, tc.bad)
		}
	}
}

func TestParseWork(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want Work
		bad  bool
	}{
		{"macs:blen*blen", Work{Measure: "macs", Expr: "blen*blen"}, false},
		{"none:control-register", Work{None: "control register"}, false},
		{"macs", Work{}, true},
		{"none:", Work{}, true},
		{":mlen", Work{}, true},
		{"bytes:mlen+", Work{}, true},
	} {
		got, err := ParseWork(tc.v)
		if (err != nil) != tc.bad || got != tc.want {
			t.Errorf("ParseWork(%q) = %+v, %v; want %+v, error %v", tc.v, got, err, tc.want, tc.bad)
		}
	}
	const src = "isa t\nword 32\ninst nop | | 31..0=0 | unit=alu work=%s | x\n"
	isa, err := Parse("t.isa", fmt.Sprintf(src, "ops:1"))
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := isa.Insts[0].Work(); !ok || w != (Work{Measure: "ops", Expr: "1"}) {
		t.Errorf("nop's work: %+v, %v", w, ok)
	}
	if _, err := Parse("t.isa", fmt.Sprintf(src, "ops:(1")); err == nil {
		t.Error("a malformed work= attribute loaded without an error")
	}
}
