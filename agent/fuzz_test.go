package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzCall sends arbitrary tool names and argument texts, as a model
// might, to the tools: every call must answer with a non-empty text within
// the size limit, and never panic.
func FuzzCall(f *testing.F) {
	env, err := NewEnv("coral", "relu", 1, 1)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range [][2]string{
		{ToolAssemble, `{"source":"addi a0, a0, 1\nmpause\n"}`},
		{ToolRun, `{"source":"vsetvli t0, a2, e32, m8, ta, ma\nmpause\n"}`},
		{ToolRun, `{"source":"1: j 1b\n"}`},
		{ToolProfile, `{"source":"li a0, 0\nmpause\n"}`},
		{ToolISAManual, `{"section":"Zbb"}`},
		{ToolISAManual, `{}`},
		{ToolTaskInfo, ``},
		{ToolSubmit, `{"source":`},
		{"nope", `[]`},
		{ToolRun, `{"source":42}`},
		{strings.Repeat("\x05", 20000), `0`}, // once echoed in full, past the size limit
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, name, args string) {
		env.runs = nil // keep the memo from growing over the fuzzing run
		c := env.Call(context.Background(), name, args)
		if strings.TrimSpace(c.Text) == "" {
			t.Fatalf("%s(%q): empty result", name, args)
		}
		limit := MaxResultChars
		if name == ToolISAManual {
			limit = MaxManualChars
		}
		if len(c.Text) > limit+200 {
			t.Fatalf("%s(%q): %d characters, limit %d", name, args, len(c.Text), limit)
		}
	})
}

// FuzzReplayFile feeds arbitrary trajectory files to the replay
// provider's reader: a clear error or turns to play, never a panic.
func FuzzReplayFile(f *testing.F) {
	head := `{"time":"2026-01-01T00:00:00Z","elapsed_ms":0,"type":"attempt","data":{"model":"m","target":"coral","task":"relu","config":1,"seed":1}}` + "\n"
	f.Add(head + `{"type":"usage","data":{"input_tokens":5,"output_tokens":2,"cost_usd":0.1}}` + "\n" +
		`{"type":"message","data":{"role":"assistant","tool_calls":[{"id":"a","name":"submit","arguments":"{}"}]}}` + "\n")
	f.Add(head + `{"type":"error","data":{"error":"HTTP 500"}}` + "\n")
	f.Add(head + `{"type":"message","data":{"role":"assistant","content":"hi"}}`)
	f.Add(head + `{"type":"message","data":{"role":"assistant","content":"hi"}}` + "\n" +
		`{"type":"judgement","data":{"hidden_seed":7,"pass":true}}` + "\n" + `{"type":"record","data":{"success":true,"cycles":12}}` + "\n")
	f.Add(head + `{"type":"judgement","data":{"hidden_seed":-1}}` + "\n" + `{"type":"record","data":{"cycles":"x"}}` + "\n")
	f.Add(`{"type":"attempt","data":[]}`)
	f.Add("not json")
	f.Fuzz(func(t *testing.T, data string) {
		r, err := parseReplay("t.jsonl", strings.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "replay: ") {
				t.Fatalf("error without the provider's prefix: %v", err)
			}
			return
		}
		for range r.Turns() + 1 {
			r.Turn(t.Context(), nil, nil)
		}
	})
}

// FuzzProviderReplies decodes arbitrary response bodies with both
// providers' decoders: an error with the provider's prefix or a turn,
// never a panic; a turn keeps min(n, MaxReplyToolCalls) of the n tool
// calls a plain decoding of the body finds, and its usage is within
// bounds.
func FuzzProviderReplies(f *testing.F) {
	f.Add(`{"choices":[{"message":{"content":"x","tool_calls":[{"id":"1","type":"function","function":{"name":"run","arguments":"{}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":3,"completion_tokens":4}}`)
	f.Add(`{"content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"t","name":"run","input":{"source":"x"}}],"usage":{"input_tokens":1,"output_tokens":2}}`)
	f.Add(`{"choices":[]}`)
	f.Add(`{"content":[{"type":"tool_use","input":null}]}`)
	f.Add(`{"choices":[{"message":{"content":[{"type":"text","text":"a"}],"refusal":"no","tool_calls":[{"id":"c","type":"custom","custom":{"name":"run","input":"li t0"}},{"type":"function","function":{"name":"run","arguments":{"source":1}}}]},"finish_reason":"length"}],"usage":{"prompt_tokens":-1}}`)
	f.Add(`{"content":[],"stop_reason":"max_tokens","usage":{"input_tokens":1e9,"cache_read_input_tokens":1.5}}`)
	f.Fuzz(func(t *testing.T, body string) {
		checkUsage := func(kind string, u Usage) {
			if u.InputTokens < 0 || u.OutputTokens < 0 || u.CacheReadTokens < 0 || u.CacheWriteTokens < 0 ||
				u.InputTokens > 3*MaxTurnTokens || u.OutputTokens > MaxTurnTokens {
				t.Fatalf("%s usage %+v", kind, u)
			}
		}
		var plain struct {
			Choices []struct {
				Message struct {
					ToolCalls []any `json:"tool_calls"`
				} `json:"message"`
			} `json:"choices"`
			Content []struct {
				Type string `json:"type"`
			} `json:"content"`
		}
		plainOK := json.Unmarshal([]byte(body), &plain) == nil
		turn, err := decodeOpenAI([]byte(body))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "openai: ") {
				t.Fatalf("openai error without its prefix: %v", err)
			}
		} else {
			checkUsage("openai", turn.Usage)
			if plainOK && len(plain.Choices) > 0 {
				if n := min(len(plain.Choices[0].Message.ToolCalls), MaxReplyToolCalls); len(turn.ToolCalls) != n {
					t.Fatalf("openai: %d tool calls from %d", len(turn.ToolCalls), n)
				}
			}
		}
		turn, err = decodeAnthropic([]byte(body))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "anthropic: ") {
				t.Fatalf("anthropic error without its prefix: %v", err)
			}
			return
		}
		checkUsage("anthropic", turn.Usage)
		if plainOK {
			uses := 0
			for _, b := range plain.Content {
				if b.Type == "tool_use" {
					uses++
				}
			}
			if n := min(uses, MaxReplyToolCalls); len(turn.ToolCalls) != n {
				t.Fatalf("anthropic: %d tool calls from %d tool_use blocks", len(turn.ToolCalls), n)
			}
		}
		for _, tc := range turn.ToolCalls {
			if strings.TrimSpace(tc.Arguments) == "" {
				t.Fatalf("anthropic: empty arguments in %+v", tc)
			}
		}
	})
}
