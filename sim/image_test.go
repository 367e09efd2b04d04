package sim

import (
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

func TestLoadIntoChecksSizesFirst(t *testing.T) {
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMemory(hw)
	cases := []struct {
		seg  Segment
		want string
	}{
		{Segment{Addr: 0x10000, Data: []byte{1, 2, 3}, MemSize: 1 << 40}, "does not fit"}, // hostile .bss size
		{Segment{Addr: 0x17ff0, MemSize: 32}, "does not fit"},                             // runs past the end of DTCM
		{Segment{Addr: 0x40000, MemSize: 4}, "does not fit"},                              // outside every region
		{Segment{Addr: 0x10000, Data: []byte{1, 2, 3}, MemSize: 8}, ""},
	}
	for _, c := range cases {
		err := (&Image{Segments: []Segment{c.seg}}).LoadInto(m)
		if c.want == "" {
			if err != nil {
				t.Errorf("%+v: %v", c.seg, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("segment at %#x size %d: err = %v, want %q", c.seg.Addr, c.seg.MemSize, err, c.want)
		}
	}
	got, _ := m.Peek(0x10000, 8)
	if string(got) != "\x01\x02\x03\x00\x00\x00\x00\x00" {
		t.Errorf("loaded bytes % x", got)
	}
}
