package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"kernelcraft/agent"
)

// TestISAManualMatchesAgent: kc-as --isa NAME prints exactly what the
// agent's isa_manual tool returns for section NAME (the tool cuts texts
// longer than agent.MaxManualChars; the rest is identical), and an
// unknown name is the tool's error text on stderr with exit 2.
func TestISAManualMatchesAgent(t *testing.T) {
	env, err := agent.NewEnv("coral", "relu", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		unknown bool
	}{
		{name: ""}, {name: "overview"}, {name: "Zbb"}, {name: "zve32x"}, {name: "pseudo"}, {name: "cycles"},
		{name: "vadd.vv"}, {name: "VWMUL.VV"}, {name: "vdivu.vv"}, {name: "vle32.v"}, {name: "lw"}, {name: "div"},
		{name: "flw"}, {name: "bne"}, {name: "li"}, {name: "mpause"}, {name: "vsetvli"},
		{name: "vadd.w", unknown: true}, {name: "AVX512", unknown: true}, {name: "vfadd.vv", unknown: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args, _ := json.Marshal(map[string]string{"section": tc.name})
			want := env.Call(context.Background(), agent.ToolISAManual, string(args)).Text
			cliArgs := []string{"--isa"}
			if tc.name != "" {
				cliArgs = append(cliArgs, tc.name)
			}
			code, out, stderr := runKCAs(t, nil, cliArgs...)
			if tc.unknown {
				if code != exitUsage || out != "" || stderr != "kc-as: "+strings.TrimPrefix(want, "error: ") {
					t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and the tool's error %q", code, out, stderr, exitUsage, want)
				}
				return
			}
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := agent.Truncate(out, agent.MaxManualChars); got != want {
				t.Errorf("kc-as --isa %s differs from isa_manual:\n--- kc-as\n%s\n--- isa_manual\n%s", tc.name, got, want)
			}
		})
	}
}

// TestISAManualUsage: the target and config flags apply, and bad use is a
// usage error.
func TestISAManualUsage(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		code     int
		contains string
	}{
		{[]string{"--isa", "vfadd.vv", "--hw", "coral-f"}, 0, "syntax: vfadd.vv vd, vs2, vs1, vm"},
		{[]string{"--isa", "vfadd.vv"}, exitUsage, "which hardware config coral does not enable (coral-f does)"},
		{[]string{"--isa", "vad.vv"}, exitUsage, "did you mean vadd.vv"},
		{[]string{"--isa", "cycles", "extra"}, exitUsage, "--isa takes at most one name"},
		{[]string{"--isa", "vmac.f", "-t", "aie2"}, 0, "## form 1: vmac.f bmd, bmacc, xa, xb, rcfg"},
		{[]string{"--isa", "M_MM", "-t", "plena"}, 0, "M_MM"},
		{[]string{"--isa", "--hw", "nosuch"}, exitUsage, "nosuch"},
	} {
		code, out, stderr := runKCAs(t, nil, tc.args...)
		if code != tc.code || !strings.Contains(out+stderr, tc.contains) {
			t.Errorf("kc-as %s: exit %d, want %d with %q:\n%s%s", strings.Join(tc.args, " "), code, tc.code, tc.contains, out, stderr)
		}
	}
}
