package cliutil

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestInterspersed(t *testing.T) {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		&cli.BoolFlag{Name: "stats"},
		&cli.StringSliceFlag{Name: "load"},
	}
	cases := []struct{ in, want string }{
		{"kc prog.s -o out.elf", "kc -o out.elf -- prog.s"},
		{"kc -o out.elf prog.s", "kc -o out.elf -- prog.s"},
		{"kc prog.s --stats -", "kc --stats -- prog.s -"},
		{"kc prog.s --output=x --load a=b.npy@0 --load c=d.npy@4", "kc --output=x --load a=b.npy@0 --load c=d.npy@4 -- prog.s"},
		{"kc -- -weird-name.s -o", "kc -- -weird-name.s -o"},
		{"kc", "kc"},
		{"kc --stats", "kc --stats"},
	}
	for _, c := range cases {
		got := strings.Join(Interspersed(strings.Fields(c.in), flags), " ")
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestReadWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.elf")
	if err := WriteOutput(path, []byte("\x7fELF"), true, nil); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o755 {
		t.Errorf("executable written with mode %v", st.Mode().Perm())
	}
	got, err := ReadInput(path, nil, 4)
	if err != nil || string(got) != "\x7fELF" {
		t.Errorf("read back %q, %v", got, err)
	}
	var out bytes.Buffer
	if err := WriteOutput("-", []byte("text"), false, &out); err != nil || out.String() != "text" {
		t.Errorf("stdout: %q, %v", out.String(), err)
	}
	if got, _ := ReadInput("-", strings.NewReader("in"), 2); string(got) != "in" {
		t.Errorf("stdin: %q", got)
	}
	// One byte over the limit: a file is refused by its size, a pipe
	// after limit+1 bytes.
	if _, err := ReadInput(path, nil, 3); !errors.Is(err, ErrTooLarge) {
		t.Errorf("file over the limit: %v", err)
	}
	if _, err := ReadInput("-", strings.NewReader("in!"), 2); !errors.Is(err, ErrTooLarge) {
		t.Errorf("stdin over the limit: %v", err)
	}
}

func TestRunSubcommands(t *testing.T) {
	var seen []string
	app := &cli.App{Name: "kc", Commands: []*cli.Command{{
		Name:  "go",
		Flags: []cli.Flag{&cli.IntFlag{Name: "n"}},
		Action: func(c *cli.Context) error {
			seen = append(seen, c.Args().Slice()...)
			if c.Int("n") == 3 {
				return cli.Exit("three is not allowed", 7)
			}
			if c.Int("n") == 4 {
				return errors.New("plain error")
			}
			if c.Int("n") == 5 {
				panic("bug")
			}
			return nil
		},
	}}}
	var stderr bytes.Buffer
	if code := RunSubcommands("kc", app, []string{"kc", "go", "file", "--n", "1"}, &stderr); code != 0 || !slices.Equal(seen, []string{"file"}) {
		t.Errorf("flags after the argument: code %d, args %v, %s", code, seen, stderr.String())
	}
	// Unknown commands are usage errors (2), with the commands named.
	for _, args := range [][]string{{"kc", "nosuch"}, {"kc", "help", "nosuch"}} {
		stderr.Reset()
		if code := RunSubcommands("kc", app, args, &stderr); code != 2 || !strings.Contains(stderr.String(), `kc: unknown command "nosuch" (commands: go; see kc --help)`) {
			t.Errorf("%v: code %d, stderr %q", args, code, stderr.String())
		}
	}
	for n, want := range map[string]struct {
		code int
		msg  string
	}{"3": {7, "kc: three is not allowed"}, "4": {2, "kc: plain error"}, "5": {2, "kc: internal error: bug"}} {
		stderr.Reset()
		code := RunSubcommands("kc", app, []string{"kc", "go", "--n", n}, &stderr)
		if code != want.code || !strings.Contains(stderr.String(), want.msg) {
			t.Errorf("n=%s: code %d, stderr %q; want %d, %q", n, code, stderr.String(), want.code, want.msg)
		}
	}
}
