package cliutil

import (
	"bytes"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestSuggestFlags: an unknown flag is one line naming the close flag (not
// a hidden one, not a far one) and where the help is, for the app's own
// flags and a command's.
func TestSuggestFlags(t *testing.T) {
	newApp := func() *cli.App {
		return &cli.App{Name: "kc", Writer: &bytes.Buffer{}, ErrWriter: &bytes.Buffer{},
			Flags: []cli.Flag{
				&cli.BoolFlag{Name: "stats"},
				&cli.BoolFlag{Name: "stats-json", Hidden: true},
				&cli.BoolFlag{Name: "profile"},
			},
			Action: func(*cli.Context) error { return nil },
			Commands: []*cli.Command{{Name: "run", Flags: []cli.Flag{&cli.StringFlag{Name: "model"}},
				Action: func(*cli.Context) error { return nil }}},
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"kc", "--stat"}, "flag provided but not defined: -stat (did you mean --stats?); see kc --help"},
		{[]string{"kc", "--stats-jsn"}, "flag provided but not defined: -stats-jsn (did you mean --stats?); see kc --help"},
		{[]string{"kc", "--prfile"}, "flag provided but not defined: -prfile (did you mean --profile?); see kc --help"},
		{[]string{"kc", "--frobnicate"}, "flag provided but not defined: -frobnicate; see kc --help"},
		{[]string{"kc", "run", "--models", "x"}, "flag provided but not defined: -models (did you mean --model?); see kc run --help"},
	} {
		app := newApp()
		SuggestFlags(app)
		err := app.Run(tc.args)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %q", tc.args, err, tc.want)
		}
		if out := app.Writer.(*bytes.Buffer).String(); strings.Contains(out, "USAGE") {
			t.Errorf("%q: the help was printed for a mistyped flag:\n%s", tc.args, out)
		}
	}
}
