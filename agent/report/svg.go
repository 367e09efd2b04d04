package report

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// The paper's figures as hand-written SVG (no scripts, no external
// resources), drawn from the same numbers as the tables:
//
//   - success: a heat map of tasks (rows, by level, with subtotal and
//     total rows) by target / model (columns); a cell's colour is the
//     share of configurations passed, its text passed/N;
//   - speedup: for each task with a speedup, one horizontal bar per
//     column from 1× to the geometric mean over the successful
//     configurations, a diamond at the best, on a log scale; the
//     geometric means over tasks are marked: per level (triangles on the
//     level's row) and overall (a dashed line per column);
//   - effort: for each column, the share of attempts correct by
//     iteration i (from each attempt's first correct iteration), with the
//     mean first correct iteration in the legend.

// figure is one chart: its SVG body (no <svg> element) and size.
type figure struct {
	id, title string
	body      string
	w, h      float64
}

// palette gives columns their colours (Okabe and Ito's, safe for colour
// blindness), in column order, repeating.
var palette = []string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442"}

func colColor(i int) string { return palette[i%len(palette)] }

// Sizes (px).
const (
	fontSize  = 12
	titleH    = 30
	labelW    = 200 // task labels
	heatCellW = 116
	heatCellH = 20
	plotW     = 560
)

// esc escapes text for HTML and SVG, after making it valid UTF-8
// without control characters other than tab and newline (a model name
// or a trajectory may hold any bytes).
func esc(s string) string { return html.EscapeString(cleanText(s)) }

// cleanText is s as valid UTF-8, its control characters other than tab
// and newline replaced by U+FFFD and carriage returns dropped.
func cleanText(s string) string {
	clean := utf8.ValidString(s)
	for i := 0; clean && i < len(s); i++ {
		c := s[i]
		clean = (c >= 0x20 && c != 0x7f) || c == '\t' || c == '\n'
	}
	if clean && !hasC1(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return -1
		case r == '\t' || r == '\n':
			return r
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return '\uFFFD'
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// hasC1 reports whether s holds a C1 control character (U+0080..U+009F).
func hasC1(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == 0xc2 && s[i+1] >= 0x80 && s[i+1] < 0xa0 {
			return true
		}
	}
	return false
}

// f formats a coordinate.
func f(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	return strings.TrimSuffix(s, ".0")
}

// clip shortens a label to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

type svgb struct{ strings.Builder }

func (b *svgb) text(x, y float64, anchor, extra, s string) {
	fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="%s"%s>%s</text>`+"\n", f(x), f(y), anchor, extra, esc(s))
}

func (b *svgb) rect(x, y, w, h float64, fill, extra string) {
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"%s/>`+"\n", f(x), f(y), f(w), f(h), fill, extra)
}

func (b *svgb) line(x1, y1, x2, y2 float64, stroke, extra string) {
	fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"%s/>`+"\n", f(x1), f(y1), f(x2), f(y2), stroke, extra)
}

// columnHeads writes the column headers (target, then model, clipped;
// the full name as a tooltip) centred over columns of width w from x0.
func (r *Report) columnHeads(b *svgb, x0, y, w float64) {
	for i, c := range r.Columns {
		cx := x0 + (float64(i)+0.5)*w
		fmt.Fprintf(b, "<g><title>%s</title>\n", esc(c.String()))
		b.text(cx, y, "middle", ` font-weight="bold"`, clip(c.Target, 18))
		b.text(cx, y+14, "middle", "", clip(c.Model, 18))
		b.WriteString("</g>\n")
	}
}

// viridis maps 0..1 to a colour of the viridis scale (five stops,
// interpolated in RGB).
func viridis(v float64) string {
	stops := [][3]float64{{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}
	v = math.Max(0, math.Min(1, v)) * float64(len(stops)-1)
	i := min(int(v), len(stops)-2)
	t := v - float64(i)
	var c [3]int
	for k := range c {
		c[k] = int(math.Round(stops[i][k] + t*(stops[i+1][k]-stops[i][k])))
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

// successChart draws the success figure (a heat map).
func (r *Report) successChart() figure {
	var b svgb
	nc := len(r.Columns)
	w := labelW + float64(nc)*heatCellW + 20
	y := float64(titleH)
	r.columnHeads(&b, labelW, y+4, heatCellW)
	y += 28
	cell := func(y float64, i, n, passed int, supported, bold bool) {
		x := labelW + float64(i)*heatCellW
		weight := ""
		if bold {
			weight = ` font-weight="bold"`
		}
		switch {
		case !supported:
			b.rect(x+1, y+1, heatCellW-2, heatCellH-2, "#e6e6e6", "")
			b.text(x+heatCellW/2, y+14, "middle", ` fill="#777"`, unsupported)
		case n == 0:
			b.rect(x+1, y+1, heatCellW-2, heatCellH-2, "#ffffff", ` stroke="#ccc"`)
			b.text(x+heatCellW/2, y+14, "middle", ` fill="#777"`, notRun)
		default:
			v := float64(passed) / float64(n)
			fill := "#000"
			if v < 0.5 {
				fill = "#fff"
			}
			fmt.Fprintf(&b, "<g><title>%s</title>\n", esc(fmt.Sprintf("%d of %d passed (%.0f%%)", passed, n, 100*v)))
			b.rect(x+1, y+1, heatCellW-2, heatCellH-2, viridis(v), "")
			b.text(x+heatCellW/2, y+14, "middle", fmt.Sprintf(` fill="%s"%s`, fill, weight), fmt.Sprintf("%d/%d", passed, n))
			b.WriteString("</g>\n")
		}
	}
	totN, totP, totS := make([]int, nc), make([]int, nc), make([]bool, nc)
	for _, lv := range r.levels() {
		b.text(4, y+14, "start", ` font-weight="bold"`, fmt.Sprintf("Level %d: %s", lv, LevelNames[lv]))
		y += heatCellH
		subN, subP, subS := make([]int, nc), make([]int, nc), make([]bool, nc)
		for _, t := range r.Tasks {
			if t.Level != lv {
				continue
			}
			b.text(labelW-8, y+14, "end", "", fmt.Sprintf("%d %s", t.Number, clip(t.Name, 24)))
			for i, c := range r.Columns {
				n, p := 0, 0
				if st := r.Stat(t.ID, c); st != nil {
					n, p = st.N, st.Passed
				}
				sup := t.Supports(c.Target)
				cell(y, i, n, p, sup, false)
				subN[i], subP[i], subS[i] = subN[i]+n, subP[i]+p, subS[i] || sup
			}
			y += heatCellH
		}
		b.text(labelW-8, y+14, "end", ` font-weight="bold"`, fmt.Sprintf("Level %d subtotal", lv))
		for i := range r.Columns {
			cell(y, i, subN[i], subP[i], subS[i], true)
			totN[i], totP[i], totS[i] = totN[i]+subN[i], totP[i]+subP[i], totS[i] || subS[i]
		}
		y += heatCellH + 6
	}
	b.text(labelW-8, y+14, "end", ` font-weight="bold"`, "Total")
	for i := range r.Columns {
		cell(y, i, totN[i], totP[i], totS[i], true)
	}
	y += heatCellH + 16
	// Legend: the colour scale, then the two marks.
	b.text(4, y+12, "start", "", "passed share")
	for k := 0; k <= 10; k++ {
		b.rect(100+float64(k)*22, y, 22, 14, viridis(float64(k)/10), "")
	}
	for _, k := range []int{0, 5, 10} {
		b.text(100+float64(k)*22+11, y+28, "middle", "", fmt.Sprintf("%d%%", 10*k))
	}
	b.rect(360, y, 22, 14, "#e6e6e6", "")
	b.text(388, y+12, "start", "", "-- not supported")
	b.rect(500, y, 22, 14, "#ffffff", ` stroke="#ccc"`)
	b.text(528, y+12, "start", "", notRun+" not run")
	y += 36
	return figure{id: "success", title: "Success: configurations passed per task and target / model", body: b.String(), w: math.Max(w, 620), h: y}
}

// logScale maps speedups to x on a log axis over [lo, hi] (0 < lo < hi,
// as niceTicks makes them).
type logScale struct{ lo, hi, x0, w float64 }

// x is v's coordinate; a value outside the domain (or not positive) is
// clamped to its nearer end, so no coordinate is ever NaN or infinite.
func (s logScale) x(v float64) float64 {
	span := math.Log(s.hi) - math.Log(s.lo)
	if !(span > 0) || math.IsInf(span, 0) {
		return s.x0 + s.w/2
	}
	t := (math.Log(v) - math.Log(s.lo)) / span
	if math.IsNaN(t) {
		t = 0.5
	}
	return s.x0 + s.w*math.Max(0, math.Min(1, t))
}

// niceTicks are the 1-2-5 values covering [lo, hi]: the domain's ends and
// the ticks inside. The domain always has width: where lo and hi fall on
// one tick (every speedup 1×, as the baseline's own run gives), it reaches
// to the neighbouring ticks (1× gives [0.5×, 2×]).
func niceTicks(lo, hi float64) (float64, float64, []float64) {
	if !(lo > 0) || math.IsInf(lo, 0) || !(hi >= lo) || math.IsInf(hi, 0) {
		lo, hi = 1, 1
	}
	var all []float64
	for e := math.Floor(math.Log10(lo)) - 1; e <= math.Ceil(math.Log10(hi))+1; e++ {
		for _, m := range []float64{1, 2, 5} {
			all = append(all, m*math.Pow(10, e))
		}
	}
	a, z := 0, len(all)-1
	for a+1 < len(all) && all[a+1] <= lo*(1+1e-9) {
		a++
	}
	for z-1 >= 0 && all[z-1] >= hi*(1-1e-9) {
		z--
	}
	if a >= z {
		a, z = a-1, a+1
	}
	return all[a], all[z], all[a : z+1]
}

// fmtX labels a tick: 0.05×, 0.5×, 1×, 20×.
func fmtX(v float64) string {
	if v >= 1 {
		return fmt.Sprintf("%.0f×", v)
	}
	return fmt.Sprintf("%.3g×", v)
}

// speedupChart draws the speedup figure.
func (r *Report) speedupChart() figure {
	type bar struct{ g, best float64 }
	var b svgb
	nc := len(r.Columns)
	// The numbers: per task and column (geomean, best); per level and
	// column, and overall, the geomean over tasks of the task geomeans
	// (the table's level and Geomean rows).
	taskBars := map[string][]*bar{}
	levelG := map[int][][]float64{}
	allG := make([][]float64, nc)
	lo, hi := 1.0, 1.0
	for _, t := range r.Tasks {
		for i, c := range r.Columns {
			st := r.Stat(t.ID, c)
			if st == nil || len(st.Speedups) == 0 {
				continue
			}
			if taskBars[t.ID] == nil {
				taskBars[t.ID] = make([]*bar, nc)
			}
			br := &bar{Geomean(st.Speedups), slices.Max(st.Speedups)}
			taskBars[t.ID][i] = br
			if levelG[t.Level] == nil {
				levelG[t.Level] = make([][]float64, nc)
			}
			levelG[t.Level][i] = append(levelG[t.Level][i], br.g)
			allG[i] = append(allG[i], br.g)
			lo, hi = math.Min(lo, math.Min(br.g, br.best)), math.Max(hi, math.Max(br.g, br.best))
		}
	}
	y := float64(titleH)
	if len(taskBars) == 0 {
		b.text(4, y+14, "start", "", "No successful kernel with a measured speedup.")
		return figure{id: "speedup", title: "Speedup over the baseline", body: b.String(), w: 620, h: y + 30}
	}
	lo, hi, ticks := niceTicks(lo, hi)
	sc := logScale{lo: lo, hi: hi, x0: labelW, w: plotW}
	barH := 7.0
	rowH := math.Max(18, float64(nc)*barH+6)
	// Overall geomeans: labels stacked above the plot.
	gmY := y
	y += 14*float64(nc) + 8
	top := y
	var rows svgb
	for _, lv := range r.levels() {
		if levelG[lv] == nil {
			continue
		}
		rows.text(4, y+13, "start", ` font-weight="bold"`, fmt.Sprintf("Level %d: %s", lv, LevelNames[lv]))
		for i := range r.Columns {
			if g := levelG[lv][i]; len(g) > 0 {
				x := sc.x(Geomean(g))
				fmt.Fprintf(&rows, `<path d="M%s %sl-5 -8h10z" fill="%s"><title>%s</title></path>`+"\n", f(x), f(y+16), colColor(i),
					esc(fmt.Sprintf("%s, level %d geomean %.2f× over %d tasks", r.Columns[i], lv, Geomean(g), len(g))))
			}
		}
		y += 20
		for _, t := range r.Tasks {
			bars := taskBars[t.ID]
			if t.Level != lv || bars == nil {
				continue
			}
			rows.text(labelW-8, y+rowH/2+4, "end", "", fmt.Sprintf("%d %s", t.Number, clip(t.Name, 24)))
			for i, br := range bars {
				if br == nil {
					continue
				}
				by := y + 3 + float64(i)*barH
				x1, x2 := sc.x(1), sc.x(br.g)
				fmt.Fprintf(&rows, "<g><title>%s</title>\n", esc(fmt.Sprintf("%s, %s: geomean %.2f×, best %.2f×", t.Name, r.Columns[i], br.g, br.best)))
				rows.rect(math.Min(x1, x2), by, math.Max(math.Abs(x2-x1), 1), barH-1, colColor(i), "")
				bx := sc.x(br.best)
				fmt.Fprintf(&rows, `<path d="M%s %sl4 4l-4 4l-4 -4z" fill="#222" stroke="#fff" stroke-width="0.8"/>`+"\n", f(bx), f(by-1.5))
				rows.WriteString("</g>\n")
			}
			y += rowH
		}
	}
	bottom := y
	// Grid and axis under the bars.
	for _, t := range ticks {
		x := sc.x(t)
		stroke, extra := "#e4e4e4", ""
		if t == 1 {
			stroke, extra = "#444", ` stroke-width="1.2"`
		}
		b.line(x, top, x, bottom, stroke, extra)
		b.text(x, bottom+16, "middle", "", fmtX(t))
	}
	b.line(sc.x0, bottom, sc.x0+sc.w, bottom, "#444", "")
	b.text(sc.x0+sc.w/2, bottom+34, "middle", "", "speedup over the baseline (baseline cycles / kernel cycles, log scale)")
	b.WriteString(rows.String())
	for i, g := range allG {
		if len(g) == 0 {
			continue
		}
		gm := Geomean(g)
		x, ty := sc.x(gm), gmY+14*float64(i)
		b.line(x, ty+4, x, bottom, colColor(i), ` stroke-width="1.5" stroke-dasharray="5 3"`)
		anchor := "middle"
		switch {
		case x > sc.x0+sc.w-30:
			anchor = "end"
		case x < sc.x0+30:
			anchor = "start"
		}
		b.text(x, ty+2, anchor, fmt.Sprintf(` fill="%s"`, colColor(i)), fmt.Sprintf("%.2f×", gm))
	}
	y = bottom + 54
	// Legend: one line per column with its overall geomean.
	for i, c := range r.Columns {
		b.rect(4, y-9, 12, 10, colColor(i), "")
		what := "no speedup (no success)"
		if g := allG[i]; len(g) > 0 {
			what = fmt.Sprintf("geomean %.2f× over %d tasks (dashed line)", Geomean(g), len(g))
		}
		b.text(20, y, "start", "", clip(c.String(), 48)+": "+what)
		y += 17
	}
	b.text(4, y+2, "start", ` fill="#555"`, "bar: geomean over the task's successful configurations; ◆ best; ▼ level geomean over tasks")
	y += 14
	return figure{id: "speedup", title: "Speedup over the baseline per task (log scale)", body: b.String(), w: labelW + plotW + 40, h: y}
}

// effortChart draws the effort figure: the share of a column's attempts
// correct by each iteration.
func (r *Report) effortChart() figure {
	var b svgb
	maxIt := 1
	for _, c := range r.Columns {
		maxIt = max(maxIt, r.effort[c].MaxIterations)
	}
	y := float64(titleH) + 8
	const h = 220.0
	x0, w := float64(labelW), float64(plotW)
	sx := func(it float64) float64 { return x0 + w*it/float64(maxIt) }
	sy := func(share float64) float64 { return y + h*(1-share) }
	for _, p := range []float64{0, 0.25, 0.5, 0.75, 1} {
		b.line(x0, sy(p), x0+w, sy(p), "#e4e4e4", "")
		b.text(x0-6, sy(p)+4, "end", "", fmt.Sprintf("%.0f%%", 100*p))
	}
	step := max(1, maxIt/10)
	for it := 0; it <= maxIt; it += step {
		b.line(sx(float64(it)), y+h, sx(float64(it)), y+h+4, "#444", "")
		b.text(sx(float64(it)), y+h+17, "middle", "", fmt.Sprint(it))
	}
	b.line(x0, y+h, x0+w, y+h, "#444", "")
	b.line(x0, y, x0, y+h, "#444", "")
	b.text(x0+w/2, y+h+34, "middle", "", "iteration")
	fmt.Fprintf(&b, `<text transform="translate(%s %s) rotate(-90)" text-anchor="middle">attempts correct by then</text>`+"\n", f(x0-48), f(y+h/2))
	for i, c := range r.Columns {
		e := r.effort[c]
		var d strings.Builder
		prev := 0.0
		fmt.Fprintf(&d, "M%s %s", f(sx(0)), f(sy(0)))
		for it := 1; it <= maxIt; it++ {
			n := 0
			for _, v := range e.FirstCorrectAt {
				if v <= it {
					n++
				}
			}
			share := float64(n) / float64(e.Attempts)
			if share != prev {
				fmt.Fprintf(&d, "H%sV%s", f(sx(float64(it))), f(sy(share)))
				prev = share
			}
		}
		fmt.Fprintf(&d, "H%s", f(sx(float64(maxIt))))
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"><title>%s</title></path>`+"\n", d.String(), colColor(i), esc(c.String()))
	}
	y += h + 52
	for i, c := range r.Columns {
		e := r.effort[c]
		b.rect(4, y-9, 12, 10, colColor(i), "")
		first := "--"
		if e.EverCorrect > 0 {
			first = fmt.Sprintf("%.1f", float64(e.FirstCorrect)/float64(e.EverCorrect))
		}
		b.text(20, y, "start", "", fmt.Sprintf("%s: %d/%d attempts ever correct; mean first correct iteration %s; mean iterations %.1f",
			clip(c.String(), 40), e.EverCorrect, e.Attempts, first, float64(e.Iterations)/float64(max(1, e.Attempts))))
		y += 17
	}
	return figure{id: "effort", title: "Effort: attempts correct by iteration (first correct iteration)", body: b.String(), w: labelW + plotW + 40, h: y}
}

// figures returns the figures of a table selection.
func (r *Report) figures(tables string) []figure {
	var out []figure
	if tables == "all" || tables == "success" {
		out = append(out, r.successChart())
	}
	if tables == "all" || tables == "speedup" {
		out = append(out, r.speedupChart())
	}
	if tables == "all" || tables == "effort" {
		out = append(out, r.effortChart())
	}
	return out
}

// svgOpen starts an <svg> element of a figure's size (standalone adds the
// XML namespace and declaration a file needs).
func svgOpen(b *strings.Builder, w, h float64, label string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="%d" role="img" aria-label="%s">`+"\n",
		f(w), f(h), f(w), f(h), fontSize, esc(label))
}

// figureSVG is one figure as an <svg> element with its title on top.
func figureSVG(fig figure) string {
	var b strings.Builder
	svgOpen(&b, fig.w, fig.h, fig.title)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#fff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="4" y="18" font-size="15" font-weight="bold">%s</text>`+"\n", esc(fig.title))
	b.WriteString(fig.body)
	b.WriteString("</svg>\n")
	return b.String()
}

// writeSVG writes the figures of a table selection as one SVG document,
// one under the other.
func (r *Report) writeSVG(w *strings.Builder, tables string) {
	figs := r.figures(tables)
	width, height := 0.0, 0.0
	for _, fg := range figs {
		width = math.Max(width, fg.w)
		height += fg.h + 10
	}
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	svgOpen(w, width, height, "KernelCraft benchmark results")
	w.WriteString(`<rect width="100%" height="100%" fill="#fff"/>` + "\n")
	y := 0.0
	for _, fg := range figs {
		fmt.Fprintf(w, `<g id="%s" transform="translate(0 %s)">`+"\n", fg.id, f(y))
		fmt.Fprintf(w, `<text x="4" y="18" font-size="15" font-weight="bold">%s</text>`+"\n", esc(fg.title))
		w.WriteString(fg.body)
		w.WriteString("</g>\n")
		y += fg.h + 10
	}
	w.WriteString("</svg>\n")
}
