package ref

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"

	"kernelcraft/internal/bounded"
)

// CaseFile is the manifest's name in a case directory.
const CaseFile = "case.json"

// WriteCase writes case.json and one .npy per tensor that has a file into
// dir (created if needed).
func WriteCase(dir string, c *Case, tensors map[string]*sim.Tensor) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, s := range c.Tensors {
		if s.File == "" {
			continue
		}
		t, ok := tensors[s.Name]
		if !ok {
			return fmt.Errorf("write case: no data for tensor %s", s.Name)
		}
		var buf bytes.Buffer
		if err := sim.WriteNPY(&buf, t); err != nil {
			return fmt.Errorf("write case: %s: %w", s.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, s.File), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	data, err := MarshalCase(c)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, CaseFile), data, 0o644)
}

// MarshalCase renders case.json (indented, stable).
func MarshalCase(c *Case) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MaxCaseJSONBytes bounds a case.json: the largest case's is about 25 KB.
const MaxCaseJSONBytes = 4 << 20

// LoadCase reads and validates a case directory: case.json and the .npy
// of every tensor that has one (inputs, consts, expected outputs).
func LoadCase(dir string) (*Case, map[string]*sim.Tensor, error) {
	data, err := bounded.ReadFile(filepath.Join(dir, CaseFile), MaxCaseJSONBytes)
	if err != nil {
		if errors.Is(err, bounded.ErrTooLarge) {
			return nil, nil, fmt.Errorf("%s: %w: a case description holds at most %d bytes", filepath.Join(dir, CaseFile), err, MaxCaseJSONBytes)
		}
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil, fmt.Errorf("%s is not a case directory: no %s (make one with kc-ref gen)", dir, CaseFile)
		}
		return nil, nil, err
	}
	c, err := ParseCase(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", filepath.Join(dir, CaseFile), err)
	}
	tensors := map[string]*sim.Tensor{}
	for _, s := range c.Tensors {
		if s.File == "" {
			continue
		}
		t, err := ReadTensorFile(filepath.Join(dir, s.File), s)
		if err != nil {
			return nil, nil, err
		}
		tensors[s.Name] = t
	}
	return c, tensors, nil
}

// ReadTensorFile reads a tensor's .npy and checks it against the spec's
// dtype and shape (bfloat16 files hold uint16 bit patterns). The shape
// must be the spec's exactly: a result of shape (256,) where the case says
// [16, 16] is a wrong file, not a kernel's result to judge by value.
func ReadTensorFile(path string, s TensorSpec) (*sim.Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tensor %s: %w", s.Name, err)
	}
	defer f.Close()
	t, err := sim.ReadNPY(f)
	if err != nil {
		return nil, fmt.Errorf("tensor %s: %s: %w", s.Name, path, err)
	}
	want, _ := simDType(s.DType)
	if t.DType.Size != want.Size || (t.DType.Name != want.Name && !(s.DType == "bfloat16" && t.DType.Size == 2)) {
		return nil, fmt.Errorf("tensor %s: %s holds %s, case.json says %s", s.Name, path, t.DType.Name, s.DType)
	}
	if !slices.Equal(t.Shape, s.Shape) {
		return nil, fmt.Errorf("tensor %s: %s has shape %v, case.json says %v", s.Name, path, t.Shape, s.Shape)
	}
	t.DType = want
	t.Shape = append([]int(nil), s.Shape...)
	return t, nil
}

// ParseCase decodes and validates case.json. Errors name the field.
func ParseCase(data []byte) (*Case, error) {
	var c Case
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("case.json: %w", err)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// maxElems bounds a tensor's element count (as sim.ReadNPY does).
const maxElems = 1 << 28

// Validate checks a case's internal consistency: known target, task and
// hardware config, tensors with valid names, roles, dtypes and shapes,
// inside one memory region each and not overlapping, registers that name
// tensors or numbers, finite tolerances.
func (c *Case) Validate() error {
	if c.Format != CaseFormat {
		return fmt.Errorf("case.json: format %d, this kc-ref reads format %d", c.Format, CaseFormat)
	}
	if err := CheckTarget(c.Target); err != nil {
		return fmt.Errorf("case.json: target: %w", err)
	}
	t, err := Lookup(c.Task)
	if err != nil {
		return fmt.Errorf("case.json: task: %w", err)
	}
	if !t.Supports(c.Target) {
		return fmt.Errorf("case.json: task %s is not supported on %s", t.ID, c.Target)
	}
	if c.Level != t.Level {
		return fmt.Errorf("case.json: level %d, task %s is level %d", c.Level, t.ID, t.Level)
	}
	if c.Config < 1 || c.Config > NumConfigs {
		return fmt.Errorf("case.json: config %d: want 1..%d", c.Config, NumConfigs)
	}
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return fmt.Errorf("case.json: hw: %w", err)
	}
	if hw.ISA != c.Target {
		return fmt.Errorf("case.json: hardware config %s is for %s, not %s", hw.Name, hw.ISA, c.Target)
	}
	if len(c.Tensors) == 0 {
		return fmt.Errorf("case.json: no tensors")
	}
	names := map[string]bool{}
	outs := 0
	type span struct {
		name       string
		start, end uint64
	}
	var spans []span
	for i, s := range c.Tensors {
		where := fmt.Sprintf("case.json: tensors[%d] (%q)", i, s.Name)
		if s.Name == "" || strings.ContainsAny(s.Name, `/\`) || s.Name == "stats" || s.Name == "." || s.Name == ".." {
			return fmt.Errorf("%s: name must be non-empty, not \"stats\", without path separators", where)
		}
		if names[s.Name] {
			return fmt.Errorf("%s: duplicate name", where)
		}
		names[s.Name] = true
		switch s.Role {
		case RoleIn, RoleConst, RoleScratch:
		case RoleOut:
			outs++
		default:
			return fmt.Errorf("%s: role %q (want in, out, scratch or const)", where, s.Role)
		}
		if _, err := DTypeSize(s.DType); err != nil {
			return fmt.Errorf("%s: dtype: %w", where, err)
		}
		n := 1
		for _, d := range s.Shape {
			if d < 0 || d > maxElems || n*d > maxElems {
				return fmt.Errorf("%s: shape %v: dimensions must be >= 0 and the tensor at most %d elements", where, s.Shape, maxElems)
			}
			n *= d
		}
		if s.Role == RoleScratch {
			if s.File != "" {
				return fmt.Errorf("%s: scratch has no file", where)
			}
		} else if s.File == "" || filepath.Base(s.File) != s.File || !strings.HasSuffix(s.File, ".npy") || s.File == ".npy" {
			return fmt.Errorf("%s: file %q: want NAME.npy in the case directory", where, s.File)
		}
		var region *isadefs.Region
		for j := range hw.Memory {
			if hw.Memory[j].Name == s.Memory {
				region = &hw.Memory[j]
			}
		}
		if region == nil {
			return fmt.Errorf("%s: memory %q is not a region of %s", where, s.Memory, hw.Name)
		}
		if err := s.checkLayout(); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		for k, sp := range s.Spans() {
			bytes := sp.End - sp.Start
			if sp.Start < uint64(region.Base) || sp.End > region.End() || sp.End < sp.Start {
				what := "bytes"
				if k > 0 {
					what = "scale bytes"
				}
				return fmt.Errorf("%s: %d %s at %#x are outside %s [%#x, %#x)", where, bytes, what, sp.Start, region.Name, uint64(region.Base), region.End())
			}
			name := s.Name
			if k > 0 {
				name += " (scales)"
			}
			spans = append(spans, span{name, sp.Start, sp.End})
		}
	}
	if outs == 0 {
		return fmt.Errorf("case.json: no tensor has role out")
	}
	slices.SortFunc(spans, func(a, b span) int {
		if a.start < b.start {
			return -1
		}
		if a.start > b.start {
			return 1
		}
		return 0
	})
	for i := 1; i < len(spans); i++ {
		if spans[i].start < spans[i-1].end {
			return fmt.Errorf("case.json: tensors %s and %s overlap", spans[i-1].name, spans[i].name)
		}
	}
	for r, v := range c.Convention.Registers {
		if r == "" {
			return fmt.Errorf("case.json: calling_convention: empty register name")
		}
		if !names[v] {
			if _, err := strconv.ParseUint(v, 0, 32); err != nil {
				return fmt.Errorf("case.json: calling_convention: %s = %q is neither a tensor nor a 32-bit number", r, v)
			}
		}
	}
	for dt, tol := range c.Tolerance {
		if _, err := DTypeSize(dt); err != nil {
			return fmt.Errorf("case.json: tolerance: %w", err)
		}
		for _, v := range []float64{tol.ATol, tol.RTol} {
			if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("case.json: tolerance %s: atol and rtol must be finite and >= 0", dt)
			}
		}
		if tol.MaxULP < 0 {
			return fmt.Errorf("case.json: tolerance %s: max_ulp must be >= 0", dt)
		}
	}
	return nil
}
