package agent

// The bounds of the openai and anthropic clients against hostile or
// broken loopback servers: oversized bodies, floods of tool calls,
// OpenAI's custom tool calls, impossible usage numbers.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// allocated is how many bytes the process allocated while f ran (the
// cumulative TotalAlloc, so a transient peak counts in full).
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

var shortConv = []Message{{Role: "system", Content: "s"}, {Role: "user", Content: "u"}}

// TestHTTPOversizedBody: a 200 MB reply, streamed without a length or
// declared by its Content-Length, fails the turn with a provider error
// naming the limit, is not retried, and is never read past
// MaxResponseBytes: the process allocates less than 64 MiB meanwhile. A
// reply of exactly MaxResponseBytes is read; one byte more is refused.
func TestHTTPOversizedBody(t *testing.T) {
	const huge = 200 << 20
	for _, kind := range kinds {
		head, tail := streamFrame(kind)
		exact := int64(MaxResponseBytes - len(head) - len(tail))
		for _, c := range []struct {
			name    string
			size    int64
			declare bool
			ok      bool
		}{
			{"200MB-chunked", huge, false, false},
			{"200MB-declared", huge, true, false},
			{"limit-chunked", exact, false, true},
			{"limit-declared", exact, true, true},
			{"limit+1-chunked", exact + 1, false, false},
			{"limit+1-declared", exact + 1, true, false},
		} {
			t.Run(kind+"/"+c.name, func(t *testing.T) {
				f := newFakeAPI(t, kind, fixed(reply{Stream: c.size, Declare: c.declare}))
				p, d := provider(t, f, ProviderConfig{})
				var turn Turn
				var err error
				t0 := time.Now()
				n := allocated(func() { turn, err = p.Turn(context.Background(), shortConv, Tools()) })
				t.Logf("%d-byte reply: %d MiB allocated, %v", c.size, n>>20, time.Since(t0).Round(time.Millisecond))
				if n > 64<<20 {
					t.Errorf("%d MiB allocated while refusing the reply", n>>20)
				}
				if c.ok {
					if err != nil || int64(len(turn.Text)) != exact {
						t.Fatalf("a reply of exactly the limit: %d bytes of text, %v", len(turn.Text), err)
					}
					return
				}
				if err == nil {
					t.Fatal("an oversized reply was accepted")
				}
				for _, w := range []string{kind + ": HTTP 200 OK: the response body is ", "than the 8 MiB a model reply may take (MaxResponseBytes)", "(not retried)"} {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q lacks %q", err, w)
					}
				}
				if len(f.requests()) != 1 || len(d.get()) != 0 {
					t.Errorf("%d requests, waits %v: retried", len(f.requests()), d.get())
				}
			})
		}
	}
	// Through an attempt: the cell ends with a provider error, recorded.
	f := newFakeAPI(t, "openai", fixed(reply{Stream: huge}))
	p, _ := provider(t, f, ProviderConfig{})
	rec, _ := run(t, p, Options{})
	if rec.StopReason != StopProviderError || !strings.Contains(rec.Error, "MaxResponseBytes") || rec.Iterations != 1 {
		t.Errorf("record %+v", rec)
	}
}

// TestHTTPToolCallFlood: a reply of 3,000 tool calls keeps the first
// MaxReplyToolCalls, says in its text that the rest were dropped, and is
// decoded in bounded memory.
func TestHTTPToolCallFlood(t *testing.T) {
	for _, c := range []struct{ calls, kept int }{{3000, MaxReplyToolCalls}, {MaxReplyToolCalls + 1, MaxReplyToolCalls}, {MaxReplyToolCalls, MaxReplyToolCalls}, {1, 1}} {
		for _, kind := range kinds {
			t.Run(fmt.Sprintf("%s/%d", kind, c.calls), func(t *testing.T) {
				flood := reply{Text: "probing", In: 10, Out: 10}
				for range c.calls {
					flood.Calls = append(flood.Calls, call{ToolRun, srcArgs(reluWrong)})
				}
				f := newFakeAPI(t, kind, fixed(flood))
				p, _ := provider(t, f, ProviderConfig{})
				var turn Turn
				var err error
				n := allocated(func() { turn, err = p.Turn(context.Background(), shortConv, Tools()) })
				if err != nil {
					t.Fatal(err)
				}
				if n > 64<<20 {
					t.Errorf("%d MiB allocated", n>>20)
				}
				note := fmt.Sprintf("this reply made %d tool calls; only the first %d were kept", c.calls, MaxReplyToolCalls)
				if len(turn.ToolCalls) != c.kept || strings.Contains(turn.Text, note) != (c.calls > c.kept) || !strings.HasPrefix(turn.Text, "probing") {
					t.Errorf("%d tool calls kept, text %q", len(turn.ToolCalls), turn.Text)
				}
				for i, tc := range turn.ToolCalls {
					if tc.Name != ToolRun || tc.Arguments != srcArgs(reluWrong) || tc.ID == "" {
						t.Fatalf("call %d: %+v", i, tc)
					}
				}
			})
		}
	}
}

// TestHTTPCustomToolCall: OpenAI's custom tool calls (free-form input,
// for custom tools we never declare) are not run: the model is told to
// call the function tools, and its other calls of the turn run. Another
// unknown type with a function is refused the same way.
func TestHTTPCustomToolCall(t *testing.T) {
	for name, tc := range map[string]string{
		"custom":         `{"id":"c1","type":"custom","custom":{"name":"run","input":"li t0, 1\nmpause"}}`,
		"custom-bare":    `{"id":"c1","type":"custom"}`,
		"untyped-custom": `{"id":"c1","custom":{"name":"run","input":"li t0, 1"}}`,
		"other-type":     `{"id":"c1","type":"web_search","function":{"name":"run","arguments":"{}"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			body := `{"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[` + tc +
				`,{"id":"c2","type":"function","function":{"name":"task_info","arguments":"{}"}}]}}],"usage":{"prompt_tokens":10,"completion_tokens":5}}`
			var results []result
			f := newFakeAPI(t, "openai", fixed(reply{Status: 200, Body: body}), func(s seen) reply {
				results = s.ToolResults
				return callReply(ToolSubmit, srcArgs(reluOK), 10, 5)
			})
			p, _ := provider(t, f, ProviderConfig{})
			rec, _ := run(t, p, Options{})
			if !rec.Success || rec.Iterations != 2 {
				t.Errorf("record %+v", rec)
			}
			if len(results) != 2 || results[0].ID != "c1" || !strings.Contains(results[1].Content, "ReLU") {
				t.Fatalf("results %q", results)
			}
			want := "error: not run: tool call type custom is not supported; call the function tools"
			if name == "other-type" {
				want = `error: not run: tool call type "web_search" is not supported; call the function tools`
			}
			if !strings.HasPrefix(results[0].Content, want) {
				t.Errorf("the model was told %q, want %q", results[0].Content, want)
			}
		})
	}
}

// TestHTTPBadUsage: a token count that is negative, fractional, above
// MaxTurnTokens or not a number ends the attempt with a provider error
// naming the field (not retried), and the record's tokens and cost stay
// finite and non-negative; exactly MaxTurnTokens is taken.
func TestHTTPBadUsage(t *testing.T) {
	fields := map[string]string{"openai": "completion_tokens", "anthropic": "output_tokens"}
	for _, c := range []struct {
		value string
		ok    bool
	}{
		{"-5", false}, {"1000000001", false}, {"1e12", false}, {"1e400", false}, {"2.5", false}, {`"many"`, false},
		{"-9223372036854775808", false}, {"1000000000", true}, {"1e9", true}, {"0", true}, {"null", true},
	} {
		for _, kind := range kinds {
			t.Run(kind+"/"+c.value, func(t *testing.T) {
				src, _ := json.Marshal(srcArgs(reluOK))
				var body string
				if kind == "openai" {
					body = `{"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[` +
						`{"id":"c1","type":"function","function":{"name":"submit","arguments":` + string(src) + `}}]}}],` +
						`"usage":{"prompt_tokens":10,"completion_tokens":` + c.value + `}}`
				} else {
					body = `{"type":"message","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"submit","input":` + srcArgs(reluOK) + `}],` +
						`"stop_reason":"tool_use","usage":{"input_tokens":10,"output_tokens":` + c.value + `}}`
				}
				f := newFakeAPI(t, kind, fixed(reply{Status: 200, Body: body}))
				p, d := provider(t, f, ProviderConfig{PriceIn: 3, PriceOut: 15})
				rec, _ := run(t, p, Options{})
				if rec.TokensIn < 0 || rec.TokensOut < 0 || rec.CostUSD < 0 || math.IsInf(rec.CostUSD, 0) || math.IsNaN(rec.CostUSD) {
					t.Errorf("record totals %d %d %v", rec.TokensIn, rec.TokensOut, rec.CostUSD)
				}
				if c.ok {
					if !rec.Success || rec.TokensIn != 10 {
						t.Errorf("record %+v", rec)
					}
					return
				}
				if rec.StopReason != StopProviderError || rec.TokensIn != 0 || len(f.requests()) != 1 || len(d.get()) != 0 {
					t.Errorf("record %+v, %d requests", rec, len(f.requests()))
				}
				want := kind + ": the reply's usage is invalid: " + fields[kind] + " is "
				if c.value == `"many"` {
					want = kind + ": unreadable response"
				}
				if !strings.Contains(rec.Error, want) || !strings.Contains(rec.Error, "not retried") {
					t.Errorf("error %q lacks %q", rec.Error, want)
				}
			})
		}
	}
}

// TestDecodeReplies: the decoders on the shapes servers send.
func TestDecodeReplies(t *testing.T) {
	oa := func(msg, extra string) string {
		return `{"choices":[{"index":0,"message":` + msg + `,"finish_reason":"stop"` + extra + `}]}`
	}
	for _, c := range []struct {
		kind, body string
		want       Turn
		err        string
	}{
		{"openai", oa(`{"content":"hi","refusal":"I can't"}`, ""), Turn{Text: "hi\nI can't"}, ""},
		{"openai", oa(`{"content":[{"type":"text","text":"a"},{"type":"image_url"},{"type":"text","text":"b"}]}`, ""), Turn{Text: "a\nb"}, ""},
		{"openai", oa(`{"content":null,"refusal":null,"tool_calls":null}`, ""), Turn{}, ""},
		{"openai", `{"choices":[{"message":{"content":""},"finish_reason":"length"}]}`, Turn{Text: "(the answer was cut at the output token limit, --max-tokens)"}, ""},
		{"openai", oa(`{"tool_calls":[{"function":{"name":"run","arguments":{"source":"x"}}}]}`, ""), Turn{ToolCalls: []ToolCall{{Name: "run", Arguments: `{"source":"x"}`}}}, ""},
		{"openai", oa(`{"tool_calls":[{"id":"a","type":"function","function":{"name":"run","arguments":null}}]}`, ""), Turn{ToolCalls: []ToolCall{{ID: "a", Name: "run"}}}, ""},
		{"openai", `{"choices":[{"message":{"content":"first"}},{"message":{"content":"second"}}],"usage":{"prompt_tokens":5,"completion_tokens":2,"prompt_tokens_details":null}}`,
			Turn{Text: "first", Usage: Usage{InputTokens: 5, OutputTokens: 2}}, ""},
		{"openai", `{"choices":[]}`, Turn{}, "openai: the response has no choices"},
		{"openai", `{"choices":{}}`, Turn{}, "openai: unreadable response: choices: expected an array"},
		{"openai", oa(`{"content":42}`, ""), Turn{}, "openai: unreadable response: choices: message content is neither text nor a list of parts"},
		{"openai", `{"choices":[{"message":{}}]`, Turn{}, "openai: unreadable response: unexpected end of JSON input"},
		{"anthropic", `{"content":[{"type":"thinking","thinking":"hm"},{"type":"text","text":"a"},{"type":"tool_use","id":"t","name":"run","input":null},{"type":"text","text":"b"}],` +
			`"usage":{"input_tokens":3,"output_tokens":4,"cache_read_input_tokens":5,"cache_creation_input_tokens":null}}`,
			Turn{Text: "a\nb", ToolCalls: []ToolCall{{ID: "t", Name: "run", Arguments: "{}"}}, Usage: Usage{InputTokens: 8, OutputTokens: 4, CacheReadTokens: 5}}, ""},
		{"anthropic", `{"content":[],"stop_reason":"max_tokens"}`, Turn{Text: "(the answer was cut at the output token limit, --max-tokens)"}, ""},
		{"anthropic", `{"content":"text"}`, Turn{}, "anthropic: unreadable response: content: expected an array"},
		{"anthropic", `[]`, Turn{}, "anthropic: unreadable response"},
	} {
		decode := decodeOpenAI
		if c.kind == "anthropic" {
			decode = decodeAnthropic
		}
		got, err := decode([]byte(c.body))
		switch {
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.body, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.body, err)
		case c.err == "" && fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", c.want):
			t.Errorf("%s:\n got %#v\nwant %#v", c.body, got, c.want)
		}
	}
}

// TestHTTPRedirectKeepsKey: a base URL that redirects to another server
// is refused, and the other server never sees a request (Go forwards
// x-api-key across hosts); a redirect on the same server is followed.
func TestHTTPRedirectKeepsKey(t *testing.T) {
	var leaked atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { leaked.Add(1) }))
	defer other.Close()
	for _, kind := range kinds {
		front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
		}))
		p, err := NewProvider(kind+":m", "coral", "relu", 1, ProviderConfig{BaseURL: front.URL + "/v1", APIKey: testKey, MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Turn(context.Background(), []Message{{Role: "user", Content: "hi"}}, Tools())
		front.Close()
		if err == nil || !strings.Contains(err.Error(), "refusing a redirect") || strings.Contains(err.Error(), testKey) {
			t.Errorf("%s: error %v", kind, err)
		}
	}
	if leaked.Load() != 0 {
		t.Errorf("the other server received %d requests", leaked.Load())
	}
	// A redirect within the same server is allowed.
	if err := sameHostRedirect(httptest.NewRequest("POST", "http://a:1/v2", nil), []*http.Request{httptest.NewRequest("POST", "http://a:1/v1", nil)}); err != nil {
		t.Errorf("same-host redirect: %v", err)
	}
}

// TestPriceBounds: prices must be finite USD per million tokens in
// [0, MaxPrice] (a huge price made the cost +Inf).
func TestPriceBounds(t *testing.T) {
	for _, tc := range []struct {
		in, out float64
		ok      bool
	}{{0, 0, true}, {MaxPrice, MaxPrice, true}, {MaxPrice + 1, 0, false}, {0, -1, false}, {math.NaN(), 0, false}, {1e308, 0, false}} {
		_, err := NewProvider("openai:m", "coral", "relu", 1, ProviderConfig{PriceIn: tc.in, PriceOut: tc.out, BaseURL: "http://127.0.0.1:1/v1"})
		if (err == nil) != tc.ok {
			t.Errorf("prices %g, %g: %v", tc.in, tc.out, err)
		}
	}
}
