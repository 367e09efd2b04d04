package baseline

import (
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
