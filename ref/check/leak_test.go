package check

import (
	"regexp"
	"slices"
	"testing"
)

// TestVerdictShowsTwoExpectedValues: whatever is wrong with an output,
// its diagnosis shows at most two expected values (the first and the
// largest mismatch), so probing a case through the run tool reads back
// two values per run at most (issue 15).
func TestVerdictShowsTwoExpectedValues(t *testing.T) {
	expectedNum := regexp.MustCompile(`expected -?[0-9]`)
	for _, tc := range []struct {
		task  string
		wrong []int // flat indices made wrong
	}{
		{"relu", []int{3}}, {"relu", []int{1, 5, 9}}, {"gemv", []int{0, 2, 4, 6}},
		{"softmax", []int{7, 8}}, {"relu", nil}, // nil: every element
	} {
		m := loadMCase(t, "coral", tc.task, 1)
		vals := slices.Clone(m.e)
		for i := range vals {
			if tc.wrong == nil || slices.Contains(tc.wrong, i) {
				vals[i] = vals[i]*3 + 7
			}
		}
		v := m.check(m.enc(t, vals), m.okWritten())
		if v.Pass {
			t.Fatalf("%s %v passes", tc.task, tc.wrong)
		}
		if n := len(expectedNum.FindAllString(v.String(), -1)); n > 2 {
			t.Errorf("%s with %v wrong: the verdict shows %d expected values:\n%s", tc.task, tc.wrong, n, v)
		}
	}
}
