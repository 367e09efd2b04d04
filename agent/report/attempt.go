package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"kernelcraft/agent"
)

// An attempt's page is built from its record (the results file) and its
// trajectory (the JSONL events agent.Attempt wrote). A trajectory is
// model-written text as much as ours, possibly hostile or damaged, so it
// is read within bounds: at most maxTrajectoryBytes of the file, lines of
// at most maxEventLine bytes (a longer one is skipped with a note), and
// every text kept only up to its cap (the page says "truncated").
const (
	maxTrajectoryBytes = 64 << 20
	maxEventLine       = 4 << 20
)

// Caps of the texts shown on an attempt page (bytes of text before
// escaping), and of the whole page: past maxPageBytes the remaining
// iterations are listed as not shown.
const (
	capPrompt    = 64 << 10 // the system prompt and the task text
	capSay       = 16 << 10 // the model's text of a turn
	capSource    = 64 << 10 // a kernel
	capArguments = 16 << 10 // a tool call's arguments that are not a kernel
	capResult    = 48 << 10 // a tool's result (the manual's are up to 32,000 characters)
	capError     = 4 << 10  // an error message
	maxPageBytes = 2 << 20
)

// attemptView is what an attempt page shows: the record and, when its
// trajectory was read, the conversation by turn.
type attemptView struct {
	rec agent.Record
	// file is the trajectory's file name (no folder: pages do not show
	// the local paths of whoever wrote the report).
	file string
	// missing is why there is no trajectory to show (not found,
	// unreadable); empty when one was read.
	missing string
	// notes are what reading the trajectory skipped or cut (long lines,
	// corrupt lines, earlier attempts in the file, a truncated read).
	notes []string
	// head is the attempt event: budget as the attempt saw it.
	head struct {
		Model  string `json:"model"`
		Budget int    `json:"budget"`
	}
	system, task string // the first system and user messages (capped)
	turns        []*turnView
	judgements   []judgementView
	// record is the trajectory's own record event, when it has one.
	record *agent.Record
}

// turnView is one model turn: its usage, text, tool calls and their
// results, or the provider's error.
type turnView struct {
	iteration         int
	inTok, outTok     int
	costUSD           float64
	ms                int64
	elapsed           int64 // ms since the trajectory began, at the turn's first event
	say               string
	providerErr       string
	corrective        string // the user message after a turn without a tool call
	calls             []*callView
	hasUsage, hasText bool
}

// callView is one tool call and its result.
type callView struct {
	id, name  string
	arguments string // raw, capped (when not a kernel)
	source    string // the kernel, capped
	hasSource bool
	section   string // isa_manual's section
	policy    string // run/profile's hazard_policy
	// result
	hasResult bool
	result    string // capped
	resultErr bool
	iteration int // the tool_result's iteration (a turn's extra costly calls use their own)
	ms        int64
	kind      resultKind
	cycles    uint64 // of a run or profile that simulated
	hasCycles bool
	// policy run: a run or profile under a hazard policy other than the
	// cell's (aie2's debugging aid); its pass is no pass under the judge.
	policyRun bool
}

// resultKind classifies a tool result for the chart and the page.
type resultKind int

const (
	resultOther     resultKind = iota // manual, task info, an error result
	resultPass                        // run or profile passed on the visible case
	resultFail                        // it simulated and failed the check
	resultAsmError                    // assembly failed
	resultAssembled                   // assemble succeeded
	resultSubmitted                   // the submit
)

// judgementView is a judgement event: the kernel judged on a hidden
// seed (a replay records two).
type judgementView struct {
	HiddenSeed     uint64 `json:"hidden_seed"`
	Reproduced     bool   `json:"reproduced"`
	Pass           bool   `json:"pass"`
	Visible        string `json:"visible"`
	Hidden         string `json:"hidden"`
	Cycles         uint64 `json:"cycles"`
	VisibleCycles  uint64 `json:"visible_cycles"`
	Baseline       string `json:"baseline"`
	BaselineCycles uint64 `json:"baseline_cycles"`
	BaselineError  string `json:"baseline_error"`
	Error          string `json:"error"`
}

// capText makes s safe to keep and show: valid UTF-8, control characters
// other than tab and newline replaced by U+FFFD, carriage returns
// dropped, and cut to at most max bytes (on a character boundary) with a
// note saying how much was cut.
func capText(s string, max int) string {
	total := len(s)
	cut := false
	if len(s) > max {
		s = s[:max]
		cut = true
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	if cut {
		// A character split by the cut became U+FFFD; drop it.
		s = strings.TrimSuffix(s, "\uFFFD")
	}
	s = cleanText(s)
	if cut {
		s += fmt.Sprintf("\n[… truncated: %d of %d bytes shown]\n", max, total)
	}
	return s
}

// capShort is a short text (a name, an id, an error in a note) made safe
// and cut to at most max bytes with an ellipsis.
func capShort(s string, max int) string {
	if len(s) <= max {
		return cleanText(s)
	}
	s = strings.TrimSuffix(strings.ToValidUTF8(s[:max], "\uFFFD"), "\uFFFD")
	return cleanText(s) + "…"
}

// readAttempt reads the trajectory at path for the page of rec. A
// missing or unreadable trajectory is no error: the page says so and
// shows the record.
func readAttempt(rec agent.Record, path, file string) *attemptView {
	v := &attemptView{rec: rec, file: file}
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			v.missing = "no trajectory file " + file + " next to the results"
		} else {
			// The error without the path: pages do not show local paths.
			msg := err.Error()
			if pe := (*os.PathError)(nil); errors.As(err, &pe) {
				msg = pe.Err.Error()
			}
			v.missing = "the trajectory " + file + " could not be read: " + capShort(msg, 200)
		}
		return v
	}
	defer f.Close()
	v.parse(f)
	return v
}

// event is a trajectory line read back.
type event struct {
	line    int
	Elapsed int64           `json:"elapsed_ms"`
	Type    string          `json:"type"`
	Data    json.RawMessage `json:"data"`
}

// readEvents reads the events of r within the bounds, with notes on what
// it skipped.
func readEvents(r io.Reader, limit int64) (evs []event, notes []string) {
	// One byte past the limit tells a file of exactly limit bytes from a
	// longer one.
	lr := &io.LimitedReader{R: r, N: limit + 1}
	br := bufio.NewReaderSize(lr, 64<<10)
	for n := 1; ; n++ {
		line, long, err := readBoundedLine(br, maxEventLine)
		if long > 0 {
			notes = append(notes, fmt.Sprintf("line %d of the trajectory (%d bytes) is over the %d MiB limit of an event: not shown", n, long, maxEventLine>>20))
		} else if len(bytes.TrimSpace(line)) > 0 {
			var e event
			if jerr := json.Unmarshal(line, &e); jerr != nil || e.Type == "" {
				msg := "no event type"
				if jerr != nil {
					msg = jerr.Error()
				}
				notes = append(notes, fmt.Sprintf("line %d of the trajectory is not an event (%s): not shown", n, capShort(msg, 200)))
			} else {
				e.line = n
				evs = append(evs, e)
			}
		}
		if err != nil {
			if err != io.EOF {
				notes = append(notes, "reading the trajectory: "+capText(err.Error(), capError))
			} else if lr.N <= 0 {
				notes = append(notes, fmt.Sprintf("truncated: only the first %d bytes of the trajectory were read", limit))
			}
			return evs, notes
		}
	}
}

// readBoundedLine reads one line of at most max bytes; a longer line is
// read to its end and discarded, its length returned as long.
func readBoundedLine(br *bufio.Reader, max int) (line []byte, long int, err error) {
	for {
		frag, e := br.ReadSlice('\n')
		if long == 0 && len(line)+len(frag) <= max {
			line = append(line, frag...)
		} else {
			if long == 0 {
				long = len(line)
				line = nil
			}
			long += len(frag)
		}
		switch e {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return line, long, nil
		default:
			return line, long, e
		}
	}
}

// parse reads the trajectory's last attempt into v.
func (v *attemptView) parse(r io.Reader) {
	evs, notes := readEvents(r, maxTrajectoryBytes)
	v.notes = append(v.notes, notes...)
	start, attempts := -1, 0
	for i, e := range evs {
		if e.Type == "attempt" {
			start = i
			attempts++
		}
	}
	if start < 0 {
		v.missing = fmt.Sprintf("the trajectory %s holds no attempt (%d events read)", v.file, len(evs))
		return
	}
	if attempts > 1 {
		v.notes = append(v.notes, fmt.Sprintf("the trajectory holds %d attempts (a re-run appends); this page shows the last", attempts))
	}
	if err := json.Unmarshal(evs[start].Data, &v.head); err != nil {
		v.notes = append(v.notes, "the attempt event is malformed: "+capShort(err.Error(), 200))
	}
	v.head.Model = capShort(v.head.Model, 200)
	var cur *turnView
	calls := map[string]*callView{} // the current turn's, by id
	bad := func(e event, err error) {
		v.notes = append(v.notes, fmt.Sprintf("line %d: a malformed %s event: %s", e.line, capShort(e.Type, 40), capShort(err.Error(), 200)))
	}
	newTurn := func(e event, it int) *turnView {
		t := &turnView{iteration: it, elapsed: e.Elapsed}
		v.turns = append(v.turns, t)
		calls = map[string]*callView{}
		return t
	}
	skipped := map[string]int{}
	for _, e := range evs[start+1:] {
		switch e.Type {
		case "message":
			var m agent.Message
			if err := json.Unmarshal(e.Data, &m); err != nil {
				bad(e, err)
				continue
			}
			switch {
			case m.Role == "system" && v.system == "" && cur == nil:
				v.system = capText(m.Content, capPrompt)
			case m.Role == "user" && v.task == "" && cur == nil:
				v.task = capText(m.Content, capPrompt)
			case m.Role == "assistant":
				if cur == nil || cur.hasText || cur.providerErr != "" {
					cur = newTurn(e, len(v.turns)+1)
				}
				cur.hasText = true
				cur.say = capText(m.Content, capSay)
				for _, tc := range m.ToolCalls {
					c := &callView{id: capShort(tc.ID, 200), name: capShort(tc.Name, 200)}
					c.setArguments(tc.Arguments)
					if tc.Refusal != "" {
						c.arguments = capText(tc.Arguments, capArguments)
					}
					cur.calls = append(cur.calls, c)
					if _, dup := calls[tc.ID]; !dup {
						calls[tc.ID] = c
					}
				}
			case m.Role == "user" && cur != nil:
				cur.corrective = capText(m.Content, capSay)
			}
		case "usage":
			var u struct {
				Iteration int     `json:"iteration"`
				In        int     `json:"input_tokens"`
				Out       int     `json:"output_tokens"`
				Cost      float64 `json:"cost_usd"`
				MS        int64   `json:"ms"`
			}
			if err := json.Unmarshal(e.Data, &u); err != nil {
				bad(e, err)
				continue
			}
			cur = newTurn(e, u.Iteration)
			cur.hasUsage, cur.inTok, cur.outTok, cur.costUSD, cur.ms = true, u.In, u.Out, u.Cost, u.MS
		case "error":
			var x struct {
				Iteration int    `json:"iteration"`
				Error     string `json:"error"`
			}
			if err := json.Unmarshal(e.Data, &x); err != nil {
				bad(e, err)
				continue
			}
			if cur == nil || cur.hasText || cur.hasUsage {
				cur = newTurn(e, x.Iteration)
			}
			cur.providerErr = capText(x.Error, capError)
			if cur.providerErr == "" {
				cur.providerErr = "(no message)"
			}
		case "tool_call":
			// The assistant message holds the calls; the event repeats
			// them with the turn's iteration.
		case "tool_result":
			var x struct {
				Iteration int    `json:"iteration"`
				ID        string `json:"id"`
				Name      string `json:"name"`
				Text      string `json:"text"`
				Error     bool   `json:"error"`
				MS        int64  `json:"ms"`
			}
			if err := json.Unmarshal(e.Data, &x); err != nil {
				bad(e, err)
				continue
			}
			c := calls[x.ID]
			if c == nil || c.hasResult {
				// A result without its call (a damaged file): shown
				// on its own.
				if cur == nil {
					cur = newTurn(e, x.Iteration)
				}
				c = &callView{id: capShort(x.ID, 200), name: capShort(x.Name, 200)}
				cur.calls = append(cur.calls, c)
			}
			c.hasResult, c.resultErr, c.iteration, c.ms = true, x.Error, x.Iteration, x.MS
			c.result = capText(x.Text, capResult)
			c.classify(x.Text)
		case "judgement":
			var j judgementView
			if err := json.Unmarshal(e.Data, &j); err != nil {
				bad(e, err)
				continue
			}
			j.Visible, j.Hidden = capText(j.Visible, capError), capText(j.Hidden, capError)
			j.Baseline, j.BaselineError, j.Error = capShort(j.Baseline, 200), capText(j.BaselineError, capError), capText(j.Error, capError)
			v.judgements = append(v.judgements, j)
		case "record":
			var rec agent.Record
			if err := json.Unmarshal(e.Data, &rec); err != nil {
				bad(e, err)
				continue
			}
			v.record = &rec
		default:
			skipped[capShort(e.Type, 40)]++
		}
	}
	for typ, n := range skipped {
		v.notes = append(v.notes, fmt.Sprintf("%d event(s) of unknown type %q not shown", n, typ))
	}
}

// setArguments keeps a call's arguments: the kernel of a source-taking
// tool, the manual's section, the hazard policy; the raw text when they
// are not a JSON object of strings (shown as the model sent them).
func (c *callView) setArguments(raw string) {
	var args map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &args); err != nil && strings.TrimSpace(raw) != "" {
		c.arguments = capText(raw, capArguments)
		return
	}
	str := func(k string) (string, bool) {
		var s string
		b, ok := args[k]
		if !ok || json.Unmarshal(b, &s) != nil {
			return "", false
		}
		return s, true
	}
	if s, ok := str("source"); ok {
		c.source, c.hasSource = capText(s, capSource), true
	}
	if s, ok := str("section"); ok {
		c.section = capShort(s, 200)
	}
	if s, ok := str(agent.HazardPolicyArg); ok {
		c.policy = capShort(s, 200)
	}
	known := 0
	for _, k := range []string{"source", "section", agent.HazardPolicyArg} {
		if _, ok := args[k]; ok {
			known++
		}
	}
	if known != len(args) || (c.name != agent.ToolISAManual && c.name != agent.ToolTaskInfo && !c.hasSource) {
		// Other keys, or no kernel where one belongs: show them all.
		c.arguments = capText(raw, capArguments)
	}
}

// classify reads a tool result's outcome: the formats are the tools'
// (agent/tools.go): "PASS on the visible case" or "check: PASS
// (visible case)", then "cycles: N"; "assembly failed: ...".
func (c *callView) classify(text string) {
	first, rest, _ := strings.Cut(text, "\n")
	switch {
	case c.resultErr && !strings.HasPrefix(first, "FAIL") && !strings.HasPrefix(first, "check: "):
		c.kind = resultOther
	case strings.HasPrefix(first, "assembly failed"):
		c.kind = resultAsmError
	case first == "PASS on the visible case" || first == "check: PASS (visible case)":
		c.kind = resultPass
	case strings.HasPrefix(first, "FAIL on the visible case") || strings.HasPrefix(first, "check: FAIL"):
		c.kind = resultFail
	case c.name == agent.ToolAssemble && first == "ok":
		c.kind = resultAssembled
	case c.name == agent.ToolSubmit && !c.resultErr:
		c.kind = resultSubmitted
	}
	if c.kind == resultPass || c.kind == resultFail {
		c.policyRun = strings.Contains(rest, "\nhazard policy: ") || strings.HasPrefix(rest, "hazard policy: ")
		line, _, _ := strings.Cut(rest, "\n")
		if n, ok := strings.CutPrefix(line, "cycles: "); ok {
			if v, err := strconv.ParseUint(n, 10, 64); err == nil {
				c.cycles, c.hasCycles = v, true
			}
		}
	}
}
