package isadefs

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
)

//go:embed aie2/*.isa coral/*.isa plena/*.isa hw/*.json
var files embed.FS

var (
	isaMu    sync.Mutex
	isaCache = map[string]*ISA{}
)

// Targets lists the targets that have an ISA definition.
func Targets() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "hw" {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// PlannedTargets are targets that are not complete yet: their hardware
// configs exist (so the reference runner can lay out cases for them), but
// their ISA, simulator or baselines do not all. A benchmark run leaves
// them out unless asked for them. None is planned now: coral, plena and
// aie2 (110 of 110 cells with baselines) are complete.
var PlannedTargets []string

// IsPlanned reports whether target is planned but not complete yet.
func IsPlanned(target string) bool {
	for _, t := range PlannedTargets {
		if t == target {
			return true
		}
	}
	return false
}

// LoadISA returns the built-in ISA of target (parsed once, then shared:
// callers must not modify it).
func LoadISA(target string) (*ISA, error) {
	isaMu.Lock()
	defer isaMu.Unlock()
	if isa, ok := isaCache[target]; ok {
		return isa, nil
	}
	name := path.Join(target, target+".isa")
	data, err := files.ReadFile(name)
	if err != nil && IsPlanned(target) {
		return nil, fmt.Errorf("target %q is not supported yet: its ISA is planned but not defined (defined: %s)", target, strings.Join(Targets(), ", "))
	}
	if err != nil {
		return nil, fmt.Errorf("unknown target %q (known: %s)", target, strings.Join(Targets(), ", "))
	}
	isa, err := Parse("isa-defs/"+name, string(data))
	if err != nil {
		return nil, err
	}
	isaCache[target] = isa
	return isa, nil
}

// MustLoadISA is LoadISA for built-in targets whose definition is tested.
func MustLoadISA(target string) *ISA {
	isa, err := LoadISA(target)
	if err != nil {
		panic(err)
	}
	return isa
}

// HWNames lists the built-in hardware configs.
func HWNames() []string {
	entries, _ := fs.ReadDir(files, "hw")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	sort.Strings(out)
	return out
}

// HWByName returns a fresh copy of a built-in hardware config (the
// caller may change it). Each config is parsed once; later calls copy it.
func HWByName(name string) (*HW, error) {
	v, _ := builtinHW.LoadOrStore(name, sync.OnceValues(func() (*HW, error) { return hwByName(name, 0) }))
	h, err := v.(func() (*HW, error))()
	if err != nil {
		builtinHW.Delete(name) // unknown names are not kept
		return nil, err
	}
	return h.Clone(), nil
}

// builtinHW caches the parsed built-in configs by name (functions of
// sync.OnceValues).
var builtinHW sync.Map

func hwByName(name string, depth int) (*HW, error) {
	if depth > 8 {
		return nil, fmt.Errorf("hardware config %q: base chain too deep", name)
	}
	data, err := files.ReadFile("hw/" + name + ".json")
	if err != nil {
		return nil, fmt.Errorf("unknown hardware config %q (built-in: %s; or give a .json file)", name, strings.Join(HWNames(), ", "))
	}
	h, err := ParseHW(data, func(b string) (*HW, error) { return hwByName(b, depth+1) })
	if err != nil {
		return nil, fmt.Errorf("hw/%s.json: %w", name, err)
	}
	return h, nil
}

// LoadHW resolves a --hw argument: a built-in name or a path to a .json file.
func LoadHW(nameOrFile string) (*HW, error) {
	if strings.HasSuffix(nameOrFile, ".json") || strings.ContainsRune(nameOrFile, os.PathSeparator) {
		return LoadHWFile(nameOrFile)
	}
	return HWByName(nameOrFile)
}
