package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"kernelcraft/asm"
	"kernelcraft/sim"
)

// profileHazards is the number of hazard warnings --profile prints.
const profileHazards = 10

// normalizeProfile turns --profile=N into --profile --profile-top=N, so
// --profile stays a plain switch (as --stats=json does for --stats).
func normalizeProfile(args []string) []string {
	out := make([]string, 0, len(args)+1)
	for i, a := range args {
		if name, n, ok := strings.Cut(strings.TrimLeft(a, "-"), "="); i > 0 && ok && name == "profile" && strings.HasPrefix(a, "-") {
			if v, err := strconv.Atoi(n); err == nil && v >= 0 {
				out = append(out, "--profile", "--profile-top="+n)
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// writeProfile prints the run's profile, like perf annotate: cycles by
// source line when the executable carries a line table (kc-as writes one
// in its .kc.lines section), by instruction address with disassembly
// otherwise, then the hazards behind the most stall cycles. top > 0 keeps
// the top hottest rows; 0 lists every row in source order.
func writeProfile(w io.Writer, p *sim.Profile, elfData []byte, input string, top int) {
	o := sim.ReportOptions{Top: top, Hazards: profileHazards}
	if len(elfData) < 4 || string(elfData[:4]) != "\x7fELF" {
		fmt.Fprintf(w, "\nprofile of %s (machine-code text: by instruction address)\n", input)
		p.WriteReport(w, o)
		return
	}
	lt, err := asm.ReadLineTable(elfData)
	switch {
	case err != nil:
		fmt.Fprintf(w, "\nprofile of %s (line table unreadable: %v; by instruction address)\n", input, err)
	case lt == nil:
		fmt.Fprintf(w, "\nprofile of %s (no line table: by instruction address)\n", input)
	default:
		fmt.Fprintf(w, "\nprofile of %s (source %s)\n", input, lt.File)
		o.Line, o.Source = lt.Line, lt.Source
	}
	p.WriteReport(w, o)
}
