package isadefs

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestBuiltinsLoad(t *testing.T) {
	for _, target := range Targets() {
		isa, err := LoadISA(target)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		if len(isa.Insts) == 0 {
			t.Fatalf("%s: no instructions", target)
		}
	}
	for _, name := range HWNames() {
		h, err := HWByName(name)
		if err != nil {
			t.Fatalf("hw %s: %v", name, err)
		}
		if IsPlanned(h.ISA) && !slices.Contains(Targets(), h.ISA) {
			// A planned target: its config may exist before its ISA, and
			// LoadISA says so clearly.
			if _, err := LoadISA(h.ISA); err == nil || !strings.Contains(err.Error(), "not supported yet") {
				t.Fatalf("hw %s: LoadISA(%q) = %v, want a \"not supported yet\" error", name, h.ISA, err)
			}
			continue
		}
		if _, err := LoadISA(h.ISA); err != nil {
			t.Fatalf("hw %s names isa %q: %v", name, h.ISA, err)
		}
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	isa := MustLoadISA("coral")
	cases := []struct {
		asm    string
		values []int64
		want   uint64
	}{
		{"add", []int64{1, 2, 3}, 0x003100b3},     // add ra, sp, gp
		{"addi", []int64{10, 10, -1}, 0xfff50513}, // addi a0, a0, -1
		{"beq", []int64{10, 11, -8}, 0xfeb50ce3},  // beq a0, a1, -8
		{"jal", []int64{1, 2048}, 0x001000ef},     // jal ra, 2048
		{"sw", []int64{11, -4, 10}, 0xfeb52e23},   // sw a1, -4(a0)
		{"lui", []int64{10, 0x12345}, 0x12345537}, // lui a0, 0x12345
		{"mpause", nil, 0x08000073},
	}
	for _, c := range cases {
		in := isa.Lookup(c.asm)[0]
		w, err := in.Encode(c.values)
		if err != nil {
			t.Fatalf("%s: %v", c.asm, err)
		}
		if w != c.want {
			t.Errorf("%s %v = %#08x, want %#08x", c.asm, c.values, w, c.want)
		}
		got := isa.Decode(w, nil)
		if got != in {
			t.Errorf("decode %#08x = %v, want %s", w, got, c.asm)
			continue
		}
		for i, k := range in.Operands {
			if v := k.Extract(w); v != c.values[i] {
				t.Errorf("%s operand %s = %d, want %d", c.asm, k.Name, v, c.values[i])
			}
		}
	}
}

func TestRangeErrors(t *testing.T) {
	isa := MustLoadISA("coral")
	beq := isa.Lookup("beq")[0]
	if _, err := beq.Encode([]int64{1, 2, 3}); err == nil || !strings.Contains(err.Error(), "multiple of 2") {
		t.Errorf("odd branch offset: err = %v", err)
	}
	addi := isa.Lookup("addi")[0]
	if _, err := addi.Encode([]int64{1, 2, 2048}); err == nil || !strings.Contains(err.Error(), "[-2048, 2047]") {
		t.Errorf("addi 2048: err = %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"bogus x", "unknown keyword"},
		{"regfile x a b\noperand rd reg.y 11..7", "unknown register file"},
		{"regfile x a b\noperand rd reg.x 11..7\ninst foo | rd | 6..0=3 | ext=I", "undefined"},
		{"regfile x a b\noperand rd reg.x 4..0\ninst foo | rd | 31..0=1 | ext=I", "overlaps"},
		{"inst a | | 31..0=1 | ext=I\ninst b | | 31..0=1 | ext=I", "same encoding"},
		{"pseudo p | | nosuch | ext=I", "unknown instruction"},
	}
	for _, c := range cases {
		_, err := Parse("t.isa", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.src, err, c.want)
		}
	}
}

func TestHWInheritance(t *testing.T) {
	h, err := HWByName("coral-highmem")
	if err != nil {
		t.Fatal(err)
	}
	if h.Param("vlen", 0) != 128 || h.Time("lat.mul", 0) != 2 {
		t.Errorf("inherited params lost: %v %v", h.Params, h.Timing)
	}
	r, ok := h.RegionFor(".data")
	if !ok || r.Size != 1<<20 {
		t.Errorf(".data region = %+v, %v", r, ok)
	}
	base, _ := HWByName("coral")
	if r, _ := base.RegionFor(".data"); r.Size != 32<<10 {
		t.Errorf("override leaked into base: %+v", r)
	}
	if _, err := ParseHW([]byte(`{"name":"x","isa":"coral","memory":[{"name":"a","base":0,"size":16,"perm":"rw"},{"name":"b","base":8,"size":16,"perm":"rw"}],"max_cycles":1}`), HWByName); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("overlap: err = %v", err)
	}
}

func TestNoovViolations(t *testing.T) {
	isa := MustLoadISA("coral")
	in := isa.Lookup("vwadd.vv")[0] // noov=vs2,vs1,v0
	cases := []struct {
		vals []int64 // vd, vs2, vs1, vm
		want string
	}{
		{[]int64{2, 4, 6, 1}, ""},
		{[]int64{2, 2, 6, 1}, "vs2"},
		{[]int64{2, 4, 2, 1}, "vs1"},
		{[]int64{0, 4, 6, 0}, "v0"},
		{[]int64{0, 4, 6, 1}, ""}, // unmasked: v0 is not read
	}
	for _, c := range cases {
		if got := strings.Join(in.Violations(c.vals), ","); got != c.want {
			t.Errorf("vwadd.vv %v: violations %q, want %q", c.vals, got, c.want)
		}
	}
	if !isa.Lookup("vadc.vvm")[0].ReadsV0([]int64{1, 2, 3}) {
		t.Error("vadc.vvm reads v0 as carry")
	}
}

// TestHWBounds: each bound of a hardware config holds at its limit and
// fails one past it, with a message naming the field.
func TestHWBounds(t *testing.T) {
	base := func() *HW {
		return &HW{Name: "t", ISA: "coral", MaxCycles: 1000,
			Memory: []Region{{Name: "ram", Base: 0x1000, Size: 0x1000, Perm: "rwx"}},
			Timing: map[string]int64{"lat.div": 33}, Params: map[string]int64{"vlen": 128}}
	}
	for _, tc := range []struct {
		name  string
		edit  func(h *HW, over bool)
		error string
	}{
		{"memory total", func(h *HW, over bool) {
			h.Memory = []Region{{Name: "a", Base: 0, Size: MaxMemoryTotal / 2, Perm: "rw"}, {Name: "b", Base: 1 << 40, Size: MaxMemoryTotal / 2, Perm: "rw"}}
			if over {
				h.Memory[1].Size++
			}
		}, "more than 1024 MiB"},
		{"address overflow", func(h *HW, over bool) {
			h.Memory[0].Base = Size(^uint64(0) - 0x1000) // ends at the last address
			if over {
				h.Memory[0].Base++
			}
		}, "overflows the address space"},
		{"max_cycles", func(h *HW, over bool) {
			h.MaxCycles = MaxCyclesLimit
			if over {
				h.MaxCycles++
			}
		}, "max_cycles"},
		{"timing", func(h *HW, over bool) {
			h.Timing["vec.queue_depth"] = MaxTimingValue
			if over {
				h.Timing["vec.queue_depth"]++
			}
		}, "timing vec.queue_depth"},
		{"param", func(h *HW, over bool) {
			h.Params["vlen"] = -MaxParamValue
			if over {
				h.Params["vlen"]--
			}
		}, "param vlen"},
	} {
		for _, over := range []bool{false, true} {
			h := base()
			tc.edit(h, over)
			err := h.Validate()
			if over && (err == nil || !strings.Contains(err.Error(), tc.error)) {
				t.Errorf("%s one past the limit: error %v, want %q", tc.name, err, tc.error)
			}
			if !over && err != nil {
				t.Errorf("%s at the limit: %v", tc.name, err)
			}
		}
	}
}

// TestHWByNameFreshCopies: every call of HWByName returns its own deep
// copy: changing one (maps, memory regions, slices) changes no other.
func TestHWByNameFreshCopies(t *testing.T) {
	for _, name := range HWNames() {
		a, err := HWByName(name)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := HWByName(name)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: two calls give different configs", name)
		}
		a.Params["x_test"] = 1
		a.Timing["x_test"] = 1
		a.Memory[0].Size++
		if len(a.Memory[0].Sections) > 0 {
			a.Memory[0].Sections[0] = "x_test"
		}
		if len(a.Extensions) > 0 {
			a.Extensions[0] = "x_test"
		}
		if len(a.Notes) > 0 {
			a.Notes[0] = "x_test"
		}
		c, _ := HWByName(name)
		if !reflect.DeepEqual(b, c) {
			t.Fatalf("%s: changing one copy changed the config HWByName returns", name)
		}
	}
	if _, err := HWByName("no-such-config"); err == nil {
		t.Fatal("an unknown config gives no error")
	}
}

// TestHWFileBounded: a hardware config file is refused past MaxHWBytes,
// a regular file by its size (a sparse one here) and /dev/zero after
// MaxHWBytes plus one byte (it was read until memory ran out).
func TestHWFileBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 300<<20); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadHW(big); err == nil || !strings.Contains(err.Error(), "input too large: 314572800 bytes: a hardware config holds at most 1048576 bytes") {
		t.Errorf("sparse 300 MB file: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := LoadHW("/dev/zero"); err == nil || !strings.Contains(err.Error(), "/dev/zero: input too large: more than 1048576 bytes") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
}
