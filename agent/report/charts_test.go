package report

import (
	"bytes"
	"context"
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"kernelcraft/agent"
	"kernelcraft/ref"
)

// small is the report of testdata/small.jsonl: 19 records of three
// models on four coral tasks, with successes and failures, speedups
// below and above 1, and a model name that needs escaping.
func small(t *testing.T) *Report {
	t.Helper()
	r, warnings, err := Load("testdata/small.jsonl")
	if err != nil || len(warnings) != 0 {
		t.Fatalf("%v %q", err, warnings)
	}
	return r
}

// wellFormed parses an SVG document (or element) as XML.
func wellFormed(t *testing.T, what, doc string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", what, err)
		}
	}
}

var svgElement = regexp.MustCompile(`(?s)<svg .*?</svg>`)

// TestChartsGolden: the SVG and HTML of a small fixed results file,
// golden; the SVG is well-formed XML, so is every chart of the page, and
// what the data says is drawn (bars and marks, the escaped name).
func TestChartsGolden(t *testing.T) {
	r := small(t)
	for _, format := range []string{"svg", "html"} {
		var b bytes.Buffer
		if err := r.Write(&b, format, "all"); err != nil {
			t.Fatal(err)
		}
		golden(t, "small."+format, b.Bytes())
		doc := b.String()
		if format == "svg" {
			wellFormed(t, "small.svg", doc)
		} else {
			charts := svgElement.FindAllString(doc, -1)
			if len(charts) != 3 {
				t.Fatalf("the page has %d charts, want 3", len(charts))
			}
			for i, c := range charts {
				wellFormed(t, "chart "+string(rune('1'+i)), c)
			}
			for _, s := range []string{"<table>", "<td>2/3</td>", "<td>9.80 (12.00)</td>", "local:&lt;m&amp;&#34;q&#39;&gt;"} {
				if !strings.Contains(doc, s) {
					t.Errorf("the page lacks %q", s)
				}
			}
			if strings.Contains(doc, "<script") || strings.Contains(doc, "http://") && !strings.Contains(doc, `xmlns="http://www.w3.org/2000/svg"`) {
				t.Error("the page is not self-contained")
			}
		}
		if strings.Contains(doc, "<m&") {
			t.Errorf("%s: an unescaped model name", format)
		}
	}
	var b bytes.Buffer
	if err := r.Write(&b, "svg", "speedup"); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	wellFormed(t, "the speedup chart", doc)
	for _, s := range []string{
		"GEMM, coral / openai:model-a: geomean 9.80×, best 12.00×", // sqrt(8·12)
		"FFN, coral / openai:model-a: geomean 0.60×, best 0.60×",   // below 1: a bar to the left
		">0.5×<", ">1×<", ">10×<", ">20×<", // log axis ticks
		"coral / openai:model-a: geomean 2.44× over 3 tasks", // (2.47·9.80·0.6)^(1/3)
		"level 1 geomean",
	} {
		if !strings.Contains(doc, s) {
			t.Errorf("the speedup chart lacks %q", s)
		}
	}
	if strings.Contains(doc, `id="success"`) || strings.Contains(doc, `id="effort"`) {
		t.Error("--table speedup drew other charts")
	}
}

// chromium returns Debian's chromium, skipping the test without it
// (failing when CI=true).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install chromium)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// screenshot renders a file with headless Chromium to a 1200×1600 PNG.
func screenshot(t *testing.T, browser, file string) image.Image {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+t.TempDir(),
		"--screenshot="+out, "--window-size=1200,1600", "file://"+file)
	cmd.Dir = t.TempDir()
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 1600 {
		t.Fatalf("screenshot of %v, want 1200×1600", b)
	}
	return img
}

// colours counts the pixels of each colour (#rrggbb) of img.
func colours(img image.Image) map[string]int {
	out := map[string]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			out[string([]byte{hexd[r>>12], hexd[r>>8&15], hexd[g>>12], hexd[g>>8&15], hexd[bl>>12], hexd[bl>>8&15]})]++
		}
	}
	return out
}

const hexd = "0123456789abcdef"

// TestChartsInChromium: headless Chromium renders the HTML page of the
// synthetic results and the SVG document to PNG, and the charts are
// there: the heat map's colours for 100% and 0% passed and the speedup
// bars' colours fill many pixels each.
func TestChartsInChromium(t *testing.T) {
	browser := chromium(t)
	r, _ := Build(synthetic())
	dir := t.TempDir()
	for _, c := range []struct {
		format string
		want   map[string]string // colour → what it is
	}{
		{"html", map[string]string{"fde725": "100% passed", "440154": "0% passed", "e6e6e6": "not supported"}},
		{"svg", map[string]string{"fde725": "100% passed", "cc79a7": "a speedup bar (coral / openai:gpt-x)", "e69f00": "a speedup bar (plena / openai:gpt-x)"}},
	} {
		var b bytes.Buffer
		if err := r.Write(&b, c.format, "all"); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "page."+c.format)
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		got := colours(screenshot(t, browser, file))
		for col, what := range c.want {
			if got[col] < 200 {
				t.Errorf("%s: %d pixels of #%s (%s), want a chart's worth", c.format, got[col], col, what)
			}
		}
		if len(got) < 20 {
			t.Errorf("%s: %d colours: a blank page?", c.format, len(got))
		}
	}
}

// numberAttr is every number-valued coordinate of an SVG document: the
// x, y, width, height, x1..y2 attributes and the numbers of path data.
var (
	coordAttr = regexp.MustCompile(`\b(x|y|x1|x2|y1|y2|width|height)="([^"]*)"`)
	pathData  = regexp.MustCompile(`\bd="([^"]*)"`)
	tickLabel = regexp.MustCompile(`<text x="([^"]+)" y="[^"]+" text-anchor="middle">([0-9.]+×)</text>`)
)

// TestSpeedupChartDegenerate: the speedup chart of every speedup equal
// (1×, as the baseline's own run gives, and 3×), of a single value and of
// none has no NaN or infinite coordinate, every mark inside the plot, and
// an axis of at least two distinct ticks at distinct places (1× gave a
// zero-width axis and NaN everywhere).
func TestSpeedupChartDegenerate(t *testing.T) {
	recs := func(speedups ...float64) []agent.Record {
		var out []agent.Record
		for i, s := range speedups {
			task := ref.Supported("coral")[i%3]
			out = append(out, agent.Record{Model: "baseline", Target: "coral", Task: task.ID, Level: task.Level, Config: 1 + i/3,
				Seed: 1, Success: true, Speedup: s, StopReason: agent.StopSubmitted, Iterations: 1})
		}
		return out
	}
	for _, c := range []struct {
		name     string
		recs     []agent.Record
		bars     int
		wantText []string
	}{
		{"all 1x", recs(1, 1, 1, 1, 1, 1), 3, []string{">0.5×<", ">1×<", ">2×<", "geomean 1.00× over 3 tasks"}},
		{"all 3x", recs(3, 3, 3, 3), 3, []string{">1×<", ">5×<", "geomean 3.00× over 3 tasks"}},
		{"one 1x", recs(1), 1, []string{">0.5×<", ">2×<", "geomean 1.00×, best 1.00×"}},
		{"one 0.7x", recs(0.7), 1, []string{">0.5×<", ">1×<", "geomean 0.70×, best 0.70×"}},
		{"none (failures only)", func() []agent.Record {
			r := recs(1, 1)
			for i := range r {
				r[i].Success, r[i].Speedup = false, 0
			}
			return r
		}(), 0, []string{"No successful kernel with a measured speedup."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, _ := Build(c.recs)
			var b bytes.Buffer
			if err := r.Write(&b, "svg", "speedup"); err != nil {
				t.Fatal(err)
			}
			doc := b.String()
			wellFormed(t, "the speedup chart", doc)
			for _, m := range coordAttr.FindAllStringSubmatch(doc, -1) {
				if v, err := strconv.ParseFloat(strings.TrimSuffix(m[2], "%"), 64); err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("%s=%q is not a finite number", m[1], m[2])
				}
			}
			for _, m := range pathData.FindAllStringSubmatch(doc, -1) {
				if strings.Contains(m[1], "NaN") || strings.Contains(m[1], "Inf") {
					t.Errorf("path data %q", m[1])
				}
			}
			for _, s := range c.wantText {
				if !strings.Contains(doc, s) {
					t.Errorf("the chart lacks %q", s)
				}
			}
			if n := strings.Count(doc, ", best "); n != c.bars {
				t.Errorf("%d bars, want %d", n, c.bars)
			}
			// Marks (bars, diamonds, triangles) lie on the plot.
			for _, m := range regexp.MustCompile(`<rect x="([^"]+)" y="[^"]+" width="([^"]+)" height="6"`).FindAllStringSubmatch(doc, -1) {
				x, _ := strconv.ParseFloat(m[1], 64)
				w, _ := strconv.ParseFloat(m[2], 64)
				if x < labelW || x+w > labelW+plotW || w <= 0 {
					t.Errorf("a bar from %v to %v, off the plot [%d, %d]", x, x+w, labelW, labelW+plotW)
				}
			}
			ticks := tickLabel.FindAllStringSubmatch(doc, -1)
			if c.bars == 0 {
				if len(ticks) != 0 {
					t.Errorf("an axis without data: %q", ticks)
				}
				return
			}
			if len(ticks) < 2 {
				t.Fatalf("%d tick labels, want an axis of at least two: %q", len(ticks), ticks)
			}
			seen := map[string]bool{}
			prev := math.Inf(-1)
			for _, m := range ticks {
				x, _ := strconv.ParseFloat(m[1], 64)
				if seen[m[2]] || x <= prev || x < labelW || x > labelW+plotW {
					t.Errorf("tick %s at x=%v: repeated, out of order or off the plot (%q)", m[2], x, ticks)
				}
				seen[m[2]], prev = true, x
			}
		})
	}
}

// TestNiceTicks: the domain always has width and holds its values.
func TestNiceTicks(t *testing.T) {
	for _, c := range []struct{ lo, hi, wantLo, wantHi float64 }{
		{1, 1, 0.5, 2},
		{1, 1 + 1e-12, 0.5, 2},
		{2, 2, 1, 5},
		{0.6, 1, 0.5, 1},
		{1, 12, 1, 20},
		{0.05, 0.05, 0.02, 0.1},
		{math.NaN(), math.Inf(1), 0.5, 2},
		{0, 0, 0.5, 2},
	} {
		lo, hi, ticks := niceTicks(c.lo, c.hi)
		if lo != c.wantLo || hi != c.wantHi || len(ticks) < 2 || ticks[0] != lo || ticks[len(ticks)-1] != hi {
			t.Errorf("niceTicks(%v, %v) = %v, %v, %v; want [%v, %v]", c.lo, c.hi, lo, hi, ticks, c.wantLo, c.wantHi)
		}
		sc := logScale{lo: lo, hi: hi, x0: 10, w: 100}
		for _, v := range []float64{c.lo, c.hi, lo, hi, 1, 0, math.NaN(), math.Inf(1)} {
			if x := sc.x(v); !(x >= 10 && x <= 110) {
				t.Errorf("[%v, %v]: x(%v) = %v", lo, hi, v, x)
			}
		}
	}
}

// TestBaselineRunChartInChromium: the report of the main job's own
// output (a bench run of the baseline provider over coral's configuration
// 1: every speedup 1×, the case that drew nothing but NaN) renders in
// headless Chromium with its marks where the SVG puts them: each task's
// diamond (the best), each level's triangle, the dashed overall geomean
// line at 1×, and the axis labels under their ticks. The figure is found
// on the page by its legend's colour block.
func TestBaselineRunChartInChromium(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()
	s := baselineRun(t, dir)
	r, _, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.Write(&b, "html", "speedup"); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	file := filepath.Join(t.TempDir(), "results.html")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	img := screenshot(t, browser, file)
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("a coordinate %q in the chart", s)
		}
		return v
	}
	hex := func(x, y int) string {
		r, g, bl, _ := img.At(x, y).RGBA()
		return string([]byte{hexd[r>>12], hexd[r>>8&15], hexd[g>>12], hexd[g>>8&15], hexd[bl>>12], hexd[bl>>8&15]})
	}
	const col = "0072b2" // the first column's colour
	// The anchor: the legend's 12×10 block of the column's colour.
	m := regexp.MustCompile(`<rect x="4" y="([0-9.]+)" width="12" height="10" fill="#0072B2"/>`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("no legend block in the chart")
	}
	legendY := num(m[1])
	ox, oy, found := 0, 0, false
	bounds := img.Bounds()
search:
	for y := bounds.Min.Y; y < bounds.Max.Y-10; y++ {
		for x := bounds.Min.X; x < 200; x++ {
			solid := true
			for dy := 0; dy < 8 && solid; dy++ {
				for dx := 0; dx < 10 && solid; dx++ {
					solid = hex(x+dx, y+dy) == col
				}
			}
			if solid {
				// (x, y) is the block's first solid pixel: figure (5, legendY+1).
				ox, oy, found = x-5, y-int(legendY)-1, true
				break search
			}
		}
	}
	if !found {
		t.Fatal("the legend's colour block is not on the page: was the chart drawn?")
	}
	// near reports whether a pixel within 1 of figure point (fx, fy) has
	// a colour that ok accepts.
	near := func(fx, fy float64, ok func(string) bool) bool {
		px, py := ox+int(math.Round(fx)), oy+int(math.Round(fy))
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if ok(hex(px+dx, py+dy)) {
					return true
				}
			}
		}
		return false
	}
	dark := func(c string) bool { return c[0] <= '3' && c[2] <= '3' && c[4] <= '3' }
	isCol := func(c string) bool { return c == col }
	// bluish accepts the column's colour blended with white or grey (a
	// line 1.5 px wide covers no pixel whole).
	bluish := func(c string) bool {
		v, _ := strconv.ParseUint(c, 16, 32)
		r, b := int(v>>16), int(v&255)
		return b-r >= 0x40
	}
	diamonds := regexp.MustCompile(`<path d="M(\S+) (\S+)l4 4l-4 4l-4 -4z" fill="#222"`).FindAllStringSubmatch(doc, -1)
	if len(diamonds) != s.Passed {
		t.Errorf("%d diamonds for %d passed cells", len(diamonds), s.Passed)
	}
	for _, d := range diamonds {
		// Right of the centre: the dashed 1× line runs through it.
		if x, y := num(d[1]), num(d[2]); !near(x+2, y+4, dark) {
			t.Errorf("the diamond at (%v, %v) is not drawn", x, y)
		}
	}
	triangles := regexp.MustCompile(`<path d="M(\S+) (\S+)l-5 -8h10z" fill="#0072B2"`).FindAllStringSubmatch(doc, -1)
	if len(triangles) == 0 {
		t.Error("no level triangles")
	}
	for _, tr := range triangles {
		if x, y := num(tr[1]), num(tr[2]); !near(x+2, y-6, isCol) {
			t.Errorf("the level triangle at (%v, %v) is not drawn", x, y)
		}
	}
	l := regexp.MustCompile(`<line x1="(\S+)" y1="(\S+)" x2="\S+" y2="(\S+)" stroke="#0072B2" stroke-width="1.5"`).FindStringSubmatch(doc)
	if l == nil {
		t.Fatal("no dashed geomean line")
	}
	x, y1, y2 := num(l[1]), num(l[2]), num(l[3])
	on := 0
	for y := y1 + 2; y < y2-2; y++ {
		if near(x, y, bluish) {
			on++
		}
	}
	if on < int(0.5*(y2-y1)) {
		t.Errorf("the dashed geomean line at x=%v covers %d of its %v pixels", x, on, y2-y1)
	}
	// The axis: at least two labels, each drawn under its tick.
	ticks := tickLabel.FindAllStringSubmatch(doc, -1)
	if len(ticks) < 2 {
		t.Fatalf("axis labels %q", ticks)
	}
	for _, tk := range ticks {
		tx := num(tk[1])
		y := num(regexp.MustCompile(`<text x="` + regexp.QuoteMeta(tk[1]) + `" y="(\S+)" text-anchor="middle">` + regexp.QuoteMeta(tk[2])).FindStringSubmatch(doc)[1])
		drawn := false
		for dx := -6.0; dx <= 6 && !drawn; dx += 2 {
			drawn = near(tx+dx, y-4, dark)
		}
		if !drawn {
			t.Errorf("the axis label %s at x=%v is not drawn", tk[2], tx)
		}
	}
}
