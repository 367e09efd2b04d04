package aie2

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestShuffleSilicon runs vshuffle in every mode 0-47 on identity inputs
// (byte i of xa:xb holds i) and compares each output byte with the input
// byte silicon routes there (testdata/vshuffle_silicon.txt, xdna-emu's
// NPU sweep). A mode above 47 traps.
func TestShuffleSilicon(t *testing.T) {
	f, err := os.Open("testdata/vshuffle_silicon.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	golden := map[int][]byte{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		ms, rest, ok := strings.Cut(line, ":")
		mode, err := strconv.Atoi(ms)
		if !ok || err != nil {
			t.Fatalf("bad line %q", line)
		}
		var row []byte
		for _, w := range strings.Fields(rest) {
			n, err := strconv.Atoi(w)
			if err != nil || n < 0 || n > 127 {
				t.Fatalf("mode %d: bad byte %q", mode, w)
			}
			row = append(row, byte(n))
		}
		if len(row) != 64 {
			t.Fatalf("mode %d: %d bytes, want 64", mode, len(row))
		}
		golden[mode] = row
	}
	if len(golden) != 48 {
		t.Fatalf("%d modes in the golden, want 48", len(golden))
	}
	in := make([]byte, 128)
	for i := range in {
		in[i] = byte(i)
	}
	src := "vshuffle x2, x0, x1, r0\nnop\nnop\ndone\n"
	for mode := 0; mode < 48; mode++ {
		m := build(t, src, Options{})
		m.SetVec("x0", in[:64])
		m.SetVec("x1", in[64:])
		m.SetReg("r0", uint64(mode))
		if h := m.Run(); !h.OK() {
			t.Fatalf("mode %d: %v", mode, h)
		}
		got, _ := m.Vec("x2")
		for i, want := range golden[mode] {
			if got[i] != want {
				t.Errorf("mode %d: output byte %d is input byte %d, silicon %d", mode, i, got[i], want)
				break
			}
		}
	}
	m := build(t, src, Options{})
	m.SetReg("r0", 48)
	if h := m.Run(); h.OK() || !strings.Contains(h.String(), "mode 48") {
		t.Errorf("mode 48: %v, want a trap", h)
	}
}
