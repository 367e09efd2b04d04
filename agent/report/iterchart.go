package report

import (
	"fmt"
	"math"
	"strings"
)

// An attempt's chart: cycles of each run and profile on the visible case
// by iteration (a filled circle passed, a cross failed), the baseline's
// cycles as a dashed line, the submit as a vertical line, and under the
// plot a strip with one box per iteration coloured by what its tools
// answered. Inline SVG, no script; every text escaped.

// Chart geometry (px).
const (
	icW, icLeft, icRight, icTop = 640, 64, 16, 30
	icPlotH                     = 130
	icStripGap, icStripH        = 18, 12
	icBottom                    = 34
	// maxChartIterations bounds the x axis (a damaged trajectory could
	// claim any iteration).
	maxChartIterations = 200
	// maxChartMarks bounds the marks drawn.
	maxChartMarks = 1000
)

// Colours of the chart (Okabe and Ito's, as the report's charts).
const (
	colPass      = "#009E73"
	colFail      = "#D55E00"
	colAsm       = "#E69F00"
	colAssembled = "#56B4E9"
	colSubmit    = "#000000"
	colOther     = "#BBBBBB"
)

// chartMark is one tool result placed on the chart.
type chartMark struct {
	iteration int
	c         *callView
}

// stripRank orders result kinds for an iteration's box: the most telling
// one colours it.
func stripRank(k resultKind) (int, string, string) {
	switch k {
	case resultPass:
		return 5, colPass, "passed"
	case resultFail:
		return 4, colFail, "failed"
	case resultAsmError:
		return 3, colAsm, "assembly failed"
	case resultAssembled:
		return 2, colAssembled, "assembled"
	case resultSubmitted:
		return 1, colSubmit, "submitted"
	}
	return 0, colOther, "no kernel run"
}

// niceStep is the 1-2-5 step at least v.
func niceStep(v float64) float64 {
	if !(v > 0) || math.IsInf(v, 0) {
		return 1
	}
	e := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e >= v*(1-1e-9) {
			return m * e
		}
	}
	return 10 * e
}

// chart draws the attempt's chart as an <svg> element.
func (v *attemptView) chart() string {
	var marks []chartMark
	maxIt := max(v.head.Budget, v.rec.Budget, 1)
	clipped := 0
	for _, t := range v.turns {
		for _, c := range t.calls {
			if !c.hasResult {
				continue
			}
			it := c.iteration
			if it <= 0 {
				it = t.iteration
			}
			if it <= 0 || it > maxChartIterations || len(marks) >= maxChartMarks {
				clipped++
				continue
			}
			marks = append(marks, chartMark{it, c})
			maxIt = max(maxIt, it)
		}
	}
	maxIt = min(maxIt, maxChartIterations)
	plotW := float64(icW - icLeft - icRight)
	band := plotW / float64(maxIt)
	xOf := func(it int) float64 { return icLeft + (float64(it)-0.5)*band }
	bottom := float64(icTop + icPlotH)
	stripY := bottom + icStripGap
	h := stripY + icStripH + icBottom
	var b svgb
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%s" viewBox="0 0 %d %s" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="11" role="img" aria-label="cycles and correctness by iteration">`+"\n", icW, f(h), icW, f(h))
	b.rect(0, 0, icW, h, "#ffffff", "")
	// The y axis: cycles, from 0.
	var maxC uint64
	for _, m := range marks {
		if m.c.hasCycles {
			maxC = max(maxC, m.c.cycles)
		}
	}
	base := v.rec.BaselineCycles
	maxC = max(maxC, base)
	step := niceStep(float64(maxC) / 4)
	top := step * math.Max(1, math.Ceil(float64(maxC)/step))
	yOf := func(c uint64) float64 { return bottom - float64(c)/top*icPlotH }
	for k := 0.0; k <= top*(1+1e-9); k += step {
		y := yOf(uint64(k))
		b.line(icLeft, y, icW-icRight, y, "#e6e6e6", "")
		b.text(icLeft-6, y+4, "end", "", fmt.Sprintf("%.0f", k))
	}
	b.text(4, 14, "start", ` font-weight="bold"`, "cycles")
	b.line(icLeft, icTop, icLeft, bottom, "#888", "")
	b.line(icLeft, bottom, icW-icRight, bottom, "#888", "")
	if base > 0 {
		y := yOf(base)
		fmt.Fprintf(&b, "<g><title>%s</title>\n", esc(fmt.Sprintf("the baseline: %d cycles on the hidden case", base)))
		b.line(icLeft, y, icW-icRight, y, "#555", ` stroke-dasharray="5 4"`)
		b.text(icW-icRight-2, y-3, "end", ` fill="#555"`, fmt.Sprintf("baseline %d", base))
		b.WriteString("</g>\n")
	}
	// The submit.
	for _, m := range marks {
		if m.c.kind == resultSubmitted {
			x := xOf(m.iteration)
			b.line(x, icTop, x, bottom, colSubmit, ` stroke-dasharray="2 3"`)
			b.text(x, icTop-4, "middle", "", "submit")
		}
	}
	// The runs: a thin line through them in order, then the marks, side
	// by side when an iteration has several.
	perIt := map[int]int{}
	for _, m := range marks {
		if m.c.hasCycles {
			perIt[m.iteration]++
		}
	}
	seen := map[int]int{}
	var path []string
	type pt struct {
		x, y float64
		m    chartMark
	}
	var pts []pt
	for _, m := range marks {
		if !m.c.hasCycles {
			continue
		}
		n, k := perIt[m.iteration], seen[m.iteration]
		seen[m.iteration]++
		dx := math.Min(8, band/float64(n+1))
		x := xOf(m.iteration) + (float64(k)-float64(n-1)/2)*dx
		y := yOf(m.c.cycles)
		path = append(path, f(x)+" "+f(y))
		pts = append(pts, pt{x, y, m})
	}
	if len(path) > 1 {
		fmt.Fprintf(&b, `<path d="M%s" fill="none" stroke="#999" stroke-width="1"/>`+"\n", strings.Join(path, "L"))
	}
	for _, p := range pts {
		c := p.m.c
		tip := fmt.Sprintf("iteration %d: %s %s, %d cycles", p.m.iteration, c.name, passFail(c.kind == resultPass), c.cycles)
		if c.policyRun {
			tip += " (under a hazard policy other than the judge's)"
		}
		fmt.Fprintf(&b, "<g><title>%s</title>\n", esc(tip))
		switch {
		case c.kind == resultPass && c.policyRun:
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="4" fill="#fff" stroke="%s" stroke-width="1.5"/>`+"\n", f(p.x), f(p.y), colPass)
		case c.kind == resultPass:
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="4.5" fill="%s"/>`+"\n", f(p.x), f(p.y), colPass)
		default:
			fmt.Fprintf(&b, `<path d="M%s %sl8 8m0 -8l-8 8" stroke="%s" stroke-width="2"/>`+"\n", f(p.x-4), f(p.y-4), colFail)
		}
		b.WriteString("</g>\n")
	}
	if len(pts) == 0 {
		b.text(icLeft+plotW/2, icTop+icPlotH/2, "middle", ` fill="#777"`, "no run or profile simulated a kernel")
	}
	// The strip: one box per iteration.
	type box struct {
		rank       int
		col, what  string
		tools      []string
		hasResults bool
	}
	boxes := make([]box, maxIt+1)
	for _, m := range marks {
		bx := &boxes[m.iteration]
		r, col, what := stripRank(m.c.kind)
		if !bx.hasResults || r > bx.rank {
			bx.rank, bx.col, bx.what = r, col, what
		}
		bx.hasResults = true
		bx.tools = append(bx.tools, m.c.name)
	}
	for it := 1; it <= maxIt; it++ {
		bx := boxes[it]
		x := icLeft + float64(it-1)*band
		w := math.Max(1, band-1)
		if !bx.hasResults {
			b.rect(x, stripY, w, icStripH, "#ffffff", ` stroke="#ddd"`)
			continue
		}
		fmt.Fprintf(&b, "<g><title>%s</title>\n", esc(fmt.Sprintf("iteration %d: %s (%s)", it, bx.what, clip(strings.Join(bx.tools, ", "), 80))))
		b.rect(x, stripY, w, icStripH, bx.col, "")
		b.WriteString("</g>\n")
	}
	// The x axis: iteration numbers.
	every := 1
	for float64(every)*band < 18 {
		every = map[int]int{1: 2, 2: 5, 5: 10, 10: 20, 20: 50}[every]
		if every == 0 {
			every = 50
			break
		}
	}
	for it := 1; it <= maxIt; it++ {
		if it == 1 || it%every == 0 {
			b.text(xOf(it), stripY+icStripH+13, "middle", "", fmt.Sprint(it))
		}
	}
	b.text(icLeft+plotW/2, stripY+icStripH+28, "middle", ` fill="#555"`, "iteration")
	if clipped > 0 {
		b.text(icW-icRight, stripY+icStripH+28, "end", ` fill="#7a4b00"`, fmt.Sprintf("%d results off the chart", clipped))
	}
	b.WriteString("</svg>\n")
	return b.String()
}
