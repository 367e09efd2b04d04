package llvmoracle

import (
	"encoding/binary"
	"fmt"
	"strings"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral" // registers the coral backend
	isadefs "kernelcraft/isa-defs"
)

// Assembler encodes single statements with kc-as, the way llvm-mc
// -show-encoding shows them: symbols named symN are defined at the
// statement itself, so relocated fields come out zero as llvm-mc leaves
// them.
type Assembler struct {
	as *asm.Assembler
	hw *isadefs.HW
}

// NewAssembler returns a coral assembler for statement encoding. The
// coral-f hardware config enables every extension of coral.isa.
func NewAssembler() (*Assembler, error) {
	as, err := asm.New("coral")
	if err != nil {
		return nil, err
	}
	hw, err := isadefs.HWByName("coral-f")
	if err != nil {
		return nil, err
	}
	return &Assembler{as: as, hw: hw}, nil
}

// Words assembles one statement and returns its instruction words.
func (a *Assembler) Words(text string) ([]uint32, error) {
	src := "sym0: sym1: sym2: " + text + "\n"
	p, err := a.as.Assemble("stmt.s", []byte(src), asm.Options{HW: a.hw})
	if err != nil {
		return nil, fmt.Errorf("%s", strings.ReplaceAll(err.Error(), "\n", " "))
	}
	for _, s := range p.Sections {
		if s.Name == ".text" {
			words := make([]uint32, len(s.Data)/4)
			for i := range words {
				words[i] = binary.LittleEndian.Uint32(s.Data[4*i:])
			}
			return words, nil
		}
	}
	return nil, fmt.Errorf("%q produced no code", text)
}
