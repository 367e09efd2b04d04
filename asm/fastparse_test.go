package asm

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fastAndParticiple parses text both ways. fast is nil when the fast
// parser rejects the line (or its nesting is too deep).
func fastAndParticiple(t testing.TB, syn *syntaxFor, text string) (fast, ref *Line, refErr error) {
	t.Helper()
	toks, ok := syn.lex.lex(text, nil)
	if ok && nestingError("f.s", 7, text, toks) == nil {
		fast = (&fastParser{file: "f.s", line: 7, text: text, toks: toks}).parseLine()
	}
	if ok && nestingError("f.s", 7, text, toks) != nil {
		return fast, nil, nil // participle is not run on such lines
	}
	ref, refErr = syn.parser.ParseString("f.s", text)
	if refErr == nil {
		fixLine(ref, 7)
	}
	return fast, ref, refErr
}

func jsonOf(v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return string(b)
}

// testArena is shared by every line checkFastParse parses, as pass 1's
// is by every line of a file.
var testArena treeArena

// checkFastParse holds the fast parser to participle on one line: the
// same lines accepted, with identical trees.
func checkFastParse(t *testing.T, syn *syntaxFor, text string) {
	if strings.ContainsAny(text, "\n") || strings.TrimSpace(text) == "" {
		return
	}
	fast, ref, refErr := fastAndParticiple(t, syn, text)
	// The assembler's pass 1 takes the nodes from slabs shared by every
	// line of a file: the same tree.
	if toks, ok := syn.lex.lex(text, nil); ok && fast != nil {
		slabbed := (&fastParser{file: "f.s", line: 7, text: text, toks: toks, nodes: &testArena}).parseLine()
		if !reflect.DeepEqual(slabbed, fast) {
			t.Fatalf("%q: the tree from slabs differs\nslabs:\n%s\nheap:\n%s", text, jsonOf(slabbed), jsonOf(fast))
		}
	}
	switch {
	case ref == nil && refErr == nil:
		return // too deep for participle
	case refErr != nil && fast != nil:
		t.Fatalf("%q: participle rejects it (%v), the fast parser accepts it:\n%s", text, refErr, jsonOf(fast))
	case refErr == nil && fast == nil:
		t.Fatalf("%q: participle accepts it, the fast parser does not:\n%s", text, jsonOf(ref))
	case refErr == nil && !reflect.DeepEqual(fast, ref):
		t.Fatalf("%q: trees differ\nfast:\n%s\nparticiple:\n%s", text, jsonOf(fast), jsonOf(ref))
	}
}

func coralSyntax(t testing.TB) *syntaxFor {
	as, err := New("coral")
	if err != nil {
		t.Skip("coral backend not registered in this test binary")
	}
	return as.syntax
}

var fastParseSeeds = []string{
	"nop", "addi a0, a0, 1", "loop: addi a0, a0, -1 # count", "1: j 1b", "x = 5", ".set x, (1+2)*3",
	"lw t0, 8(a1)", "lw t0, (a1)", "sw t1, -4(a1) // c", "vle32.v v1, (a1), v0.t",
	"vsetvli t0, a0, e32, m1, ta, ma", "li a0, %hi(sym+4)", "lui a0, %pcrel_hi(x)", ".ascii \"a\\\"b\", \"c\"",
	".byte 'a', '\\n', 0x1f, 0b101, 017", ".float 1.5e-3, -2.0", "a: b: c: nop ; nop ;", ";", ";;", "  # only a comment",
	"x = - ~ ! + 1", "nop 1 + ", "addi a0, a0, 1 +", "f(", "8(a0", "[a, [b, c]]", "op [a, #1], #(2)", "op \"s\"(x)",
	"1f 2b 3F", "0b 0x 0f 00x1 1.e5 1.5E+7 12bx", "%hi %x(1) % 3", "a=b=c", "x: = 5", "1: 2: 3", "op ,", "op a,",
	"op (((1)))", "op -(a0)", "op 1 << 2 >> 3 && 4 || 5 == 6 != 7 <= 8 >= 9 | 10 ^ 11 & 12 + 13 - 14 * 15 / 16 % 17 < 18 > 19",
	"op 'a", "op \"abc", "op é", "op \"é\", 'é'", "op \xff", "op '\xff'", "op {1}", "op a0)(", ".section .text.x, \"ax\", @progbits",
	"vbcst.64 x9, r25:r24", "op a:b, c : d", "op a:", "op a:1", "op (a):b", "op 8(a0):b", "x: op a:b:c",
	"\t\r op \t a", "op 1 - - - ;", "op (1+2+3", "op %hi 1", "op .", "op $x, @y, .L1", "x = ", "x = (", "op #",
}

func TestFastParseMatchesParticiple(t *testing.T) {
	syn := coralSyntax(t)
	lines := append([]string(nil), fastParseSeeds...)
	files, _ := filepath.Glob("testdata/*/*.s")
	more, _ := filepath.Glob("../testdata/kernels/*/*.s")
	for _, f := range append(files, more...) {
		b, _ := os.ReadFile(f)
		lines = append(lines, strings.Split(string(b), "\n")...)
	}
	for _, l := range lines {
		checkFastParse(t, syn, l)
	}
}

// FuzzFastParse: the fast parser accepts exactly what participle accepts,
// with the same tree.
func FuzzFastParse(f *testing.F) {
	for _, s := range fastParseSeeds {
		f.Add(s)
	}
	syn := coralSyntax(f)
	f.Fuzz(func(t *testing.T, text string) {
		checkFastParse(t, syn, text)
	})
}
