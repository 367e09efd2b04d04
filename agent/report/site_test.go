package report

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
)

var updateFixture = flag.Bool("update-fixture", false, "re-record testdata/replayed/ (a scripted multi-turn run and its replay through the real loop); then run with -update to regenerate the site goldens")

// The kernels of the scripted model (coral relu; the calling convention
// is the baseline's: x in a0, y in a1). broken does not assemble, wrong
// runs and stores min(x, 0), good is the baseline's loop and unrolled
// does two elements an iteration.
const reluHead = "\t.text\n\t.globl\tkernel\n\t.p2align\t2\nkernel:\n"
const reluTail = "\tret\n\n\t.section\t.text.start,\"ax\",@progbits\n\t.globl\t_start\n_start:\n\tcall\tkernel\n\t.word\t134217843\n\t# mpause\n"

func reluLoop(n int, op string) string {
	return reluHead + fmt.Sprintf("\tli\ta2, %d\n", n) + "\tfmv.w.x\tft0, zero\n.Lloop:\n\tflw\tft1, 0(a0)\n\t" + op + "\tft1, ft1, ft0\n\tfsw\tft1, 0(a1)\n\taddi\ta2, a2, -1\n\taddi\ta1, a1, 4\n\taddi\ta0, a0, 4\n\tbnez\ta2, .Lloop\n" + reluTail
}

func reluUnrolled(n int) string {
	return reluHead + fmt.Sprintf("\tli\ta2, %d\n", n/2) + "\tfmv.w.x\tft0, zero\n.Lloop:\n\tflw\tft1, 0(a0)\n\tflw\tft2, 4(a0)\n\tfmax.s\tft1, ft1, ft0\n\tfmax.s\tft2, ft2, ft0\n\tfsw\tft1, 0(a1)\n\tfsw\tft2, 4(a1)\n\taddi\ta2, a2, -1\n\taddi\ta1, a1, 8\n\taddi\ta0, a0, 8\n\tbnez\ta2, .Lloop\n" + reluTail
}

// elements is coral relu's element count by configuration (M×N).
var reluElements = map[int]int{1: 256, 2: 2048}

// repairScript is the scripted model of a cell. Configuration 1 repairs
// its way to a pass: reads the task and the manual (two calls in a
// turn), a kernel that does not assemble, one that fails the check, the
// fix, a profile, an unrolled kernel run and profiled in one turn (two
// iterations), the submit. Configuration 2 fails: a wrong kernel, a turn
// without a tool call, the wrong kernel submitted.
func repairScript(config int) *agent.Scripted {
	n := reluElements[config]
	u := agent.Usage{InputTokens: 1200, OutputTokens: 150}
	say := func(text string, calls ...agent.ToolCall) agent.Step {
		return func([]agent.Message) (agent.Turn, error) {
			return agent.Turn{Text: text, ToolCalls: calls, Usage: u}, nil
		}
	}
	src := func(s string) string { return fmt.Sprintf("{%q: %q}", "source", s) }
	wrong := reluLoop(n, "fmin.s")
	if config != 1 {
		return &agent.Scripted{Steps: []agent.Step{
			say("A first kernel.", agent.ToolCall{Name: agent.ToolRun, Arguments: src(wrong)}),
			say("Hmm, I need to think about the sign."),
			say("Submitting anyway.", agent.ToolCall{Name: agent.ToolSubmit, Arguments: src(wrong)}),
		}}
	}
	broken := strings.Replace(reluLoop(n, "fmax.s"), "fmax.s\tft1, ft1, ft0", "fmaxx.s\tft1, ft1", 1)
	good := reluLoop(n, "fmax.s")
	fast := reluUnrolled(n)
	return &agent.Scripted{Steps: []agent.Step{
		say("I'll read the task and the cycles section first.",
			agent.ToolCall{Name: agent.ToolTaskInfo, Arguments: "{}"},
			agent.ToolCall{Name: agent.ToolISAManual, Arguments: `{"section": "cycles"}`}),
		say("A scalar loop: load, max with zero, store.", agent.ToolCall{Name: agent.ToolAssemble, Arguments: src(broken)}),
		say("Fixed the mnemonic.", agent.ToolCall{Name: agent.ToolRun, Arguments: src(wrong)}),
		say("The diagnosis says min instead of max: fmin should be fmax.", agent.ToolCall{Name: agent.ToolRun, Arguments: src(good)}),
		say("Correct. Where do the cycles go?", agent.ToolCall{Name: agent.ToolProfile, Arguments: src(good)}),
		say("Unroll by two to hide the load latency.",
			agent.ToolCall{Name: agent.ToolRun, Arguments: src(fast)},
			agent.ToolCall{Name: agent.ToolProfile, Arguments: src(fast)}),
		say("Faster and correct: submitting.", agent.ToolCall{Name: agent.ToolSubmit, Arguments: src(fast)}),
	}}
}

// recordReplayedRun runs the scripted model on coral relu
// configurations 1 and 2 through the real loop (bench.Run) into
// dir/scripted, then replays its trajectories (the replay provider:
// judged on the recorded hidden seed and a fresh one) into dir/replay.
func recordReplayedRun(t *testing.T, dir string) (scripted, replayed string) {
	t.Helper()
	scripted, replayed = filepath.Join(dir, "scripted"), filepath.Join(dir, "replay")
	run := func(out, model string, newProvider func(bench.Cell) (agent.Provider, error)) {
		cells, err := bench.Matrix{Models: []string{model}, Targets: []string{"coral"}, Tasks: []string{"relu"}, Configs: []int{1, 2}, Seed: 1}.Cells()
		if err != nil {
			t.Fatal(err)
		}
		s, err := bench.Run(context.Background(), bench.Config{Dir: out, Cells: cells, Jobs: 1, NewProvider: newProvider})
		if err != nil || !s.Complete() || s.Ran != 2 {
			t.Fatalf("bench %s: %+v %v", model, s, err)
		}
	}
	run(scripted, "scripted:repair", func(c bench.Cell) (agent.Provider, error) { return repairScript(c.Config), nil })
	run(replayed, "replay", func(c bench.Cell) (agent.Provider, error) {
		return agent.NewProvider("replay", c.Target, c.Task, c.Config, agent.ProviderConfig{ReplayDir: filepath.Join(scripted, bench.TrajectoryDir), Seed: c.Seed})
	})
	return scripted, replayed
}

// replayedFixture is the recorded run the site goldens are made from
// (re-recorded with -update-fixture: its times and fresh hidden seeds
// change each time).
const replayedFixture = "testdata/replayed"

// TestRecordReplayedFixture re-records the fixture with -update-fixture
// (and checks nothing otherwise: the fixture's content is checked by
// TestSiteGolden, and a fresh recording by TestReplayedRunSite).
func TestRecordReplayedFixture(t *testing.T) {
	if !*updateFixture {
		t.Skip("re-records testdata/replayed with -update-fixture")
	}
	if err := os.RemoveAll(replayedFixture); err != nil {
		t.Fatal(err)
	}
	recordReplayedRun(t, replayedFixture)
	// The lock files bench leaves are no part of the fixture.
	filepath.WalkDir(replayedFixture, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lock") {
			os.Remove(p)
		}
		return nil
	})
}

// siteFiles lists a site's files, relative to it, sorted.
func siteFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// sitePages says what each page of the replayed run's site must hold
// (beyond the golden): the content the issue asks for.
var sitePages = []struct {
	file string
	want []string
}{
	{"index.html", []string{
		`href="attempts/scripted_repair_coral_relu_c1_s1.html"`, `href="attempts/scripted_repair_coral_relu_c2_s1.html"`,
		`href="attempts/replay_coral_relu_c1_s1.html"`, `href="attempts/replay_coral_relu_c2_s1.html"`,
		`<a class="ok" href="attempts/replay_coral_relu_c1_s1.html"`, `<a class="no" href="attempts/replay_coral_relu_c2_s1.html"`,
		"Content-Security-Policy"}},
	{"attempts/scripted_repair_coral_relu_c1_s1.html", []string{
		"System prompt", "# ReLU (task 2, level 1) on coral, configuration 1 of 5", // the task text the model saw
		"<h3>Iteration 1</h3>", `<h3>Iteration 8 <span class="meta">(turn 7)</span></h3>`, "(call call_1_2)", // two calls in one turn
		"assembly failed", `unknown instruction &#34;fmaxx.s&#34;`, // the assembler's error
		"FAIL on the visible case", "min instead of max", // the checker's diagnosis
		`<span class="del">-	fmin.s	ft1, ft1, ft0</span>`, `<span class="add">+	fmax.s	ft1, ft1, ft0</span>`, // a diff
		"Profile excerpt", "stalls by cause", "timeline of the hottest loop", "counted as iteration 7",
		"<circle", "<svg", "Verdict", "PASS", "hidden case", "kc-agent run --hidden-seed"}},
	{"attempts/scripted_repair_coral_relu_c2_s1.html", []string{
		"FAIL", "first correct iteration</th><td>never", "No tool call.", agent.NoToolCallMessage[:40], "the same as the previous one (run, iteration 1)"}},
	{"attempts/replay_coral_relu_c1_s1.html", []string{
		"recorded hidden seed", "reproduces the recorded verdict and cycles", "fresh hidden seed", "drawn for the replay",
		"Judgements", "<td>given</td>", "<td>fresh</td>", "Unroll by two"}},
	{"attempts/replay_coral_relu_c2_s1.html", []string{"recorded hidden seed", "fresh hidden seed", "FAIL"}},
}

// checkSite checks that a site written from the replayed run has the
// pages of sitePages and their content, and that no page has a script.
func checkSite(t *testing.T, site string) {
	t.Helper()
	var want []string
	for _, p := range sitePages {
		want = append(want, p.file)
	}
	slices.Sort(want)
	if got := siteFiles(t, site); !slices.Equal(got, want) {
		t.Fatalf("site files %q, want %q", got, want)
	}
	for _, p := range sitePages {
		b, err := os.ReadFile(filepath.Join(site, p.file))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		for _, s := range p.want {
			if !strings.Contains(page, s) {
				t.Errorf("%s lacks %q", p.file, s)
			}
		}
		if strings.Contains(strings.ToLower(page), "<script") {
			t.Errorf("%s has a script", p.file)
		}
		if m := regexp.MustCompile(`(?i)\b(src|href)="(https?:|//)`).FindString(page); m != "" {
			t.Errorf("%s loads or links outside the site: %s", p.file, m)
		}
		// Every link leads to a page of the site.
		for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(page, -1) {
			target := filepath.Join(site, filepath.Dir(p.file), filepath.FromSlash(m[1]))
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links to %s: %v", p.file, m[1], err)
			}
		}
	}
}

// TestSiteGolden: the site of the recorded replayed run
// (testdata/replayed: a scripted multi-turn attempt per configuration
// and their replays) is the golden one, page by page, and holds what
// sitePages says.
func TestSiteGolden(t *testing.T) {
	r, warnings, err := Load(filepath.Join(replayedFixture, "scripted"), filepath.Join(replayedFixture, "replay"))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%v %q", err, warnings)
	}
	site := t.TempDir()
	s, err := r.WriteSite(site, "all")
	if err != nil {
		t.Fatal(err)
	}
	if s.Pages != 4 || s.NoTrajectory != 0 {
		t.Errorf("%+v", s)
	}
	checkSite(t, site)
	for _, p := range sitePages {
		t.Run(p.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(site, p.file))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "replayed_site/"+p.file, b)
		})
	}
}

// TestReplayedRunSite records the run afresh (the loop and the replay as
// they are now, not as the fixture was) and checks its site.
func TestReplayedRunSite(t *testing.T) {
	scripted, replayed := recordReplayedRun(t, t.TempDir())
	r, _, err := Load(scripted, replayed)
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	if _, err := r.WriteSite(site, "all"); err != nil {
		t.Fatal(err)
	}
	checkSite(t, site)
	// The chart: a cross for the failed run, then a mark per passing run
	// and profile, the unrolled kernel's (fewer cycles) lower on the
	// plot (a larger y) than the first correct kernel's.
	page, _ := os.ReadFile(filepath.Join(site, "attempts/scripted_repair_coral_relu_c1_s1.html"))
	marks := regexp.MustCompile(`<circle cx="[^"]+" cy="([^"]+)" r="4.5"`).FindAllStringSubmatch(string(page), -1)
	if len(marks) != 4 {
		t.Fatalf("%d passing marks, want 4 (run, profile, run, profile)", len(marks))
	}
	y := func(i int) float64 {
		v, err := strconv.ParseFloat(marks[i][1], 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if y(0) != y(1) || y(2) != y(3) || !(y(2) > y(0)) {
		t.Errorf("marks at y %v %v %v %v: want the unrolled kernel's two below the first correct kernel's two", y(0), y(1), y(2), y(3))
	}
	if n := strings.Count(string(page), `stroke="#D55E00" stroke-width="2"/>`); n != 1 {
		t.Errorf("%d crosses, want 1 (the failed run)", n)
	}
}

// TestSiteNoTrajectory: an attempt whose trajectory is not beside its
// results file (a results file copied alone) still gets its page, with
// the record and a note saying why there is nothing more.
func TestSiteNoTrajectory(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "results.jsonl")
	line := `{"model":"m","target":"coral","task":"relu","level":1,"config":1,"seed":1,"success":true,"judged":"submitted","stop_reason":"submitted","cycles":189}` + "\n"
	if err := os.WriteFile(f, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	r, _, err := Load(f)
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	s, err := r.WriteSite(site, "success")
	if err != nil {
		t.Fatal(err)
	}
	if s.Pages != 1 || s.NoTrajectory != 1 {
		t.Errorf("%+v", s)
	}
	page, _ := os.ReadFile(filepath.Join(site, "attempts/m_coral_relu_c1_s1.html"))
	for _, want := range []string{"no trajectory file m_coral_relu_c1_s1.jsonl next to the results; the page shows the record only", "PASS", "<td>189</td>"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(string(page), "Turns") {
		t.Error("turns shown without a trajectory")
	}
}

// dumpDOM renders a file with headless Chromium and returns the DOM it
// built, serialised.
func dumpDOM(t *testing.T, browser, file string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+t.TempDir(),
		"--dump-dom", "file://"+file)
	cmd.Dir = t.TempDir()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v\n%s", err, stderr.String())
	}
	return string(out)
}

// TestSiteInChromium: headless Chromium renders the replayed run's index
// and an attempt page, and a hostile attempt's page. The DOMs it builds
// hold the content (the links, the turns, the diff, the diagnosis, the
// seeds, the chart) and none of the hostile text as elements; the
// screenshots are not blank and show the chart's and the links' colours.
func TestSiteInChromium(t *testing.T) {
	browser := chromium(t)
	r, _, err := Load(filepath.Join(replayedFixture, "scripted"), filepath.Join(replayedFixture, "replay"))
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	if _, err := r.WriteSite(site, "all"); err != nil {
		t.Fatal(err)
	}
	index, attempt := filepath.Join(site, SiteIndex), filepath.Join(site, "attempts/scripted_repair_coral_relu_c1_s1.html")
	for _, c := range []struct {
		file    string
		dom     []string          // in the DOM Chromium built
		colours map[string]string // colour → what it is, each on many pixels of the screenshot
	}{
		{index, []string{`<a class="ok" href="attempts/scripted_repair_coral_relu_c1_s1.html"`, `<a class="no" href="attempts/replay_coral_relu_c2_s1.html"`, "<svg"},
			map[string]string{"007a5a": "a passed attempt's link", "c0392b": "a failed attempt's link", "e6e6e6": "not supported"}},
		{attempt, []string{`<h1>coral · relu (ReLU, task 2) · configuration 1 · seed 1</h1>`, `<span class="del">-	fmin.s	ft1, ft1, ft0</span>`,
			`<span class="add">+	fmax.s	ft1, ft1, ft0</span>`, "unknown instruction", "min instead of max", "Profile excerpt",
			`<h3>Iteration 8 <span class="meta">(turn 7)</span></h3>`, "<circle", "hidden case", `<a href="../index.html">`},
			map[string]string{"009e73": "the chart's passing runs and strip", "d55e00": "the failed run's cross and box", "e69f00": "the assembler error's box"}},
	} {
		dom := dumpDOM(t, browser, c.file)
		for _, s := range c.dom {
			if !strings.Contains(dom, s) {
				t.Errorf("%s: the DOM lacks %q", filepath.Base(c.file), s)
			}
		}
		if strings.Contains(dom, "<script") {
			t.Errorf("%s: a script element", filepath.Base(c.file))
		}
		got := colours(screenshot(t, browser, c.file))
		if len(got) < 20 {
			t.Errorf("%s: %d colours: a blank page?", filepath.Base(c.file), len(got))
		}
		for col, what := range c.colours {
			if got[col] < 40 {
				t.Errorf("%s: %d pixels of #%s (%s)", filepath.Base(c.file), got[col], col, what)
			}
		}
	}
	// A hostile attempt (a few turns: TestHostileTrajectory checks the
	// page limit): its text is on the page as text, never as an element.
	dir := t.TempDir()
	writeHostileRun(t, dir, 3)
	hr, _, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	hsite := t.TempDir()
	if _, err := hr.WriteSite(hsite, "all"); err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(hsite, AttemptsDir, "*.html"))
	if len(pages) != 1 {
		t.Fatalf("hostile pages %q", pages)
	}
	for _, file := range pages {
		dom := dumpDOM(t, browser, file)
		if m := rawTag.FindString(dom); m != "" {
			t.Errorf("%s: the hostile text became an element: %q", filepath.Base(file), m)
		}
		if !strings.Contains(dom, `&lt;b id="pwn"&gt;bold&lt;/b&gt;`) {
			t.Errorf("%s: the hostile text is not shown as text", filepath.Base(file))
		}
		if strings.Count(dom, "<style") != 1 {
			t.Errorf("%s: %d style elements", filepath.Base(file), strings.Count(dom, "<style"))
		}
	}
}

// TestWriteSiteErrors: a site needs the success table, a folder and
// records.
func TestWriteSiteErrors(t *testing.T) {
	r, _, err := Load(filepath.Join(replayedFixture, "scripted"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "results.html")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	empty, _ := Build(nil)
	for _, c := range []struct {
		r           *Report
		dir, tables string
		want        string
	}{
		{r, t.TempDir(), "speedup", "select all or success"},
		{r, t.TempDir(), "nope", "unknown table"},
		{r, file, "all", "is a file: a site is a folder"},
		{empty, t.TempDir(), "all", "no records"},
	} {
		if _, err := c.r.WriteSite(c.dir, c.tables); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("WriteSite(%s, %s): %v, want %q", c.dir, c.tables, err, c.want)
		}
	}
}
