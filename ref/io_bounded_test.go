package ref

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/internal/bounded"
)

// TestLoadCaseBounded: a case.json that is an endless device, or a
// regular file over MaxCaseJSONBytes, is refused without reading it
// whole, and the error names the file and the limit.
func TestLoadCaseBounded(t *testing.T) {
	endless := t.TempDir()
	if err := os.Symlink("/dev/zero", filepath.Join(endless, CaseFile)); err != nil {
		t.Fatal(err)
	}
	huge := t.TempDir()
	f, err := os.Create(filepath.Join(huge, CaseFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, dir := range []string{endless, huge} {
		_, _, err := LoadCase(dir)
		if !errors.Is(err, bounded.ErrTooLarge) || !strings.Contains(err.Error(), CaseFile) || !strings.Contains(err.Error(), "at most 4194304 bytes") {
			t.Errorf("%s: %v", dir, err)
		}
	}
}
