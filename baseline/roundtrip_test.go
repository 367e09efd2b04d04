package baseline_test

import (
	"bytes"
	"fmt"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"  // the aie2 back end
	_ "kernelcraft/asm/coral" // the coral back end
	_ "kernelcraft/asm/plena" // the plena back end
	"kernelcraft/baseline"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
)

// TestBaselinesRoundTrip: every target's chosen baseline kernel of every
// cell (the generated plena and aie2 kernels included, which are no
// files asm's TestDisassemblyRoundTrip could find) assembles,
// disassembles (kc-as -d) and assembles again to the same bytes at the
// same addresses in every section, with the same entry point.
func TestBaselinesRoundTrip(t *testing.T) {
	n := 0
	for _, target := range isadefs.Targets() {
		for _, task := range ref.Supported(target) {
			for c := 1; c <= ref.NumConfigs; c++ {
				k, err := baseline.Baseline(target, "", task.ID, c)
				if err != nil {
					t.Errorf("%s %s config %d: %v", target, task.ID, c, err)
					continue
				}
				if err := roundTrip(target, task.ID, c, k); err != nil {
					t.Errorf("%s %s config %d (%s): %v", target, task.ID, c, k.Name, err)
					continue
				}
				n++
			}
		}
	}
	t.Logf("%d baseline kernels round-tripped", n)
}

func roundTrip(target, task string, config int, k baseline.Kernel) error {
	cfg, err := ref.LookupConfig(target, task, config)
	if err != nil {
		return err
	}
	hw, err := isadefs.HWByName(cfg.HW)
	if err != nil {
		return err
	}
	as, err := asm.New(hw.ISA)
	if err != nil {
		return err
	}
	p, err := as.Assemble(k.Name, k.Src, asm.Options{HW: hw})
	if err != nil {
		return err
	}
	text, err := asm.Disassemble(p.ELF())
	if err != nil {
		return fmt.Errorf("disassemble: %w", err)
	}
	p2, err := as.Assemble(k.Name+".dis.s", []byte(text), asm.Options{HW: hw})
	if err != nil {
		return fmt.Errorf("the disassembly does not assemble: %w", err)
	}
	if p.Entry != p2.Entry {
		return fmt.Errorf("entry %#x became %#x", p.Entry, p2.Entry)
	}
	if len(p.Sections) != len(p2.Sections) {
		return fmt.Errorf("%d sections became %d", len(p.Sections), len(p2.Sections))
	}
	byName := map[string]*asm.Section{}
	for _, s := range p2.Sections {
		byName[s.Name] = s
	}
	for _, s := range p.Sections {
		r := byName[s.Name]
		if r == nil {
			return fmt.Errorf("section %s is missing", s.Name)
		}
		if s.Addr != r.Addr || s.Size != r.Size || s.NoBits != r.NoBits || !bytes.Equal(s.Data, r.Data) {
			return fmt.Errorf("section %s@%#x+%d came back as @%#x+%d with other bytes", s.Name, s.Addr, s.Size, r.Addr, r.Size)
		}
	}
	return nil
}
