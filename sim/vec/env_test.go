package vec

import (
	"strings"
	"testing"
)

// TestKCSIMD: the values KC_SIMD accepts select their path; anything else
// is an error that names the accepted values (and the path stays the
// best one), and a path the CPU lacks says which it has.
func TestKCSIMD(t *testing.T) {
	defer func(p string) { SetPath(p) }(Path())
	for _, tc := range []struct {
		v, path, err string
	}{
		{v: "", path: bestName()}, {v: "auto", path: bestName()},
		{v: "generic", path: "generic"}, {v: "off", path: "generic"}, {v: "go", path: "generic"}, {v: "fallback", path: "generic"},
		{v: "bogus", path: bestName(), err: `KC_SIMD="bogus": want auto, generic (or go, fallback, off), avx2 or avx512`},
		{v: "AVX2", path: bestName(), err: "want auto, generic"},
	} {
		err := applyEnv(tc.v)
		if Path() != tc.path || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("KC_SIMD=%q: path %s, error %v; want %s, %q", tc.v, Path(), err, tc.path, tc.err)
		}
	}
	for _, p := range []string{"avx2", "avx512"} {
		err := applyEnv(p)
		have := false
		for _, q := range Paths() {
			have = have || q == p
		}
		switch {
		case have && (err != nil || Path() != p):
			t.Errorf("KC_SIMD=%s on a CPU with it: path %s, %v", p, Path(), err)
		case !have && (err == nil || !strings.Contains(err.Error(), "this CPU has no "+p)):
			t.Errorf("KC_SIMD=%s on a CPU without it: %v", p, err)
		}
	}
}

func bestName() string {
	if t := best(); t != nil {
		return t.name
	}
	return "generic"
}
