package report

import (
	"bytes"
	"context"
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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
