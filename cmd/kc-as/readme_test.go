package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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

// byHandMarker marks a README code block whose every line a reader runs
// by hand, in order, from the repository's root: the next ```sh block
// after it. TestREADMEByHandCommands runs each of its lines.
const byHandMarker = "<!-- readme-test: by-hand"

// notRunByHand are the lines of the by-hand blocks the test leaves out
// (matched by a substring), each with the reason. Each must match a line,
// so the list cannot outlive its lines. The block's first two lines
// (go install, export PATH) are not left out but replaced: the test
// builds the four tools itself and puts them first on PATH.
var notRunByHand = map[string]string{
	"go install ./cmd/": "replaced: the test builds ./cmd/... into a scratch bin folder",
	"export PATH=":      "replaced: that bin folder is first on the commands' PATH (GOPATH/bin may hold stale tools)",
	"kc-sim --gdb ":     "waits for a GDB client to connect; cmd/kc-sim's TestGDBMultiarch runs it with gdb-multiarch",
	"kc-sim bench ":     "a timing run of many minutes by design (every engine, the reference stepper too); cmd/kc-sim's TestBenchAgainstQEMU runs it, scaled down",
}

// byHandLines returns the command lines of the README's marked blocks
// (blank lines and whole-line comments dropped), `go run ./cmd/kc-X`
// written as the installed `kc-X`.
func byHandLines(t *testing.T, readme string) []string {
	t.Helper()
	var lines []string
	blocks := 0
	for rest := readme; ; {
		i := strings.Index(rest, byHandMarker)
		if i < 0 {
			break
		}
		rest = rest[i+len(byHandMarker):]
		close := strings.Index(rest, "-->")
		if close < 0 {
			t.Fatal("an unclosed by-hand marker")
		}
		rest = strings.TrimLeft(rest[close+len("-->"):], " \n")
		if !strings.HasPrefix(rest, "```sh\n") {
			t.Fatalf("a by-hand marker not followed by a ```sh block: %.60q", rest)
		}
		open := 0
		body := rest[open+len("```sh\n"):]
		end := strings.Index(body, "```")
		if end < 0 {
			t.Fatal("an unclosed by-hand block")
		}
		blocks++
		for _, l := range strings.Split(body[:end], "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			lines = append(lines, regexp.MustCompile(`\bgo run \./cmd/(kc-[a-z]+)`).ReplaceAllString(l, "$1"))
		}
		rest = body[end:]
	}
	if blocks == 0 {
		t.Fatalf("README.md has no block marked %q", byHandMarker)
	}
	return lines
}

// TestREADMEByHandCommands runs every line of the README's by-hand blocks
// as written (but for notRunByHand), in order, in one scratch folder that
// links the repository's top-level entries (so the lines' paths resolve
// as from the root, and the files they make stay in the scratch folder),
// with freshly built tools first on PATH. A line fails the test by a
// non-zero exit status; pipelines fail if any stage fails, except that a
// writer cut off by `| head` (SIGPIPE) is what the line asks for.
func TestREADMEByHandCommands(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to run the README's lines:", err)
	}
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := byHandLines(t, string(data))
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin, "./cmd/...")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/...: %v\n%s", err, out)
	}
	work := t.TempDir()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == ".git" {
			continue
		}
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(work, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	used := map[string]bool{}
	ran := 0
lines:
	for _, l := range lines {
		for sub := range notRunByHand {
			if strings.Contains(l, sub) {
				used[sub] = true
				continue lines
			}
		}
		script := "set -o pipefail\n" + l
		if strings.Contains(l, "| head") {
			script = l
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, bash, "-c", script)
		cmd.Dir, cmd.Env = work, env
		out, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			t.Errorf("README by hand: %s\n  %v\n%s", l, err, tail(out, 1500))
		}
		ran++
	}
	for sub := range notRunByHand {
		if !used[sub] {
			t.Errorf("notRunByHand names %q, which no by-hand line contains", sub)
		}
	}
	if ran < 25 {
		t.Errorf("ran only %d of the by-hand lines", ran)
	}
	t.Logf("ran %d by-hand lines (%d left out)", ran, len(lines)-ran)
}

// tail is the last n bytes of b.
func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
