// Package cliutil holds the small pieces the kc-* front ends share.
package cliutil

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"kernelcraft/internal/bounded"
	"kernelcraft/internal/editdist"
)

// Interspersed moves flags that follow positional arguments in front of
// them, so "kc-as prog.s -o prog.elf" works as users expect (urfave/cli/v2
// stops parsing flags at the first positional argument). Arguments after
// "--" stay positional. flags are the command's flags, used to know which
// ones take a value.
func Interspersed(args []string, flags []cli.Flag) []string {
	if len(args) < 2 {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flagArgs, pos []string
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			pos = append(pos, rest[i+1:]...)
			i = len(rest)
		case a == "-" || !strings.HasPrefix(a, "-"):
			pos = append(pos, a)
		default:
			flagArgs = append(flagArgs, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(rest) {
				flagArgs = append(flagArgs, rest[i+1])
				i++
			}
		}
	}
	out := append([]string{args[0]}, flagArgs...)
	if len(pos) > 0 {
		out = append(out, "--")
		out = append(out, pos...)
	}
	return out
}

// ErrTooLarge is ReadInput's error for an input over its limit.
var ErrTooLarge = bounded.ErrTooLarge

// ReadInput reads a file, or standard input for "-", refusing more than
// limit bytes without reading (a regular file) or holding (a pipe,
// /dev/zero) much more.
func ReadInput(name string, stdin io.Reader, limit int64) ([]byte, error) {
	if name == "-" {
		return bounded.Read(stdin, limit)
	}
	return bounded.ReadFile(name, limit)
}

// WriteOutput writes data to a file, or to standard output for "-". It
// refuses to write binary data to a terminal.
func WriteOutput(name string, data []byte, binary bool, stdout io.Writer) error {
	if name == "-" {
		if f, ok := stdout.(*os.File); ok && binary && IsTerminal(f) {
			return fmt.Errorf("refusing to write a binary file to the terminal: use -o FILE or a pipe")
		}
		_, err := stdout.Write(data)
		return err
	}
	mode := os.FileMode(0o644)
	if binary {
		mode = 0o755 // executables, as a linker writes them (qemu-user checks)
	}
	if err := os.WriteFile(name, data, mode); err != nil {
		return err
	}
	return os.Chmod(name, mode) // WriteFile keeps an existing file's mode
}

// IsTerminal reports whether f is a character device (a terminal).
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// RunSubcommands runs a front end made of subcommands (kc-ref, kc-agent):
// flags may follow positional arguments inside each subcommand; an error
// is printed as "NAME: message" and its exit code returned (2 unless the
// error carries one); an unknown command is a usage error (2, where
// urfave/cli would give 3); a panic, which is a bug, becomes exit status 2.
func RunSubcommands(name string, app *cli.App, args []string, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "%s: internal error: %v\n", name, r)
			status = 2
		}
	}()
	// urfave/cli's default handler would os.Exit on cli.Exit errors; the
	// exit code is returned instead, so tests can run the front end.
	app.ExitErrHandler = func(*cli.Context, error) {}
	SuggestFlags(app)
	if len(args) > 1 && args[1] == "help" && !hasCommand(app, "help") {
		// No help command (HideHelpCommand): "help [COMMAND]" is --help.
		args = append(append([]string{args[0]}, args[2:]...), "--help")
	}
	if err := unknownCommand(app, args); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	}
	if len(args) > 1 {
		for _, cmd := range app.Commands {
			if cmd.Name == args[1] {
				args = append(args[:1:1], append([]string{args[1]}, Interspersed(args[1:], cmd.Flags)[1:]...)...)
			}
		}
	}
	if err := app.Run(args); err != nil {
		if ec, ok := err.(cli.ExitCoder); ok {
			if msg := err.Error(); msg != "" {
				fmt.Fprintf(stderr, "%s: %s\n", name, msg)
			}
			return ec.ExitCode()
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	}
	return 0
}

// hasCommand reports whether app has a command called name.
func hasCommand(app *cli.App, name string) bool {
	for _, c := range app.Commands {
		if c.HasName(name) {
			return true
		}
	}
	return false
}

// unknownCommand returns an error naming the commands when args name a
// command (or "help COMMAND") that app does not have.
func unknownCommand(app *cli.App, args []string) error {
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		return nil
	}
	name := args[1]
	if name == "help" || name == "h" {
		if len(args) < 3 || strings.HasPrefix(args[2], "-") {
			return nil
		}
		name = args[2]
	}
	if hasCommand(app, name) {
		return nil
	}
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden && c.Name != "help" {
			names = append(names, c.Name)
		}
	}
	return fmt.Errorf("unknown command %q (commands: %s; see %s --help)", name, strings.Join(names, ", "), app.Name)
}

// notDefined is the start of the flag package's error for an unknown flag.
const notDefined = "flag provided but not defined: -"

// SuggestFlags makes an unknown flag a short usage error, with urfave/cli's
// "did you mean" suggestion when a visible flag is close, instead of the
// whole help (which buried the one line that mattered):
//
//	flag provided but not defined: -stat (did you mean --stats?); see kc-sim --help
//
// It sets OnUsageError on app and on its commands that have none.
func SuggestFlags(app *cli.App) {
	app.Suggest = true
	if app.OnUsageError == nil {
		app.OnUsageError = func(c *cli.Context, err error, _ bool) error {
			return usageError(err, app.Flags, app.Name)
		}
	}
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, cmd := range cmds {
			cmd := cmd
			name := prefix + " " + cmd.Name
			if cmd.OnUsageError == nil {
				cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error {
					return usageError(err, cmd.Flags, name)
				}
			}
			walk(name, cmd.Subcommands)
		}
	}
	walk(app.Name, app.Commands)
}

// usageError adds the closest visible flag and where the flags are listed
// to a flag parse error.
func usageError(err error, flags []cli.Flag, helpName string) error {
	msg := err.Error()
	if provided, ok := strings.CutPrefix(msg, notDefined); ok {
		if s := closestFlag(flags, provided); s != "" {
			msg += " (did you mean " + s + "?)"
		}
	}
	return fmt.Errorf("%s; see %s --help", msg, helpName)
}

// closestFlag is urfave/cli's suggestion (cli.SuggestFlag, Jaro-Winkler)
// among the visible flags, kept only when it is near: one name a prefix of
// the other, or at most a third of the letters edited. urfave/cli always
// names some flag, however far ("--frobnicate": "--profile").
func closestFlag(flags []cli.Flag, provided string) string {
	if cli.SuggestFlag == nil || provided == "" {
		return ""
	}
	var visible []cli.Flag
	for _, f := range flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		visible = append(visible, f)
	}
	s := cli.SuggestFlag(visible, provided, false)
	name := strings.TrimLeft(s, "-")
	if name == "" {
		return ""
	}
	if strings.HasPrefix(name, provided) || strings.HasPrefix(provided, name) ||
		3*editdist.Levenshtein(name, provided) <= max(len(name), len(provided)) {
		return s
	}
	return ""
}
