package main

// kc-as --isa: the ISA manual for people, the same text as the agent's
// isa_manual tool (sim/manual).

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"kernelcraft/ref"
	_ "kernelcraft/sim/aie2"  // aie2's: cycles, bundles, registers, pipeline, mac
	_ "kernelcraft/sim/coral" // coral's timing model: the manual's cycles section
	"kernelcraft/sim/manual"
	_ "kernelcraft/sim/plena" // plena's
)

// isaFlag is kc-as --isa.
var isaFlag = &cli.BoolFlag{Name: "isa", Usage: "print the ISA manual of the target and hardware config: the overview, or the section, extension or instruction named by the argument (--isa cycles: what decides cycles); the same text as the agent's isa_manual tool"}

// isaHelp is the --isa part of kc-as --help.
const isaHelp = `
The ISA manual (the same text the agent's isa_manual tool returns):
   kc-as --isa                           # overview: registers, memory map, timing parameters, sections
   kc-as --isa Zve32x                    # an extension: every instruction's syntax and semantics
   kc-as --isa vwmul.vv                  # one instruction: syntax, semantics, unit, latency, encoding, cost by SEW and LMUL
   kc-as --isa cycles                    # what decides cycles: issue rules, uops, ports, latencies
   kc-as --isa pseudo --hw coral-f       # pseudo-instructions; -t and --hw pick the target and config
An unknown name exits 2 with the sections and the nearest names.
`

// manualText is the manual section (or instruction) name of the
// hardware config selected by -t and --hw.
func manualText(c *cli.Context, name string) (string, error) {
	hw, err := loadHW(c)
	if err != nil {
		return "", err
	}
	m, err := manual.New(hw, ref.Halt(hw.ISA))
	if err != nil {
		return "", err
	}
	return m.Section(name)
}

// printManual is the action of --isa [NAME].
func printManual(c *cli.Context, stdout io.Writer, status *int) error {
	*status = exitUsage
	if c.NArg() > 1 {
		return fmt.Errorf("--isa takes at most one name (a section, extension or mnemonic), got %d", c.NArg())
	}
	text, err := manualText(c, c.Args().First())
	if err != nil {
		return err
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		return err
	}
	*status = 0
	return nil
}
