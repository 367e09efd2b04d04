package agent

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

// OpenAIHost is the host of the official OpenAI API; any other base URL
// is a compatible server (vLLM, llama.cpp, Ollama, a proxy).
const OpenAIHost = "api.openai.com"

// OpenAIProvider speaks the OpenAI Chat Completions API with function
// tools (tools / tool_calls), through the official SDK, to OpenAI or any
// compatible server at ProviderConfig.BaseURL (such as
// http://localhost:8000/v1 for vLLM, http://localhost:11434/v1 for
// Ollama).
type OpenAIProvider struct {
	Model string
	cfg   ProviderConfig
	svc   openai.ChatCompletionService
	price Price
	retry *retrier
}

// NewOpenAI returns the provider of a model. A key is required unless a
// base URL is given (local servers often need none).
func NewOpenAI(model string, cfg ProviderConfig) (*OpenAIProvider, error) {
	if model == "" {
		return nil, errors.New("openai: no model name: use --model openai:NAME (e.g. openai:gpt-4o, or the name a local server serves)")
	}
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return nil, fmt.Errorf("openai: no API key: set %s (--api-key-env names the variable to read), or give --base-url (OPENAI_BASE_URL) for a local server that needs no key", cfg.keyVar("OPENAI_API_KEY"))
	}
	// Not openai.NewClient: it would read OPENAI_* from the environment
	// behind the front end's back. The SDK's retries are off: retrier
	// owns retries and timeouts.
	opts := []option.RequestOption{
		option.WithHTTPClient(&http.Client{}),
		option.WithEnvironmentProduction(),
		option.WithMaxRetries(0),
	}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	}
	return &OpenAIProvider{Model: model, cfg: cfg, svc: openai.NewChatCompletionService(opts...),
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

// Turn sends the conversation and returns the model's answer.
func (p *OpenAIProvider) Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error) {
	params := openai.ChatCompletionNewParams{Model: shared.ChatModel(p.Model), Messages: openaiMessages(messages)}
	for _, t := range tools {
		params.Tools = append(params.Tools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name: t.Name, Description: openai.String(t.Description), Parameters: shared.FunctionParameters(t.Parameters)}))
	}
	if p.cfg.MaxTokens > 0 {
		if p.official() {
			params.MaxCompletionTokens = openai.Int(int64(p.cfg.MaxTokens))
		} else {
			params.MaxTokens = openai.Int(int64(p.cfg.MaxTokens))
		}
	}
	if p.cfg.Temperature != nil {
		params.Temperature = openai.Float(*p.cfg.Temperature)
	}
	var res *openai.ChatCompletion
	err := p.retry.do(ctx, func(ctx context.Context, mw option.Middleware) error {
		var err error
		res, err = p.svc.New(ctx, params, option.WithMiddleware(mw))
		return err
	})
	if err != nil {
		return Turn{}, err
	}
	return openaiTurn(res)
}

// openaiMessages converts the conversation to Chat Completions messages.
func openaiMessages(msgs []Message) []openai.ChatCompletionMessageParamUnion {
	var out []openai.ChatCompletionMessageParamUnion
	for _, m := range msgs {
		switch m.Role {
		case "system":
			out = append(out, openai.SystemMessage(m.Content))
		case "assistant":
			var a openai.ChatCompletionAssistantMessageParam
			if m.Content != "" || len(m.ToolCalls) == 0 {
				a.Content.OfString = openai.String(m.Content)
			}
			for _, tc := range m.ToolCalls {
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{ID: tc.ID,
						Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: tc.Name, Arguments: tc.Arguments}}})
			}
			out = append(out, openai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		case "tool":
			out = append(out, openai.ToolMessage(m.Content, m.ToolCallID))
		default:
			out = append(out, openai.UserMessage(m.Content))
		}
	}
	return out
}

// openaiTurn reads the first choice: text (a refusal counts as text),
// function tool calls, usage.
func openaiTurn(res *openai.ChatCompletion) (Turn, error) {
	if res == nil || len(res.Choices) == 0 {
		return Turn{}, errors.New("openai: the response has no choices")
	}
	msg := res.Choices[0].Message
	t := Turn{Text: msg.Content, Usage: Usage{
		InputTokens:     int(res.Usage.PromptTokens),
		OutputTokens:    int(res.Usage.CompletionTokens),
		CacheReadTokens: int(res.Usage.PromptTokensDetails.CachedTokens),
	}}
	if msg.Refusal != "" {
		t.Text = strings.TrimSpace(t.Text + "\n" + msg.Refusal)
	}
	for _, tc := range msg.ToolCalls {
		// Some compatible servers send the arguments as an object, not as
		// the JSON text the API specifies: the SDK gives its text as well.
		args := tc.Function.Arguments
		name := tc.Function.Name
		if tc.Type == "custom" {
			name, args = tc.Custom.Name, tc.Custom.Input
		}
		t.ToolCalls = append(t.ToolCalls, ToolCall{ID: tc.ID, Name: name, Arguments: args})
	}
	if len(t.ToolCalls) == 0 && t.Text == "" && res.Choices[0].FinishReason == "length" {
		t.Text = "(the answer was cut at the output token limit, --max-tokens)"
	}
	return t, nil
}
