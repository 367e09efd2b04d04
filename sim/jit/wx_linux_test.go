//go:build linux && amd64 && !purego

package jit

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// mappingPerms returns the permissions /proc/self/maps gives the mapping
// holding addr ("r-xp", "rw-p", ...).
func mappingPerms(t *testing.T, addr uintptr) string {
	t.Helper()
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var lo, hi uintptr
		var perms string
		if _, err := fmt.Sscanf(sc.Text(), "%x-%x %s", &lo, &hi, &perms); err == nil && addr >= lo && addr < hi {
			return perms
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return ""
}

// TestWX: code is mapped read+execute and never writable; data tables
// are read+write and never executable.
func TestWX(t *testing.T) {
	code, err := NewCode([]byte{0xc3})
	if err != nil {
		t.Fatal(err)
	}
	defer code.Free()
	data, err := NewData(100)
	if err != nil {
		t.Fatal(err)
	}
	defer data.Free()
	if p := mappingPerms(t, code.Addr()); !strings.HasPrefix(p, "r-x") {
		t.Errorf("code mapping %s, want r-x", p)
	}
	if p := mappingPerms(t, data.Addr()); !strings.HasPrefix(p, "rw-") {
		t.Errorf("data mapping %s, want rw-", p)
	}
}

// BenchmarkNewCode is the cost of one executable mapping of 1 KiB (map,
// fill, mprotect, unmap): what a batch of translated pairs pays besides
// emitting its code.
func BenchmarkNewCode(b *testing.B) {
	buf := make([]byte, 1024)
	for i := 0; i < b.N; i++ {
		c, err := NewCode(buf)
		if err != nil {
			b.Fatal(err)
		}
		c.Free()
	}
}
