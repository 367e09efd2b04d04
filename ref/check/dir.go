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
)

// Dir judges a result directory (RESULT/NAME.npy per output, optionally
// per input, and stats.json, as kc-sim --case writes them) against a case
// directory (case.json and its .npy files). An error means the input
// could not be read: a missing or malformed case, a missing output file.
func Dir(caseDir, resultDir string) (Verdict, error) {
	c, err := ReadCase(caseDir)
	if err != nil {
		return Verdict{}, err
	}
	expected, inputs := map[string]*sim.Tensor{}, map[string]*sim.Tensor{}
	for _, ts := range c.Tensors {
		if ts.File == "" || ts.Role == ref.RoleScratch {
			continue
		}
		t, err := readNPY(filepath.Join(caseDir, ts.File))
		if err != nil {
			return Verdict{}, fmt.Errorf("case %s: tensor %s: %w", caseDir, ts.Name, err)
		}
		if ts.Role == ref.RoleOut {
			expected[ts.Name] = t
		} else {
			inputs[ts.Name] = t
		}
	}
	res := &Result{Outputs: map[string]*sim.Tensor{}}
	for _, ts := range c.Tensors {
		p := filepath.Join(resultDir, ts.Name+".npy")
		t, err := readNPY(p)
		switch {
		case err == nil:
			res.Outputs[ts.Name] = t
		case ts.Role == ref.RoleOut:
			return Verdict{}, fmt.Errorf("result %s: output %s: %w", resultDir, ts.Name, err)
		case !errors.Is(err, fs.ErrNotExist):
			return Verdict{}, fmt.Errorf("result %s: %s: %w", resultDir, ts.Name, err)
		}
	}
	if err := readStats(filepath.Join(resultDir, "stats.json"), res); err != nil {
		return Verdict{}, err
	}
	return Check(c, expected, inputs, res), nil
}

// ReadCase reads and sanity-checks DIR/case.json.
func ReadCase(dir string) (*ref.Case, error) {
	data, err := os.ReadFile(filepath.Join(dir, "case.json"))
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", dir, err)
	}
	var c ref.Case
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("case %s: case.json: %w", dir, err)
	}
	if c.Format != ref.CaseFormat {
		return nil, fmt.Errorf("case %s: case.json format %d, this checker reads format %d", dir, c.Format, ref.CaseFormat)
	}
	outs := 0
	for _, ts := range c.Tensors {
		if _, err := lookupElemType(ts.DType); err != nil {
			return nil, fmt.Errorf("case %s: tensor %s: %w", dir, ts.Name, err)
		}
		if ts.Role == ref.RoleOut {
			outs++
		}
	}
	if outs == 0 {
		return nil, fmt.Errorf("case %s: case.json has no output tensor", dir)
	}
	return &c, nil
}

func readNPY(path string) (*sim.Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := sim.ReadNPY(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// stats is the part of stats.json the checker reads.
type stats struct {
	Halt        string      `json:"halt"`
	HaltMessage string      `json:"halt_message"`
	ExitStatus  int         `json:"exit_status"`
	Written     []sim.Range `json:"written_ranges"`
}

func readStats(path string, res *Result) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var s stats
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	res.Halt, res.HaltMessage = s.Halt, s.HaltMessage
	res.HaltOK = s.Halt != "" && s.ExitStatus == 0 && (s.Halt == "pause" || s.Halt == "exit" || s.Halt == "tohost")
	// written_ranges is omitted when empty; a stats.json with a halt
	// reason comes from a simulator that reports them.
	res.Written, res.WrittenKnown = s.Written, s.Halt != ""
	return nil
}
