package isadefs_test

import (
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestCoralDecodeUnambiguous: when two encodings can match the same word,
// one must be strictly more specific, so Decode's "most fixed bits" rule
// picks a unique instruction.
func TestCoralDecodeUnambiguous(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	for i, a := range isa.Insts {
		for _, b := range isa.Insts[i+1:] {
			common := a.Mask & b.Mask
			if a.Match&common != b.Match&common {
				continue // some fixed bit tells them apart
			}
			if a.Mask&^b.Mask != 0 && b.Mask&^a.Mask != 0 {
				t.Errorf("%s (line %d) and %s (line %d) both match some words and neither is more specific",
					a.Mnemonic, a.Line, b.Mnemonic, b.Line)
			}
		}
	}
}
