package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"

	"github.com/urfave/cli/v2"

	"kernelcraft/sim"
	"kernelcraft/sim/gdbserver"
)

// gdbFlags are kc-sim's GDB server options.
func gdbFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "gdb", Usage: "load the program, then wait for a GDB client on `ADDR` (host:port, e.g. 127.0.0.1:1234; port 0 picks one) and run under its control"},
		&cli.StringFlag{Name: "gdb-log", Hidden: true, Usage: "with --gdb: write the protocol's packets to this file"},
	}
}

// gdbFrom reads --gdb into cfg.
func gdbFrom(c *cli.Context, cfg *config) error {
	cfg.gdb = c.String("gdb")
	cfg.gdbLog = c.String("gdb-log")
	if cfg.gdb == "" {
		if cfg.gdbLog != "" {
			return fmt.Errorf("--gdb-log needs --gdb")
		}
		return nil
	}
	if _, _, err := net.SplitHostPort(cfg.gdb); err != nil {
		return fmt.Errorf("--gdb %q: want HOST:PORT, e.g. 127.0.0.1:1234 (%v)", cfg.gdb, err)
	}
	if cfg.profile {
		return fmt.Errorf("--gdb and --profile do not work together yet: profile the run without GDB (its cycles are the same)")
	}
	return nil
}

// serveGDB runs the loaded program under a GDB client's control and
// returns its halt (a cancelled halt when GDB killed it or went away).
func serveGDB(ctx context.Context, cfg *config, core sim.Core, stderr io.Writer) (sim.Halt, error) {
	dbg, ok := core.(sim.Debugger)
	if !ok {
		return sim.Halt{}, fmt.Errorf("--gdb: the %s simulator has no debugging interface yet", cfg.target.Name)
	}
	opts := gdbserver.Options{}
	if cfg.gdbLog != "" {
		f, err := os.Create(cfg.gdbLog)
		if err != nil {
			return sim.Halt{}, fmt.Errorf("--gdb-log: %v", err)
		}
		defer f.Close()
		opts.Log = f
	}
	res, err := gdbserver.ListenAndServe(ctx, cfg.gdb, dbg, opts, func(a net.Addr) {
		fmt.Fprintf(stderr, "kc-sim: waiting for GDB on %s (gdb-multiarch %s -ex 'target remote %s')\n", a, cfg.input, a)
	})
	if err != nil {
		return sim.Halt{}, fmt.Errorf("--gdb %s: %v", cfg.gdb, err)
	}
	fmt.Fprintf(stderr, "kc-sim: GDB session ended: %s\n", res.End)
	return res.Halt, nil
}
