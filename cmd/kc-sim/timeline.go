package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"kernelcraft/sim"
)

// timelineFlags are kc-sim's timeline options.
func timelineFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "timeline", Usage: "after the run, print an llvm-mca-style timeline (dispatch, issue, completion and the reason for every wait, then the bottleneck) of the hottest loop's first iterations; --timeline=FROM:TO: of the instructions dispatched in cycles FROM..TO (decimal numbers) or at addresses FROM..TO (0x… or symbols), TO excluded"},
		&cli.StringFlag{Name: "timeline-window", Hidden: true},
		&cli.StringFlag{Name: "timeline-format", Value: "text", Usage: "with --timeline: text (on stderr) or json (on stdout)"},
		&cli.IntFlag{Name: "timeline-rows", Value: sim.DefaultTimelineRows, Usage: "with --timeline: at most this many rows"},
	}
}

// normalizeTimeline turns --timeline=FROM:TO into --timeline
// --timeline-window=FROM:TO, so --timeline stays a plain switch.
func normalizeTimeline(args []string) []string {
	out := make([]string, 0, len(args)+1)
	for i, a := range args {
		if name, w, ok := strings.Cut(strings.TrimLeft(a, "-"), "="); i > 0 && ok && name == "timeline" && strings.HasPrefix(a, "-") {
			out = append(out, "--timeline", "--timeline-window="+w)
			continue
		}
		out = append(out, a)
	}
	return out
}

// timelineOpts is --timeline, read from the flags; the window's symbols
// are resolved once the program is loaded (newTimeline).
type timelineOpts struct {
	window string // "" for the hottest loop
	json   bool
	rows   int
}

// timelineFrom reads --timeline into cfg.
func timelineFrom(c *cli.Context, cfg *config) error {
	w, f := c.String("timeline-window"), c.String("timeline-format")
	if !c.Bool("timeline") {
		if w != "" || c.IsSet("timeline-format") || c.IsSet("timeline-rows") {
			return fmt.Errorf("--timeline-format and --timeline-rows need --timeline")
		}
		return nil
	}
	if f != "text" && f != "json" {
		return fmt.Errorf("--timeline-format %q: want text or json", f)
	}
	if n := c.Int("timeline-rows"); n < 1 || n > 5000 {
		return fmt.Errorf("--timeline-rows %d: want 1..5000", n)
	}
	if f == "json" && cfg.stats == "json" && cfg.outDir == "" {
		return fmt.Errorf("--timeline-format json and --stats=json both write to stdout: give -o DIR for the statistics")
	}
	if cfg.gdb != "" {
		return fmt.Errorf("--gdb and --timeline do not work together yet: record the timeline without GDB (its cycles are the same)")
	}
	cfg.timeline = &timelineOpts{window: w, json: f == "json", rows: c.Int("timeline-rows")}
	return nil
}

// newTimeline makes the run's timeline: its window resolved against the
// program's symbols.
func newTimeline(o *timelineOpts, img *sim.Image) (*sim.Timeline, error) {
	t := &sim.Timeline{MaxRows: o.rows}
	if o.window == "" {
		return t, nil
	}
	from, to, ok := strings.Cut(o.window, ":")
	if !ok || from == "" || to == "" {
		return nil, fmt.Errorf("--timeline=%s: want FROM:TO, cycles (100:200) or addresses (0x80:0xa0, loop:done)", o.window)
	}
	f, errF := strconv.ParseUint(from, 10, 64)
	e, errT := strconv.ParseUint(to, 10, 64)
	t.Window.Kind = sim.TimelineCycles
	if errF != nil || errT != nil {
		t.Window.Kind = sim.TimelinePCs
		var err error
		if f, err = sim.ResolveAddr(from, img.Symbols); err != nil {
			return nil, fmt.Errorf("--timeline=%s: %v", o.window, err)
		}
		if e, err = sim.ResolveAddr(to, img.Symbols); err != nil {
			return nil, fmt.Errorf("--timeline=%s: %v", o.window, err)
		}
	}
	if e <= f {
		return nil, fmt.Errorf("--timeline=%s: empty window (TO %d is not after FROM %d)", o.window, e, f)
	}
	t.Window.From, t.Window.To = f, e
	return t, nil
}

// writeTimeline prints the recorded timeline: JSON on stdout, text on
// stderr.
func writeTimeline(o *timelineOpts, t *sim.Timeline, stdout, stderr io.Writer) error {
	if o.json {
		return t.WriteJSON(stdout)
	}
	t.WriteText(stderr)
	return nil
}
