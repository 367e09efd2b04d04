// Command rtltable runs sim/coral/rtlbench's microbenchmarks on the RVV RTL
// harness (scripts/coral-rtl/harness.cpp, built by build.sh) and writes the
// measured table (testdata/coral-rtl/vector.tsv). run.sh calls it.
//
//	go run ./scripts/coral-rtl/rtltable -harness OBJ/Vkc_rvv_top -commit C -out testdata/coral-rtl/vector.tsv
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral" // the coral back end
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim/coral/rtlbench"
)

func main() {
	harness := flag.String("harness", "", "the built harness (OUT/obj_dir/Vkc_rvv_top)")
	commit := flag.String("commit", "", "the coralnpu commit the harness was built from")
	out := flag.String("out", "testdata/coral-rtl/vector.tsv", "the table to write")
	only := flag.String("class", "", "measure only this class (no table written; events printed)")
	flag.Parse()
	if *harness == "" || (*commit == "" && *only == "") {
		fmt.Fprintln(os.Stderr, "rtltable: -harness and -commit are required")
		os.Exit(2)
	}
	if err := run(*harness, *commit, *out, *only); err != nil {
		fmt.Fprintln(os.Stderr, "rtltable:", err)
		os.Exit(1)
	}
}

type job struct {
	entry rtlbench.Entry
	name  string // program name
	key   string // harness case name
}

func run(harness, commit, out, only string) error {
	as, err := asm.New("coral")
	if err != nil {
		return err
	}
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		return err
	}
	var in bytes.Buffer
	var jobs []job
	for _, c := range rtlbench.Classes {
		if only != "" && c.Name != only {
			continue
		}
		for _, g := range c.Geoms() {
			e := rtlbench.Entry{Class: c.Name, Geom: g}
			progs := c.Programs(g)
			names := make([]string, 0, len(progs))
			for n := range progs {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				p := progs[n]
				fill, err := encode(as, hw, rtlbench.Fill)
				if err != nil {
					return err
				}
				words, err := encode(as, hw, append([]string{p.Setup()}, p.Lines...))
				if err != nil {
					return fmt.Errorf("%s %s: %v", e.Key(), n, err)
				}
				key := e.Key() + "|" + n
				fmt.Fprintf(&in, "case %s\nvxrm %d\n", key, g.VXRM)
				for i, w := range fill {
					fmt.Fprintf(&in, "i %08x %d %d", w, regValue(w>>15&31, g), regValue(w>>20&31, g))
					if i > 0 {
						in.WriteString(" L 8 1")
					}
					in.WriteString("\n")
				}
				for i, w := range words {
					if i <= 1 {
						in.WriteString("drain\n")
					}
					rs1, rs2 := regValue(w>>15&31, g), regValue(w>>20&31, g)
					fmt.Fprintf(&in, "i %08x %d %d", w, rs1, rs2)
					if op := w & 0x7f; i > 0 && p.Mem != nil && (op == 0x07 || op == 0x27) {
						fmt.Fprintf(&in, " %c %d %d", p.Mem.Kind, p.Mem.Regs, p.Mem.Lines)
					}
					in.WriteString("\n")
				}
				in.WriteString("end\n")
				jobs = append(jobs, job{e, n, key})
			}
		}
	}
	cmd := exec.Command(harness)
	cmd.Stdin = &in
	cmd.Stderr = os.Stderr
	stdout, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("harness: %v", err)
	}
	if only != "" {
		os.Stdout.Write(stdout)
	}
	res, err := parse(stdout)
	if err != nil {
		return err
	}
	table := map[rtlbench.Entry]*rtlbench.Row{}
	var order []rtlbench.Entry
	for _, j := range jobs {
		r, ok := res[j.key]
		if !ok {
			return fmt.Errorf("%s: no result", j.key)
		}
		if r.bad != "" {
			return fmt.Errorf("%s: %s", j.key, r.bad)
		}
		row := table[j.entry]
		if row == nil {
			row = rtlbench.NewRow(j.entry)
			table[j.entry] = row
			order = append(order, j.entry)
		}
		row.Set(j.name, r.end-r.first)
	}
	if only != "" {
		for _, e := range order {
			fmt.Println(table[e].Format())
		}
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# coral vector timing measured on coralnpu's RVV RTL (RvvCore, hdl/verilog/rvv) under Verilator\n")
	fmt.Fprintf(&b, "# coralnpu@%s\n", commit)
	fmt.Fprintf(&b, "# regenerate: scripts/coral-rtl/run.sh CORALNPU (a checkout or git directory of coralnpu at that commit)\n")
	fmt.Fprintf(&b, "# programs: sim/coral/rtlbench; cycles from the acceptance of the first measured instruction to its last retire\n")
	b.WriteString(rtlbench.Header + "\n")
	for _, e := range order {
		b.WriteString(table[e].Format() + "\n")
	}
	return os.WriteFile(out, []byte(b.String()), 0o644)
}

// regValue is the value the programs of geometry g give scalar register x[r].
func regValue(r uint32, g rtlbench.Geom) uint32 {
	name := map[uint32]string{0: "zero", 6: "t1", 7: "t2", 11: "a1", 12: "a2", 14: "a4"}[r]
	if name == rtlbench.VtypeReg {
		return uint32(g.Vtype())
	}
	v, _ := rtlbench.RegValue(name)
	return v
}

func encode(as *asm.Assembler, hw *isadefs.HW, lines []string) ([]uint32, error) {
	src := ".text\n" + strings.Join(lines, "\n") + "\n"
	p, err := as.Assemble("bench.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		return nil, err
	}
	for _, s := range p.Sections {
		if s.Exec && len(s.Data) > 0 {
			var w []uint32
			for i := 0; i+4 <= len(s.Data); i += 4 {
				w = append(w, binary.LittleEndian.Uint32(s.Data[i:]))
			}
			if len(w) != len(lines) {
				return nil, fmt.Errorf("%d words for %d lines", len(w), len(lines))
			}
			return w, nil
		}
	}
	return nil, fmt.Errorf("no code")
}

type result struct {
	firstIdx int64 // index of the first measured instruction
	first    int64 // acceptance of the first measured instruction
	end      int64 // last retire or scalar write-back
	bad      string
}

func parse(out []byte) (map[string]*result, error) {
	res := map[string]*result{}
	var cur *result
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		num := func(i int) int64 {
			if i >= len(f) {
				return -1
			}
			v, _ := strconv.ParseInt(f[i], 10, 64)
			return v
		}
		switch f[0] {
		case "case":
			cur = &result{firstIdx: -1, first: -1, end: -1}
			res[f[1]] = cur
		case "mark": // the last drain ends before the first measured instruction
			cur.firstIdx, cur.first, cur.end = num(1), -1, -1
		case "acc":
			if num(1) == cur.firstIdx {
				cur.first = num(2)
			}
		case "rt", "xrd":
			if cur.first >= 0 {
				cur.end = max(cur.end, num(1))
			}
		case "trap":
			cur.bad = "trap"
		case "timeout":
			cur.bad = "timeout"
		}
	}
	for k, r := range res {
		if r.bad == "" && (r.first < 0 || r.end < 0) {
			r.bad = fmt.Sprintf("incomplete (first %d, end %d)", r.first, r.end)
		}
		_ = k
	}
	return res, sc.Err()
}
