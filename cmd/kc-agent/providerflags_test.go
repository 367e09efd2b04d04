package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
	"kernelcraft/baseline"
)

// configFrom parses args with the provider flags (and --seed, as run and
// bench have it) and returns the configuration.
func configFrom(t *testing.T, args ...string) agent.ProviderConfig {
	t.Helper()
	var cfg agent.ProviderConfig
	app := &cli.App{Name: "x", Writer: io.Discard, ErrWriter: io.Discard,
		Flags:  append([]cli.Flag{&cli.Uint64Flag{Name: "seed", Value: 1}}, providerFlags()...),
		Action: func(c *cli.Context) error { cfg = providerConfig(c); return nil }}
	if err := app.Run(append([]string{"x"}, args...)); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestProviderConfig(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-o")
	t.Setenv("ANTHROPIC_API_KEY", "sk-a")
	t.Setenv("OPENAI_BASE_URL", "http://localhost:8000/v1")
	t.Setenv("ANTHROPIC_BASE_URL", "")
	t.Setenv("MY_KEY", "sk-mine")
	t.Setenv("KC_AGENT_RETRIES", "7")

	cfg := configFrom(t)
	if cfg.APIKey != "" || cfg.APIKeys["openai"] != "sk-o" || cfg.APIKeys["anthropic"] != "sk-a" ||
		cfg.BaseURLs["openai"] != "http://localhost:8000/v1" || cfg.BaseURL != "" || cfg.Temperature != nil ||
		cfg.MaxRetries != 7 || cfg.Seed != 1 {
		t.Errorf("defaults from the environment: %+v", cfg)
	}
	cfg = configFrom(t, "--api-key-env", "MY_KEY", "--base-url", "http://h/v1", "--timeout", "90s", "--retries", "-1",
		"--max-tokens", "4096", "--temperature", "0", "--price-in", "1.5", "--price-out", "6", "--replay", "runs", "--seed", "3")
	if cfg.APIKey != "sk-mine" || cfg.APIKeys["anthropic"] != "sk-mine" || cfg.APIKeyEnv != "MY_KEY" || cfg.BaseURL != "http://h/v1" ||
		cfg.Timeout.Seconds() != 90 || cfg.MaxRetries != -1 || cfg.MaxTokens != 4096 || cfg.Temperature == nil || *cfg.Temperature != 0 ||
		cfg.PriceIn != 1.5 || cfg.PriceOut != 6 || cfg.ReplayDir != "runs" || cfg.Seed != 3 {
		t.Errorf("flags: %+v", cfg)
	}
	// --retries: the default is agent.DefaultMaxRetries; 0 and -1 turn
	// retries off (agent.ProviderConfig's -1; its 0 would be the default).
	for _, tc := range []struct {
		args []string
		want int
	}{{nil, agent.DefaultMaxRetries}, {[]string{"--retries", "0"}, -1}, {[]string{"--retries", "-1"}, -1}, {[]string{"--retries", "2"}, 2}} {
		t.Setenv("KC_AGENT_RETRIES", "")
		if got := configFrom(t, tc.args...).MaxRetries; got != tc.want {
			t.Errorf("%v: MaxRetries %d, want %d", tc.args, got, tc.want)
		}
	}
	// A named variable that is empty is reported by its name.
	cfg = configFrom(t, "--api-key-env", "KC_TEST_UNSET_KEY")
	if _, err := agent.NewProvider("anthropic:claude-x", "coral", "relu", 1, cfg); err == nil || !strings.Contains(err.Error(), "set KC_TEST_UNSET_KEY") {
		t.Errorf("%v", err)
	}
	// Each provider takes its own key and base URL.
	cfg = configFrom(t)
	for spec, want := range map[string]string{"openai:m": "openai:m", "anthropic:m": "anthropic:m"} {
		if p, err := agent.NewProvider(spec, "coral", "relu", 1, cfg); err != nil || p.Name() != want {
			t.Errorf("%s: %v %v", spec, p, err)
		}
	}
}

// TestRunOpenAIAndReplay: kc-agent run against a loopback OpenAI server
// with the key from --api-key-env, then the recorded trajectory replayed
// with --model replay --replay DIR to the same record; the key is in no
// output or file.
func TestRunOpenAIAndReplay(t *testing.T) {
	const key = "sk-cli-test-SECRET-77"
	k, err := baseline.Baseline("coral", "", "relu", 1)
	if err != nil {
		t.Fatal(err)
	}
	args, _ := json.Marshal(map[string]string{"source": string(k.Src)})
	var mu sync.Mutex
	var auth []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auth = append(auth, r.Header.Get("Authorization"))
		mu.Unlock()
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		b, _ := json.Marshal(map[string]any{"id": "c1", "object": "chat.completion", "created": 1, "model": "m",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "tool_calls", "message": map[string]any{"role": "assistant", "content": nil,
				"tool_calls": []any{map[string]any{"id": "call_1", "type": "function", "function": map[string]any{"name": "submit", "arguments": string(args)}}}}}},
			"usage": map[string]any{"prompt_tokens": 1500, "completion_tokens": 700, "total_tokens": 2200}})
		w.Write(b)
	}))
	defer srv.Close()
	t.Setenv("KC_TEST_MODEL_KEY", key)
	t.Setenv("OPENAI_API_KEY", "")
	dir := t.TempDir()

	var out, errb bytes.Buffer
	st := run([]string{"kc-agent", "run", "relu", "--model", "openai:my-model", "--base-url", srv.URL + "/v1", "--api-key-env", "KC_TEST_MODEL_KEY",
		"--price-in", "2", "--price-out", "10", "--out", dir, "--json"}, &out, &errb)
	if st != 0 {
		t.Fatalf("status %d: %s %s", st, out.String(), errb.String())
	}
	var rec agent.Record
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if !rec.Success || rec.Model != "openai:my-model" || rec.Iterations != 1 || rec.TokensIn != 1500 || rec.TokensOut != 700 || rec.CostUSD != 0.01 {
		t.Errorf("record %+v", rec)
	}
	if len(auth) != 1 || auth[0] != "Bearer "+key {
		t.Errorf("Authorization %q", auth)
	}
	path := filepath.Join(dir, "openai_my-model_coral_relu_c1_s1.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(key)) || strings.Contains(out.String()+errb.String(), key) {
		t.Error("the key leaked")
	}

	out.Reset()
	errb.Reset()
	if st := run([]string{"kc-agent", "run", "relu", "--model", "replay", "--replay", dir, "--json"}, &out, &errb); st != 0 {
		t.Fatalf("replay status %d: %s %s", st, out.String(), errb.String())
	}
	var again agent.Record
	if err := json.Unmarshal(out.Bytes(), &again); err != nil {
		t.Fatal(err)
	}
	if again.Model != "replay:openai:my-model" || !again.Success || again.Iterations != rec.Iterations || again.TokensIn != rec.TokensIn ||
		again.TokensOut != rec.TokensOut || again.CostUSD != rec.CostUSD || again.Cycles != rec.Cycles || again.FirstCorrect != rec.FirstCorrect {
		t.Errorf("replay record %+v\n original %+v", again, rec)
	}
	if len(auth) != 1 {
		t.Errorf("the replay called the server")
	}
	// A missing trajectory is a setup error.
	if st := run([]string{"kc-agent", "run", "relu", "-c", "2", "--model", "replay", "--replay", dir}, &out, &errb); st != 2 ||
		!strings.Contains(errb.String(), "no trajectory for coral relu config 2") {
		t.Errorf("status %d, stderr %q", st, errb.String())
	}
}

// TestHelpStatesReplyBounds: --help of run and bench states the bounds
// of a model reply, from the agent's constants.
func TestHelpStatesReplyBounds(t *testing.T) {
	for _, cmd := range []string{"run", "bench"} {
		var out bytes.Buffer
		app := newApp(&out, &out)
		if err := app.Run([]string{"kc-agent", cmd, "--help"}); err != nil {
			t.Fatal(err)
		}
		help := strings.Join(strings.Fields(out.String()), " ")
		for _, w := range []string{"a body over 8 MiB fails the attempt with a provider error", "past 64 tool calls in one reply the rest are dropped",
			"over 1000000000 is a provider error", "custom tool calls are not run",
			"--tool-timeout value deadline of each assemble, run or profile call (the final judgement gets 3x as long)", "(default: 1m0s)",
			"runs in a worker process", "--tool-memory MiB address space of a tool call's worker process in MiB", "(default: 1024)"} {
			if !strings.Contains(help, w) {
				t.Errorf("%s --help lacks %q", cmd, w)
			}
		}
	}
}
