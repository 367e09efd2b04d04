package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
)

// Environment variables of the provider flags (each flag's fallback) and
// the providers' own.
const (
	envTimeout     = "KC_AGENT_TIMEOUT"
	envRetries     = "KC_AGENT_RETRIES"
	envMaxTokens   = "KC_AGENT_MAX_TOKENS"
	envTemperature = "KC_AGENT_TEMPERATURE"
	envPriceIn     = "KC_AGENT_PRICE_IN"
	envPriceOut    = "KC_AGENT_PRICE_OUT"
	envReplay      = "KC_AGENT_REPLAY"
)

// providerEnv are each provider's key and base URL variables.
var providerEnv = map[string]struct{ key, baseURL string }{
	"openai":    {"OPENAI_API_KEY", "OPENAI_BASE_URL"},
	"anthropic": {"ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"},
}

// replyBounds states the fixed bounds of a model reply, whatever the
// server sends (agent.MaxResponseBytes, MaxReplyToolCalls, MaxTurnTokens).
var replyBounds = fmt.Sprintf("Every reply is bounded: a body over %d MiB fails the attempt with a provider error (not retried, not read further); "+
	"past %d tool calls in one reply the rest are dropped and the reply's text says so (of those, --max-tool-calls run); "+
	"a usage token count below 0, fractional or over %d is a provider error (not retried); OpenAI's custom tool calls are not run "+
	"(the model is told to call the function tools)", agent.MaxResponseBytes>>20, agent.MaxReplyToolCalls, agent.MaxTurnTokens)

// providerFlags are the flags that configure a model provider, shared by
// run and bench.
func providerFlags() []cli.Flag {
	cat := "model provider"
	return []cli.Flag{
		&cli.StringFlag{Name: "base-url", Category: cat, Usage: "send model calls to `URL`: an OpenAI-compatible server (vLLM " +
			"http://localhost:8000/v1, llama.cpp http://localhost:8080/v1, Ollama http://localhost:11434/v1) or an Anthropic proxy " +
			"(default: $OPENAI_BASE_URL or $ANTHROPIC_BASE_URL, else the provider's own API). A local server needs no key. " + replyBounds},
		&cli.StringFlag{Name: "api-key-env", Category: cat, Usage: "read the API key from environment variable `NAME` " +
			"(default: OPENAI_API_KEY for openai:, ANTHROPIC_API_KEY for anthropic:); keys are never written to records, trajectories or errors"},
		&cli.DurationFlag{Name: "timeout", Category: cat, EnvVars: []string{envTimeout},
			Usage: "abandon a model call after `DURATION` and retry it", DefaultText: "5m"},
		&cli.IntFlag{Name: "retries", Category: cat, EnvVars: []string{envRetries}, Value: agent.DefaultMaxRetries,
			Usage: "retry a failed model call up to `N` times on 429, 408, 409, 5xx, timeouts and connection errors, with exponential backoff and jitter, " +
				"waiting as long as the server's Retry-After asks (0: no retries; -1 too). Other 4xx fail at once"},
		&cli.IntFlag{Name: "max-tokens", Category: cat, EnvVars: []string{envMaxTokens},
			Usage: "at most `N` output tokens per model turn", DefaultText: "the server's for openai:, 8192 for anthropic:"},
		&cli.Float64Flag{Name: "temperature", Category: cat, EnvVars: []string{envTemperature},
			Usage: "sampling temperature `T` (some models accept none)", DefaultText: "the model's"},
		&cli.Float64Flag{Name: "price-in", Category: cat, EnvVars: []string{envPriceIn},
			Usage:       "price input tokens at `USD` per million, for the record's cost",
			DefaultText: "the built-in price of known OpenAI and Anthropic models on their own APIs, else 0"},
		&cli.Float64Flag{Name: "price-out", Category: cat, EnvVars: []string{envPriceOut},
			Usage: "price output tokens at `USD` per million", DefaultText: "as --price-in"},
		&cli.StringFlag{Name: "replay", Category: cat, EnvVars: []string{envReplay},
			Usage: "with --model replay: play the cell's trajectory from `DIR` (as --out wrote it: MODEL_TARGET_TASK_cN_sSEED.jsonl; " +
				"--model replay:MODEL picks the model's when several are there); the tools run again, and the final kernel is judged " +
				"on the recorded hidden seed (does the recording reproduce?) and on a fresh one (does the kernel hold?): success needs both"},
		&cli.BoolFlag{Name: "reproduce-only", Category: cat,
			Usage: "with --model replay: judge on the recorded hidden seed only, as the recording was judged (debugging a recording; " +
				"it proves nothing about the kernel: a recorded seed is public, and a kernel can recognise its case)"},
	}
}

// retries maps --retries N to ProviderConfig.MaxRetries, whose zero value
// means the default: 0 (and any negative N) turns retries off.
func retries(n int) int {
	if n <= 0 {
		return -1
	}
	return n
}

// providerConfig reads the provider flags (and the environment) into an
// agent.ProviderConfig. Keys and base URLs are filled for every provider
// from its own variables (so a bench can mix openai: and anthropic:
// models); --base-url and --api-key-env apply to all of them.
func providerConfig(c *cli.Context) agent.ProviderConfig {
	cfg := agent.ProviderConfig{
		BaseURL:       c.String("base-url"),
		Timeout:       c.Duration("timeout"),
		MaxRetries:    retries(c.Int("retries")),
		MaxTokens:     c.Int("max-tokens"),
		PriceIn:       c.Float64("price-in"),
		PriceOut:      c.Float64("price-out"),
		ReplayDir:     c.String("replay"),
		ReproduceOnly: c.Bool("reproduce-only"),
		Seed:          c.Uint64("seed"),
		APIKeys:       map[string]string{},
		BaseURLs:      map[string]string{},
	}
	if c.IsSet("temperature") {
		t := c.Float64("temperature")
		cfg.Temperature = &t
	}
	for kind, env := range providerEnv {
		cfg.APIKeys[kind] = os.Getenv(env.key)
		cfg.BaseURLs[kind] = os.Getenv(env.baseURL)
	}
	if name := c.String("api-key-env"); name != "" {
		cfg.APIKeyEnv = name
		cfg.APIKey = os.Getenv(name)
		for kind := range cfg.APIKeys {
			cfg.APIKeys[kind] = cfg.APIKey
		}
	}
	return cfg
}

// limitFlags are the flags of an attempt's limits (run and bench).
func limitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.DurationFlag{Name: "cell-timeout", Value: agent.DefaultCellTimeout, Usage: "wall-clock limit of one attempt; past it the attempt stops (stop reason timeout), its last passing kernel is judged and the record is kept"},
		&cli.IntFlag{Name: "max-tool-calls", Value: agent.DefaultMaxToolCalls, Usage: "tool calls of one model turn that are run; the rest get an error result"},
		&cli.IntFlag{Name: "max-reply-bytes", Value: agent.DefaultMaxReplyBytes, Usage: "largest model reply (text and tool calls); a larger one runs no tool"},
		&cli.DurationFlag{Name: "tool-timeout", Value: agent.DefaultToolTimeout, Usage: fmt.Sprintf("deadline of each assemble, run or profile call (the final judgement gets %dx as long); "+
			"past it the call ends with an error result. Each such call runs in a worker process (kc-agent itself), so a crash or a runaway call ends only that call "+
			"(the model-free baseline provider's, the repository's own kernels, run in process)", agent.JudgeTimeoutFactor)},
		&cli.IntFlag{Name: "tool-memory", Value: agent.DefaultWorkerMemory >> 20, Usage: "address space of a tool call's worker process in `MiB`; past it the call ends with an out-of-memory error result"},
	}
}

// maxToolMemory bounds --tool-memory (MiB).
const maxToolMemory = 1 << 20

// isolation is the worker process of the tool calls: this executable's
// hidden tool-worker command.
func isolation(c *cli.Context) (*agent.Isolation, error) {
	mib := c.Int("tool-memory")
	if mib < 256 || mib > maxToolMemory {
		return nil, fmt.Errorf("--tool-memory %d: want 256 to %d MiB", mib, maxToolMemory)
	}
	if c.Duration("tool-timeout") <= 0 {
		return nil, fmt.Errorf("--tool-timeout must be positive")
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("the tool calls' worker process: %v", err)
	}
	return &agent.Isolation{Command: []string{exe, workerCommandName}, Memory: int64(mib) << 20}, nil
}

// limitOptions reads limitFlags into attempt options.
func limitOptions(c *cli.Context, opt agent.Options) agent.Options {
	opt.CellTimeout = c.Duration("cell-timeout")
	opt.MaxToolCalls = c.Int("max-tool-calls")
	opt.MaxReplyBytes = c.Int("max-reply-bytes")
	opt.ToolTimeout = c.Duration("tool-timeout")
	return opt
}
