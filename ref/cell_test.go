package ref

import (
	"strings"
	"testing"
)

// TestCellCheck: a cell exists when its target is known, supports its
// task, and its configuration is in range; the error says which part is
// wrong.
func TestCellCheck(t *testing.T) {
	for _, tc := range []struct {
		cell Cell
		err  string // "" = exists
	}{
		{Cell{"coral", "gemm", 1}, ""},
		{Cell{"plena", "flash_attention", NumConfigs}, ""},
		{Cell{"gpu", "gemm", 1}, "gpu"},
		{Cell{"coral", "nosuch", 1}, "nosuch"},
		{Cell{"coral", "flash_attention", 1}, "not supported on coral"},
		{Cell{"aie2", "gemm", 0}, "configuration 0"},
		{Cell{"aie2", "gemm", NumConfigs + 1}, "configuration 6"},
	} {
		err := tc.cell.Check()
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: error %v, want %q", tc.cell, err, tc.err)
		}
	}
	c, _, err := Generate("aie2", "relu", 2, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Cell(); got != (Cell{"aie2", "relu", 2}) || got.String() != "aie2 relu c2" {
		t.Errorf("case cell %+v %q", got, got.String())
	}
}
