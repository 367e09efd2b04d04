package llvmoracle

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// The golden file (testdata/encodings/coral.txt) has one statement per line:
//
//	TEXT ; WORD [WORD…] [; NOTE]
//
// WORDs are 32-bit instruction words in hex, in execution order. Lines
// before the rejected-section header carry llvm-mc's words; a NOTE
// "reloc: …" says llvm-mc left relocated fields zero. Lines after it are
// statements llvm-mc 14 refused: their words come from isa-defs alone and
// their NOTE is "rejected: <llvm-mc's error>". '#' starts a comment line.

// RejectedHeader opens the section of statements llvm-mc rejected.
const RejectedHeader = "# ==== rejected by llvm-mc"

// GoldenLine is one statement of the golden file.
type GoldenLine struct {
	Text     string
	Words    []uint32
	Note     string
	Rejected bool // in the rejected section
	Line     int  // 1-based line number
}

// ReadGolden parses a golden file.
func ReadGolden(r io.Reader) ([]GoldenLine, error) {
	var out []GoldenLine
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	n, rejected := 0, false
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, RejectedHeader) {
			rejected = true
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, " ; ")
		if len(cols) < 2 || len(cols) > 3 {
			return nil, fmt.Errorf("line %d: want TEXT ; WORDS [; NOTE], got %q", n, line)
		}
		g := GoldenLine{Text: strings.TrimSpace(cols[0]), Rejected: rejected, Line: n}
		for _, f := range strings.Fields(cols[1]) {
			w, err := strconv.ParseUint(f, 16, 32)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad word %q", n, f)
			}
			g.Words = append(g.Words, uint32(w))
		}
		if len(cols) == 3 {
			g.Note = strings.TrimSpace(cols[2])
		}
		if rejected != strings.HasPrefix(g.Note, "rejected:") {
			return nil, fmt.Errorf("line %d: rejected-section lines and only they carry a 'rejected:' note", n)
		}
		out = append(out, g)
	}
	return out, sc.Err()
}

// WriteGolden writes forms with llvm-mc's results: accepted statements with
// llvm-mc's words, grouped under a comment per instruction, then the
// rejected ones with our words and llvm-mc's error.
func WriteGolden(w io.Writer, header []string, forms []Form, results []Result) error {
	bw := bufio.NewWriter(w)
	for _, h := range header {
		fmt.Fprintln(bw, strings.TrimRight("# "+h, " "))
	}
	last := ""
	for i, f := range forms {
		r := results[i]
		if r.Rejected() {
			continue
		}
		if name := f.Name(); name != last {
			fmt.Fprintf(bw, "\n# %s\n", name)
			last = name
		}
		note := ""
		if len(r.Fixups) > 0 {
			note = " ; reloc: " + strings.Join(r.Fixups, ", ")
		}
		fmt.Fprintf(bw, "%s ; %s%s\n", f.Text, hexWords(r.Words), note)
	}
	fmt.Fprintf(bw, "\n%s 14 ====================================================\n", RejectedHeader)
	fmt.Fprintf(bw, "# llvm-mc does not know these statements. Their words come from kc-as\n")
	fmt.Fprintf(bw, "# alone: no oracle stands behind them.\n")
	last = ""
	for i, f := range forms {
		r := results[i]
		if !r.Rejected() {
			continue
		}
		if name := f.Name(); name != last {
			fmt.Fprintf(bw, "\n# %s\n", name)
			last = name
		}
		fmt.Fprintf(bw, "%s ; %s ; rejected: %s\n", f.Text, hexWords(f.Words), r.Err)
	}
	return bw.Flush()
}

func hexWords(ws []uint32) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = fmt.Sprintf("%08x", w)
	}
	return strings.Join(parts, " ")
}

// SameWords reports whether two word lists are equal.
func SameWords(a, b []uint32) bool { return slices.Equal(a, b) }

// HexWords formats words as the golden file does.
func HexWords(ws []uint32) string { return hexWords(ws) }
