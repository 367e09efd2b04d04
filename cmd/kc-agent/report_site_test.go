package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportSite: report --format html --out SITE writes the index and a
// page per attempt of a bench run (here the baseline's, coral relu
// configurations 1 and 2), prints nothing on stdout and says what it
// wrote on stderr; without --out the page goes to stdout as before,
// without links; --out refuses other formats, tables without the success
// table, files and .html names, each with a status of 2 and a message
// that says what to do.
func TestReportSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	var out, errb bytes.Buffer
	if st := run([]string{"kc-agent", "bench", "--targets", "coral", "--tasks", "relu", "--configs", "1,2", "--jobs", "1", "--out", dir, "--no-report"}, &out, &errb); st != 0 {
		t.Fatalf("bench: status %d\n%s", st, errb.String())
	}
	site := filepath.Join(t.TempDir(), "site")
	out.Reset()
	errb.Reset()
	if st := run([]string{"kc-agent", "report", dir, "--format", "html", "--out", site}, &out, &errb); st != 0 || out.Len() != 0 ||
		!strings.Contains(errb.String(), "and 2 attempt pages in "+filepath.Join(site, "attempts")) {
		t.Fatalf("report --out: status %d\nstdout:\n%s\nstderr:\n%s", st, out.String(), errb.String())
	}
	index, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"baseline_coral_relu_c1_s1.html", "baseline_coral_relu_c2_s1.html"} {
		page, err := os.ReadFile(filepath.Join(site, "attempts", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(index, []byte(`href="attempts/`+name+`"`)) {
			t.Errorf("the index does not link %s", name)
		}
		for _, want := range []string{"Submitting the baseline kernel", "PASS", "# ReLU (task 2, level 1) on coral"} {
			if !bytes.Contains(page, []byte(want)) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
	// Without --out: the single page on stdout, as before.
	out.Reset()
	if st := run([]string{"kc-agent", "report", dir, "--format", "html"}, &out, &errb); st != 0 || !strings.Contains(out.String(), "<h1>KernelCraft benchmark results</h1>") || strings.Contains(out.String(), "attempts/") {
		t.Errorf("report --format html: status %d, links to attempts %v", st, strings.Contains(out.String(), "attempts/"))
	}
	file := filepath.Join(t.TempDir(), "results")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", site}, "writes a browsable site, which is --format html (not md)"},
		{[]string{"-f", "csv", "--out", site}, "other formats print to stdout"},
		{[]string{"-f", "html", "--table", "speedup", "--out", site}, "use --table all or success"},
		{[]string{"-f", "html", "--out", file}, "is a file: the site is a folder"},
		{[]string{"-f", "html", "--out", filepath.Join(t.TempDir(), "results.html")}, "not an .html file; for the single page, print it"},
		{[]string{"-f", "html", "--out", ""}, "--out needs a folder"},
	} {
		out.Reset()
		errb.Reset()
		if st := run(append([]string{"kc-agent", "report", dir}, tc.args...), &out, &errb); st != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: status %d, stderr %q, want 2 and %q", tc.args, st, errb.String(), tc.want)
		}
	}
	out.Reset()
	if st := run([]string{"kc-agent", "report", "--help"}, &out, &errb); st != 0 || !strings.Contains(out.String(), "--out SITE") || !strings.Contains(out.String(), "one page per attempt") {
		t.Errorf("report --help: status %d\n%s", st, out.String())
	}
}
