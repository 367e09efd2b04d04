// Command kc-as assembles KernelCraft kernels into ELF32 executables and
// disassembles them.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"
	_ "kernelcraft/asm/coral"
	_ "kernelcraft/asm/plena"
	"kernelcraft/cmd/internal/cliutil"
	isadefs "kernelcraft/isa-defs"
)

// version is set at link time (-ldflags "-X main.version=…").
var version = "dev"

// Exit statuses.
const (
	exitAsmErrors = 1 // the source has errors (all of them are printed)
	exitUsage     = 2 // bad flags, unreadable input, unwritable output
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

func newApp(stdin io.Reader, stdout, stderr io.Writer, status *int) *cli.App {
	return &cli.App{
		Name:      "kc-as",
		Usage:     "assemble a kernel into an ELF32 executable, or disassemble one",
		UsageText: "kc-as [-t TARGET] [--hw CONFIG] [--format elf|mem] [-o OUT] FILE.s|-\n   kc-as -d [-t TARGET] FILE.elf|FILE.mem|-\n   kc-as [-t TARGET] [--hw CONFIG] --isa [SECTION|EXTENSION|MNEMONIC]",
		Description: `kc-as reads assembly for a KernelCraft target (coral: GNU/LLVM RISC-V syntax;
plena: PLENA's own syntax, plus labels, constants and expressions) and writes a
linked ELF32 executable, placed by the hardware config's memory map (coral:
.text/.rodata in ITCM at 0x0, .data/.bss in DTCM at 0x10000). "-" reads
standard input; with input "-" the ELF goes to standard output unless -o is
given, so kc-as composes with kc-sim in a pipe.

Examples:
   kc-as gelu.s                          # writes gelu.elf
   kc-as gelu.s -o - | kc-sim -          # assemble and run
   kc-as --hw coral-highmem big.s        # a config with more memory
   kc-as --map .text=0x400 k.s           # move a section
   kc-as -d gelu.elf                     # disassemble (with symbols)
   kc-as -t plena --format mem k.asm     # PLENA machine-code text: k.mem
   kc-as -d -t plena k.mem               # disassemble it to source kc-as reads back

Warnings (file:line:col: warning: …) go to standard error and do not change
the exit status: plena reproduces the words PLENA's own assembler writes even
where its emulator reads them differently (masks dropped, shifted immediates,
register numbers that overflow their field) and says so.

` + formatHelp + `

Errors are printed as FILE:LINE:COL: message, with a hint (nearest
mnemonic, the instruction's operand forms, an immediate's range); every error
of the file is reported (the first ` + itoa(asm.MaxErrors) + ` with hints, then a count). Exit
status: 0 ok, 1 assembly errors, 2 usage or I/O errors.

Limits (every input is bounded; beyond a limit kc-as stops with a message):
   source size                  ` + asm.SizeText(asm.MaxSourceBytes) + ` (exit 1)
   parentheses/brackets nesting ` + itoa(asm.MaxExprNesting) + ` levels on one line (exit 1)
   evaluation depth             ` + itoa(asm.MaxEvalDepth) + ` levels of parentheses and symbols
                                defined after their use (exit 1)
   output (all sections)        ` + asm.SizeText(asm.MaxOutputBytes) + `, and each section inside its
                                memory region (exit 1)
   errors reported in full      ` + itoa(asm.MaxErrors) + `, then a count
   ELF input (-d)               ` + asm.SizeText(asm.MaxELFBytes) + `, ` + asm.SizeText(asm.MaxDisasmBytes) + ` of code and data (exit 2)` + expansionLimitsHelp() + `
` + isaHelp,
		Version:         version,
		HideHelpCommand: true,
		Writer:          stdout,
		ErrWriter:       stderr,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "target", Aliases: []string{"t"}, Value: "coral", Usage: "target ISA: " + strings.Join(asm.Targets(), ", ")},
			&cli.StringFlag{Name: "hw", Usage: "hardware config (built-in: " + strings.Join(isadefs.HWNames(), ", ") + "; or a .json file); default: the target's own"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "output file, - for standard output (default: FILE.elf, or - when reading standard input)"},
			&cli.BoolFlag{Name: "disassemble", Aliases: []string{"d"}, Usage: "disassemble an ELF executable (or the machine-code text of -t TARGET) instead"},
			&cli.StringFlag{Name: "format", Value: "elf", Usage: "output format: elf (a linked ELF32 executable) or mem (machine-code text, one 0x%08X word per line, as PLENA's assembler writes)"},
			&cli.StringSliceFlag{Name: "map", Usage: "place a section at an address, e.g. --map .data=0x12000 (repeatable)"},
			isaFlag,
			directivesFlag,
		},
		Action: func(c *cli.Context) error {
			if c.Bool(isaFlag.Name) {
				return printManual(c, stdout, status)
			}
			if c.Bool(directivesFlag.Name) {
				return printDirectives(c, stdout)
			}
			if c.NArg() != 1 {
				*status = exitUsage
				return fmt.Errorf("want exactly one input file (or - for standard input); see kc-as --help")
			}
			in := c.Args().First()
			if c.Bool("disassemble") {
				return disassemble(c, in, stdin, stdout, status)
			}
			return assemble(c, in, stdin, stdout, status)
		},
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	status := 0
	app := newApp(stdin, stdout, stderr, &status)
	cliutil.SuggestFlags(app)
	if err := app.Run(cliutil.Interspersed(args, app.Flags)); err != nil {
		printError(stderr, err)
		if status == 0 {
			status = exitUsage
		}
	}
	return status
}

func loadHW(c *cli.Context) (*isadefs.HW, error) {
	name := c.String("hw")
	if name == "" {
		name = c.String("target")
	}
	hw, err := isadefs.LoadHW(name)
	if err != nil {
		return nil, err
	}
	if hw.ISA != c.String("target") {
		return nil, fmt.Errorf("hardware config %s is for target %s, not %s", hw.Name, hw.ISA, c.String("target"))
	}
	return hw, nil
}

func assemble(c *cli.Context, in string, stdin io.Reader, stdout io.Writer, status *int) error {
	*status = exitUsage
	as, err := asm.New(c.String("target"))
	if err != nil {
		return err
	}
	hw, err := loadHW(c)
	if err != nil {
		return err
	}
	if f := c.String("format"); f != "elf" && f != "mem" {
		return fmt.Errorf("--format %q: want elf or mem", f)
	}
	opts := asm.Options{HW: hw, SectionAddr: map[string]uint64{}}
	for _, m := range c.StringSlice("map") {
		sec, addr, ok := strings.Cut(m, "=")
		v, perr := isadefs.ParseSize(addr)
		if !ok || perr != nil || !strings.HasPrefix(sec, ".") {
			return fmt.Errorf("--map %q: want SECTION=ADDRESS, e.g. .text=0x400", m)
		}
		opts.SectionAddr[sec] = v
	}
	name := in
	if in == "-" {
		name = "<stdin>"
	}
	src, err := cliutil.ReadInput(in, stdin, asm.MaxSourceBytes)
	if errors.Is(err, cliutil.ErrTooLarge) {
		*status = exitAsmErrors
		return fmt.Errorf("%s: %w: the source limit is %s\n1 error(s)", name, err, asm.SizeText(asm.MaxSourceBytes))
	}
	if err != nil {
		return err
	}
	if in == "-" {
		name = "<stdin>"
	}
	prog, err := as.Assemble(name, src, opts)
	if err != nil {
		var list asm.ErrorList
		if errors.As(err, &list) {
			*status = exitAsmErrors
			return diagnostics{list}
		}
		return err
	}
	data, binary, ext, err := encodeOutput(prog, c.String("format"))
	if err != nil {
		*status = exitAsmErrors
		return fmt.Errorf("%s: %w\n1 error(s)", name, err)
	}
	if len(prog.Warnings) > 0 {
		fmt.Fprintf(c.App.ErrWriter, "%v\n%d warning(s)\n", prog.Warnings, prog.Warnings.Count())
	}
	out := c.String("output")
	if out == "" {
		out = "-"
		if in != "-" {
			out = strings.TrimSuffix(in, filepath.Ext(in)) + ext
		}
	}
	if err := cliutil.WriteOutput(out, data, binary, stdout); err != nil {
		return err
	}
	*status = 0
	return nil
}

func disassemble(c *cli.Context, in string, stdin io.Reader, stdout io.Writer, status *int) error {
	*status = exitUsage
	data, err := cliutil.ReadInput(in, stdin, asm.MaxELFBytes)
	if errors.Is(err, cliutil.ErrTooLarge) {
		return fmt.Errorf("%s: %w: the ELF limit is %s", in, err, asm.SizeText(asm.MaxELFBytes))
	}
	if err != nil {
		return err
	}
	text, err := disassembleInput(c.String("target"), data)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	out := c.String("output")
	if out == "" {
		out = "-"
	}
	if err := cliutil.WriteOutput(out, []byte(text), false, stdout); err != nil {
		return err
	}
	*status = 0
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }

const formatHelp = `Output formats (--format):
   elf   a linked ELF32 executable (default; FILE.elf)
   mem   machine-code text: the code's words, one per line as 0x%08X
         (FILE.mem), the file PLENA's assembler writes and its emulator
         reads (--opcode); a program with data sections has none
-d reads an ELF executable, or else machine-code text of the -t target
(hexadecimal words separated by white space, 0x optional), and prints
source that kc-as assembles back to the same words.`

// encodeOutput renders an assembled program in the --format: its bytes,
// whether they are binary (not written to a terminal) and the default
// file extension.
func encodeOutput(prog *asm.Program, format string) (data []byte, binary bool, ext string, err error) {
	switch format {
	case "elf":
		return prog.ELF(), true, ".elf", nil
	case "mem":
		data, err := prog.Mem()
		return data, false, ".mem", err
	}
	return nil, false, "", fmt.Errorf("--format %q: want elf or mem", format)
}

// disassembleInput disassembles an ELF executable, or machine-code text of
// target's words.
func disassembleInput(target string, data []byte) (string, error) {
	if bytes.HasPrefix(data, []byte("\x7fELF")) {
		return asm.Disassemble(data)
	}
	b, err := asm.BackendFor(target)
	if err != nil {
		return "", err
	}
	if len(b.ISA().Formats) > 0 {
		// A VLIW target's machine-code text is bytes ("19 1c e4 10").
		code, err := asm.ParseMem(data, 8)
		if err != nil {
			return "", fmt.Errorf("not an ELF file, nor %s machine-code text: %w", target, err)
		}
		bs := make([]byte, len(code))
		for i, w := range code {
			bs[i] = byte(w)
		}
		return asm.DisassembleBytes(b, bs), nil
	}
	words, err := asm.ParseMem(data, b.ISA().WordBits)
	if err != nil {
		return "", fmt.Errorf("not an ELF file, nor %s machine-code text: %w", target, err)
	}
	return asm.DisassembleWords(b, words), nil
}

// diagnostics are the errors of an assembly. They print as compilers'
// do, FILE:LINE:COL: message (the form editors jump to), followed by a
// "kc-as:" summary line.
type diagnostics struct{ list asm.ErrorList }

func (d diagnostics) Error() string {
	return fmt.Sprintf("%v\nkc-as: %d error(s)", d.list, d.list.Count())
}

// printError prints an error with the "kc-as:" prefix of every tool's
// messages (assembly diagnostics: on their summary line).
func printError(w io.Writer, err error) {
	var d diagnostics
	if errors.As(err, &d) {
		fmt.Fprintln(w, d.Error())
		return
	}
	fmt.Fprintf(w, "kc-as: %v\n", err)
}

// directivesFlag asks for the directive manual.
var directivesFlag = &cli.BoolFlag{Name: "directives", Usage: "print every directive kc-as accepts, with its syntax and meaning, and exit"}

// printDirectives prints the directive manual (from the assembler's own
// directive table).
func printDirectives(c *cli.Context, stdout io.Writer) error {
	if c.NArg() > 0 {
		return fmt.Errorf("--directives takes no input file")
	}
	_, err := io.WriteString(stdout, asm.DirectiveManual())
	return err
}

// expansionLimitsHelp is the --help text of the limits of macro and
// repetition expansion.
func expansionLimitsHelp() string {
	return `
   .rept count, .irp values     ` + itoa(asm.MaxRepeat) + ` (exit 1)
   macro/.rept nesting          ` + itoa(asm.MaxExpansionDepth) + ` levels (a recursive macro stops there; exit 1)
   expanded lines, text         ` + itoa(asm.MaxExpandedLines) + ` lines, ` + asm.SizeText(asm.MaxExpandedBytes) + ` per assembly (exit 1)`
}
