package sim

import (
	"strings"
	"testing"
	"time"
)

func TestSigFigs(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {0.00740123, "0.00740"}, {0.0123, "0.0123"}, {1.5, "1.50"}, {56.78, "56.8"}, {123.4, "123"}, {98765.4, "98765"},
	} {
		if got := SigFigs(tc.v, 3); got != tc.want {
			t.Errorf("SigFigs(%v, 3) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// TestWriteTextStalls: dispatch stalls are summed apart from the
// after-dispatch ones, with a word on why the total exceeds the cycles;
// a short run's MIPS keeps its digits.
func TestWriteTextStalls(t *testing.T) {
	st := &Stats{Cycles: 189, Instructions: 74, Wall: 10 * time.Millisecond,
		StallNames:         []string{"raw", "drain", "vector-raw", "vector-struct", "serialize"},
		StallCycles:        []uint64{17, 126, 169, 56, 0},
		StallAfterDispatch: []bool{false, false, true, true, false}}
	var b strings.Builder
	st.WriteText(&b, Halt{Kind: HaltPause})
	for _, want := range []string{
		"stall cycles  dispatch: raw 17, drain 126 (sum 143: ",
		"              after dispatch: vector-raw 169, vector-struct 56 (each instruction's own wait",
		"(0.00740 simulated MIPS)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "serialize") {
		t.Errorf("zero stall shown:\n%s", b.String())
	}
	// A target that does not split its stalls: one line, as before.
	st.StallAfterDispatch = nil
	b.Reset()
	st.WriteText(&b, Halt{Kind: HaltPause})
	if !strings.Contains(b.String(), "stall cycles  raw 17, drain 126, vector-raw 169, vector-struct 56\n") {
		t.Errorf("unsplit stalls:\n%s", b.String())
	}
}
