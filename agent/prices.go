package agent

import (
	"net/url"
	"strings"
)

// Price is a model's price in USD per million tokens: fresh input, input
// read from the prompt cache, input written to it, and output. A zero
// CacheRead or CacheWrite prices those tokens as fresh input.
type Price struct {
	In, CacheRead, CacheWrite, Out float64
}

// Cost is the USD cost of one turn's usage at this price.
func (p Price) Cost(u Usage) float64 {
	read, write := p.CacheRead, p.CacheWrite
	if read == 0 {
		read = p.In
	}
	if write == 0 {
		write = p.In
	}
	fresh := u.InputTokens - u.CacheReadTokens - u.CacheWriteTokens
	if fresh < 0 {
		fresh = 0
	}
	return (float64(fresh)*p.In + float64(u.CacheReadTokens)*read +
		float64(u.CacheWriteTokens)*write + float64(u.OutputTokens)*p.Out) / 1e6
}

// Prices are the built-in prices of known models by provider, in USD per
// million tokens (standard tier, no batch discount; Anthropic's cache
// writes at the 5-minute rate). A model matches its exact name or its name
// followed by a dated snapshot suffix ("gpt-4o-2024-08-06",
// "claude-sonnet-4-5-20250929") or "-latest"; any other model costs 0
// unless --price-in/--price-out are given.
//
// Sources, read 2026-11-23: Anthropic, platform.claude.com/docs/en/about-claude/pricing
// (official model pricing table); OpenAI, the model prices of
// platform.openai.com/docs/pricing (gpt-4o, gpt-4.1, o3, o4-mini and
// gpt-5 families as published in 2025; gpt-5.4 and gpt-5.5 as the official
// page listed them in June 2026). Prices change: check them before
// quoting costs, and pass --price-in/--price-out to override.
var Prices = map[string]map[string]Price{
	"openai": {
		"gpt-4o":       {In: 2.50, CacheRead: 1.25, Out: 10},
		"gpt-4o-mini":  {In: 0.15, CacheRead: 0.075, Out: 0.60},
		"gpt-4.1":      {In: 2.00, CacheRead: 0.50, Out: 8},
		"gpt-4.1-mini": {In: 0.40, CacheRead: 0.10, Out: 1.60},
		"gpt-4.1-nano": {In: 0.10, CacheRead: 0.025, Out: 0.40},
		"o3":           {In: 2.00, CacheRead: 0.50, Out: 8},
		"o4-mini":      {In: 1.10, CacheRead: 0.275, Out: 4.40},
		"gpt-5":        {In: 1.25, CacheRead: 0.125, Out: 10},
		"gpt-5-mini":   {In: 0.25, CacheRead: 0.025, Out: 2},
		"gpt-5-nano":   {In: 0.05, CacheRead: 0.005, Out: 0.40},
		"gpt-5.4":      {In: 2.50, CacheRead: 0.25, Out: 15},
		"gpt-5.5":      {In: 5.00, CacheRead: 0.50, Out: 30},
	},
	"anthropic": {
		"claude-opus-4-8":   {In: 5, CacheRead: 0.50, CacheWrite: 6.25, Out: 25},
		"claude-opus-4-7":   {In: 5, CacheRead: 0.50, CacheWrite: 6.25, Out: 25},
		"claude-opus-4-6":   {In: 5, CacheRead: 0.50, CacheWrite: 6.25, Out: 25},
		"claude-opus-4-5":   {In: 5, CacheRead: 0.50, CacheWrite: 6.25, Out: 25},
		"claude-opus-4-1":   {In: 15, CacheRead: 1.50, CacheWrite: 18.75, Out: 75},
		"claude-opus-4-0":   {In: 15, CacheRead: 1.50, CacheWrite: 18.75, Out: 75},
		"claude-opus-4":     {In: 15, CacheRead: 1.50, CacheWrite: 18.75, Out: 75},
		"claude-sonnet-4-6": {In: 3, CacheRead: 0.30, CacheWrite: 3.75, Out: 15},
		"claude-sonnet-4-5": {In: 3, CacheRead: 0.30, CacheWrite: 3.75, Out: 15},
		"claude-sonnet-4-0": {In: 3, CacheRead: 0.30, CacheWrite: 3.75, Out: 15},
		"claude-sonnet-4":   {In: 3, CacheRead: 0.30, CacheWrite: 3.75, Out: 15},
		"claude-3-7-sonnet": {In: 3, CacheRead: 0.30, CacheWrite: 3.75, Out: 15},
		"claude-haiku-4-5":  {In: 1, CacheRead: 0.10, CacheWrite: 1.25, Out: 5},
		"claude-3-5-haiku":  {In: 0.80, CacheRead: 0.08, CacheWrite: 1, Out: 4},
		"claude-3-haiku":    {In: 0.25, CacheRead: 0.03, CacheWrite: 0.30, Out: 1.25},
	},
}

// LookupPrice is the built-in price of a provider's model (false when the
// model is unknown).
func LookupPrice(provider, model string) (Price, bool) {
	table := Prices[provider]
	if p, ok := table[model]; ok {
		return p, true
	}
	// The longest known name that model extends by a snapshot suffix.
	best := ""
	for name := range table {
		if len(name) > len(best) && strings.HasPrefix(model, name+"-") && isSnapshotSuffix(model[len(name)+1:]) {
			best = name
		}
	}
	if best == "" {
		return Price{}, false
	}
	return table[best], true
}

// isSnapshotSuffix: "latest", "20250929" or "2024-08-06".
func isSnapshotSuffix(s string) bool {
	if s == "latest" {
		return true
	}
	digits := strings.ReplaceAll(s, "-", "")
	if len(digits) != 8 || (len(s) != 8 && len(s) != 10) {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// priceFor is the price a provider charges: --price-in/--price-out when
// either is given (every input token then costs PriceIn, cached or not),
// else the built-in price when the endpoint is the provider's own (a
// vLLM, Ollama or proxy endpoint has its own prices, or none), else zero.
func priceFor(provider, model string, cfg ProviderConfig, officialHost string) Price {
	if cfg.PriceIn != 0 || cfg.PriceOut != 0 {
		return Price{In: cfg.PriceIn, Out: cfg.PriceOut}
	}
	if cfg.BaseURL != "" {
		u, err := url.Parse(cfg.BaseURL)
		if err != nil || u.Hostname() != officialHost {
			return Price{}
		}
	}
	p, _ := LookupPrice(provider, model)
	return p
}
