package ref

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// goldenHashSeeds are the judge's golden seeds (judge.GoldenSeeds: visible
// 1, hidden 1; ref cannot import judge), the cases the golden cycle
// tables and the baselines' verdicts come from.
var goldenHashSeeds = [2]uint64{DefaultSeed, 1}

// caseHash is a SHA-256 over everything a generated case fixes: case.json
// (tolerances, task text, layout and convention included), every tensor's
// name, dtype, shape and bytes, and the memory image each tensor loads as
// (for MX tensors the E4M3 elements and the scale plane).
func caseHash(c *Case, tensors map[string]*sim.Tensor) (string, error) {
	h := sha256.New()
	js, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	h.Write(js)
	names := make([]string, 0, len(tensors))
	for n := range tensors {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t := tensors[n]
		fmt.Fprintf(h, "|%s %s %v %d|", n, t.DType.Name, t.Shape, len(t.Data))
		h.Write(t.Data)
	}
	for _, s := range c.Tensors {
		t := tensors[s.Name]
		if t == nil {
			continue
		}
		chunks, err := s.Image(t)
		if err != nil {
			fmt.Fprintf(h, "|image %s: %v|", s.Name, err)
			continue
		}
		for _, ch := range chunks {
			var a [8]byte
			binary.LittleEndian.PutUint64(a[:], ch.Addr)
			fmt.Fprintf(h, "|image %s %d|", s.Name, len(ch.Data))
			h.Write(a[:])
			h.Write(ch.Data)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

// TestCaseHashesGolden: every case of every target, task and
// configuration, visible and hidden with the golden seeds, hashes as
// testdata/case_hashes.golden records (-update rewrites it). Speed-ups of
// the generator, the reference and the MX encoders must leave every case
// byte, expected value and tolerance as it was.
func TestCaseHashesGolden(t *testing.T) {
	golden := filepath.Join("testdata", "case_hashes.golden")
	var b strings.Builder
	for _, k := range allCases() {
		tg, task, n := k[0].(string), k[1].(string), k[2].(int)
		for h, seed := range goldenHashSeeds {
			hidden := h == 1
			c, tensors, err := Generate(tg, task, n, seed, hidden)
			sum := ""
			if err != nil {
				sum = "error: " + err.Error()
			} else if sum, err = caseHash(c, tensors); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %s %d hidden=%v %s\n", tg, task, n, hidden, sum)
		}
	}
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	got := bufio.NewScanner(strings.NewReader(b.String()))
	wantLines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	i, bad := 0, 0
	for got.Scan() {
		if i >= len(wantLines) || got.Text() != wantLines[i] {
			if bad < 10 {
				w := "(none)"
				if i < len(wantLines) {
					w = wantLines[i]
				}
				t.Errorf("case hash differs:\n got %s\nwant %s", got.Text(), w)
			}
			bad++
		}
		i++
	}
	if i != len(wantLines) {
		t.Errorf("%d case hashes, golden has %d", i, len(wantLines))
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ from %s", bad, i, golden)
	}
}
