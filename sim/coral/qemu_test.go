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
	p, err := assemble(hw, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// assemble assembles generated source for hw.
func assemble(hw *isadefs.HW, src string) (*asm.Program, error) {
	as, err := asm.New("coral")
	if err != nil {
		return nil, err
	}
	p, err := as.Assemble("gen.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		return nil, fmt.Errorf("generated program does not assemble: %v", err)
	}
	return p, nil
}

func symbolValue(p *asm.Program, name string) uint64 {
	for _, s := range p.Symbols {
		if s.Name == name {
			return s.Value
		}
	}
	return 0
}

// runKCSim loads the program into a kc-sim machine and runs it.
func runKCSim(hw *isadefs.HW, p *asm.Program) (*coral.Machine, sim.Halt, error) {
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		return nil, sim.Halt{}, err
	}
	return runImage(hw, img)
}

// runImage loads img into a kc-sim machine and runs it.
func runImage(hw *isadefs.HW, img *sim.Image) (*coral.Machine, sim.Halt, error) {
	m, err := coral.New(hw, coral.Options{CoreOptions: sim.CoreOptions{MaxCycles: 50_000_000}})
	if err != nil {
		return nil, sim.Halt{}, err
	}
	if err := m.Load(img); err != nil {
		return nil, sim.Halt{}, err
	}
	return m, m.Run(), nil
}

// runQEMU runs the ELF under qemu-user and returns what it wrote to
// stdout; err is set when qemu did not exit with 0 (out holds what it
// wrote until then) or the ELF could not be written.
func runQEMU(qemu, dir string, p *asm.Program, timeout time.Duration) (out []byte, err error) {
	f, err := os.CreateTemp(dir, "prog-*.elf")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(p.ELF()); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	if err := os.Chmod(f.Name(), 0o755); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, qemu, "-cpu", qemuCPU, f.Name())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("qemu: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
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

// diffBatch is the number of generated programs linked into one ELF and
// run by one qemu process and one kc-sim machine: qemu's start-up and the
// assembler's per-file cost are paid once per batch. A program takes about
// 1.5 KiB of code and 4.5 KiB of data: 40 fit coral-user's 256 KiB of code
// and 1 MiB of data with room to spare.
const diffBatch = 40

// batchEpilogue ends program prefix in a batch: it writes the program's
// area to stdout (Linux write, at label prefix+"write"; kc-sim runs the
// same ELF with that ecall replaced by a nop and reads the areas from
// memory) and resets the state a new process would start with and the
// next prologue does not set (fcsr: fflags; vcsr: vxrm, vxsat), then falls
// through to the next program.
func batchEpilogue(prefix string) string {
	return fmt.Sprintf("    li a7, 64\n    li a0, 1\n    addi a1, s0, -2048\n    li a2, %d\n%swrite:\n    ecall\n    csrwi fcsr, 0\n    csrwi vcsr, 0\n", progen.AreaSize, prefix)
}

// batchExit ends a batch: exit(0), which kc-sim and qemu both implement.
const batchExit = "    .text\n    li a7, 93\n    li a0, 0\n    ecall\n"

// diffProgram is one generated program of a batch.
type diffProgram struct {
	diffCase
	counts map[string]int
	start  uint64 // entry address
	write  uint64 // address of the ecall that writes the area out
	area   uint64 // area address
}

// buildBatch generates the programs of cases and assembles them into one
// ELF, each program with its own labels and area.
func buildBatch(isa *isadefs.ISA, hw *isadefs.HW, cases []diffCase) ([]diffProgram, *asm.Program, error) {
	var src strings.Builder
	src.WriteString("    .text\n    .globl _start\n_start:\n")
	progs := make([]diffProgram, len(cases))
	prefixes := make([]string, len(cases))
	for i, c := range cases {
		opt := c.opt
		opt.Prefix = fmt.Sprintf("p%d_", c.seed)
		p := progen.Generate(isa, opt)
		src.WriteString(p.Source + batchEpilogue(opt.Prefix) + progen.DataNamed(c.seed, opt.Prefix))
		progs[i] = diffProgram{diffCase: c, counts: p.Counts}
		prefixes[i] = opt.Prefix
	}
	src.WriteString(batchExit)
	prog, err := assemble(hw, src.String())
	if err != nil {
		return nil, nil, err
	}
	for i := range progs {
		p := &progs[i]
		p.start = symbolValue(prog, prefixes[i]+"start")
		p.write = symbolValue(prog, prefixes[i]+"write")
		p.area = symbolValue(prog, prefixes[i]+"area")
		if p.start == 0 || p.write == 0 || p.area == 0 {
			return nil, nil, fmt.Errorf("batch: program %s has no start, write or area label", prefixes[i])
		}
	}
	return progs, prog, nil
}

// runBatchKCSim runs a batch ELF in kc-sim, each area write's ecall
// replaced by a nop. It returns the area of every program that ran to its
// end (all of them when the batch exited with 0; otherwise those before
// the program the halt's pc lies in) and the halt.
func runBatchKCSim(hw *isadefs.HW, p *asm.Program, progs []diffProgram) ([][]byte, sim.Halt, error) {
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		return nil, sim.Halt{}, err
	}
	for _, pr := range progs {
		if err := patchWord(img, pr.write, 0x00000073, 0x00000013); err != nil { // ecall -> nop
			return nil, sim.Halt{}, err
		}
	}
	m, halt, err := runImage(hw, img)
	if err != nil {
		return nil, halt, err
	}
	done := len(progs)
	if halt.Kind != sim.HaltExit || halt.Code != 0 {
		done = 0
		for done < len(progs) && progs[done].start <= halt.PC {
			done++
		}
		done = max(done-1, 0)
	}
	var areas [][]byte
	for _, pr := range progs[:done] {
		area, err := m.Memory().Peek(pr.area, progen.AreaSize)
		if err != nil {
			return nil, halt, err
		}
		areas = append(areas, area)
	}
	return areas, halt, nil
}

// patchWord replaces the instruction word old at addr by new in img.
func patchWord(img *sim.Image, addr uint64, old, new uint32) error {
	for _, s := range img.Segments {
		if addr >= s.Addr && addr+4 <= s.Addr+uint64(len(s.Data)) {
			w := s.Data[addr-s.Addr:]
			if got := binary.LittleEndian.Uint32(w); got != old {
				return fmt.Errorf("word at %#x is %#08x, want %#08x", addr, got, old)
			}
			binary.LittleEndian.PutUint32(w, new)
			return nil
		}
	}
	return fmt.Errorf("no segment holds %#x", addr)
}

// splitAreas cuts what a batch wrote into the areas of the programs that
// completed, and checks the total when qemu exited normally.
func splitAreas(out []byte, n int, qerr error) ([][]byte, error) {
	var areas [][]byte
	for b := out; len(b) >= progen.AreaSize && len(areas) < n; b = b[progen.AreaSize:] {
		areas = append(areas, b[:progen.AreaSize])
	}
	if qerr == nil && len(out) != n*progen.AreaSize {
		qerr = fmt.Errorf("qemu wrote %d bytes, want %d", len(out), n*progen.AreaSize)
	}
	return areas, qerr
}

// diffTally collects the results of every batch.
type diffTally struct {
	mu         sync.Mutex
	counts     map[string]int
	compared   int
	mismatches int
}

// fail reports a failing program: it saves the program alone (with the
// single-program qemu epilogue, so it runs by hand) and says whether it
// fails alone too.
func (d *diffTally) fail(t *testing.T, hw *isadefs.HW, qemu, dir string, c diffCase, batchPos int, bad string) {
	d.mismatches++
	if d.mismatches > 5 {
		return
	}
	simSrc, qemuSrc, _ := c.sources()
	alone := "alone: "
	var (
		got, want []byte
		halt      sim.Halt
		qerr      error
	)
	sp, err := assemble(hw, simSrc)
	qp, qaerr := assemble(hw, qemuSrc)
	if err == nil && qaerr == nil {
		var m *coral.Machine
		if m, halt, err = runKCSim(hw, sp); err == nil {
			got, err = m.Memory().Peek(symbolValue(sp, "area"), progen.AreaSize)
		}
		want, qerr = runQEMU(qemu, dir, qp, 20*time.Second)
		if qerr == nil && len(want) != progen.AreaSize {
			qerr = fmt.Errorf("qemu wrote %d bytes, want %d", len(want), progen.AreaSize)
		}
	}
	switch {
	case err != nil || qaerr != nil:
		alone += fmt.Sprintf("could not run: %v %v", err, qaerr)
	case qerr != nil:
		alone += fmt.Sprintf("qemu failed (%v); kc-sim: %v", qerr, halt)
	case halt.Kind != sim.HaltPause:
		alone += fmt.Sprintf("kc-sim did not reach the end: %v", halt)
	case !bytes.Equal(got, want):
		alone += describeDiff(got, want)
	default:
		alone += "kc-sim and qemu agree (the failure depends on the programs run before it)"
	}
	path := filepath.Join(os.TempDir(), fmt.Sprintf("kc-diff-%d.s", c.seed))
	os.WriteFile(path, []byte(qemuSrc), 0o644)
	t.Errorf("seed %d (%+v), program %d of its batch: %s\n\t%s\n\tprogram saved to %s (qemu epilogue; assemble with --hw coral-user)",
		c.seed, c.opt, batchPos, bad, alone, path)
}

// runBatch compares one batch. A program that stops either executor early
// is reported, and the programs after it run again as a new batch, so
// every program is compared whatever happens to the others.
func (d *diffTally) runBatch(t *testing.T, isa *isadefs.ISA, hw *isadefs.HW, qemu, dir string, cases []diffCase) {
	for len(cases) > 0 {
		progs, prog, err := buildBatch(isa, hw, cases)
		if err != nil {
			t.Errorf("batch from seed %d: %v", cases[0].seed, err)
			return
		}
		got, halt, err := runBatchKCSim(hw, prog, progs)
		if err != nil {
			t.Errorf("batch from seed %d: kc-sim: %v", cases[0].seed, err)
			return
		}
		out, qerr := runQEMU(qemu, dir, prog, 2*time.Minute)
		want, qerr := splitAreas(out, len(progs), qerr)
		done := min(len(got), len(want))
		d.mu.Lock()
		for i, p := range progs[:min(done+1, len(progs))] {
			for k, v := range p.counts {
				d.counts[k] += v
			}
			d.compared++
			bad := ""
			switch {
			case i < done:
				if !bytes.Equal(got[i], want[i]) {
					bad = describeDiff(got[i], want[i])
				}
			case len(want) == i && i < len(got):
				bad = fmt.Sprintf("qemu failed (%v); kc-sim ran the program to its end", qerr)
			case len(want) == i:
				bad = fmt.Sprintf("qemu failed (%v); kc-sim: %v", qerr, halt)
			default:
				bad = fmt.Sprintf("kc-sim did not reach the end: %v", halt)
			}
			if bad != "" {
				d.fail(t, hw, qemu, dir, p.diffCase, i, bad)
			}
		}
		d.mu.Unlock()
		if done == len(progs) && qerr == nil && halt.Kind == sim.HaltExit && halt.Code == 0 {
			return
		}
		if done == len(progs) { // every program compared, the exit failed
			t.Errorf("batch of %d programs from seed %d: all compared, but the exit failed: qemu %v; kc-sim %v", len(progs), cases[0].seed, qerr, halt)
			return
		}
		cases = cases[done+1:]
	}
}

// TestQEMUDifferential runs random programs (scalar, vector, float,
// memory, control flow) in kc-sim and in qemu-riscv32 and compares every
// register and the data buffer after each. KC_DIFF_PROGRAMS sets the
// count (default 300; CI: 2000; -short: 40), KC_DIFF_SEED the base seed.
// The programs run diffBatch to an ELF: one qemu process and one kc-sim
// machine per batch, each program writing its own area out when it ends.
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
	isa := isadefs.MustLoadISA("coral")
	dir := t.TempDir()
	tally := &diffTally{counts: map[string]int{}}
	hws := map[bool]*isadefs.HW{false: diffHW(t, false), true: diffHW(t, true)}
	batches := make(chan []diffCase)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range batches {
				tally.runBatch(t, isa, hws[b[0].opt.VectorFloat], qemu, dir, b)
			}
		}()
	}
	// A batch runs on one hardware config: programs with Zve32f (coral-f)
	// and those without (coral) are batched apart.
	var pending [2][]diffCase
	for i := 0; i < n; i++ {
		seed := base + uint64(i)
		opt := progen.Options{Seed: seed, Insts: 120, Float: true, Vector: true}
		switch i % 6 {
		case 0:
			opt.Vector = false // scalar only: more branches and memory per program
		case 1, 4:
			opt.VectorFloat = true
		}
		k := 0
		if opt.VectorFloat {
			k = 1
		}
		if pending[k] = append(pending[k], diffCase{seed: seed, opt: opt}); len(pending[k]) == diffBatch {
			batches <- pending[k]
			pending[k] = nil
		}
	}
	for _, b := range pending {
		if len(b) > 0 {
			batches <- b
		}
	}
	close(batches)
	wg.Wait()
	counts, compared, mismatches := tally.counts, tally.compared, tally.mismatches
	t.Logf("qemu differential: %d programs compared (in batches of up to %d), %d mismatches", compared, diffBatch, mismatches)
	if compared != n {
		t.Errorf("%d programs compared, want %d", compared, n)
	}

	// Coverage: every instruction the generator can emit was emitted.
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
