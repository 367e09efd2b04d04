package ref

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"kernelcraft/sim"
)

// allCases lists every supported (target, task, config).
func allCases() [][3]any {
	var out [][3]any
	for _, tg := range Targets {
		for _, t := range Supported(tg) {
			for n := 1; n <= NumConfigs; n++ {
				out = append(out, [3]any{tg, t.ID, n})
			}
		}
	}
	return out
}

func TestSupportMatrix(t *testing.T) {
	want := map[string]int{"plena": 20, "aie2": 22, "coral": 15}
	for tg, n := range want {
		if got := len(Supported(tg)); got != n {
			t.Errorf("%s supports %d tasks, want %d", tg, got, n)
		}
	}
	if n := len(allCases()); n != 285 {
		t.Errorf("%d cases, want 285", n)
	}
	if len(Tasks()) != 23 {
		t.Errorf("%d tasks, want 23", len(Tasks()))
	}
}

func TestGenerateAll(t *testing.T) {
	for _, k := range allCases() {
		tg, task, n := k[0].(string), k[1].(string), k[2].(int)
		start := time.Now()
		c, tensors, err := Generate(tg, task, n, DefaultSeed, false)
		if err != nil {
			t.Errorf("%s %s %d: %v", tg, task, n, err)
			continue
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%s %s %d: generated case does not validate: %v", tg, task, n, err)
		}
		for _, s := range c.Tensors {
			if s.Role != RoleScratch && tensors[s.Name] == nil {
				t.Errorf("%s %s %d: no data for %s", tg, task, n, s.Name)
			}
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Logf("%s %s %d: %v", tg, task, n, d)
		}
	}
}

var _ = bytes.Equal
var _ = fmt.Sprint
var _ sim.Tensor
