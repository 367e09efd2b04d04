package agent

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestNewProvider(t *testing.T) {
	for spec, want := range map[string]string{
		"openai:gpt-4o":     "set OPENAI_API_KEY",
		"openai":            "no model name",
		"anthropic:claude":  "set ANTHROPIC_API_KEY",
		"anthropic:":        "no model name",
		"replay:x.jsonl":    "replay: stat x.jsonl",
		"replay":            "use --replay DIR",
		"llama":             "unknown provider",
		"openrouter:gpt-4o": "unknown provider \"openrouter\"",
	} {
		if _, err := NewProvider(spec, "coral", "relu", 1, ProviderConfig{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
	// A base URL alone is enough (a local server needs no key).
	for _, spec := range []string{"openai:llama3", "anthropic:claude-x"} {
		p, err := NewProvider(spec, "coral", "relu", 1, ProviderConfig{BaseURL: "http://127.0.0.1:1/v1"})
		if err != nil || p.Name() != spec {
			t.Errorf("%s: %v %v", spec, p, err)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 23, 1, 0, 0, 0, time.UTC)
	r := &retrier{now: func() time.Time { return now }}
	for _, c := range []struct {
		h    map[string]string
		want time.Duration
		ok   bool
	}{
		{map[string]string{"Retry-After": "7"}, 7 * time.Second, true},
		{map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond, true},
		{map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second, true},
		{map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0, true},
		{map[string]string{"Retry-After": "7", "retry-after-ms": "250"}, 250 * time.Millisecond, true},
		{map[string]string{"Retry-After": "soon"}, 0, false},
		{map[string]string{"Retry-After": "-3"}, 0, false},
		{nil, 0, false},
	} {
		h := http.Header{}
		for k, v := range c.h {
			h.Set(k, v)
		}
		if d, ok := r.retryAfter(h); d != c.want || ok != c.ok {
			t.Errorf("%v: %v %v, want %v %v", c.h, d, ok, c.want, c.ok)
		}
	}
}

func TestBackoff(t *testing.T) {
	for _, j := range []float64{0, 0.5, 0.999} {
		r := &retrier{jitter: func() float64 { return j }}
		for try := 1; try <= 12; try++ {
			base := RetryBaseDelay << (try - 1)
			if base > RetryMaxDelay {
				base = RetryMaxDelay
			}
			d := r.backoff(try)
			if d < base/2 || d > base {
				t.Errorf("jitter %v try %d: %v outside [%v, %v]", j, try, d, base/2, base)
			}
		}
	}
}

// TestRetryPolicy: which failures are retried, the cap on a server's
// wait, x-should-retry, and that cancelling stops the waiting.
func TestRetryPolicy(t *testing.T) {
	for status, want := range map[int]bool{400: false, 401: false, 403: false, 404: false, 408: true, 409: true, 422: false,
		429: true, 500: true, 502: true, 503: true, 529: true} {
		if retryableStatus(status) != want {
			t.Errorf("status %d retryable %v", status, !want)
		}
	}
	fail := func(status int, h map[string]string) func(context.Context) (*http.Response, error) {
		return func(ctx context.Context) (*http.Response, error) {
			res := &http.Response{StatusCode: status, Header: http.Header{}, Body: http.NoBody}
			for k, v := range h {
				res.Header.Set(k, v)
			}
			return res, nil
		}
	}
	var waits []time.Duration
	r := newRetrier("openai", ProviderConfig{MaxRetries: 3})
	r.sleep = func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }
	_, err := r.do(context.Background(), fail(429, map[string]string{"Retry-After": "3600"}))
	if err == nil || !strings.HasSuffix(err.Error(), "asks to wait 1h0m0s before retrying, more than the 10m0s this client waits) (not retried)") || len(waits) != 0 {
		t.Errorf("%v, waits %v", err, waits)
	}
	_, err = r.do(context.Background(), fail(500, map[string]string{"x-should-retry": "false"}))
	if err == nil || !strings.Contains(err.Error(), "HTTP 500") || len(waits) != 0 {
		t.Errorf("%v, waits %v", err, waits)
	}
	_, err = r.do(context.Background(), fail(400, map[string]string{"x-should-retry": "true"}))
	if err == nil || len(waits) != 3 {
		t.Errorf("%v, waits %v", err, waits)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.sleep = sleepCtx
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	t0 := time.Now()
	_, err = r.do(ctx, fail(503, map[string]string{"Retry-After": "30"}))
	if err == nil || !strings.Contains(err.Error(), "context canceled") || time.Since(t0) > 5*time.Second {
		t.Errorf("%v after %v", err, time.Since(t0))
	}
	if newRetrier("x", ProviderConfig{MaxRetries: -1}).maxRetries != 0 || newRetrier("x", ProviderConfig{}).maxRetries != DefaultMaxRetries ||
		newRetrier("x", ProviderConfig{}).timeout != DefaultTimeout {
		t.Error("defaults")
	}
}

func TestAPIMessage(t *testing.T) {
	for body, want := range map[string]string{
		`{"error":{"message":"Rate limit reached","type":"rate_limit_error"}}`:        "rate_limit_error: Rate limit reached",
		`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`: "overloaded_error: Overloaded",
		`{"object":"error","message":"model llama not found","code":404}`:             "model llama not found",
		`{"error":"model 'x' not found"}`:                                             "model 'x' not found",
		`{"detail":"Not Found"}`:                                                      "Not Found",
		"<html>\n<body>Bad   Gateway</body></html>":                                   "<html> <body>Bad Gateway</body></html>",
		"": "",
	} {
		if got := apiMessage([]byte(body)); got != want {
			t.Errorf("%q: %q, want %q", body, got, want)
		}
	}
	long := strings.Repeat("x", 1000)
	if got := apiMessage([]byte(long)); len(got) > 310 || !strings.HasSuffix(got, "…") {
		t.Errorf("long body: %d chars", len(got))
	}
}

func TestAPIErrorText(t *testing.T) {
	for _, c := range []struct {
		e    APIError
		want string
	}{
		{APIError{Provider: "openai", Status: 500, Message: "boom", Tries: 6, Retryable: true}, "openai: HTTP 500 Internal Server Error: boom (gave up after 6 tries)"},
		{APIError{Provider: "anthropic", Status: 400, Message: "bad", Tries: 1}, "anthropic: HTTP 400 Bad Request: bad (not retried)"},
		{APIError{Provider: "openai", Status: 404, Message: "no model", Tries: 1}, "openai: HTTP 404 Not Found: no model (not retried); check the model name and the base URL (--base-url)"},
		{APIError{Provider: "openai", Message: "dial tcp: refused", Tries: 1, Retryable: true}, "openai: dial tcp: refused"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

func TestPrices(t *testing.T) {
	for _, c := range []struct {
		provider, model string
		in              float64
		ok              bool
	}{
		{"openai", "gpt-4o", 2.50, true},
		{"openai", "gpt-4o-2024-08-06", 2.50, true},
		{"openai", "gpt-4o-mini-2024-07-18", 0.15, true},
		{"openai", "gpt-4o-realtime-preview", 0, false},
		{"openai", "gpt-5.9", 0, false},
		{"anthropic", "claude-sonnet-4-5-20250929", 3, true},
		{"anthropic", "claude-opus-4-5", 5, true},
		{"anthropic", "claude-opus-4-20250514", 15, true},
		{"anthropic", "claude-3-7-sonnet-latest", 3, true},
		{"anthropic", "claude-sonnet-9", 0, false},
		{"anthropic", "gpt-4o", 0, false},
	} {
		p, ok := LookupPrice(c.provider, c.model)
		if ok != c.ok || p.In != c.in {
			t.Errorf("%s %s: %+v %v", c.provider, c.model, p, ok)
		}
	}
	// Cached input: Anthropic's 1M fresh + 1M read + 1M written + 1M out.
	p, _ := LookupPrice("anthropic", "claude-sonnet-4-5")
	u := Usage{InputTokens: 3_000_000, CacheReadTokens: 1_000_000, CacheWriteTokens: 1_000_000, OutputTokens: 1_000_000}
	if got := p.Cost(u); math.Abs(got-(3+0.30+3.75+15)) > 1e-9 {
		t.Errorf("cost %v", got)
	}
	// OpenAI has no write price: written tokens cost fresh input.
	p, _ = LookupPrice("openai", "gpt-4o")
	if got := p.Cost(Usage{InputTokens: 2_000_000, CacheReadTokens: 1_000_000, OutputTokens: 500_000}); math.Abs(got-(2.5+1.25+5)) > 1e-9 {
		t.Errorf("cost %v", got)
	}
	// The built-in price applies on the provider's own host only; flags override.
	for _, c := range []struct {
		cfg  ProviderConfig
		want float64
	}{
		{ProviderConfig{}, 2.5},
		{ProviderConfig{BaseURL: "https://api.openai.com/v1"}, 2.5},
		{ProviderConfig{BaseURL: "http://localhost:8000/v1"}, 0},
		{ProviderConfig{BaseURL: "http://localhost:8000/v1", PriceIn: 0.1, PriceOut: 0.2}, 0.1},
		{ProviderConfig{PriceOut: 1}, 0},
	} {
		if got := priceFor("openai", "gpt-4o", c.cfg, OpenAIHost); got.In != c.want {
			t.Errorf("%+v: %+v", c.cfg, got)
		}
	}
}

// TestAnthropicMessages: the system prompt goes apart, consecutive tool
// results and a corrective message after them form one user message (the
// results first), empty texts are not sent, malformed arguments are
// wrapped in an object.
func TestAnthropicMessages(t *testing.T) {
	msgs := []Message{
		{Role: "system", Content: "SYS"},
		{Role: "user", Content: "task"},
		{Role: "assistant", Content: "", ToolCalls: []ToolCall{{ID: "a", Name: "run", Arguments: `{"source":"x"}`}, {ID: "b", Name: "run", Arguments: `{bad`}}},
		{Role: "tool", ToolCallID: "a", Name: "run", Content: "ok"},
		{Role: "tool", ToolCallID: "b", Name: "run", Content: "not a valid JSON object"},
		{Role: "user", Content: "please submit"},
		{Role: "assistant", Content: "  "},
		{Role: "user", Content: NoToolCallMessage},
	}
	system, out := anthropicMessages(msgs)
	if system != "SYS" {
		t.Errorf("system %q", system)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Role    string `json:"role"`
		Content []struct {
			Type      string          `json:"type"`
			Text      string          `json:"text"`
			ID        string          `json:"id"`
			ToolUseID string          `json:"tool_use_id"`
			Input     json.RawMessage `json:"input"`
		} `json:"content"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	var shape []string
	for _, m := range got {
		var blocks []string
		for _, c := range m.Content {
			blocks = append(blocks, c.Type+":"+c.Text+c.ID+c.ToolUseID)
		}
		shape = append(shape, m.Role+"["+strings.Join(blocks, " ")+"]")
	}
	want := "user[text:task] assistant[tool_use:a tool_use:b] user[tool_result:a tool_result:b text:please submit] assistant[text:(no answer)] user[text:" + NoToolCallMessage + "]"
	if strings.Join(shape, " ") != want {
		t.Errorf("messages\n got %s\nwant %s", strings.Join(shape, " "), want)
	}
	if in := string(got[1].Content[1].Input); in != `{"invalid_json_arguments":"{bad"}` {
		t.Errorf("malformed input sent as %s", in)
	}
}

// TestReplayErrors: a missing, corrupt, foreign or ambiguous trajectory is
// a clear error before any turn; a replay asked for more turns than were
// recorded errs.
func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	attemptLine := func(task string, seed int) string {
		return `{"time":"2026-11-23T00:00:00Z","elapsed_ms":0,"type":"attempt","data":{"model":"openai:m","target":"coral","task":"` + task + `","config":1,"level":1,"seed":` + string(rune('0'+seed)) + `,"budget":15}}` + "\n"
	}
	turn := `{"time":"2026-11-23T00:00:00Z","elapsed_ms":1,"type":"usage","data":{"iteration":1,"input_tokens":5,"output_tokens":1}}` + "\n" +
		`{"time":"2026-11-23T00:00:00Z","elapsed_ms":1,"type":"message","data":{"role":"assistant","content":"hi"}}` + "\n"
	corrupt := write("openai_m_coral_relu_c1_s1.jsonl", attemptLine("relu", 1)+turn+"{not json\n")
	noTurns := write("x.jsonl", attemptLine("relu", 1))
	notTraj := write("y.jsonl", `{"type":"message","data":{}}`+"\n")
	foreign := write("z.jsonl", attemptLine("gemm", 1)+turn)
	negative := write("n.jsonl", attemptLine("relu", 1)+strings.Replace(turn, `"output_tokens":1`, `"output_tokens":-7`, 1))
	negCost := write("c.jsonl", attemptLine("relu", 1)+strings.Replace(turn, `"output_tokens":1`, `"output_tokens":1,"cost_usd":-1`, 1))
	for _, c := range []struct{ path, want string }{
		{corrupt, "corrupt trajectory after 3 events"},
		{noTurns, "has no model turns"},
		{notTraj, "no attempt event"},
		{foreign, "records coral gemm config 1, not the cell coral relu config 1"},
		{negative, "bad usage event (line 2): token counts {InputTokens:5 OutputTokens:-7 CacheReadTokens:0 CacheWriteTokens:0} out of range"},
		{negCost, "bad usage event (line 2): negative cost_usd -1"},
		{filepath.Join(dir, "absent.jsonl"), "no such file"},
	} {
		if _, err := NewProvider("replay:"+c.path, "coral", "relu", 1, ProviderConfig{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", filepath.Base(c.path), err, c.want)
		}
	}
	// In a folder: found by name, seed-checked, ambiguity reported.
	d2 := t.TempDir()
	os.WriteFile(filepath.Join(d2, "openai_m_coral_relu_c1_s1.jsonl"), []byte(attemptLine("relu", 1)+turn), 0o644)
	os.WriteFile(filepath.Join(d2, "openai_m_coral_relu_c1_s2.jsonl"), []byte(attemptLine("relu", 2)+turn), 0o644)
	os.WriteFile(filepath.Join(d2, "openai_m_coral_leaky_relu_c1_s1.jsonl"), []byte(attemptLine("leaky_relu", 1)+turn), 0o644)
	if _, err := NewProvider("replay", "coral", "relu", 1, ProviderConfig{ReplayDir: d2}); err == nil || !strings.Contains(err.Error(), "2 trajectories") {
		t.Errorf("ambiguous: %v", err)
	}
	if _, err := NewProvider("replay", "coral", "relu", 2, ProviderConfig{ReplayDir: d2}); err == nil || !strings.Contains(err.Error(), "no trajectory for coral relu config 2") {
		t.Errorf("absent: %v", err)
	}
	p, err := NewProvider("replay", "coral", "relu", 1, ProviderConfig{ReplayDir: d2, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if p.(*ReplayProvider).Turns() != 1 || !strings.HasSuffix(p.(*ReplayProvider).Path, "_s2.jsonl") {
		t.Errorf("%+v", p)
	}
	if _, err := NewProvider("replay:anthropic:m", "coral", "relu", 1, ProviderConfig{ReplayDir: d2, Seed: 1}); err == nil || !strings.Contains(err.Error(), "anthropic_m_coral_relu_c1_s1.jsonl") {
		t.Errorf("by model: %v", err)
	}
	// The recording ends: the next turn is an error, the attempt stops.
	rec := Attempt(context.Background(), p, reluEnv(t), Options{Budget: 3})
	if rec.StopReason != StopProviderError || rec.Iterations != 2 || !strings.Contains(rec.Error, "has no turn 2 (it recorded 1)") || rec.TokensIn != 5 {
		t.Errorf("record %+v", rec)
	}
}
