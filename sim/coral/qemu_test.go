package coral_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/coral"
	"kernelcraft/sim/coral/progen"
)

// qemuCPU makes qemu-user a Zve32-like machine: V with VLEN 128, ELEN 32,
// plus Zbb (QEMU 7.2 has no zve32x property; see the coral notes).
const qemuCPU = "rv32,v=true,vlen=128,elen=32,zbb=true,vext_spec=v1.0"

// requireTool returns the path of an external oracle. Missing tools skip
// the test on a developer's machine and fail it in CI.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed, and CI=true forbids skipping this oracle test (.ci/run installs it)", name)
		}
		t.Skipf("%s not installed (CI installs it)", name)
	}
	return path
}

// diffHW is coral's core with the qemu-loadable memory map; vectorFloat
// adds Zve32f (coral-f).
func diffHW(t *testing.T, vectorFloat bool) *isadefs.HW {
	hw, err := isadefs.HWByName("coral-user")
	if err != nil {
		t.Fatal(err)
	}
	if vectorFloat {
		hw.Extensions = append(hw.Extensions, "Zve32f")
	}
	return hw
}

const simEpilogue = "    mpause\n"

// qemuEpilogue writes the area to stdout and exits 0 (Linux syscalls).
var qemuEpilogue = fmt.Sprintf("    li a7, 64\n    li a0, 1\n    addi a1, s0, -2048\n    li a2, %d\n    ecall\n    li a7, 93\n    li a0, 0\n    ecall\n", progen.AreaSize)

type diffCase struct {
	seed uint64
	opt  progen.Options
}

func (c diffCase) sources() (simSrc, qemuSrc string, counts map[string]int) {
	isa := isadefs.MustLoadISA("coral")
	p := progen.Generate(isa, c.opt)
	data := progen.Data(c.seed)
	return p.Source + simEpilogue + data, p.Source + qemuEpilogue + data, p.Counts
}

func assembleFor(t *testing.T, hw *isadefs.HW, src string) *asm.Program {
	as, err := asm.New("coral")
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble("gen.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		t.Fatalf("generated program does not assemble: %v", err)
	}
	return p
}

func symbolValue(p *asm.Program, name string) uint64 {
	for _, s := range p.Symbols {
		if s.Name == name {
			return s.Value
		}
	}
	return 0
}

// runKCSim runs the program in kc-sim and returns the area's bytes.
func runKCSim(t *testing.T, hw *isadefs.HW, p *asm.Program) ([]byte, sim.Halt) {
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := coral.New(hw, coral.Options{MaxCycles: 50_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	h := m.Run()
	area, err := m.Memory().Peek(symbolValue(p, "area"), progen.AreaSize)
	if err != nil {
		t.Fatal(err)
	}
	return area, h
}

// runQEMU runs the ELF under qemu-user and returns what it wrote.
func runQEMU(t *testing.T, qemu string, dir string, p *asm.Program) ([]byte, error) {
	f, err := os.CreateTemp(dir, "prog-*.elf")
	if err != nil {
		t.Fatal(err)
	}
	f.Write(p.ELF())
	f.Close()
	os.Chmod(f.Name(), 0o755)
	defer os.Remove(f.Name())
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, qemu, "-cpu", qemuCPU, f.Name())
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("qemu: %v: %s", err, strings.TrimSpace(errb.String()))
	}
	if out.Len() != progen.AreaSize {
		return nil, fmt.Errorf("qemu wrote %d bytes, want %d", out.Len(), progen.AreaSize)
	}
	return out.Bytes(), nil
}

// describeDiff names the first differing location of the area.
func describeDiff(a, b []byte) string {
	le := binary.LittleEndian
	var diffs []string
	for off := 0; off+4 <= len(a) && len(diffs) < 8; off += 4 {
		x, y := le.Uint32(a[off:]), le.Uint32(b[off:])
		if x == y {
			continue
		}
		var where string
		switch {
		case off < progen.XDumpOff:
			where = fmt.Sprintf("buffer+%#x", off)
		case off < progen.FDumpOff:
			where = fmt.Sprintf("x%d", (off-progen.XDumpOff)/4)
		case off < progen.CSRDumpOff:
			where = fmt.Sprintf("f%d", (off-progen.FDumpOff)/4)
		case off < progen.VDumpOff:
			where = []string{"vl", "vtype", "vxrm", "vxsat", "fcsr"}[min((off-progen.CSRDumpOff)/4, 4)]
		default:
			r := (off - progen.VDumpOff) / 16
			where = fmt.Sprintf("v%d[byte %d]", r, (off-progen.VDumpOff)%16)
		}
		diffs = append(diffs, fmt.Sprintf("%s: kc-sim %#08x, qemu %#08x", where, x, y))
	}
	return strings.Join(diffs, "; ")
}

// TestQEMUDifferential runs random programs (scalar, vector, float,
// memory, control flow) in kc-sim and in qemu-riscv32 and compares every
// register and the data buffer. KC_DIFF_PROGRAMS sets the count (CI: 2000,
// within a wall budget, KC_DIFF_BUDGET, of 3 minutes and at least 300).
func TestQEMUDifferential(t *testing.T) {
	qemu := requireTool(t, "qemu-riscv32")
	n := 300
	if os.Getenv("CI") == "true" {
		n = 2000
	}
	if testing.Short() {
		n = 40
	}
	if s := os.Getenv("KC_DIFF_PROGRAMS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	base := uint64(time.Now().UnixNano())
	if s := os.Getenv("KC_DIFF_SEED"); s != "" {
		base, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("qemu differential: %d programs, base seed %d (rerun with KC_DIFF_SEED=%d)", n, base, base)
	dir := t.TempDir()
	var (
		mu         sync.Mutex
		counts     = map[string]int{}
		mismatches int
		compared   int
	)
	cases := make(chan diffCase)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range cases {
				simSrc, qemuSrc, cnt := c.sources()
				hw := diffHW(t, c.opt.VectorFloat)
				simProg := assembleFor(t, hw, simSrc)
				qemuProg := assembleFor(t, hw, qemuSrc)
				got, halt := runKCSim(t, hw, simProg)
				want, qerr := runQEMU(t, qemu, dir, qemuProg)
				mu.Lock()
				for k, v := range cnt {
					counts[k] += v
				}
				compared++
				bad := ""
				switch {
				case qerr != nil:
					bad = fmt.Sprintf("qemu failed (%v); kc-sim: %v", qerr, halt)
				case halt.Kind != sim.HaltPause:
					bad = fmt.Sprintf("kc-sim did not reach the end: %v", halt)
				case !bytes.Equal(got, want):
					bad = describeDiff(got, want)
				}
				if bad != "" {
					mismatches++
					if mismatches <= 5 {
						path := filepath.Join(os.TempDir(), fmt.Sprintf("kc-diff-%d.s", c.seed))
						os.WriteFile(path, []byte(qemuSrc), 0o644)
						t.Errorf("seed %d (%+v): %s\n\tprogram saved to %s (qemu epilogue; assemble with --hw coral-user)", c.seed, c.opt, bad, path)
					}
				}
				mu.Unlock()
			}
		}()
	}
	// On a busy machine 2,000 programs took most of the package's
	// 10-minute test timeout: past a wall budget (KC_DIFF_BUDGET, default
	// 3 minutes) no new program starts, once minPrograms have run (the
	// instruction coverage below needs them). The count is logged.
	budget := 3 * time.Minute
	if s := os.Getenv("KC_DIFF_BUDGET"); s != "" {
		if d, err := time.ParseDuration(s); err == nil {
			budget = d
		}
	}
	const minPrograms = 300
	start := time.Now()
	for i := 0; i < n; i++ {
		if i >= min(n, minPrograms) && time.Since(start) > budget {
			t.Logf("qemu differential: wall budget %v reached after %d of %d programs", budget, i, n)
			break
		}
		seed := base + uint64(i)
		opt := progen.Options{Seed: seed, Insts: 120, Float: true, Vector: true}
		switch i % 6 {
		case 0:
			opt.Vector = false // scalar only: more branches and memory per program
		case 1, 4:
			opt.VectorFloat = true
		}
		cases <- diffCase{seed: seed, opt: opt}
	}
	close(cases)
	wg.Wait()
	t.Logf("qemu differential: %d programs compared, %d mismatches", compared, mismatches)

	// Coverage: every instruction the generator can emit was emitted.
	isa := isadefs.MustLoadISA("coral")
	all := progen.Candidates(isa, progen.Options{Float: true, Vector: true, VectorFloat: true})
	var missing []string
	var table strings.Builder
	sort.Strings(all)
	for i, m := range all {
		fmt.Fprintf(&table, "%-18s %6d", m, counts[m])
		if i%4 == 3 {
			table.WriteString("\n")
		} else {
			table.WriteString("  ")
		}
		if counts[m] == 0 {
			missing = append(missing, m)
		}
	}
	t.Logf("instruction coverage (%d mnemonics, %d of %d in the ISA excluded: %v):\n%s", len(all), len(progen.Excluded), len(isa.Insts), progen.Excluded, table.String())
	if len(missing) > 0 && n >= 200 {
		t.Errorf("%d instructions never generated: %s", len(missing), strings.Join(missing, " "))
	}
}
