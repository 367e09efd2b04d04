package report

import (
	"fmt"
	"strings"

	"kernelcraft/agent"
	"kernelcraft/judge"
	"kernelcraft/ref"
)

// attemptStyle is an attempt page's style sheet (inline).
const attemptStyle = `body{font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;font-size:13px;margin:16px;color:#222;background:#fff;max-width:1200px}
h1{font-size:20px}h2{font-size:16px;margin-top:28px;border-bottom:1px solid #ddd}h3{font-size:14px;margin:18px 0 6px}h4{font-size:13px;margin:10px 0 4px}
table{border-collapse:collapse;margin:8px 0 14px}th,td{border:1px solid #ccc;padding:2px 7px;text-align:left;vertical-align:top}th{background:#f2f2f2}
pre{background:#f8f8f8;border:1px solid #e2e2e2;padding:6px 8px;white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0;font-size:12px}
pre.say{background:#fffbea;border-color:#eadfa8}
.add{background:#e3f6e8;color:#0a5d22}.del{background:#fbe3e3;color:#8a1212}.hunk{color:#555;background:#eef}
.ln{color:#999}.note{color:#7a4b00}.verdict{font-size:18px;font-weight:bold}.pass{color:#007a5a}.fail{color:#c0392b}
article{border-left:3px solid #ccc;padding-left:10px;margin:16px 0}div.call{margin:8px 0 12px}
.r-pass{border-left:4px solid #007a5a;padding-left:6px}.r-fail{border-left:4px solid #c0392b;padding-left:6px}
.r-asm{border-left:4px solid #e69f00;padding-left:6px}.r-other{border-left:4px solid #bbb;padding-left:6px}
summary{cursor:pointer;color:#0b4f8a}p.meta{color:#666;margin:2px 0}svg{display:block;max-width:100%;height:auto}`

// pageBuilder writes an attempt page and tracks its size against
// maxPageBytes.
type pageBuilder struct{ strings.Builder }

func (b *pageBuilder) full() bool { return b.Len() >= maxPageBytes }

// pre writes text (already capped) escaped in a <pre>.
func (b *pageBuilder) pre(class, text string) {
	if class != "" {
		fmt.Fprintf(b, `<pre class="%s">`, class)
	} else {
		b.WriteString("<pre>")
	}
	b.WriteString(esc(text))
	b.WriteString("</pre>\n")
}

// page renders the attempt's page.
func (v *attemptView) page() string {
	var b pageBuilder
	rec := &v.rec
	taskName := rec.Task
	if t, err := ref.Lookup(rec.Task); err == nil {
		taskName = fmt.Sprintf("%s (%s, task %d)", rec.Task, t.Name, t.Number)
	}
	title := fmt.Sprintf("%s · %s · configuration %d · seed %d", rec.Target, taskName, rec.Config, rec.Seed)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString(cspMeta)
	fmt.Fprintf(&b, "<title>%s: %s %s c%d s%d</title>\n<style>\n%s\n</style>\n</head>\n<body>\n",
		esc(capShort(rec.Model, 200)), esc(rec.Target), esc(rec.Task), rec.Config, rec.Seed, attemptStyle)
	fmt.Fprintf(&b, "<p><a href=\"../%s\">All results</a></p>\n", SiteIndex)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(capShort(title, 400)))
	fmt.Fprintf(&b, "<p>Model <b>%s</b>, level %d; trajectory <code>%s</code>.</p>\n", esc(capShort(rec.Model, 200)), rec.Level, esc(capShort(v.file, 300)))
	if v.missing != "" {
		fmt.Fprintf(&b, "<p class=\"note\">%s; the page shows the record only.</p>\n", esc(v.missing))
	}
	v.writeNotes(&b)
	v.writeVerdict(&b)
	if v.missing == "" {
		v.writeProgress(&b)
		v.writeTask(&b)
		v.writeTurns(&b)
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

// maxNotes bounds the notes listed on a page.
const maxNotes = 20

func (v *attemptView) writeNotes(b *pageBuilder) {
	if len(v.notes) == 0 {
		return
	}
	b.WriteString("<ul class=\"note\">\n")
	for i, n := range v.notes {
		if i == maxNotes {
			fmt.Fprintf(b, "<li>and %d more notes</li>\n", len(v.notes)-maxNotes)
			break
		}
		fmt.Fprintf(b, "<li>%s</li>\n", esc(n))
	}
	b.WriteString("</ul>\n")
}

// passFail is PASS or FAIL.
func passFail(p bool) string {
	if p {
		return "PASS"
	}
	return "FAIL"
}

// kv writes a table row of a label and an escaped value.
func kv(b *pageBuilder, label, value string) {
	fmt.Fprintf(b, "<tr><th>%s</th><td>%s</td></tr>\n", esc(label), esc(value))
}

// judgedWhat says which kernel was judged.
var judgedWhat = map[string]string{"submitted": "the submitted kernel", "last_passing_run": "the last kernel that passed run (no submit)", "none": "none (no kernel was submitted or passed run)"}

func (v *attemptView) writeVerdict(b *pageBuilder) {
	rec := &v.rec
	b.WriteString("<section id=\"verdict\">\n<h2>Verdict</h2>\n")
	class := "fail"
	if rec.Success {
		class = "pass"
	}
	fmt.Fprintf(b, "<p class=\"verdict %s\">%s</p>\n<table>\n", class, passFail(rec.Success))
	kv(b, "stop reason", capShort(rec.StopReason, 100))
	judged := judgedWhat[rec.Judged]
	if judged == "" {
		judged = capShort(rec.Judged, 100)
	}
	kv(b, "judged", judged)
	kv(b, "iterations", fmt.Sprintf("%d of %d", rec.Iterations, rec.Budget))
	if rec.FirstCorrect > 0 {
		kv(b, "first correct iteration", fmt.Sprint(rec.FirstCorrect))
	} else {
		kv(b, "first correct iteration", "never")
	}
	if rec.Judged != "none" && rec.Judged != "" {
		kv(b, "cycles (hidden case)", fmt.Sprint(rec.Cycles))
		kv(b, "cycles (visible case)", fmt.Sprint(rec.VisibleCycles))
		if rec.BaselineCycles > 0 {
			kv(b, "baseline cycles (hidden case)", fmt.Sprint(rec.BaselineCycles))
		}
		if rec.Success {
			kv(b, "speedup over the baseline", fmt.Sprintf("%.3f×", rec.Speedup))
		}
		if rec.DataDependentCycles {
			kv(b, "data-dependent cycles", fmt.Sprintf("yes: the visible and hidden cases' cycles differ by more than %g%% (the speedup is the hidden case's)", 100*judge.DataDependentMargin))
		}
	}
	kv(b, "tokens", fmt.Sprintf("%d in, %d out", rec.TokensIn, rec.TokensOut))
	kv(b, "cost", fmt.Sprintf("$%.4f", rec.CostUSD))
	kv(b, "wall time", fmt.Sprintf("%.2f s", rec.WallSeconds))
	if rec.Error != "" {
		kv(b, "error", capText(rec.Error, capError))
	}
	b.WriteString("</table>\n<h3>Seeds</h3>\n<table>\n")
	kv(b, "visible case", fmt.Sprintf("seed %d (the case the tools ran on)", rec.Seed))
	c := rec.Replay
	switch {
	case c.Mode != "":
		if c.RecordedSeed != 0 {
			repro := "reproduces the recorded verdict and cycles"
			if !c.Reproduced {
				repro = "does NOT reproduce the recorded verdict and cycles"
			}
			kv(b, "recorded hidden seed", fmt.Sprintf("%d: %s, %s (the record's cycles and speedup are this seed's)", c.RecordedSeed, passFail(c.RecordedPass), repro))
		} else {
			kv(b, "recorded hidden seed", "none: the recording holds no judgement to reproduce")
		}
		if c.Mode == agent.ReplayReproduceOnly {
			kv(b, "fresh hidden seed", "not judged (reproduce only: a recorded seed is public, so this proves nothing about the kernel)")
		} else {
			kv(b, "fresh hidden seed", fmt.Sprintf("%d: %s, %d cycles, speedup %.3f× (drawn for the replay: a kernel that only recognises the recorded cases fails it)", c.FreshSeed, passFail(c.FreshPass), c.FreshCycles, c.FreshSpeedup))
		}
	case rec.HiddenSeed != 0:
		kv(b, "hidden case", fmt.Sprintf("seed %d (drawn when the kernel was judged; kc-agent run --hidden-seed %d reproduces the verdict)", rec.HiddenSeed, rec.HiddenSeed))
	default:
		kv(b, "hidden case", "none: nothing was judged")
	}
	b.WriteString("</table>\n")
	if len(v.judgements) > 0 {
		b.WriteString("<h3>Judgements</h3>\n<table>\n<tr><th>hidden seed</th><th>seed</th><th>verdict</th><th>visible case</th><th>hidden case</th><th>cycles (hidden)</th><th>cycles (visible)</th><th>baseline</th></tr>\n")
		for i, j := range v.judgements {
			if i == maxJudgements {
				fmt.Fprintf(b, "<tr><td colspan=\"8\">and %d more judgements</td></tr>\n", len(v.judgements)-maxJudgements)
				break
			}
			kind := "fresh"
			if j.Reproduced {
				kind = "given"
			}
			if j.Error != "" {
				fmt.Fprintf(b, "<tr><td>%d</td><td>%s</td><td colspan=\"6\">error: %s</td></tr>\n", j.HiddenSeed, kind, esc(j.Error))
				continue
			}
			base := fmt.Sprintf("%d cycles", j.BaselineCycles)
			if j.Baseline != "" {
				base = j.Baseline + ": " + base
			}
			if j.BaselineError != "" {
				base = "error: " + j.BaselineError
			}
			fmt.Fprintf(b, "<tr><td>%d</td><td>%s</td><td class=\"%s\">%s</td><td>%s</td><td>%s</td><td>%d</td><td>%d</td><td>%s</td></tr>\n",
				j.HiddenSeed, kind, map[bool]string{true: "pass", false: "fail"}[j.Pass], passFail(j.Pass), esc(j.Visible), esc(j.Hidden), j.Cycles, j.VisibleCycles, esc(base))
		}
		b.WriteString("</table>\n<p>A given seed is the recorded one (a replay) or kc-agent run --hidden-seed's; a fresh one was drawn at judging time.</p>\n")
	}
	if v.record != nil && (v.record.Success != rec.Success || v.record.Cycles != rec.Cycles) {
		fmt.Fprintf(b, "<p class=\"note\">The trajectory's own record says %s with %d cycles; the results file says %s with %d (the page shows the results file's).</p>\n",
			passFail(v.record.Success), v.record.Cycles, passFail(rec.Success), rec.Cycles)
	}
	b.WriteString("</section>\n")
}

// maxJudgements bounds the judgements listed (an attempt has one, a
// replay two).
const maxJudgements = 10

func (v *attemptView) writeProgress(b *pageBuilder) {
	b.WriteString("<section id=\"progress\">\n<h2>Cycles and correctness by iteration</h2>\n<figure>\n")
	b.WriteString(v.chart())
	b.WriteString("</figure>\n")
	b.WriteString("<p>Each run or profile on the visible case: a filled circle passed, a cross failed (an open circle passed under a hazard policy other than the judge's), at its cycles; the dashed line is the baseline's cycles on the hidden case. The strip below says what each iteration's tools answered: passed, failed, assembly failed, assembled, submitted, or no kernel run (manual, task, an error).</p>\n")
	b.WriteString("</section>\n")
}

func (v *attemptView) writeTask(b *pageBuilder) {
	b.WriteString("<section id=\"task\">\n<h2>What the model saw</h2>\n")
	if v.system == "" && v.task == "" {
		b.WriteString("<p class=\"note\">The trajectory records no system prompt or task message.</p>\n")
	}
	if v.system != "" {
		b.WriteString("<h3>System prompt</h3>\n")
		b.pre("", v.system)
	}
	if v.task != "" {
		b.WriteString("<h3>Task</h3>\n")
		b.pre("", v.task)
	}
	b.WriteString("</section>\n")
}

// kernelRef is a kernel seen in the attempt, for diffs: where it was.
type kernelRef struct {
	source    string
	iteration int
	tool      string
}

func (v *attemptView) writeTurns(b *pageBuilder) {
	b.WriteString("<section id=\"turns\">\n<h2>Turns</h2>\n")
	if len(v.turns) == 0 {
		b.WriteString("<p class=\"note\">The trajectory records no model turn.</p>\n")
	}
	var prev *kernelRef
	for ti, t := range v.turns {
		if b.full() {
			v.writeCut(b, ti)
			break
		}
		fmt.Fprintf(b, "<article id=\"turn-%d\">\n<h3>Iteration %d", ti+1, t.iteration)
		if t.iteration != ti+1 {
			// Extra assembles, runs, profiles or submits of a turn
			// used iterations of their own.
			fmt.Fprintf(b, " <span class=\"meta\">(turn %d)</span>", ti+1)
		}
		b.WriteString("</h3>\n")
		var meta []string
		if t.hasUsage {
			meta = append(meta, fmt.Sprintf("model answered in %.1f s: %d tokens in, %d out", float64(t.ms)/1000, t.inTok, t.outTok))
			if t.costUSD > 0 {
				meta = append(meta, fmt.Sprintf("$%.4f", t.costUSD))
			}
		}
		meta = append(meta, fmt.Sprintf("at %.1f s into the attempt", float64(t.elapsed)/1000))
		fmt.Fprintf(b, "<p class=\"meta\">%s</p>\n", esc(strings.Join(meta, "; ")))
		if t.providerErr != "" {
			fmt.Fprintf(b, "<p class=\"fail\">The provider failed: %s</p>\n", esc(t.providerErr))
		}
		if t.say != "" {
			b.pre("say", t.say)
		}
		for ci, c := range t.calls {
			if b.full() {
				fmt.Fprintf(b, "<p class=\"note\">truncated: the page reached its %d MiB limit; %d more tool calls of this turn are not shown (the trajectory has them).</p>\n", maxPageBytes>>20, len(t.calls)-ci)
				break
			}
			prev = v.writeCall(b, t, c, prev)
		}
		if len(t.calls) == 0 && t.providerErr == "" {
			b.WriteString("<p class=\"note\">No tool call.</p>\n")
		}
		if t.corrective != "" {
			b.WriteString("<h4>The loop answered</h4>\n")
			b.pre("", t.corrective)
		}
		b.WriteString("</article>\n")
	}
	b.WriteString("</section>\n")
}

// writeCut says which turns the page limit left out.
func (v *attemptView) writeCut(b *pageBuilder, from int) {
	first, last := v.turns[from].iteration, v.turns[len(v.turns)-1].iteration
	fmt.Fprintf(b, "<p class=\"note\">truncated: the page reached its %d MiB limit; %d more turns (iterations %d to %d) are not shown (the trajectory has them).</p>\n",
		maxPageBytes>>20, len(v.turns)-from, first, last)
}

// kindClass is the result's CSS class and a short description.
func (c *callView) kindClass() (class, what string) {
	switch c.kind {
	case resultPass:
		if c.policyRun {
			return "r-pass", fmt.Sprintf("PASS under a hazard policy (not the judge's) · %d cycles", c.cycles)
		}
		return "r-pass", fmt.Sprintf("PASS on the visible case · %d cycles", c.cycles)
	case resultFail:
		return "r-fail", fmt.Sprintf("FAIL on the visible case · %d cycles", c.cycles)
	case resultAsmError:
		return "r-asm", "assembly failed"
	case resultAssembled:
		return "r-pass", "assembled"
	case resultSubmitted:
		return "r-other", "submitted"
	}
	if c.resultErr {
		return "r-fail", "error"
	}
	return "r-other", "result"
}

// writeCall writes one tool call: its arguments (the kernel with its
// diff to prev), its result; it returns the latest kernel.
func (v *attemptView) writeCall(b *pageBuilder, t *turnView, c *callView, prev *kernelRef) *kernelRef {
	b.WriteString("<div class=\"call\">\n")
	fmt.Fprintf(b, "<h4>%s <span class=\"meta\">(call %s)</span></h4>\n", esc(c.name), esc(c.id))
	if c.section != "" {
		fmt.Fprintf(b, "<p>section: <code>%s</code></p>\n", esc(c.section))
	}
	if c.policy != "" {
		fmt.Fprintf(b, "<p>hazard_policy: <code>%s</code></p>\n", esc(c.policy))
	}
	if c.arguments != "" {
		b.WriteString("<p>arguments, as the model sent them:</p>\n")
		b.pre("", c.arguments)
	}
	if c.hasSource {
		lines := splitLines(c.source)
		it := c.iteration
		if it == 0 {
			it = t.iteration
		}
		cur := &kernelRef{source: c.source, iteration: it, tool: c.name}
		switch {
		case prev == nil:
			fmt.Fprintf(b, "<p>kernel: %d lines, the attempt's first.</p>\n", len(lines))
			b.WriteString("<details open><summary>kernel</summary>\n")
			writeNumbered(b, lines)
			b.WriteString("</details>\n")
		case prev.source == c.source:
			fmt.Fprintf(b, "<p>kernel: %d lines, the same as the previous one (%s, iteration %d).</p>\n", len(lines), esc(prev.tool), prev.iteration)
			b.WriteString("<details><summary>kernel</summary>\n")
			writeNumbered(b, lines)
			b.WriteString("</details>\n")
		default:
			ops, ok := lineDiff(splitLines(prev.source), lines)
			if ok {
				add, del := 0, 0
				for _, op := range ops {
					switch op.kind {
					case '+':
						add++
					case '-':
						del++
					}
				}
				fmt.Fprintf(b, "<p>kernel: %d lines; %d added, %d removed since the previous one (%s, iteration %d).</p>\n", len(lines), add, del, esc(prev.tool), prev.iteration)
				b.WriteString("<details open><summary>diff to the previous kernel</summary>\n<pre class=\"diff\">")
				for _, h := range hunks(ops, diffContext) {
					fmt.Fprintf(b, "<span class=\"hunk\">%s</span>\n", esc(h.header()))
					for _, op := range h.ops {
						class := map[byte]string{'+': "add", '-': "del", ' ': "same"}[op.kind]
						fmt.Fprintf(b, "<span class=\"%s\">%c%s</span>\n", class, op.kind, esc(op.text))
					}
				}
				b.WriteString("</pre>\n</details>\n")
			} else {
				fmt.Fprintf(b, "<p>kernel: %d lines; too different from the previous one (%s, iteration %d) to diff here.</p>\n", len(lines), esc(prev.tool), prev.iteration)
			}
			b.WriteString("<details><summary>kernel</summary>\n")
			writeNumbered(b, lines)
			b.WriteString("</details>\n")
		}
		prev = cur
	}
	if !c.hasResult {
		b.WriteString("<p class=\"note\">No result recorded (the attempt stopped before this call ran).</p>\n</div>\n")
		return prev
	}
	class, what := c.kindClass()
	if c.iteration != t.iteration && c.iteration > 0 {
		what += fmt.Sprintf(" · counted as iteration %d", c.iteration)
	}
	fmt.Fprintf(b, "<div class=\"%s\">\n<p><b>%s</b> <span class=\"meta\">(%d ms)</span></p>\n", class, esc(what), c.ms)
	switch {
	case c.name == agent.ToolProfile && (c.kind == resultPass || c.kind == resultFail):
		b.WriteString("<p>Profile excerpt (the first lines of each part):</p>\n")
		b.pre("", profileExcerpt(c.result))
		b.WriteString("<details><summary>the whole profile</summary>\n")
		b.pre("", c.result)
		b.WriteString("</details>\n")
	case c.name == agent.ToolISAManual || c.name == agent.ToolTaskInfo:
		first, _, _ := strings.Cut(c.result, "\n")
		fmt.Fprintf(b, "<details><summary>%s (%d lines)</summary>\n", esc(capShort(first, 200)), strings.Count(c.result, "\n")+1)
		b.pre("", c.result)
		b.WriteString("</details>\n")
	default:
		b.pre("", c.result)
	}
	b.WriteString("</div>\n</div>\n")
	return prev
}

// writeNumbered writes a kernel with line numbers (the assembler's
// errors and the profile name its lines).
func writeNumbered(b *pageBuilder, lines []string) {
	b.WriteString("<pre class=\"src\">")
	w := len(fmt.Sprint(len(lines)))
	for i, l := range lines {
		fmt.Fprintf(b, "<span class=\"ln\">%*d </span>%s\n", w, i+1, esc(l))
	}
	b.WriteString("</pre>\n")
}

// Lines a profile excerpt keeps of each part (a part is a paragraph of
// the profile: the summary, stalls, units, hot lines, hazards, the
// timeline).
const (
	excerptPartLines     = 8
	excerptTimelineLines = 16
)

// profileExcerpt keeps the first lines of each part of a profile
// result: the whole summary, then excerptPartLines of each part
// (excerptTimelineLines of the timeline) with a count of the rest.
func profileExcerpt(text string) string {
	parts := strings.Split(strings.TrimRight(text, "\n"), "\n\n")
	var out []string
	for i, p := range parts {
		lines := strings.Split(p, "\n")
		keep := excerptPartLines
		switch {
		case i == 0:
			keep = len(lines)
		case strings.HasPrefix(lines[0], "timeline"):
			keep = excerptTimelineLines
		}
		if len(lines) > keep {
			lines = append(lines[:keep:keep], fmt.Sprintf("  … %d more lines", len(lines)-keep))
		}
		out = append(out, strings.Join(lines, "\n"))
	}
	return strings.Join(out, "\n\n") + "\n"
}
