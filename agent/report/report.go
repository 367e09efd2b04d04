// Package report turns benchmark results (the JSONL records kc-agent
// bench writes) into the paper's tables, in Markdown or CSV, and its
// figures, in SVG or a self-contained HTML page with tables and charts
// (svg.go, html.go), and into a browsable site of static pages, one per
// attempt, read from the attempts' trajectories (WriteSite: site.go,
// attempt.go, page.go, diff.go, iterchart.go):
//
// Success table: one row per task, grouped by level (a header row, the
// tasks in the paper's order, a subtotal row), then a total row; one
// column per target × model. A cell is passed/N, N being the task's
// records in that column (one per configuration and seed run; 5 for a
// full run). "--" marks a task the target does not support (the paper's
// matrix), "·" (Markdown) or an empty field (CSV) a supported task with no
// record. A subtotal or total sums the cells under it.
//
// Speedup table: the same rows and columns; a cell is "G (B)": G the
// geometric mean and B the best of the speedups (baseline cycles / kernel
// cycles on the visible case) over the task's successful configurations,
// "none" when no configuration succeeded. The level and overall rows give
// the geometric means of the G and of the B of the tasks that have a
// speedup, each task weighing the same. In CSV each column splits in two:
// geomean and best.
//
// Effort table: one row per target × model: attempts, passed, mean
// iterations, mean first correct iteration (over the attempts that were
// ever correct), provider errors, tokens in and out, cost in USD.
//
// Rows are the 23 tasks (as in the paper's tables, so a task a column's
// target does not support shows "--"); columns are ordered by target (the paper's order: plena, aie2, coral) then
// model name. Interrupted attempts are skipped, then records are merged by
// bench.Dedupe (one per cell, chosen independently of the input order);
// unknown tasks and unsupported (task, target) pairs are skipped; each
// with a warning.
package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
	"kernelcraft/judge"
	"kernelcraft/ref"
)

// Formats are the output formats: Markdown and CSV tables, SVG charts
// (svg.go), and an HTML page with both (html.go).
var Formats = []string{"md", "csv", "svg", "html"}

// Tables are the table selections of Write.
var Tables = []string{"all", "success", "speedup", "effort"}

// LevelNames are the paper's names of the levels.
var LevelNames = map[int]string{1: "Primitive Operations", 2: "Composite Operations", 3: "End-to-End System"}

// Column is one target × model column.
type Column struct {
	Target, Model string
}

// String is "target / model".
func (c Column) String() string { return c.Target + " / " + c.Model }

// Stat is one (task, column) cell's records.
type Stat struct {
	N, Passed int
	Speedups  []float64 // of the successful records with a measured speedup
}

// Report holds the merged records by task and column.
type Report struct {
	Columns []Column
	Tasks   []*ref.Task // the rows, in the paper's order: every task (none without columns)
	Records int         // records counted
	stats   map[string]map[Column]*Stat
	effort  map[Column]*Effort
	// dataDependent names the successful records with data-dependent
	// cycles, in reading order.
	dataDependent []string
	// attempts are the records counted (one per cell), in reading
	// order: the attempt pages of WriteSite.
	attempts []agent.Record
	// trajDirs is the trajectory folder of each record Load read (the
	// trajectories folder beside its results file).
	trajDirs map[agent.Record]string
}

// Effort is what a column's attempts cost: counts, iterations, tokens,
// dollars.
type Effort struct {
	Attempts, Passed int
	Iterations       int // summed over the attempts
	MaxIterations    int // of the attempt that used the most
	FirstCorrect     int // summed over the attempts that were ever correct
	EverCorrect      int // attempts with a first correct iteration
	// FirstCorrectAt is the first correct iteration of each attempt
	// that was ever correct, in reading order (the effort chart).
	FirstCorrectAt []int
	ProviderErrors int // attempts stopped by a provider error
	// DataDependent counts the successful attempts whose kernel's cycles
	// on the visible and hidden cases differ by more than the judge's
	// margin (their speedup is the hidden case's).
	DataDependent       int
	TokensIn, TokensOut int
	CostUSD             float64
}

// Effort returns a column's effort (nil: no record).
func (r *Report) Effort(c Column) *Effort { return r.effort[c] }

// Load reads the results of paths (folders or files, see
// bench.ReadResults) and builds their report; the warnings are the
// reading's and Build's. Each record's trajectory is looked for in the
// trajectories folder beside its results file (bench.TrajectoryDir), for
// WriteSite.
func Load(paths ...string) (*Report, []string, error) {
	var recs []agent.Record
	var warnings []string
	dirs := map[agent.Record]string{}
	for _, p := range paths {
		got, w, err := bench.ReadResults(p)
		warnings = append(warnings, w...)
		if err != nil {
			return nil, warnings, err
		}
		dir := p
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			dir = filepath.Dir(p)
		}
		for _, rec := range got {
			if _, seen := dirs[rec]; !seen {
				dirs[rec] = filepath.Join(dir, bench.TrajectoryDir)
			}
		}
		recs = append(recs, got...)
	}
	r, w := Build(recs)
	r.trajDirs = dirs
	return r, append(warnings, w...), nil
}

// Build makes the report of recs.
func Build(recs []agent.Record) (*Report, []string) {
	var warnings []string
	finished := recs[:0:0]
	for _, rec := range recs {
		if rec.StopReason == agent.StopInterrupted {
			warnings = append(warnings, fmt.Sprintf("record of %s: the attempt was interrupted; skipped", bench.RecordKey(&rec)))
			continue
		}
		finished = append(finished, rec)
	}
	recs, dups := bench.Dedupe(finished)
	warnings = append(warnings, dups...)
	r := &Report{stats: map[string]map[Column]*Stat{}, effort: map[Column]*Effort{}}
	cols := map[Column]bool{}
	for _, rec := range recs {
		t, err := ref.Lookup(rec.Task)
		switch {
		case err != nil:
			warnings = append(warnings, fmt.Sprintf("record of %s: %v; skipped", bench.RecordKey(&rec), err))
			continue
		case !t.Supports(rec.Target):
			warnings = append(warnings, fmt.Sprintf("record of %s: task %s is not supported on %s; skipped", bench.RecordKey(&rec), t.ID, rec.Target))
			continue
		}
		col := Column{rec.Target, rec.Model}
		cols[col] = true
		r.attempts = append(r.attempts, rec)
		if r.stats[t.ID] == nil {
			r.stats[t.ID] = map[Column]*Stat{}
		}
		st := r.stats[t.ID][col]
		if st == nil {
			st = &Stat{}
			r.stats[t.ID][col] = st
		}
		st.N++
		r.Records++
		ef := r.effort[col]
		if ef == nil {
			ef = &Effort{}
			r.effort[col] = ef
		}
		ef.Attempts++
		ef.Iterations += rec.Iterations
		ef.MaxIterations = max(ef.MaxIterations, rec.Iterations)
		if rec.FirstCorrect > 0 {
			ef.EverCorrect++
			ef.FirstCorrect += rec.FirstCorrect
			ef.FirstCorrectAt = append(ef.FirstCorrectAt, rec.FirstCorrect)
		}
		if rec.StopReason == agent.StopProviderError {
			ef.ProviderErrors++
		}
		ef.TokensIn += rec.TokensIn
		ef.TokensOut += rec.TokensOut
		ef.CostUSD += rec.CostUSD
		if rec.Success {
			ef.Passed++
			if rec.DataDependentCycles {
				ef.DataDependent++
				r.dataDependent = append(r.dataDependent, fmt.Sprintf("%s / %s: %s c%d (visible %d cycles, hidden %d, hidden seed %d)",
					rec.Target, rec.Model, rec.Task, rec.Config, rec.VisibleCycles, rec.Cycles, rec.HiddenSeed))
			}
		}
		if rec.Success {
			st.Passed++
			if rec.Speedup > 0 && !math.IsInf(rec.Speedup, 0) && !math.IsNaN(rec.Speedup) {
				st.Speedups = append(st.Speedups, rec.Speedup)
			}
		}
	}
	for c := range cols {
		r.Columns = append(r.Columns, c)
	}
	slices.SortFunc(r.Columns, func(a, b Column) int {
		if ia, ib := targetRank(a.Target), targetRank(b.Target); ia != ib {
			return ia - ib
		}
		if a.Target != b.Target {
			return strings.Compare(a.Target, b.Target)
		}
		return strings.Compare(a.Model, b.Model)
	})
	if len(r.Columns) > 0 {
		r.Tasks = ref.Tasks() // every task, as the paper's tables: "--" where a target lacks one
	}
	return r, warnings
}

func targetRank(t string) int {
	if i := slices.Index(ref.Targets, t); i >= 0 {
		return i
	}
	return len(ref.Targets)
}

// Stat returns the cell of task and column (nil: no record).
func (r *Report) Stat(task string, c Column) *Stat { return r.stats[task][c] }

// levels lists the levels of the rows, ascending.
func (r *Report) levels() []int {
	var out []int
	for _, t := range r.Tasks {
		if !slices.Contains(out, t.Level) {
			out = append(out, t.Level)
		}
	}
	slices.Sort(out)
	return out
}

// row is one line of a table: label fields and one cell per column (in
// CSV, the speedup table has two per column).
type row struct {
	level, id, name string
	taskID          string // a task's row (not a heading, subtotal or total)
	cells           []string
	heading         bool // a level heading (Markdown only)
	bold            bool
}

const (
	notRun      = "·"
	unsupported = "--"
	noSpeedup   = "none"
)

// successRows builds the success table.
func (r *Report) successRows(csvMode bool) []row {
	cell := func(n, passed int, supported bool) string {
		switch {
		case !supported:
			return unsupported
		case n == 0 && csvMode:
			return ""
		case n == 0:
			return notRun
		}
		return fmt.Sprintf("%d/%d", passed, n)
	}
	var rows []row
	totN := make([]int, len(r.Columns))
	totP := make([]int, len(r.Columns))
	totS := make([]bool, len(r.Columns))
	for _, lv := range r.levels() {
		rows = append(rows, row{level: fmt.Sprint(lv), name: levelTitle(lv), heading: true})
		subN := make([]int, len(r.Columns))
		subP := make([]int, len(r.Columns))
		subS := make([]bool, len(r.Columns))
		for _, t := range r.Tasks {
			if t.Level != lv {
				continue
			}
			rw := row{level: fmt.Sprint(lv), id: fmt.Sprint(t.Number), name: t.Name, taskID: t.ID}
			for i, c := range r.Columns {
				st := r.Stat(t.ID, c)
				n, p := 0, 0
				if st != nil {
					n, p = st.N, st.Passed
				}
				sup := t.Supports(c.Target)
				rw.cells = append(rw.cells, cell(n, p, sup))
				subN[i] += n
				subP[i] += p
				subS[i] = subS[i] || sup
			}
			rows = append(rows, rw)
		}
		sub := row{level: fmt.Sprint(lv), name: fmt.Sprintf("Level %d subtotal", lv), bold: true}
		for i := range r.Columns {
			sub.cells = append(sub.cells, cell(subN[i], subP[i], subS[i]))
			totN[i] += subN[i]
			totP[i] += subP[i]
			totS[i] = totS[i] || subS[i]
		}
		rows = append(rows, sub)
	}
	tot := row{name: "Total", bold: true}
	for i := range r.Columns {
		tot.cells = append(tot.cells, cell(totN[i], totP[i], totS[i]))
	}
	return append(rows, tot)
}

// speedupRows builds the speedup table.
func (r *Report) speedupRows(csvMode bool) []row {
	format := func(g, b float64) []string {
		if csvMode {
			return []string{fmt.Sprintf("%.3f", g), fmt.Sprintf("%.3f", b)}
		}
		return []string{fmt.Sprintf("%.2f (%.2f)", g, b)}
	}
	mark := func(s string) []string {
		if csvMode {
			return []string{s, s}
		}
		return []string{s}
	}
	empty := notRun
	if csvMode {
		empty = ""
	}
	// agg collects per-task (geomean, best) pairs of a column.
	type agg struct {
		g, b      []float64
		n         int // tasks with records
		supported bool
	}
	aggCell := func(a *agg) []string {
		switch {
		case !a.supported:
			return mark(unsupported)
		case a.n == 0:
			return mark(empty)
		case len(a.g) == 0:
			return mark(noSpeedup)
		}
		return format(Geomean(a.g), Geomean(a.b))
	}
	var rows []row
	tot := make([]agg, len(r.Columns))
	for _, lv := range r.levels() {
		rows = append(rows, row{level: fmt.Sprint(lv), name: levelTitle(lv), heading: true})
		sub := make([]agg, len(r.Columns))
		for _, t := range r.Tasks {
			if t.Level != lv {
				continue
			}
			rw := row{level: fmt.Sprint(lv), id: fmt.Sprint(t.Number), name: t.Name}
			for i, c := range r.Columns {
				st := r.Stat(t.ID, c)
				a := agg{supported: t.Supports(c.Target)}
				sub[i].supported = sub[i].supported || a.supported
				tot[i].supported = tot[i].supported || a.supported
				if st != nil {
					a.n = st.N
					sub[i].n++
					tot[i].n++
					if len(st.Speedups) > 0 {
						g, b := Geomean(st.Speedups), slices.Max(st.Speedups)
						a.g, a.b = []float64{g}, []float64{b}
						sub[i].g, sub[i].b = append(sub[i].g, g), append(sub[i].b, b)
						tot[i].g, tot[i].b = append(tot[i].g, g), append(tot[i].b, b)
					}
				}
				rw.cells = append(rw.cells, aggCell(&a)...)
			}
			rows = append(rows, rw)
		}
		sr := row{level: fmt.Sprint(lv), name: fmt.Sprintf("Level %d geomean", lv), bold: true}
		for i := range r.Columns {
			sr.cells = append(sr.cells, aggCell(&sub[i])...)
		}
		rows = append(rows, sr)
	}
	tr := row{name: "Geomean", bold: true}
	for i := range r.Columns {
		tr.cells = append(tr.cells, aggCell(&tot[i])...)
	}
	return append(rows, tr)
}

func levelTitle(lv int) string {
	return fmt.Sprintf("Level %d: %s (max %d iterations)", lv, LevelNames[lv], agent.Budgets[lv])
}

// Geomean is the geometric mean of xs (all > 0); 0 for none.
func Geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}

// Write writes the tables (one of Tables: all, or one table) in format
// (one of Formats). In Markdown each table has a title; in CSV the tables
// follow each other, separated by an empty line; svg draws the selected
// tables' charts in one SVG document, html a self-contained page with
// each chart above its table.
func (r *Report) Write(w io.Writer, format, tables string) error {
	if !slices.Contains(Formats, format) {
		return fmt.Errorf("unknown format %q (formats: %s)", format, strings.Join(Formats, ", "))
	}
	if !slices.Contains(Tables, tables) {
		return fmt.Errorf("unknown table %q (tables: %s)", tables, strings.Join(Tables, ", "))
	}
	if len(r.Columns) == 0 {
		return fmt.Errorf("no records to report")
	}
	switch format {
	case "svg", "html":
		var b strings.Builder
		if format == "svg" {
			r.writeSVG(&b, tables)
		} else {
			r.writeHTML(&b, tables, nil)
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
	csvMode := format == "csv"
	var parts []func() error
	if tables == "all" || tables == "success" {
		parts = append(parts, func() error {
			if csvMode {
				return r.writeCSV(w, r.successRows(true), false)
			}
			fmt.Fprintf(w, "## Success (passed/configurations run; -- not supported, %s not run)\n\n", notRun)
			return r.writeMD(w, r.successRows(false))
		})
	}
	if tables == "all" || tables == "speedup" {
		parts = append(parts, func() error {
			if csvMode {
				return r.writeCSV(w, r.speedupRows(true), true)
			}
			fmt.Fprintf(w, "## Speedup over the baseline (geomean (best) over the successful configurations; -- not supported, %s not run, none: no success)\n\n", notRun)
			return r.writeMD(w, r.speedupRows(false))
		})
	}
	if tables == "all" || tables == "effort" {
		parts = append(parts, func() error {
			if !csvMode {
				fmt.Fprint(w, "## Effort (per target / model: attempts, mean iterations, mean first correct iteration of the attempts ever correct, provider errors, successful kernels with data-dependent cycles, tokens, cost)\n\n")
			}
			return r.writeEffort(w, csvMode)
		})
	}
	for i, p := range parts {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := p(); err != nil {
			return err
		}
	}
	return nil
}

func (r *Report) writeMD(w io.Writer, rows []row) error {
	head := []string{"ID", "Task"}
	align := []string{"--:", ":--"}
	for _, c := range r.Columns {
		head = append(head, c.String())
		align = append(align, ":-:")
	}
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	line(head)
	line(align)
	for _, rw := range rows {
		cells := []string{rw.id, rw.name}
		switch {
		case rw.heading:
			cells[1] = "**" + rw.name + "**"
			for range r.Columns {
				cells = append(cells, "")
			}
		case rw.bold:
			cells[1] = "**" + rw.name + "**"
			for _, c := range rw.cells {
				if c != notRun && c != unsupported && c != noSpeedup {
					c = "**" + c + "**"
				}
				cells = append(cells, c)
			}
		default:
			cells = append(cells, rw.cells...)
		}
		line(cells)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Report) writeCSV(w io.Writer, rows []row, split bool) error {
	cw := csv.NewWriter(w)
	head := []string{"level", "id", "task"}
	for _, c := range r.Columns {
		if split {
			head = append(head, c.Target+"/"+c.Model+" geomean", c.Target+"/"+c.Model+" best")
		} else {
			head = append(head, c.Target+"/"+c.Model)
		}
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, rw := range rows {
		if rw.heading {
			continue
		}
		if err := cw.Write(append([]string{rw.level, rw.id, rw.name}, rw.cells...)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// effortTable is the effort table's header and rows: one row per column.
func (r *Report) effortTable() (head []string, rows [][]string) {
	head = []string{"target", "model", "attempts", "passed", "mean iterations", "mean first correct", "provider errors", "data-dependent cycles", "tokens in", "tokens out", "cost USD"}
	for _, c := range r.Columns {
		e := r.effort[c]
		mean := func(sum, n int) string {
			if n == 0 {
				return "--"
			}
			return fmt.Sprintf("%.1f", float64(sum)/float64(n))
		}
		rows = append(rows, []string{c.Target, c.Model, fmt.Sprint(e.Attempts), fmt.Sprint(e.Passed), mean(e.Iterations, e.Attempts),
			mean(e.FirstCorrect, e.EverCorrect), fmt.Sprint(e.ProviderErrors), fmt.Sprint(e.DataDependent), fmt.Sprint(e.TokensIn), fmt.Sprint(e.TokensOut), fmt.Sprintf("%.2f", e.CostUSD)})
	}
	return head, rows
}

// writeEffort writes the effort table: one row per column.
func (r *Report) writeEffort(w io.Writer, csvMode bool) error {
	head, rows := r.effortTable()
	if csvMode {
		cw := csv.NewWriter(w)
		cw.Write(head)
		cw.WriteAll(rows)
		return cw.Error()
	}
	var b strings.Builder
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	for i := range head {
		if i < 2 {
			b.WriteString(" :-- |")
		} else {
			b.WriteString(" --: |")
		}
	}
	b.WriteString("\n")
	for _, rw := range rows {
		b.WriteString("| " + strings.Join(rw, " | ") + " |\n")
	}
	if len(r.dataDependent) > 0 {
		fmt.Fprintf(&b, "\nData-dependent cycles (successful kernels whose cycles on the visible and hidden cases differ by more than %g%%; their speedups are the hidden case's):\n\n", 100*judge.DataDependentMargin)
		for _, d := range r.dataDependent {
			b.WriteString("- " + d + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
