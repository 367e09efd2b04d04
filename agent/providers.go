package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"kernelcraft/baseline"
)

// BaselineProvider is the model-free provider: its single turn submits the
// chosen baseline kernel of the cell. It needs no key and no network.
type BaselineProvider struct {
	Target, Task string
	Config       int
}

// Name is "baseline".
func (b *BaselineProvider) Name() string { return "baseline" }

// TrustedSource reports that every kernel this provider sends is the
// repository's own baseline, not model-written: its tool calls need no
// worker process (TrustedProvider).
func (b *BaselineProvider) TrustedSource() bool { return true }

// Turn submits the baseline kernel.
func (b *BaselineProvider) Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error) {
	k, err := baseline.Baseline(b.Target, "", b.Task, b.Config)
	if err != nil {
		return Turn{}, err
	}
	args, err := json.Marshal(map[string]string{"source": string(k.Src)})
	if err != nil {
		return Turn{}, err
	}
	return Turn{Text: "Submitting the baseline kernel " + k.Name + ".",
		ToolCalls: []ToolCall{{Name: ToolSubmit, Arguments: string(args)}}}, nil
}

// Step is one scripted turn: it sees the conversation so far and returns
// the model's answer.
type Step func(messages []Message) (Turn, error)

// Scripted is a provider that plays a fixed script, for tests and demos.
// When the script runs out it answers with text and no tool call.
type Scripted struct {
	Label string
	Steps []Step
	n     int
}

// Name is the script's label ("scripted" when empty).
func (s *Scripted) Name() string {
	if s.Label == "" {
		return "scripted"
	}
	return s.Label
}

// Turn plays the next step.
func (s *Scripted) Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error) {
	if s.n >= len(s.Steps) {
		return Turn{Text: "(the script has ended)"}, nil
	}
	s.n++
	return s.Steps[s.n-1](messages)
}

// CallStep is a Step helper: one tool call with arguments marshalled from v
// (a string is sent as is, so tests can send malformed JSON).
func CallStep(name string, v any, usage Usage) Step {
	return func([]Message) (Turn, error) {
		var args string
		if s, ok := v.(string); ok {
			args = s
		} else {
			b, err := json.Marshal(v)
			if err != nil {
				return Turn{}, err
			}
			args = string(b)
		}
		return Turn{ToolCalls: []ToolCall{{Name: name, Arguments: args}}, Usage: usage}, nil
	}
}

// LastToolResult is the content of the conversation's last tool message.
func LastToolResult(messages []Message) string {
	for i := len(messages) - 1; i >= 0; i-- {
		if messages[i].Role == "tool" {
			return messages[i].Content
		}
	}
	return ""
}

// ProviderNames are the provider prefixes of --model.
var ProviderNames = []string{"baseline", "openai", "anthropic", "replay"}

// ProviderConfig is everything a provider needs beyond the --model spec.
// Zero values mean the documented defaults; API keys are read from here
// (filled from flags or the environment by the front end) and must never
// be written to logs, trajectories or errors.
type ProviderConfig struct {
	BaseURL     string        // API base URL (openai: OPENAI_BASE_URL; anthropic: ANTHROPIC_BASE_URL)
	APIKey      string        // API key (openai: OPENAI_API_KEY; anthropic: ANTHROPIC_API_KEY)
	Timeout     time.Duration // per model call (0: DefaultTimeout)
	MaxRetries  int           // retries on 429/5xx/timeouts (0: DefaultMaxRetries; <0: none)
	MaxTokens   int           // output tokens per turn (0: the default)
	Temperature *float64      // nil: the provider's default
	// PriceIn and PriceOut are USD per million input/output tokens (0: the
	// built-in price of the model when known, else no cost).
	PriceIn, PriceOut float64
	// ReplayDir holds the recorded trajectories the replay provider plays.
	ReplayDir string
	// Seed is the attempt's case seed: replay picks the cell's trajectory
	// recorded with it (0: the only one there is).
	Seed uint64
	// ReproduceOnly judges a replayed kernel on the recorded hidden seed
	// only, not also on a fresh one (ReplayCheck): it reproduces the
	// recording without checking it.
	ReproduceOnly bool
	// APIKeys and BaseURLs are per-provider values ("openai", "anthropic")
	// used where APIKey and BaseURL are empty, so that one configuration
	// serves a benchmark mixing providers (the front end fills them from
	// each provider's environment variables).
	APIKeys, BaseURLs map[string]string
	// APIKeyEnv names the environment variable the key was read from, for
	// error messages (empty: the provider's usual variable).
	APIKeyEnv string
}

// forProvider is the configuration of one provider: its own key and base
// URL where the general ones are empty.
func (c ProviderConfig) forProvider(kind string) ProviderConfig {
	if c.APIKey == "" {
		c.APIKey = c.APIKeys[kind]
	}
	if c.BaseURL == "" {
		c.BaseURL = c.BaseURLs[kind]
	}
	return c
}

// keyVar is the variable to name when a key is missing.
func (c ProviderConfig) keyVar(def string) string {
	if c.APIKeyEnv != "" {
		return c.APIKeyEnv
	}
	return def
}

// Coster is implemented by providers that know their price: the cost in
// USD of one turn's usage.
type Coster interface {
	Cost(Usage) float64
}

// NewProvider returns the provider for a --model spec on a cell:
// "baseline", "openai:MODEL", "anthropic:MODEL", or "replay[:…]" (see
// NewReplay). It checks what it can before any call: a missing key or
// model name, a missing or corrupt trajectory.
// MaxPrice bounds --price-in and --price-out (USD per million tokens):
// with MaxTurnTokens a turn's cost stays finite, and no model costs more.
const MaxPrice = 10_000

func NewProvider(spec, target, task string, config int, cfg ProviderConfig) (Provider, error) {
	kind, name, _ := strings.Cut(spec, ":")
	cfg = cfg.forProvider(kind)
	for _, p := range []struct {
		flag string
		v    float64
	}{{"--price-in", cfg.PriceIn}, {"--price-out", cfg.PriceOut}} {
		if !(p.v >= 0 && p.v <= MaxPrice) { // also NaN
			return nil, fmt.Errorf("%s %g: a price is USD per million tokens, in [0, %g]", p.flag, p.v, float64(MaxPrice))
		}
	}
	switch kind {
	case "baseline":
		return &BaselineProvider{Target: target, Task: task, Config: config}, nil
	case "openai":
		return NewOpenAI(name, cfg)
	case "anthropic":
		return NewAnthropic(name, cfg)
	case "replay":
		return NewReplay(name, target, task, config, cfg)
	}
	return nil, fmt.Errorf("unknown provider %q in --model %q (have: %s)", kind, spec, strings.Join(ProviderNames, ", "))
}
