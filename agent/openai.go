package agent

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// OpenAIHost is the host of the official OpenAI API; any other base URL
// is a compatible server (vLLM, llama.cpp, Ollama, a proxy).
const OpenAIHost = "api.openai.com"

// openaiBaseURL is the API's base URL when none is given.
const openaiBaseURL = "https://" + OpenAIHost + "/v1"

// OpenAIProvider speaks the OpenAI Chat Completions API with function
// tools (tools / tool_calls), through a small client of our own on
// net/http, to OpenAI or any compatible server at ProviderConfig.BaseURL
// (such as http://localhost:8000/v1 for vLLM, http://localhost:11434/v1
// for Ollama).
type OpenAIProvider struct {
	Model string
	cfg   ProviderConfig
	url   string
	price Price
	retry *retrier
}

// NewOpenAI returns the provider of a model. A key is required unless a
// base URL is given (local servers often need none). Nothing is read
// from the environment here: the front end fills cfg.
func NewOpenAI(model string, cfg ProviderConfig) (*OpenAIProvider, error) {
	if model == "" {
		return nil, errors.New("openai: no model name: use --model openai:NAME (e.g. openai:gpt-4o, or the name a local server serves)")
	}
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return nil, fmt.Errorf("openai: no API key: set %s (--api-key-env names the variable to read), or give --base-url (OPENAI_BASE_URL) for a local server that needs no key", cfg.keyVar("OPENAI_API_KEY"))
	}
	base := cfg.BaseURL
	if base == "" {
		base = openaiBaseURL
	}
	return &OpenAIProvider{Model: model, cfg: cfg, url: endpoint(base, "/chat/completions"),
		price: priceFor("openai", model, cfg, OpenAIHost), retry: newRetrier("openai", cfg)}, nil
}

// Name is "openai:MODEL".
func (p *OpenAIProvider) Name() string { return "openai:" + p.Model }

// Cost prices a turn (see priceFor).
func (p *OpenAIProvider) Cost(u Usage) float64 { return p.price.Cost(u) }

// official: the endpoint is OpenAI's own (it takes max_completion_tokens;
// compatible servers all take max_tokens).
func (p *OpenAIProvider) official() bool {
	return p.cfg.BaseURL == "" || strings.Contains(p.cfg.BaseURL, "://"+OpenAIHost)
}

// The request of Chat Completions, as much of it as we send.
type (
	oaRequest struct {
		Model               string      `json:"model"`
		Messages            []oaMessage `json:"messages"`
		Tools               []oaTool    `json:"tools,omitempty"`
		MaxTokens           int         `json:"max_tokens,omitempty"`
		MaxCompletionTokens int         `json:"max_completion_tokens,omitempty"`
		Temperature         *float64    `json:"temperature,omitempty"`
	}
	oaMessage struct {
		Role       string       `json:"role"`
		Content    *string      `json:"content,omitempty"` // nil: an assistant message with tool calls only
		ToolCalls  []oaToolCall `json:"tool_calls,omitempty"`
		ToolCallID string       `json:"tool_call_id,omitempty"`
	}
	oaToolCall struct {
		ID       string     `json:"id"`
		Type     string     `json:"type"`
		Function oaFunction `json:"function"`
	}
	oaFunction struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	oaTool struct {
		Type     string        `json:"type"`
		Function oaFunctionDef `json:"function"`
	}
	oaFunctionDef struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		Parameters  map[string]any `json:"parameters"`
	}
)

// Turn sends the conversation and returns the model's answer.
func (p *OpenAIProvider) Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error) {
	req := oaRequest{Model: p.Model, Messages: openaiMessages(messages)}
	for _, t := range tools {
		req.Tools = append(req.Tools, oaTool{Type: "function", Function: oaFunctionDef(t)})
	}
	if p.cfg.MaxTokens > 0 {
		if p.official() {
			req.MaxCompletionTokens = p.cfg.MaxTokens
		} else {
			req.MaxTokens = p.cfg.MaxTokens
		}
	}
	req.Temperature = p.cfg.Temperature
	body, err := json.Marshal(req)
	if err != nil {
		return Turn{}, fmt.Errorf("openai: encoding the request: %v", err)
	}
	h := http.Header{}
	if p.cfg.APIKey != "" {
		h.Set("Authorization", "Bearer "+p.cfg.APIKey)
	}
	res, err := postJSON(ctx, p.retry, p.url, h, body)
	if err != nil {
		return Turn{}, err
	}
	return decodeOpenAI(res)
}

// openaiMessages converts the conversation to Chat Completions messages.
func openaiMessages(msgs []Message) []oaMessage {
	var out []oaMessage
	for _, m := range msgs {
		content := m.Content
		om := oaMessage{Role: m.Role, Content: &content}
		switch m.Role {
		case "system":
		case "assistant":
			if m.Content == "" && len(m.ToolCalls) > 0 {
				om.Content = nil
			}
			for _, tc := range m.ToolCalls {
				om.ToolCalls = append(om.ToolCalls, oaToolCall{ID: tc.ID, Type: "function", Function: oaFunction{Name: tc.Name, Arguments: tc.Arguments}})
			}
		case "tool":
			om.ToolCallID = m.ToolCallID
		default:
			om.Role = "user"
		}
		out = append(out, om)
	}
	return out
}

// The reply of Chat Completions, as much of it as we read: the first
// choice and the usage. Choices and tool calls are decoded element by
// element as they are met (oaChoices, oaCalls), so that what is dropped
// is never built.
type (
	oaResponse struct {
		Choices oaChoices `json:"choices"`
		Usage   *struct {
			PromptTokens        json.Number `json:"prompt_tokens"`
			CompletionTokens    json.Number `json:"completion_tokens"`
			PromptTokensDetails *struct {
				CachedTokens json.Number `json:"cached_tokens"`
			} `json:"prompt_tokens_details"`
		} `json:"usage"`
	}
	oaChoice struct {
		Message struct {
			Content   textOrParts `json:"content"`
			Refusal   *string     `json:"refusal"`
			ToolCalls oaCalls     `json:"tool_calls"`
		} `json:"message"`
		FinishReason *string `json:"finish_reason"`
	}
	oaReplyCall struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function *struct {
			Name      string   `json:"name"`
			Arguments jsonText `json:"arguments"`
		} `json:"function"`
		Custom *struct {
			Name  string   `json:"name"`
			Input jsonText `json:"input"`
		} `json:"custom"`
	}
)

// oaChoices keeps the first choice of the list (and how many there were).
type oaChoices struct {
	first *oaChoice
	n     int
}

func (c *oaChoices) UnmarshalJSON(b []byte) error {
	*c = oaChoices{}
	err := eachElement(b, func(i int, raw []byte) error {
		c.n++
		if i > 0 {
			return nil
		}
		c.first = &oaChoice{}
		return json.Unmarshal(raw, c.first)
	})
	if err != nil {
		return fmt.Errorf("choices: %w", err)
	}
	return nil
}

// oaCalls are a message's tool calls: the first MaxReplyToolCalls, and
// how many there were.
type oaCalls struct {
	calls []ToolCall
	total int
}

func (c *oaCalls) UnmarshalJSON(b []byte) error {
	*c = oaCalls{}
	err := eachElement(b, func(_ int, raw []byte) error {
		c.total++
		if c.total > MaxReplyToolCalls {
			return nil
		}
		var tc oaReplyCall
		if err := json.Unmarshal(raw, &tc); err != nil {
			return err
		}
		call := ToolCall{ID: tc.ID}
		if tc.Function != nil {
			call.Name, call.Arguments = tc.Function.Name, string(tc.Function.Arguments)
		}
		switch {
		case tc.Type == "custom" || (tc.Type == "" && tc.Custom != nil && tc.Function == nil):
			if tc.Custom != nil {
				call.Name, call.Arguments = tc.Custom.Name, string(tc.Custom.Input)
			}
			call.Refusal = CustomToolCallRefusal
		case tc.Type != "" && tc.Type != "function":
			call.Refusal = fmt.Sprintf("tool call type %q is not supported; call the function tools", shorten(tc.Type, 40))
		}
		if call.Refusal != "" && call.Name == "" {
			// The call is answered in the next request, as a function
			// call, which must have a name.
			call.Name = cmp.Or(shorten(tc.Type, 40), "custom")
		}
		c.calls = append(c.calls, call)
		return nil
	})
	if err != nil {
		return fmt.Errorf("tool_calls: %w", err)
	}
	return nil
}

// textOrParts is a message's content: a string, null, or (some
// compatible servers) a list of {"type":"text","text":…} parts, joined.
type textOrParts string

func (t *textOrParts) UnmarshalJSON(b []byte) error {
	var s *string
	if json.Unmarshal(b, &s) == nil {
		if s != nil {
			*t = textOrParts(*s)
		}
		return nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		return errors.New("message content is neither text nor a list of parts")
	}
	var texts []string
	for _, p := range parts {
		if p.Type == "text" || p.Type == "" {
			texts = append(texts, p.Text)
		}
	}
	*t = textOrParts(strings.Join(texts, "\n"))
	return nil
}

// jsonText is a tool call's arguments: the JSON text the API specifies
// (a JSON string), or, as some compatible servers send them, any other
// JSON value, taken as its own text.
type jsonText string

func (j *jsonText) UnmarshalJSON(b []byte) error {
	var s string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*j = jsonText(s)
		return nil
	}
	if string(b) == "null" {
		*j = ""
		return nil
	}
	*j = jsonText(bytes.TrimSpace(b))
	return nil
}

// CustomToolCallRefusal answers a tool call of OpenAI's "custom" type
// (free-form input to a custom tool, which we never declare): it is not
// run, and the model is told to use the function tools.
const CustomToolCallRefusal = "tool call type custom is not supported; call the function tools (assemble, run, profile, submit, isa_manual, task_info) with JSON arguments"

// decodeOpenAI reads a Chat Completions reply: the first choice's text (a
// refusal counts as text), its tool calls (at most MaxReplyToolCalls kept,
// the "custom" type refused with CustomToolCallRefusal) and the usage.
func decodeOpenAI(body []byte) (Turn, error) {
	var res oaResponse
	if err := json.Unmarshal(body, &res); err != nil {
		return Turn{}, errUnreadable("openai", err)
	}
	choice := res.Choices.first
	if choice == nil {
		return Turn{}, errors.New("openai: the response has no choices")
	}
	var t Turn
	if u := res.Usage; u != nil {
		c := tokenCount{"prompt_tokens_details.cached_tokens", ""}
		if u.PromptTokensDetails != nil {
			c.n = u.PromptTokensDetails.CachedTokens
		}
		n, err := tokens(tokenCount{"prompt_tokens", u.PromptTokens}, tokenCount{"completion_tokens", u.CompletionTokens}, c)
		if err != nil {
			return Turn{}, fmt.Errorf("openai: %v (not retried)", err)
		}
		t.Usage = Usage{InputTokens: n[0], OutputTokens: n[1], CacheReadTokens: n[2]}
	}
	msg := choice.Message
	t.Text = string(msg.Content)
	if msg.Refusal != nil && *msg.Refusal != "" {
		t.Text = joinText(t.Text, *msg.Refusal)
	}
	t.ToolCalls = msg.ToolCalls.calls
	if msg.ToolCalls.total > MaxReplyToolCalls {
		t.Text = joinText(t.Text, cutNote(msg.ToolCalls.total))
	}
	if len(t.ToolCalls) == 0 && t.Text == "" && choice.FinishReason != nil && *choice.FinishReason == "length" {
		t.Text = "(the answer was cut at the output token limit, --max-tokens)"
	}
	return t, nil
}
