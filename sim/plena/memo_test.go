package plena

import (
	"encoding/binary"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// memoProgram streams rows through HBM, then prefetches from an HBM
// offset it reads from INT SRAM entry 0: runs whose INT SRAM differs
// make the same first calls to the HBM model and different ones after.
const memoProgram = `
S_LUI_INT gp1, 4
C_SET_SCALE_REG gp1
C_SET_ADDR_REG a1, gp0, gp0
S_ADDI_INT gp2, gp0, 0
S_ADDI_INT gp3, gp0, 0
C_LOOP_START gp10, 6
H_PREFETCH_V gp2, gp3, a1, 0, 0
V_ADD_VV gp2, gp2, gp2, 0
H_STORE_V gp2, gp3, a1, 0, 0
S_ADDI_INT gp3, gp3, 256
C_LOOP_END gp10
S_LD_INT gp4, gp0, 0
H_PREFETCH_V gp2, gp4, a1, 0, 0
S_ADDI_INT gp5, gp0, 8192
C_LOOP_START gp11, 4
H_PREFETCH_M gp5, gp4, a1, 0, 0
S_ADDI_INT gp4, gp4, 64
C_LOOP_END gp11
H_STORE_V gp2, gp4, a1, 0, 0
`

func memoImage(t testing.TB, hw *isadefs.HW) *sim.Image {
	t.Helper()
	img, err := sim.LoadELF(assemble(t, hw, memoProgram).ELF(), asm.MachinePlena)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// memoSetup is one run's data: HBM contents and INT SRAM entry 0.
type memoSetup struct {
	seed   int64
	intmem uint32
}

func (s memoSetup) prep(m *Machine) {
	fill(m, s.seed)
	binary.LittleEndian.PutUint32(m.ms.intmem.Data, s.intmem)
}

// memoRun runs img once with opts (trace, profile and timeline on) and
// returns the machine and the text of its trace, profile and timeline.
func memoRun(t testing.TB, hw *isadefs.HW, img *sim.Image, s memoSetup, memo *sim.RunMemo) (*Machine, string) {
	t.Helper()
	var trace strings.Builder
	prof, tl := &sim.Profile{}, &sim.Timeline{}
	m, err := New(hw, Options{CoreOptions: sim.CoreOptions{MaxCycles: 2_000_000, Trace: &trace, Profile: prof, Timeline: tl, Memo: memo}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	s.prep(m)
	if h := m.Run(); h.Kind == sim.Running {
		t.Fatal("no halt")
	}
	var out strings.Builder
	out.WriteString(trace.String())
	prof.WriteReport(&out, sim.ReportOptions{Hazards: 8})
	tl.WriteText(&out)
	return m, out.String()
}

// diffMemoRuns compares a memo run with a plain run: every machine state
// diffMachines sees (every Stats field but the host time among them), and
// the trace, profile and timeline texts.
func diffMemoRuns(a, b *Machine, outA, outB string) string {
	if d := diffMachines(a, b); d != "" {
		return d
	}
	if outA != outB {
		return "trace, profile or timeline text differs"
	}
	return ""
}

// TestMemoReplay: a run replaying another run's HBM timing (same program,
// other data) equals a run without a memo in cycles, every Stats field,
// traces and every memory byte, whether its HBM calls follow the
// recording to the end, leave it mid-way (an HBM address from INT SRAM
// data that differs) or outlast a recording cut short by the cap.
func TestMemoReplay(t *testing.T) {
	hw := loadHW(t, "plena")
	progImg := memoImage(t, hw)
	corpus := func(name string) *sim.Image {
		data, err := os.ReadFile(filepath.Join(corpusDir, name+".mem"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := ParseMem(hw, data)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	slowHBM := *hw
	slowHBM.Timing = map[string]int64{}
	for k, v := range hw.Timing {
		slowHBM.Timing[k] = v
	}
	slowHBM.Timing["hbm.nCL"]++
	for _, c := range []struct {
		name           string
		img            *sim.Image
		recHW          *isadefs.HW // hardware config of the recording run (nil: hw)
		rec, run       memoSetup
		limit          int64
		replay, differ bool // the run replays; and leaves the recording before its end
	}{
		{name: "same data", img: progImg, rec: memoSetup{1, 0}, run: memoSetup{1, 0}, replay: true},
		{name: "other HBM data", img: progImg, rec: memoSetup{1, 0}, run: memoSetup{2, 0}, replay: true},
		{name: "address from INT SRAM differs", img: progImg, rec: memoSetup{1, 0}, run: memoSetup{2, 4096}, replay: true, differ: true},
		{name: "misaligned address traps mid-way", img: progImg, rec: memoSetup{1, 0}, run: memoSetup{1, 4100}, replay: true, differ: false},
		{name: "recording cut by the cap", img: progImg, rec: memoSetup{1, 0}, run: memoSetup{2, 0}, limit: 600, replay: true, differ: true},
		{name: "other HBM timing: no replay", img: progImg, recHW: &slowHBM, rec: memoSetup{1, 0}, run: memoSetup{1, 0}},
		{name: "ffn template", img: corpus("tmpl_ffn"), rec: memoSetup{3, 0}, run: memoSetup{4, 0}, replay: true},
		{name: "flash attention template", img: corpus("tmpl_flashattn_prefill"), rec: memoSetup{3, 0}, run: memoSetup{4, 0}, replay: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			memo := &sim.RunMemo{Limit: c.limit}
			recHW := hw
			if c.recHW != nil {
				recHW = c.recHW
			}
			rec, _ := memoRun(t, recHW, c.img, c.rec, memo)
			if !memo.Recorded() || rec.recording {
				t.Fatalf("the first run left no recording (recorded %v)", memo.Recorded())
			}
			if c.limit > 0 && memo.Size() > c.limit {
				t.Errorf("recording of %d bytes past the cap %d", memo.Size(), c.limit)
			}
			plain, outP := memoRun(t, hw, c.img, c.run, nil)
			got, outG := memoRun(t, hw, c.img, c.run, memo)
			if d := diffMemoRuns(got, plain, outG, outP); d != "" {
				t.Fatalf("replayed run vs plain run: %s", d)
			}
			if got.replayed != c.replay || got.diverged != c.differ {
				t.Errorf("replayed %v, left the recording %v; want %v, %v", got.replayed, got.diverged, c.replay, c.differ)
			}
			if plain.dram.reads == 0 {
				t.Fatal("the program reads nothing from HBM")
			}
		})
	}
}

// TestMemoConcurrent: runs sharing a memo from many goroutines (one
// records, the others replay when they start after it finished, or run
// live) all equal their plain runs. Meant for -race.
func TestMemoConcurrent(t *testing.T) {
	hw := loadHW(t, "plena")
	img := memoImage(t, hw)
	setups := []memoSetup{{1, 0}, {2, 0}, {3, 4096}, {4, 0}, {5, 128}, {6, 0}}
	want := make([]string, len(setups))
	plain := make([]*Machine, len(setups))
	for i, s := range setups {
		plain[i], want[i] = memoRun(t, hw, img, s, nil)
	}
	memo := &sim.RunMemo{}
	var wg sync.WaitGroup
	errs := make([]string, 3*len(setups))
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := i % len(setups)
			m, out := memoRun(t, hw, img, setups[k], memo)
			errs[i] = diffMemoRuns(m, plain[k], out, want[k])
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e != "" {
			t.Errorf("run %d: %s", i, e)
		}
	}
	if !memo.Recorded() {
		t.Error("nothing recorded")
	}
}

// TestMemoReload: a machine loaded again replays its own earlier run's
// recording, and one released before halting still completes it.
func TestMemoReload(t *testing.T) {
	hw := loadHW(t, "plena")
	img := memoImage(t, hw)
	memo := &sim.RunMemo{}
	m, err := New(hw, Options{CoreOptions: sim.CoreOptions{Memo: memo}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := m.Load(img); err != nil {
			t.Fatal(err)
		}
		mustRun(t, m)
		if m.replayed != (i == 1) || m.diverged {
			t.Errorf("load %d: replayed %v, diverged %v", i, m.replayed, m.diverged)
		}
	}
	// Released after a few steps: the prefix is a recording.
	memo2 := &sim.RunMemo{}
	m2, err := New(hw, Options{CoreOptions: sim.CoreOptions{Memo: memo2}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m2.Load(img); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 8; i++ {
		m2.Step()
	}
	m2.Release()
	if !memo2.Recorded() {
		t.Error("Release left the recording unfinished")
	}
	m3, _ := memoRun(t, hw, img, memoSetup{1, 0}, memo2)
	p3, _ := memoRun(t, hw, img, memoSetup{1, 0}, nil)
	if d := diffMachines(m3, p3); d != "" || !m3.replayed || !m3.diverged {
		t.Errorf("replay of a prefix: %q, replayed %v, diverged %v", d, m3.replayed, m3.diverged)
	}
}

// memoCheck is the memo check of TestReferenceStepper and FuzzPlenaSim:
// a run of img on fill(seed) replaying the timing recorded by a run of
// recImg (the same program or another: every call is checked) on other
// data (HBM, and INT SRAM so that loaded addresses differ) equals plain,
// the run of img on fill(seed) without a memo. It reports whether the
// run left the recording before its end.
func memoCheck(t testing.TB, hw *isadefs.HW, recImg, img *sim.Image, plain *Machine, seed int64) (diverged bool) {
	t.Helper()
	memo := &sim.RunMemo{}
	for i, seed := range []int64{seed + 1, seed} {
		m, err := New(hw, Options{CoreOptions: sim.CoreOptions{MaxCycles: 20000, Memo: memo}})
		if err != nil {
			t.Fatal(err)
		}
		im := img
		if i == 0 {
			im = recImg
		}
		if err := m.Load(im); err != nil {
			t.Fatal(err)
		}
		fill(m, seed)
		if i == 0 {
			r := rand.New(rand.NewSource(seed))
			for j := 0; j < 64; j++ {
				binary.LittleEndian.PutUint32(m.ms.intmem.Data[4*j:], uint32(r.Intn(4))*4096)
			}
		}
		m.Run()
		if i == 1 {
			if d := diffMachines(m, plain); d != "" {
				t.Fatalf("memo replay vs plain Run: %s", d)
			}
			if !m.replayed {
				t.Fatal("the run did not replay the memo")
			}
			diverged = m.diverged
		}
	}
	return diverged
}
