package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// AnthropicHost is the host of the official Anthropic API.
const AnthropicHost = "api.anthropic.com"

// DefaultAnthropicMaxTokens is max_tokens (required by the Messages API)
// when ProviderConfig.MaxTokens is 0.
const DefaultAnthropicMaxTokens = 8192

// AnthropicProvider speaks the Anthropic Messages API with tool_use /
// tool_result blocks, through the official SDK.
type AnthropicProvider struct {
	Model string
	cfg   ProviderConfig
	svc   anthropic.MessageService
	price Price
	retry *retrier
}

// NewAnthropic returns the provider of a model. A key is required unless a
// base URL is given (a proxy may hold the key itself).
func NewAnthropic(model string, cfg ProviderConfig) (*AnthropicProvider, error) {
	if model == "" {
		return nil, errors.New("anthropic: no model name: use --model anthropic:NAME (e.g. anthropic:claude-sonnet-4-5)")
	}
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return nil, fmt.Errorf("anthropic: no API key: set %s (--api-key-env names the variable to read), or give --base-url (ANTHROPIC_BASE_URL) for a proxy that needs none", cfg.keyVar("ANTHROPIC_API_KEY"))
	}
	r := newRetrier("anthropic", cfg)
	// Not anthropic.NewClient: it would read ANTHROPIC_* and credential
	// profiles from the environment. Retries are the retrier's; the
	// request timeout set here also lifts the SDK's refusal of a large
	// max_tokens without streaming.
	opts := []option.RequestOption{
		option.WithHTTPClient(&http.Client{}),
		option.WithEnvironmentProduction(),
		option.WithMaxRetries(0),
		option.WithRequestTimeout(r.timeout),
	}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	}
	return &AnthropicProvider{Model: model, cfg: cfg, svc: anthropic.NewMessageService(opts...),
		price: priceFor("anthropic", model, cfg, AnthropicHost), retry: r}, nil
}

// Name is "anthropic:MODEL".
func (p *AnthropicProvider) Name() string { return "anthropic:" + p.Model }

// Cost prices a turn (see priceFor).
func (p *AnthropicProvider) Cost(u Usage) float64 { return p.price.Cost(u) }

// Turn sends the conversation and returns the model's answer. The
// temperature is sent as a raw field: SDK v2 no longer has one, as newer
// models reject it.
func (p *AnthropicProvider) Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error) {
	maxTokens := p.cfg.MaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultAnthropicMaxTokens
	}
	system, msgs := anthropicMessages(messages)
	params := anthropic.MessageNewParams{Model: anthropic.Model(p.Model), MaxTokens: int64(maxTokens), Messages: msgs}
	if system != "" {
		params.System = []anthropic.TextBlockParam{{Text: system}}
	}
	for _, t := range tools {
		schema := anthropic.ToolInputSchemaParam{ExtraFields: map[string]any{}}
		for k, v := range t.Parameters {
			switch k {
			case "type":
			case "properties":
				schema.Properties = v
			case "required":
				if r, ok := v.([]string); ok {
					schema.Required = r
				} else {
					schema.ExtraFields[k] = v
				}
			default:
				schema.ExtraFields[k] = v
			}
		}
		tp := anthropic.ToolParam{Name: t.Name, Description: anthropic.String(t.Description), InputSchema: schema}
		params.Tools = append(params.Tools, anthropic.ToolUnionParam{OfTool: &tp})
	}
	var reqOpts []option.RequestOption
	if p.cfg.Temperature != nil {
		reqOpts = append(reqOpts, option.WithJSONSet("temperature", *p.cfg.Temperature))
	}
	var res *anthropic.Message
	err := p.retry.do(ctx, func(ctx context.Context, mw option.Middleware) error {
		var err error
		res, err = p.svc.New(ctx, params, append(reqOpts, option.WithMiddleware(mw))...)
		return err
	})
	if err != nil {
		return Turn{}, err
	}
	return anthropicTurn(res)
}

// anthropicMessages converts the conversation: system messages become the
// system prompt; tool results become tool_result blocks of a user
// message, consecutive ones grouped into one message, as the API requires;
// a user message right after them (a corrective message) joins that same
// message as a text block after the results; consecutive messages of one
// role are merged.
func anthropicMessages(msgs []Message) (string, []anthropic.MessageParam) {
	var system []string
	var out []anthropic.MessageParam
	add := func(role string, blocks ...anthropic.ContentBlockParamUnion) {
		if len(blocks) == 0 {
			return
		}
		if n := len(out); n > 0 {
			last := &out[n-1]
			if role == "user" && last.OfUser != nil {
				last.OfUser.Content = append(last.OfUser.Content, blocks...)
				return
			}
			if role == "assistant" && last.OfAssistant != nil {
				last.OfAssistant.Content = append(last.OfAssistant.Content, blocks...)
				return
			}
		}
		if role == "user" {
			out = append(out, anthropic.NewUserMessage(blocks...))
		} else {
			out = append(out, anthropic.NewAssistantMessage(blocks...))
		}
	}
	for _, m := range msgs {
		switch m.Role {
		case "system":
			system = append(system, m.Content)
		case "assistant":
			var blocks []anthropic.ContentBlockParamUnion
			// The API rejects empty text blocks.
			if strings.TrimSpace(m.Content) != "" {
				blocks = append(blocks, anthropic.NewTextBlock(m.Content))
			}
			for _, tc := range m.ToolCalls {
				blocks = append(blocks, anthropic.NewToolUseBlock(tc.ID, toolInput(tc.Arguments), tc.Name))
			}
			if len(blocks) == 0 {
				blocks = append(blocks, anthropic.NewTextBlock("(no answer)"))
			}
			add("assistant", blocks...)
		case "tool":
			content := m.Content
			if content == "" {
				content = "(empty result)"
			}
			add("user", anthropic.NewToolResultBlock(m.ToolCallID, content, false))
		default:
			content := m.Content
			if strings.TrimSpace(content) == "" {
				content = "(empty message)"
			}
			add("user", anthropic.NewTextBlock(content))
		}
	}
	return strings.Join(system, "\n\n"), out
}

// toolInput is a tool call's input object for the API: the arguments when
// they are a JSON object, else the raw text wrapped in one (the model's
// own malformed call, sent back as it was made).
func toolInput(args string) any {
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(args), &obj) == nil && obj != nil {
		return json.RawMessage(args)
	}
	return map[string]string{"invalid_json_arguments": args}
}

// anthropicTurn reads the text and tool_use blocks and the usage (input
// tokens include those read from and written to the prompt cache).
func anthropicTurn(res *anthropic.Message) (Turn, error) {
	if res == nil {
		return Turn{}, errors.New("anthropic: empty response")
	}
	u := res.Usage
	t := Turn{Usage: Usage{
		InputTokens:      int(u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens),
		OutputTokens:     int(u.OutputTokens),
		CacheReadTokens:  int(u.CacheReadInputTokens),
		CacheWriteTokens: int(u.CacheCreationInputTokens),
	}}
	var texts []string
	for _, b := range res.Content {
		switch b.Type {
		case "text":
			texts = append(texts, b.Text)
		case "tool_use":
			args := string(b.Input)
			if strings.TrimSpace(args) == "" || args == "null" {
				args = "{}"
			}
			t.ToolCalls = append(t.ToolCalls, ToolCall{ID: b.ID, Name: b.Name, Arguments: args})
		}
	}
	t.Text = strings.Join(texts, "\n")
	if len(t.ToolCalls) == 0 && t.Text == "" && res.StopReason == anthropic.StopReasonMaxTokens {
		t.Text = "(the answer was cut at the output token limit, --max-tokens)"
	}
	return t, nil
}
