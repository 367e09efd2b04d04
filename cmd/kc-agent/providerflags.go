package main

import (
	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
)

// providerFlags are the flags that configure a model provider, shared by
// run and bench.
func providerFlags() []cli.Flag {
	return []cli.Flag{
		&cli.DurationFlag{Name: "timeout", Usage: "per model call timeout (0: the provider's default)"},
		&cli.IntFlag{Name: "retries", Usage: "retries on 429/5xx/timeouts (0: the default)"},
	}
}

// providerConfig reads the provider flags (and the environment) into an
// agent.ProviderConfig.
func providerConfig(c *cli.Context) agent.ProviderConfig {
	return agent.ProviderConfig{Timeout: c.Duration("timeout"), MaxRetries: c.Int("retries")}
}
