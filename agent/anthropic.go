package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// AnthropicHost is the host of the official Anthropic API.
const AnthropicHost = "api.anthropic.com"

// anthropicBaseURL is the API's base URL when none is given.
const anthropicBaseURL = "https://" + AnthropicHost

// AnthropicVersion is the anthropic-version header sent (the Messages
// API's current and only stable version).
const AnthropicVersion = "2023-06-01"

// DefaultAnthropicMaxTokens is max_tokens (required by the Messages API)
// when ProviderConfig.MaxTokens is 0.
const DefaultAnthropicMaxTokens = 8192

// AnthropicProvider speaks the Anthropic Messages API with tool_use /
// tool_result blocks, through a small client of our own on net/http.
type AnthropicProvider struct {
	Model string
	cfg   ProviderConfig
	url   string
	price Price
	retry *retrier
}

// NewAnthropic returns the provider of a model. A key is required unless a
// base URL is given (a proxy may hold the key itself). Nothing is read
// from the environment here: the front end fills cfg.
func NewAnthropic(model string, cfg ProviderConfig) (*AnthropicProvider, error) {
	if model == "" {
		return nil, errors.New("anthropic: no model name: use --model anthropic:NAME (e.g. anthropic:claude-sonnet-4-5)")
	}
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return nil, fmt.Errorf("anthropic: no API key: set %s (--api-key-env names the variable to read), or give --base-url (ANTHROPIC_BASE_URL) for a proxy that needs none", cfg.keyVar("ANTHROPIC_API_KEY"))
	}
	base := cfg.BaseURL
	if base == "" {
		base = anthropicBaseURL
	}
	return &AnthropicProvider{Model: model, cfg: cfg, url: endpoint(base, "/v1/messages"),
		price: priceFor("anthropic", model, cfg, AnthropicHost), retry: newRetrier("anthropic", cfg)}, nil
}

// Name is "anthropic:MODEL".
func (p *AnthropicProvider) Name() string { return "anthropic:" + p.Model }

// Cost prices a turn (see priceFor).
func (p *AnthropicProvider) Cost(u Usage) float64 { return p.price.Cost(u) }

// The request of the Messages API, as much of it as we send.
type (
	anRequest struct {
		Model       string      `json:"model"`
		MaxTokens   int         `json:"max_tokens"`
		System      []anBlock   `json:"system,omitempty"`
		Messages    []anMessage `json:"messages"`
		Tools       []anTool    `json:"tools,omitempty"`
		Temperature *float64    `json:"temperature,omitempty"`
	}
	anMessage struct {
		Role    string    `json:"role"`
		Content []anBlock `json:"content"`
	}
	// anBlock is a content block: text, tool_use or tool_result.
	anBlock struct {
		Type      string          `json:"type"`
		Text      string          `json:"text,omitempty"`
		ID        string          `json:"id,omitempty"`
		Name      string          `json:"name,omitempty"`
		Input     json.RawMessage `json:"input,omitempty"`
		ToolUseID string          `json:"tool_use_id,omitempty"`
		Content   []anBlock       `json:"content,omitempty"`
		IsError   *bool           `json:"is_error,omitempty"`
	}
	anTool struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		InputSchema map[string]any `json:"input_schema"`
	}
)

// Turn sends the conversation and returns the model's answer.
func (p *AnthropicProvider) Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error) {
	maxTokens := p.cfg.MaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultAnthropicMaxTokens
	}
	system, msgs := anthropicMessages(messages)
	req := anRequest{Model: p.Model, MaxTokens: maxTokens, Messages: msgs, Temperature: p.cfg.Temperature}
	if system != "" {
		req.System = []anBlock{{Type: "text", Text: system}}
	}
	for _, t := range tools {
		schema := map[string]any{}
		for k, v := range t.Parameters {
			schema[k] = v
		}
		schema["type"] = "object" // the only type the API takes
		req.Tools = append(req.Tools, anTool{Name: t.Name, Description: t.Description, InputSchema: schema})
	}
	body, err := json.Marshal(req)
	if err != nil {
		return Turn{}, fmt.Errorf("anthropic: encoding the request: %v", err)
	}
	h := http.Header{}
	h.Set("anthropic-version", AnthropicVersion)
	if p.cfg.APIKey != "" {
		h.Set("x-api-key", p.cfg.APIKey)
	}
	res, err := postJSON(ctx, p.retry, p.url, h, body)
	if err != nil {
		return Turn{}, err
	}
	return decodeAnthropic(res)
}

// anthropicMessages converts the conversation: system messages become the
// system prompt; tool results become tool_result blocks of a user
// message, consecutive ones grouped into one message, as the API requires;
// a user message right after them (a corrective message) joins that same
// message as a text block after the results; consecutive messages of one
// role are merged.
func anthropicMessages(msgs []Message) (string, []anMessage) {
	var system []string
	var out []anMessage
	add := func(role string, blocks ...anBlock) {
		if len(blocks) == 0 {
			return
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content = append(out[n-1].Content, blocks...)
			return
		}
		out = append(out, anMessage{Role: role, Content: blocks})
	}
	text := func(s string) anBlock { return anBlock{Type: "text", Text: s} }
	notError := false
	for _, m := range msgs {
		switch m.Role {
		case "system":
			system = append(system, m.Content)
		case "assistant":
			var blocks []anBlock
			// The API rejects empty text blocks.
			if strings.TrimSpace(m.Content) != "" {
				blocks = append(blocks, text(m.Content))
			}
			for _, tc := range m.ToolCalls {
				blocks = append(blocks, anBlock{Type: "tool_use", ID: tc.ID, Name: tc.Name, Input: toolInput(tc.Arguments)})
			}
			if len(blocks) == 0 {
				blocks = append(blocks, text("(no answer)"))
			}
			add("assistant", blocks...)
		case "tool":
			content := m.Content
			if content == "" {
				content = "(empty result)"
			}
			add("user", anBlock{Type: "tool_result", ToolUseID: m.ToolCallID, Content: []anBlock{text(content)}, IsError: &notError})
		default:
			content := m.Content
			if strings.TrimSpace(content) == "" {
				content = "(empty message)"
			}
			add("user", text(content))
		}
	}
	return strings.Join(system, "\n\n"), out
}

// toolInput is a tool call's input object for the API: the arguments when
// they are a JSON object, else the raw text wrapped in one (the model's
// own malformed call, sent back as it was made).
func toolInput(args string) json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(args), &obj) == nil && obj != nil {
		return json.RawMessage(args)
	}
	b, _ := json.Marshal(map[string]string{"invalid_json_arguments": args})
	return b
}

// The reply of the Messages API, as much of it as we read.
type (
	anResponse struct {
		Content    anContent `json:"content"`
		StopReason *string   `json:"stop_reason"`
		Usage      *struct {
			InputTokens              json.Number `json:"input_tokens"`
			OutputTokens             json.Number `json:"output_tokens"`
			CacheReadInputTokens     json.Number `json:"cache_read_input_tokens"`
			CacheCreationInputTokens json.Number `json:"cache_creation_input_tokens"`
		} `json:"usage"`
	}
	anReplyBlock struct {
		Type  string          `json:"type"`
		Text  string          `json:"text"`
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	}
)

// anContent is a reply's content, decoded block by block as it is met:
// the texts, the first MaxReplyToolCalls tool_use blocks as tool calls,
// and how many tool_use blocks there were. Other block types (thinking,
// server tools) are ignored.
type anContent struct {
	texts []string
	calls []ToolCall
	uses  int
}

func (c *anContent) UnmarshalJSON(b []byte) error {
	*c = anContent{}
	err := eachElement(b, func(_ int, raw []byte) error {
		var head struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return err
		}
		switch head.Type {
		case "text", "tool_use":
		default:
			return nil
		}
		if head.Type == "tool_use" {
			if c.uses++; c.uses > MaxReplyToolCalls {
				return nil
			}
		}
		var blk anReplyBlock
		if err := json.Unmarshal(raw, &blk); err != nil {
			return err
		}
		if blk.Type == "text" {
			c.texts = append(c.texts, blk.Text)
			return nil
		}
		args := string(bytes.TrimSpace(blk.Input))
		if args == "" || args == "null" {
			args = "{}"
		}
		c.calls = append(c.calls, ToolCall{ID: blk.ID, Name: blk.Name, Arguments: args})
		return nil
	})
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	return nil
}

// decodeAnthropic reads a Messages reply: the text and tool_use blocks
// (at most MaxReplyToolCalls tool calls kept) and the usage (input tokens
// include those read from and written to the prompt cache).
func decodeAnthropic(body []byte) (Turn, error) {
	var res anResponse
	if err := json.Unmarshal(body, &res); err != nil {
		return Turn{}, errUnreadable("anthropic", err)
	}
	var t Turn
	if u := res.Usage; u != nil {
		n, err := tokens(tokenCount{"input_tokens", u.InputTokens}, tokenCount{"output_tokens", u.OutputTokens},
			tokenCount{"cache_read_input_tokens", u.CacheReadInputTokens}, tokenCount{"cache_creation_input_tokens", u.CacheCreationInputTokens})
		if err != nil {
			return Turn{}, fmt.Errorf("anthropic: %v (not retried)", err)
		}
		t.Usage = Usage{InputTokens: n[0] + n[2] + n[3], OutputTokens: n[1], CacheReadTokens: n[2], CacheWriteTokens: n[3]}
	}
	t.Text = strings.Join(res.Content.texts, "\n")
	t.ToolCalls = res.Content.calls
	if res.Content.uses > MaxReplyToolCalls {
		t.Text = joinText(t.Text, cutNote(res.Content.uses))
	}
	if len(t.ToolCalls) == 0 && t.Text == "" && res.StopReason != nil && *res.StopReason == "max_tokens" {
		t.Text = "(the answer was cut at the output token limit, --max-tokens)"
	}
	return t, nil
}
