package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEByHandFiles: the README's by-hand commands name files that
// exist (every .s and .c they read, from the repository's root), and the
// section says that the installed tools must be on PATH.
func TestREADMEByHandFiles(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "## By hand")
	if i < 0 {
		t.Fatal("README has no By hand section")
	}
	section := text[i:]
	if j := strings.Index(section[3:], "\n## "); j >= 0 {
		section = section[:j+3]
	}
	if !strings.Contains(section, "$(go env GOPATH)/bin") || !strings.Contains(section, "PATH") {
		t.Errorf("the By hand section does not say that $(go env GOPATH)/bin must be on PATH")
	}
	n := 0
	for _, m := range regexp.MustCompile(`[\w./-]+\.(?:s|c)\b`).FindAllString(section, -1) {
		if !strings.Contains(m, "/") {
			t.Errorf("README by hand: %q is not a file of the repository (give its path)", m)
			continue
		}
		n++
		if _, err := os.Stat(filepath.Join("../..", m)); err != nil {
			t.Errorf("README by hand names %s: %v", m, err)
		}
	}
	if n < 3 {
		t.Errorf("only %d files found in the By hand section", n)
	}
}
