package editdist

import "testing"

// TestLevenshtein: known distances, empty words included.
func TestLevenshtein(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"stat", "stats", 1}, {"prfile", "profile", 1}, {"kitten", "sitting", 3}, {"", "abc", 3}} {
		if got := Levenshtein(tc.a, tc.b); got != tc.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
