package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"kernelcraft/ref"
	"kernelcraft/sim"

	"kernelcraft/internal/bounded"
)

// Dir judges a result directory (RESULT/NAME.npy per output, optionally
// per input, and stats.json, as kc-sim --case writes them) against a case
// directory (case.json and its .npy files). An error means the input
// could not be read: a missing or malformed case, a missing output file,
// a missing stats.json or one without a halt reason (without them the
// halt and the written ranges could not be judged).
func Dir(caseDir, resultDir string) (Verdict, error) {
	c, tensors, err := ref.LoadCase(caseDir)
	if err != nil {
		return Verdict{}, err
	}
	outs := 0
	expected, inputs := map[string]*sim.Tensor{}, map[string]*sim.Tensor{}
	for _, ts := range c.Tensors {
		if _, err := lookupElemType(ts.DType); err != nil {
			return Verdict{}, fmt.Errorf("case %s: tensor %s: %w", caseDir, ts.Name, err)
		}
		switch {
		case ts.Role == ref.RoleOut:
			outs++
			if tensors[ts.Name] == nil {
				return Verdict{}, fmt.Errorf("case %s: output %s has no expected values (no file)", caseDir, ts.Name)
			}
			expected[ts.Name] = tensors[ts.Name]
		case tensors[ts.Name] != nil:
			inputs[ts.Name] = tensors[ts.Name]
		}
	}
	if outs == 0 {
		return Verdict{}, fmt.Errorf("case %s: case.json has no output tensor", caseDir)
	}
	res := &Result{Outputs: map[string]*sim.Tensor{}}
	for _, ts := range c.Tensors {
		p := filepath.Join(resultDir, ts.Name+".npy")
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			if ts.Role == ref.RoleOut {
				return Verdict{}, fmt.Errorf("result %s: no %s.npy for output %s (run kc-sim --case %s -o %s)", resultDir, ts.Name, ts.Name, caseDir, resultDir)
			}
			continue
		}
		t, err := ref.ReadTensorFile(p, ts)
		if err != nil {
			return Verdict{}, fmt.Errorf("result %s: %w", resultDir, err)
		}
		res.Outputs[ts.Name] = t
	}
	if err := readStats(filepath.Join(resultDir, "stats.json"), res); err != nil {
		return Verdict{}, err
	}
	return Check(c, expected, inputs, res), nil
}

// maxStatsBytes bounds a stats.json: kc-sim's are a few KB (its written
// ranges are merged).
const maxStatsBytes = 16 << 20

// stats is the part of stats.json the checker reads.
type stats struct {
	Halt        string      `json:"halt"`
	HaltMessage string      `json:"halt_message"`
	ExitStatus  int         `json:"exit_status"`
	Written     []sim.Range `json:"written_ranges"`
}

func readStats(path string, res *Result) error {
	data, err := bounded.ReadFile(path, maxStatsBytes)
	if errors.Is(err, bounded.ErrTooLarge) {
		return fmt.Errorf("%s: %w: kc-sim's stats.json holds at most %d bytes", path, err, maxStatsBytes)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("result %s: no stats.json: the halt reason and the written ranges cannot be judged without it (kc-sim --case CASE -o %s writes it)", filepath.Dir(path), filepath.Dir(path))
	}
	if err != nil {
		return err
	}
	var s stats
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if s.Halt == "" {
		return fmt.Errorf("%s: no halt reason (\"halt\"): how the run ended cannot be judged", path)
	}
	res.Halt, res.HaltMessage = s.Halt, s.HaltMessage
	res.HaltOK = s.ExitStatus == 0 && (s.Halt == "pause" || s.Halt == "exit" || s.Halt == "tohost" || s.Halt == "end")
	// written_ranges is omitted when empty (the kernel stored nothing);
	// a stats.json with a halt reason comes from a simulator that reports
	// them, exact to the byte.
	res.Written, res.WrittenKnown = s.Written, true
	return nil
}
