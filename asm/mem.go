package asm

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Machine-code text ("mem" format): the instruction words of a program,
// one per line as "0x" and upper-case hexadecimal digits padded to the
// word size ("0x%08X" for 32-bit words), the format PLENA's assembler
// writes and its emulator reads (--opcode FILE).

// Mem renders the program's code as machine-code text. Only code has a
// place in such a file: a program with data sections is an error, and so
// are code sections that do not follow one another without a gap.
func (p *Program) Mem() ([]byte, error) {
	if len(p.backend.ISA().Formats) > 0 {
		return p.memBundles()
	}
	secs, err := p.codeSections()
	if err != nil {
		return nil, err
	}
	bits := p.backend.ISA().WordBits
	wb := uint64(bits / 8)
	var b bytes.Buffer
	for _, s := range secs {
		if uint64(len(s.Data))%wb != 0 {
			return nil, fmt.Errorf("section %s is %d bytes, not a whole number of %d-bit words", s.Name, len(s.Data), bits)
		}
		for off := uint64(0); off < uint64(len(s.Data)); off += wb {
			var w uint64
			for k := wb; k > 0; k-- {
				w = w<<8 | uint64(s.Data[off+k-1])
			}
			fmt.Fprintf(&b, "0x%0*X\n", bits/4, w)
		}
	}
	return b.Bytes(), nil
}

// codeSections returns the program's sections in address order, checked
// for what a machine-code text file can hold: only code, each section
// following the one before it without a gap (the file has no addresses).
func (p *Program) codeSections() ([]*Section, error) {
	secs := append([]*Section(nil), p.Sections...)
	sort.SliceStable(secs, func(i, j int) bool { return secs[i].Addr < secs[j].Addr })
	next := uint64(0)
	for i, s := range secs {
		if !s.Exec || s.NoBits {
			return nil, fmt.Errorf("section %s holds data: a machine-code text file has only instructions", s.Name)
		}
		if i > 0 && s.Addr != next {
			return nil, fmt.Errorf("section %s at %#x does not follow the code before it (which ends at %#x): a machine-code text file has no addresses", s.Name, s.Addr, next)
		}
		next = s.Addr + uint64(len(s.Data))
	}
	return secs, nil
}

// ParseMem reads machine-code text as PLENA's emulator does: words in
// hexadecimal separated by white space, "0x" optional. Each must fit in
// wordBits; at most MaxDisasmBytes of words are read, and at least one:
// a file without words is no program. This is the one rule of what a
// valid machine-code text is, for the disassembler (kc-as -d) and the
// simulators (kc-sim) alike; a simulator adds only that the words fit
// its hardware config's program memory.
func ParseMem(text []byte, wordBits int) ([]uint64, error) {
	if len(text) > MaxELFBytes {
		return nil, fmt.Errorf("machine-code text is %d bytes, more than the limit of %d (%s)", len(text), MaxELFBytes, SizeText(MaxELFBytes))
	}
	var words []uint64
	limit := MaxDisasmBytes / max(wordBits/8, 1)
	line := 1
	for len(text) > 0 {
		i := bytes.IndexAny(text, " \t\r\n\f\v")
		tok := text
		if i >= 0 {
			tok = text[:i]
		}
		if len(tok) > 0 {
			s := string(tok)
			digits := strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
			v, err := strconv.ParseUint(digits, 16, 64)
			if err != nil || digits == "" || (wordBits < 64 && v>>uint(wordBits) != 0) {
				if len(s) > 40 {
					s = s[:40] + "…"
				}
				return nil, fmt.Errorf("line %d: %q is not a %d-bit hexadecimal word", line, s, wordBits)
			}
			if len(words) == limit {
				return nil, fmt.Errorf("more than %d words: the disassembler's limit is %s of code", limit, SizeText(MaxDisasmBytes))
			}
			words = append(words, v)
		}
		if i < 0 {
			break
		}
		if text[i] == '\n' {
			line++
		}
		text = text[i+1:]
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("no instruction words (the file is empty or only white space)")
	}
	return words, nil
}

// DisassembleWords renders instruction words, one per line, as source the
// assembler reads back to the same words: each instruction (or a .word
// directive for a word that decodes to nothing) followed by a comment with
// its index and word.
func DisassembleWords(b Backend, words []uint64) string {
	isa := b.ISA()
	comment := "#"
	if len(isa.Comments) > 0 {
		comment = isa.Comments[0]
	}
	digits := (isa.WordBits + 3) / 4
	wb := uint64(isa.WordBits / 8)
	var sb strings.Builder
	for i, w := range words {
		text, _, ok := DisassembleWord(b, w, uint64(i)*wb)
		if !ok {
			text = fmt.Sprintf(".word 0x%0*X", digits, w)
		}
		fmt.Fprintf(&sb, "%-40s %s %4d: 0x%0*X\n", text, comment, i, digits, w)
	}
	return sb.String()
}

// memBundles renders a VLIW target's code as machine-code text: one
// bundle per line, its bytes in hexadecimal in memory order ("19 1c e4
// 10"), as llvm-objdump shows them.
func (p *Program) memBundles() ([]byte, error) {
	secs, err := p.codeSections()
	if err != nil {
		return nil, err
	}
	isa := p.backend.ISA()
	var b bytes.Buffer
	for _, s := range secs {
		for off := 0; off < len(s.Data); {
			n := min(2, len(s.Data)-off)
			if f, ok := isa.FormatOf(s.Data[off:]); ok {
				n = f.Bits / 8
			}
			fmt.Fprintf(&b, "% x\n", s.Data[off:off+n])
			off += n
		}
	}
	return b.Bytes(), nil
}
