package aie2

import (
	"strings"
	"testing"

	"kernelcraft/ref"
)

// TestRoPEShapes: head dims the generator cannot lay out are clear errors
// (odd, or not a multiple of 32 with a half over two 16-lane chunks);
// the ones it can assemble.
func TestRoPEShapes(t *testing.T) {
	c, _, err := ref.Generate(Target, "rope", 3, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	params, err := ref.ParamsOf(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		d    int
		want string
	}{{41, "head_dim 41"}, {70, "not supported yet"}, {40, ""}, {24, ""}, {64, ""}} {
		pr := params
		pr.D = tc.d
		p := &Prog{}
		err := genRoPE(p, c, pr)
		if tc.want == "" {
			if err != nil {
				t.Errorf("head_dim %d: %v", tc.d, err)
				continue
			}
			assemble(t, string(p.Source()))
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("head_dim %d: error %v, want one saying %q", tc.d, err, tc.want)
		}
	}
}
