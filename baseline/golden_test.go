package baseline

import (
	"strings"
	"testing"
)

func TestInstantiate(t *testing.T) {
	src, err := Instantiate("k.s", []byte("li t0, {{.M}}\nli t1, {{.K3}}\nli t2, {{.Mult}}\n"), "coral", "gemm", 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := "li t0, 32\nli t1, 192\nli t2, "; string(src[:len(want)]) != want {
		t.Errorf("got %q", src)
	}
	if _, err := Instantiate("k.s", []byte("li t0, {{.Nope}}"), "coral", "gemm", 2); err == nil {
		t.Error("an unknown placeholder was accepted")
	}
	if _, err := Instantiate("k.s", []byte("li t0, {{.M}}"), "coral", "rope", 1); err == nil {
		t.Error("an unsupported task was accepted")
	}
}

// TestInstantiateOnlyPlaceholders: a kernel template that loops, branches
// or calls functions is refused with its line, before anything runs
// (issue 16: {{range 1000000000}} ran kc-ref eval out of memory).
func TestInstantiateOnlyPlaceholders(t *testing.T) {
	for _, src := range []string{
		"li t0, {{.M}}\n{{range 1000000000}}nop\n{{end}}",
		"{{if .M}}x{{end}}", "{{printf \"%0999999d\" 1}}", "{{$x := .M}}", "{{.M | print}}", "{{template \"t\"}}{{define \"t\"}}{{end}}",
	} {
		_, err := Instantiate("k.s", []byte(src), "coral", "gemm", 2)
		if err == nil || !strings.Contains(err.Error(), "only {{.Name}} placeholders") {
			t.Errorf("%q: error %v", src, err)
		}
	}
	if _, err := Instantiate("k.s", []byte("li t0, 1\n{{range 5}}x{{end}}"), "coral", "gemm", 2); err == nil || !strings.Contains(err.Error(), "k.s:2:") {
		t.Errorf("the error does not name line 2: %v", err)
	}
}

// TestInstantiateLayout: a template reaches a case's placement through
// LayoutParams: plena gemm configuration 3's B in HBM after A's 128 rows
// of 128 and their scale plane, its SCALE_REG and pitch, and C at the
// start of Vector SRAM.
func TestInstantiateLayout(t *testing.T) {
	src, err := Instantiate("k.asm", []byte("{{.Off_a}} {{.Off_b}} {{.Scale_b}} {{.Pitch_b}} {{.Off_c}} {{.Pitch_c}}"), "plena", "gemm", 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := "0 18432 16384 128 0 64"; string(src) != want {
		t.Errorf("got %q, want %q", src, want)
	}
	if _, err := Instantiate("k.asm", []byte("{{.Scale_c}}"), "plena", "gemm", 3); err == nil {
		t.Error("a bf16 tensor has a SCALE_REG placeholder")
	}
}
