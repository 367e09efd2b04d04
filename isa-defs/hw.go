package isadefs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"kernelcraft/internal/bounded"
)

// HW is a hardware configuration: which ISA and extensions, the memory map,
// and the parameters of the target's timing model.
type HW struct {
	Name        string           `json:"name"`
	Base        string           `json:"base,omitempty"`
	ISA         string           `json:"isa"`
	Description string           `json:"description"`
	Extensions  []string         `json:"extensions"`
	Params      map[string]int64 `json:"params"`
	Memory      []Region         `json:"memory"`
	Timing      map[string]int64 `json:"timing"`
	MaxCycles   int64            `json:"max_cycles"`
	Notes       []string         `json:"notes,omitempty"`
}

// Region is one memory region of a hardware config.
type Region struct {
	Name     string   `json:"name"`
	Base     Size     `json:"base"`
	Size     Size     `json:"size"`
	Perm     string   `json:"perm"` // any of r, w, x
	Sections []string `json:"sections,omitempty"`
}

// End is the first address past the region.
func (r Region) End() uint64 { return uint64(r.Base) + uint64(r.Size) }

// Size is a byte count or address written as a number, "0x…" or "32KiB".
type Size uint64

// UnmarshalJSON accepts numbers and strings such as "0x10000" or "32KiB".
func (s *Size) UnmarshalJSON(b []byte) error {
	var str string
	if err := json.Unmarshal(b, &str); err != nil {
		var n uint64
		if err2 := json.Unmarshal(b, &n); err2 != nil {
			return fmt.Errorf("want a number or a string like \"0x1000\" or \"32KiB\", got %s", b)
		}
		*s = Size(n)
		return nil
	}
	v, err := ParseSize(str)
	*s = Size(v)
	return err
}

// MarshalJSON writes sizes as hexadecimal strings.
func (s Size) MarshalJSON() ([]byte, error) { return json.Marshal(fmt.Sprintf("%#x", uint64(s))) }

// ParseSize parses "4096", "0x1000", "4KiB", "1MiB".
func ParseSize(str string) (uint64, error) {
	str = strings.TrimSpace(str)
	mult := uint64(1)
	for suffix, m := range map[string]uint64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "K": 1 << 10, "M": 1 << 20} {
		if strings.HasSuffix(str, suffix) && !strings.HasPrefix(str, "0x") {
			str, mult = strings.TrimSuffix(str, suffix), m
			break
		}
	}
	v, err := strconv.ParseUint(str, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("bad size or address %q", str)
	}
	return v * mult, nil
}

// Clone is a deep copy of h: changing it changes nothing in h.
func (h *HW) Clone() *HW {
	c := *h
	c.Extensions = slices.Clone(h.Extensions)
	c.Notes = slices.Clone(h.Notes)
	if h.Params != nil {
		c.Params = copyMap(h.Params)
	}
	if h.Timing != nil {
		c.Timing = copyMap(h.Timing)
	}
	if h.Memory != nil {
		c.Memory = make([]Region, len(h.Memory))
		for i, r := range h.Memory {
			r.Sections = slices.Clone(r.Sections)
			c.Memory[i] = r
		}
	}
	return &c
}

// HasExt reports whether the config enables extension ext ("" is always on).
func (h *HW) HasExt(ext string) bool {
	if ext == "" {
		return true
	}
	for _, e := range h.Extensions {
		if strings.EqualFold(e, ext) {
			return true
		}
	}
	return false
}

// Param returns params[key], or def when the key is absent.
func (h *HW) Param(key string, def int64) int64 {
	if v, ok := h.Params[key]; ok {
		return v
	}
	return def
}

// Time returns timing[key], or def when the key is absent.
func (h *HW) Time(key string, def int64) int64 {
	if v, ok := h.Timing[key]; ok {
		return v
	}
	return def
}

// RegionFor returns the region that holds section name (".text.foo" goes
// where ".text" goes), or false.
func (h *HW) RegionFor(section string) (Region, bool) {
	for _, r := range h.Memory {
		for _, s := range r.Sections {
			if section == s || strings.HasPrefix(section, s+".") {
				return r, true
			}
		}
	}
	return Region{}, false
}

// Bounds of a hardware config, so that a config file cannot make a
// simulator allocate without bound or run without end.
const (
	// MaxMemoryTotal bounds the sum of the region sizes (the simulators
	// allocate every region up front).
	MaxMemoryTotal = 1 << 30
	// MaxCyclesLimit bounds max_cycles (at a few hundred million
	// simulated cycles per second, a minute or so of simulation).
	MaxCyclesLimit = 10_000_000_000
	// MaxTimingValue bounds every timing parameter (latencies, unit
	// counts, widths, queue depths).
	MaxTimingValue = 1 << 16
	// MaxParamValue bounds the magnitude of every ISA parameter.
	MaxParamValue = 1 << 32
)

// Validate checks that regions do not overlap, that permissions are valid
// and that every size and parameter is within the bounds above.
func (h *HW) Validate() error {
	if h.Name == "" || h.ISA == "" {
		return fmt.Errorf("hardware config needs a name and an isa")
	}
	if len(h.Memory) == 0 {
		return fmt.Errorf("hw %s: no memory regions", h.Name)
	}
	rs := append([]Region(nil), h.Memory...)
	sort.Slice(rs, func(i, j int) bool { return rs[i].Base < rs[j].Base })
	var total uint64
	for i, r := range rs {
		if r.Size == 0 {
			return fmt.Errorf("hw %s: region %s has size 0", h.Name, r.Name)
		}
		if r.End() < uint64(r.Base) {
			return fmt.Errorf("hw %s: region %s: base %#x + size %#x overflows the address space", h.Name, r.Name, uint64(r.Base), uint64(r.Size))
		}
		if total += uint64(r.Size); total > MaxMemoryTotal || uint64(r.Size) > MaxMemoryTotal {
			return fmt.Errorf("hw %s: the regions hold more than %d MiB (region %s is %d bytes); the simulators allocate them up front", h.Name, MaxMemoryTotal>>20, r.Name, uint64(r.Size))
		}
		if strings.Trim(r.Perm, "rwx") != "" {
			return fmt.Errorf("hw %s: region %s: perm %q (want letters of rwx)", h.Name, r.Name, r.Perm)
		}
		if i > 0 && rs[i-1].End() > uint64(r.Base) {
			return fmt.Errorf("hw %s: regions %s and %s overlap", h.Name, rs[i-1].Name, r.Name)
		}
	}
	if h.MaxCycles <= 0 || h.MaxCycles > MaxCyclesLimit {
		return fmt.Errorf("hw %s: max_cycles %d must be in [1, %d]", h.Name, h.MaxCycles, int64(MaxCyclesLimit))
	}
	for _, k := range sortedKeys(h.Timing) {
		if v := h.Timing[k]; v < 0 || v > MaxTimingValue {
			return fmt.Errorf("hw %s: timing %s = %d must be in [0, %d]", h.Name, k, v, MaxTimingValue)
		}
	}
	for _, k := range sortedKeys(h.Params) {
		if v := h.Params[k]; v < -MaxParamValue || v > MaxParamValue {
			return fmt.Errorf("hw %s: param %s = %d must be within ±%d", h.Name, k, v, int64(MaxParamValue))
		}
	}
	return nil
}

func sortedKeys(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Describe renders the config as indented JSON.
func (h *HW) Describe() string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	_ = enc.Encode(h)
	return buf.String()
}

// ParseHW decodes a hardware config, resolving "base" through lookup.
func ParseHW(data []byte, lookup func(name string) (*HW, error)) (*HW, error) {
	var probe struct {
		Base string `json:"base"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("hardware config: %w", err)
	}
	h := &HW{}
	if probe.Base != "" {
		base, err := lookup(probe.Base)
		if err != nil {
			return nil, fmt.Errorf("base %q: %w", probe.Base, err)
		}
		// Deep-copy the base so overrides do not leak into it.
		b, _ := json.Marshal(base)
		_ = json.Unmarshal(b, h)
		h.Params, h.Timing = copyMap(base.Params), copyMap(base.Timing)
	}
	override := &HW{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(override); err != nil {
		return nil, fmt.Errorf("hardware config: %w", err)
	}
	mergeHW(h, override)
	return h, h.Validate()
}

func copyMap(m map[string]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func mergeHW(h, o *HW) {
	if o.Name != "" {
		h.Name = o.Name
	}
	h.Base = o.Base
	if o.ISA != "" {
		h.ISA = o.ISA
	}
	if o.Description != "" {
		h.Description = o.Description
	}
	if o.Extensions != nil {
		h.Extensions = o.Extensions
	}
	if o.Memory != nil {
		h.Memory = o.Memory
	}
	if o.MaxCycles != 0 {
		h.MaxCycles = o.MaxCycles
	}
	if o.Notes != nil {
		h.Notes = o.Notes
	}
	if h.Params == nil {
		h.Params = map[string]int64{}
	}
	if h.Timing == nil {
		h.Timing = map[string]int64{}
	}
	for k, v := range o.Params {
		h.Params[k] = v
	}
	for k, v := range o.Timing {
		h.Timing[k] = v
	}
}

// MaxHWBytes bounds a hardware config file: the built-in ones are a few
// KiB each.
const MaxHWBytes = 1 << 20

// LoadHWFile reads a hardware config from a file; "base" may name a built-in.
// A file larger than MaxHWBytes is refused by its size, and a device or
// pipe is read to MaxHWBytes plus one byte.
func LoadHWFile(path string) (*HW, error) {
	data, err := bounded.ReadFile(path, MaxHWBytes)
	if errors.Is(err, bounded.ErrTooLarge) {
		return nil, fmt.Errorf("%s: %w: a hardware config holds at most %d bytes", path, err, MaxHWBytes)
	}
	if err != nil {
		return nil, err
	}
	h, err := ParseHW(data, HWByName)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return h, nil
}
