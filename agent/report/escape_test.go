package report

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
)

// bigResult is a 3 MB tool result: under the event line limit (JSON
// writes '<' as 6 bytes, so mostly other text), over the result's cap.
var bigResult = "FAIL on the visible case\ncycles: 12\n" + hostile + strings.Repeat("wide ", 600_000)

// hostile is model-written text that would be markup if it were not
// escaped: a script, an element with an id, an image with a handler, a
// style that hides the page, a comment and CDATA ends, quotes for
// attributes, NUL and escape characters.
const hostile = `</script><script>alert(1)</script><img src=x onerror=alert(2)><b id="pwn">bold</b>` +
	`<style>body{display:none}</style>--><![CDATA[ ]]> " ' &amp; ` + "\x00\x1b[31m"

// rawTag finds a tag the hostile text would make if a page let it
// through unescaped.
var rawTag = regexp.MustCompile(`(?i)<(script|img|b id|iframe|object|embed)\b|<style>body`)

// writeHostileRun writes a results folder with one record whose model
// name, error and trajectory are hostile: every text field holds
// hostile, a tool result of 3 MB, a line over the event limit, turns
// more turns of 20 KB of text each (400 go past the page's limit),
// malformed lines.
func writeHostileRun(t *testing.T, dir string, turns int) (model string) {
	t.Helper()
	// (A file name cannot hold NUL.)
	model = "evil/" + strings.ReplaceAll(hostile, "\x00", "")
	rec := agent.Record{Model: model, Target: "coral", Task: "relu", Level: 1, Config: 1, Seed: 1, Success: false,
		Judged: hostile, StopReason: hostile, Error: hostile, Iterations: 400, Budget: 15}
	line, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "results.jsonl"), append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	tdir := filepath.Join(dir, bench.TrajectoryDir)
	if err := os.MkdirAll(tdir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(tdir, agent.TrajectoryFileName(model, "coral", "relu", 1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := agent.NewTrajectory(f)
	tr.Event("attempt", map[string]any{"model": hostile, "target": "coral", "task": "relu", "config": 1, "seed": 1, "budget": 15})
	tr.Event("message", agent.Message{Role: "system", Content: hostile})
	tr.Event("message", agent.Message{Role: "user", Content: "Task:\n" + hostile})
	tr.Event("usage", map[string]any{"iteration": 1, "input_tokens": 1, "output_tokens": 1})
	tr.Event("message", agent.Message{Role: "assistant", Content: hostile, ToolCalls: []agent.ToolCall{
		{ID: hostile, Name: agent.ToolRun, Arguments: fmt.Sprintf(`{"source": %q}`, hostile)},
		{ID: "c2", Name: hostile, Arguments: hostile},
		{ID: "c3", Name: agent.ToolProfile, Arguments: `{"source": "nop", "` + hostile + `": 1}`},
	}})
	tr.Event("tool_result", map[string]any{"iteration": 1, "id": hostile, "name": agent.ToolRun, "text": bigResult})
	tr.Event("tool_result", map[string]any{"iteration": 1, "id": "c2", "name": hostile, "text": hostile, "error": true})
	tr.Event("tool_result", map[string]any{"iteration": 1, "id": "c3", "name": agent.ToolProfile, "text": "check: PASS (visible case)\ncycles: 7\n\n" + hostile})
	tr.Event("judgement", map[string]any{"hidden_seed": 7, "pass": false, "visible": hostile, "hidden": hostile, "baseline": hostile, "baseline_error": hostile})
	tr.Event("judgement", map[string]any{"hidden_seed": 8, "error": hostile})
	tr.Event("error", map[string]any{"iteration": 2, "error": hostile})
	// A line over the event limit, malformed lines, an unknown event.
	fmt.Fprintf(f, `{"type":"tool_result","data":{"text":%q}}`+"\n", strings.Repeat("<script>", maxEventLine/8+1))
	fmt.Fprintf(f, "%s\n{\"type\": 3}\n{\"type\":\"message\",\"data\":[1]}\n", hostile)
	tr.Event(hostile, hostile)
	say := strings.Repeat(hostile, 20<<10/len(hostile))
	for it := 3; it < 3+turns; it++ {
		tr.Event("usage", map[string]any{"iteration": it, "input_tokens": 1, "output_tokens": 1})
		tr.Event("message", agent.Message{Role: "assistant", Content: say})
		tr.Event("message", agent.Message{Role: "user", Content: hostile})
	}
	tr.Event("record", rec)
	if err := tr.Err(); err != nil {
		t.Fatal(err)
	}
	return model
}

// TestHostileTrajectory: a hostile trajectory and record cannot put
// markup on the pages (every text is escaped), and cannot blow a page up
// (texts are cut, the page stops at its limit, saying so), and what was
// skipped is said.
func TestHostileTrajectory(t *testing.T) {
	dir := t.TempDir()
	writeHostileRun(t, dir, 400)
	r, _, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	s, err := r.WriteSite(site, "all")
	if err != nil {
		t.Fatal(err)
	}
	if s.Pages != 1 || s.NoTrajectory != 0 {
		t.Fatalf("%+v", s)
	}
	files := siteFiles(t, site)
	if len(files) != 2 || files[1] != SiteIndex || !regexp.MustCompile(`^attempts/[A-Za-z0-9_-][A-Za-z0-9._-]+_coral_relu_c1_s1\.html$`).MatchString(files[0]) {
		t.Fatalf("site files %q", files)
	}
	for _, name := range files {
		b, err := os.ReadFile(filepath.Join(site, name))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		if m := rawTag.FindString(page); m != "" {
			i := strings.Index(page, m)
			t.Errorf("%s: raw markup %q from the trajectory: …%s…", name, m, page[max(0, i-200):min(len(page), i+200)])
		}
		if n := strings.Count(page, "<style"); n != 1 {
			t.Errorf("%s: %d style elements", name, n)
		}
		if !utf8.ValidString(page) || strings.ContainsAny(page, "\x00\x1b") {
			t.Errorf("%s: invalid UTF-8 or control characters", name)
		}
		if !strings.Contains(page, "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") {
			t.Errorf("%s: the hostile text is not shown escaped", name)
		}
		if len(page) > maxPageBytes+(1<<20) {
			t.Errorf("%s: %d bytes, over the page limit", name, len(page))
		}
		if name == SiteIndex {
			continue
		}
		t.Logf("%s: %d bytes", name, len(page))
		for _, want := range []string{
			fmt.Sprintf("[… truncated: %d of %d bytes shown]", capResult, len(bigResult)), // the 3 MB result, cut
			"is over the 4 MiB limit of an event: not shown",                              // the long line
			"is not an event",                             // malformed lines
			"a malformed message event",                   // data of the wrong shape
			"of unknown type",                             // an unknown event type
			"truncated: the page reached its 2 MiB limit", // the 400 turns
			"The provider failed: &lt;/script&gt;",        // the provider error
			"arguments, as the model sent them",           // arguments that are not a kernel
			"error: &lt;/script&gt;",                      // the judgement's error
			`<p class="verdict fail">FAIL</p>`,            // the verdict
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
}

// TestReadEventsBounded: the trajectory is read up to its limit (a note
// says so), a line over the event limit is skipped whole, and the line
// after it is read.
func TestReadEventsBounded(t *testing.T) {
	ev := `{"type":"message","data":{"role":"user","content":"x"}}` + "\n"
	long := `{"type":"message","data":{"content":"` + strings.Repeat("y", maxEventLine) + `"}}` + "\n"
	for _, c := range []struct {
		name   string
		in     string
		limit  int64
		events int
		note   string
	}{
		{"all", ev + ev, 1 << 20, 2, ""},
		{"exactly the limit", ev + ev, int64(2 * len(ev)), 2, ""},
		{"cut", ev + ev + ev, int64(2*len(ev) + 3), 2, "truncated: only the first"},
		{"a long line skipped", ev + long + ev, 1 << 30, 2, "over the 4 MiB limit of an event"},
		{"no final newline", ev + strings.TrimSuffix(ev, "\n"), 1 << 20, 2, ""},
		{"not JSON", ev + "<html>\n" + ev, 1 << 20, 2, "line 2 of the trajectory is not an event"},
	} {
		t.Run(c.name, func(t *testing.T) {
			evs, notes := readEvents(strings.NewReader(c.in), c.limit)
			if len(evs) != c.events {
				t.Errorf("%d events, want %d", len(evs), c.events)
			}
			joined := strings.Join(notes, "; ")
			if (c.note == "") != (joined == "") || !strings.Contains(joined, c.note) {
				t.Errorf("notes %q, want %q", joined, c.note)
			}
		})
	}
}

func TestCapText(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"plain\ttext\n", 100, "plain\ttext\n"},
		{"a\r\nb", 100, "a\nb"},
		{"nul\x00esc\x1b del\x7f c1\u0085", 100, "nul\uFFFDesc\uFFFD del\uFFFD c1\uFFFD"},
		{"bad \xff utf8", 100, "bad \uFFFD utf8"},
		{"0123456789", 5, "01234\n[… truncated: 5 of 10 bytes shown]\n"},
		{"éééé", 5, "éé\n[… truncated: 5 of 8 bytes shown]\n"}, // a cut inside a character drops it
	} {
		if got := capText(c.in, c.max); got != c.want {
			t.Errorf("capText(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

// TestPageName: a page's file name keeps to a safe alphabet and length
// whatever the model is called, and two models that reduce to one name
// get distinct pages.
func TestPageName(t *testing.T) {
	used := map[string]bool{}
	rec := func(model string) agent.Record {
		return agent.Record{Model: model, Target: "coral", Task: "relu", Config: 2, Seed: 9}
	}
	for _, c := range []struct{ model, want string }{
		{"openai:gpt-5.2", "openai_gpt-5.2_coral_relu_c2_s9.html"},
		{"openai/gpt-5.2", "openai_gpt-5.2_coral_relu_c2_s9-2.html"},
		{"../../etc/passwd", "_._.._etc_passwd_coral_relu_c2_s9.html"},
		{".hidden", "_hidden_coral_relu_c2_s9.html"},
		{"<b>\"x\" ?#%&", "_b__x_______coral_relu_c2_s9.html"},
	} {
		if got := uniquePageName(rec(c.model), used); got != c.want {
			t.Errorf("page of model %q: %q, want %q", c.model, got, c.want)
		}
	}
	long := uniquePageName(rec(strings.Repeat("m", 1000)), used)
	if len(long) > maxPageName || !strings.HasSuffix(long, "_coral_relu_c2_s9.html") {
		t.Errorf("a long model's page: %q (%d bytes)", long, len(long))
	}
}

// TestTwoAttemptsInATrajectory: a trajectory that kc-agent run appended
// to holds two attempts; the page shows the last, and says so.
func TestTwoAttemptsInATrajectory(t *testing.T) {
	var b strings.Builder
	tr := agent.NewTrajectory(&b)
	for _, say := range []string{"the first attempt", "the second attempt"} {
		tr.Event("attempt", map[string]any{"model": "m", "budget": 15})
		tr.Event("message", agent.Message{Role: "system", Content: "system of " + say})
		tr.Event("message", agent.Message{Role: "user", Content: "task of " + say})
		tr.Event("usage", map[string]any{"iteration": 1})
		tr.Event("message", agent.Message{Role: "assistant", Content: say})
	}
	v := &attemptView{rec: agent.Record{Model: "m", Target: "coral", Task: "relu", Config: 1, Seed: 1, Budget: 15}, file: "t.jsonl"}
	v.parse(strings.NewReader(b.String()))
	page := v.page()
	if len(v.turns) != 1 || v.turns[0].say != "the second attempt" || v.system != "system of the second attempt" || v.task != "task of the second attempt" {
		t.Errorf("turns %d, system %q, task %q", len(v.turns), v.system, v.task)
	}
	if !strings.Contains(page, "the trajectory holds 2 attempts (a re-run appends); this page shows the last") || strings.Contains(page, "the first attempt") {
		t.Error("the page does not show the last attempt alone, saying so")
	}
}
