package bounded

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile: a file within the limit is read whole; a larger regular
// file is refused by its size (a sparse 1 GiB file costs nothing); an
// endless device is read to the limit plus one byte and refused.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct {
		path  string
		limit int64
		want  string // "" = read whole
	}{
		{small, 5, ""},
		{small, 4, "input too large: 5 bytes"},
		{big, 1 << 20, "input too large: 1073741824 bytes"},
		{"/dev/zero", 4096, "input too large: more than 4096 bytes"},
	} {
		data, err := ReadFile(tc.path, tc.limit)
		switch {
		case tc.want == "" && (err != nil || string(data) != "12345"):
			t.Errorf("%s: %q, %v", tc.path, data, err)
		case tc.want != "" && (err == nil || !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s limit %d: %v, want %q", tc.path, tc.limit, err, tc.want)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "none"), 10); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
