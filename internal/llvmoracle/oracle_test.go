package llvmoracle

import "testing"

func TestParseEncoding(t *testing.T) {
	cases := []struct {
		in   string
		want []uint32
	}{
		{"0x57,0xf5,0x05,0x0c", []uint32{0x0c05f557}},
		// call: fixup bytes keep their known bits, A bytes read as zero
		{"0x97'A',A,A,A,0xe7'A',0x80'A',A,A", []uint32{0x00000097, 0x000080e7}},
		{"0x17,0bAAAA0101,A,A", []uint32{0x00000517}},
	}
	for _, c := range cases {
		got, err := parseEncoding(c.in)
		if err != nil || !SameWords(got, c.want) {
			t.Errorf("parseEncoding(%q) = %x, %v; want %x", c.in, got, err, c.want)
		}
	}
	if _, err := parseEncoding("0x13,0x05"); err == nil {
		t.Error("half a word accepted")
	}
}
