//go:build !linux || !amd64 || purego

package jit

import "testing"

// TestNotAvailable: where generated code cannot run, Available says why
// and nothing can be mapped.
func TestNotAvailable(t *testing.T) {
	if Available() == nil {
		t.Fatal("Available reports no error")
	}
	if _, err := NewCode([]byte{0xc3}); err == nil {
		t.Fatal("NewCode succeeded")
	}
	if _, err := NewData(64); err == nil {
		t.Fatal("NewData succeeded")
	}
}
