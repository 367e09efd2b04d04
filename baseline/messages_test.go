package baseline

import (
	"strings"
	"testing"
)

// TestUnknownTargetIsNotMissingBaselines: a target ref does not know is
// reported as unknown, not as one whose baselines are yet to come.
func TestUnknownTargetIsNotMissingBaselines(t *testing.T) {
	if err := CheckKind("plna", ""); err == nil || !strings.Contains(err.Error(), `unknown target "plna"`) {
		t.Errorf("CheckKind: %v", err)
	}
	if _, err := Baseline("plna", "", "relu", 1); err == nil || !strings.Contains(err.Error(), `unknown target "plna"`) {
		t.Errorf("Baseline: %v", err)
	}
}
