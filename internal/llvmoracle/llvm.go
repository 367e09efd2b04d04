package llvmoracle

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// MAttr is the llvm-mc -mattr that enables exactly one extension, so that
// an instruction assembling under its own extension alone also checks the
// ext= attribute. LLVM 14 has Zicsr and Zifencei built into the base ISA.
func MAttr(ext string) string {
	switch ext {
	case "M":
		return "+m"
	case "F":
		return "+f"
	case "Zbb":
		return "+zbb"
	case "Zve32x":
		return "+zve32x"
	case "Zve32f":
		return "+zve32f"
	}
	return ""
}

// Result is what llvm-mc made of one statement.
type Result struct {
	Words  []uint32 // instruction words, relocated fields zero
	Fixups []string // "kind(value)" for each fixup llvm-mc left
	Err    string   // llvm-mc's error message if it rejected the statement
}

// Rejected reports whether llvm-mc refused the statement.
func (r Result) Rejected() bool { return r.Err != "" }

// LLVM runs one llvm-mc binary.
type LLVM struct {
	Path string // llvm-mc executable
}

// Version returns the first line of llvm-mc --version that names LLVM.
func (l LLVM) Version() (string, error) {
	out, err := exec.Command(l.Path, "--version").Output()
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "LLVM version") {
			return strings.TrimSpace(line), nil
		}
	}
	return strings.TrimSpace(string(out)), nil
}

// Check assembles every form, one llvm-mc run per extension (see MAttr),
// and returns results aligned with forms.
func (l LLVM) Check(forms []Form) ([]Result, error) {
	byExt := map[string][]int{}
	for i, f := range forms {
		byExt[f.Ext()] = append(byExt[f.Ext()], i)
	}
	exts := make([]string, 0, len(byExt))
	for e := range byExt {
		exts = append(exts, e)
	}
	sort.Strings(exts)
	results := make([]Result, len(forms))
	for _, ext := range exts {
		idx := byExt[ext]
		texts := make([]string, len(idx))
		for j, i := range idx {
			texts[j] = forms[i].Text
		}
		rs, err := l.Assemble(MAttr(ext), texts)
		if err != nil {
			return nil, fmt.Errorf("ext %s: %w", ext, err)
		}
		for j, i := range idx {
			results[i] = rs[j]
		}
	}
	return results, nil
}

var (
	labelRe = regexp.MustCompile(`^kcf(\d+):`)
	encRe   = regexp.MustCompile(`# encoding: \[([^\]]*)\]`)
	fixupRe = regexp.MustCompile(`#\s+fixup [A-Z] - offset: \d+, value: (.*), kind: (\S+)`)
	errRe   = regexp.MustCompile(`:(\d+):\d+: error: (.*)`)
)

// Assemble runs llvm-mc once over texts (riscv32, -show-encoding, the given
// -mattr) and returns one result per text. A label before each statement
// ties llvm-mc's output back to it; errors are tied back by line number.
func (l LLVM) Assemble(mattr string, texts []string) ([]Result, error) {
	dir, err := os.MkdirTemp("", "kc-oracle")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "forms.s")
	var in bytes.Buffer
	for i, t := range texts {
		if strings.ContainsAny(t, "\n;") {
			return nil, fmt.Errorf("statement %q holds a newline or ';'", t)
		}
		fmt.Fprintf(&in, "kcf%d:\n\t%s\n", i, t) // label on line 2i+1, statement on 2i+2
	}
	if err := os.WriteFile(src, in.Bytes(), 0o644); err != nil {
		return nil, err
	}
	args := []string{"-triple=riscv32", "-show-encoding"}
	if mattr != "" {
		args = append(args, "-mattr="+mattr)
	}
	cmd := exec.Command(l.Path, append(args, src)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if _, ok := runErr.(*exec.ExitError); runErr != nil && !ok {
		return nil, runErr
	}
	results := make([]Result, len(texts))
	cur := -1
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := labelRe.FindStringSubmatch(line); m != nil {
			cur, _ = strconv.Atoi(m[1])
			continue
		}
		if m := encRe.FindStringSubmatch(line); m != nil {
			if cur < 0 || cur >= len(texts) {
				return nil, fmt.Errorf("llvm-mc output before the first label: %q", line)
			}
			words, err := parseEncoding(m[1])
			if err != nil {
				return nil, fmt.Errorf("statement %q: %w", texts[cur], err)
			}
			results[cur].Words = append(results[cur].Words, words...)
			continue
		}
		if m := fixupRe.FindStringSubmatch(line); m != nil && cur >= 0 {
			results[cur].Fixups = append(results[cur].Fixups, fmt.Sprintf("%s(%s)", m[2], m[1]))
		}
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		m := errRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		i := n/2 - 1
		if n%2 != 0 || i < 0 || i >= len(texts) {
			return nil, fmt.Errorf("llvm-mc error on unexpected line %d: %s", n, line)
		}
		if results[i].Err == "" {
			results[i].Err = strings.TrimSpace(m[2])
		}
	}
	if runErr != nil && !strings.Contains(stderr.String(), "error:") {
		return nil, fmt.Errorf("llvm-mc: %v: %s", runErr, stderr.String())
	}
	for i := range results {
		if !results[i].Rejected() && len(results[i].Words) == 0 {
			return nil, fmt.Errorf("llvm-mc printed no encoding for %q", texts[i])
		}
	}
	return results, nil
}

// parseEncoding reads llvm-mc's "0x13,0x05,0bAAAA0101,A" (fixup bits
// marked A read as zero) into little-endian 32-bit words.
func parseEncoding(s string) ([]uint32, error) {
	var bs []byte
	for _, tok := range strings.Split(s, ",") {
		tok = strings.TrimSpace(tok)
		if i := strings.IndexByte(tok, '\''); i >= 0 {
			tok = tok[:i]
		}
		if tok == "A" {
			bs = append(bs, 0)
			continue
		}
		tok = strings.ReplaceAll(tok, "A", "0")
		v, err := strconv.ParseUint(tok, 0, 8)
		if err != nil {
			return nil, fmt.Errorf("bad encoding byte %q", tok)
		}
		bs = append(bs, byte(v))
	}
	if len(bs)%4 != 0 {
		return nil, fmt.Errorf("encoding of %d bytes is not whole 32-bit words", len(bs))
	}
	words := make([]uint32, len(bs)/4)
	for i := range words {
		words[i] = uint32(bs[4*i]) | uint32(bs[4*i+1])<<8 | uint32(bs[4*i+2])<<16 | uint32(bs[4*i+3])<<24
	}
	return words, nil
}
