// Package bounded reads inputs no larger than they can legally be: a
// regular file is refused by its size before any of it is read, and a
// device, pipe or stream is read to the limit plus one byte, so that an
// endless input (/dev/zero) costs at most the limit.
package bounded

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrTooLarge is the error of an input over its limit.
var ErrTooLarge = errors.New("input too large")

// ReadFile reads the file at path, refusing one of more than limit
// bytes.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		return nil, fmt.Errorf("%w: %d bytes", ErrTooLarge, st.Size())
	}
	return Read(f, limit)
}

// Read reads r to its end, refusing more than limit bytes (it reads at
// most limit plus one).
func Read(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	}
	return data, nil
}
