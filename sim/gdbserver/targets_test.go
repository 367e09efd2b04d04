package gdbserver

import (
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"
	_ "kernelcraft/asm/plena"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/aie2"
	"kernelcraft/sim/plena"
)

// load assembles a demo kernel for target and loads it into a fresh core
// of the target's own hardware config (New: the registered target's).
func load(t testing.TB, target, file string) (sim.Debugger, *sim.Image) {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.HWByName(target)
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New(target)
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble(filepath.Base(file), text, asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	tg, err := sim.LookupTarget(target)
	if err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(p.ELF(), tg.ELFMachine)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tg.New(hw, sim.CoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Load(img); err != nil {
		t.Fatal(err)
	}
	return c.(sim.Debugger), img
}

// monitor sends "monitor CMD" (qRcmd) on a no-ack session and returns
// its console output.
func monitor(t *testing.T, noAck func(string) string, cl *client, cmd string) string {
	t.Helper()
	var out strings.Builder
	r := noAck("qRcmd," + hex.EncodeToString([]byte(cmd)))
	for strings.HasPrefix(r, "O") && r != "OK" {
		b, _ := hex.DecodeString(r[1:])
		out.Write(b)
		r = cl.packet()
	}
	if r != "OK" {
		t.Errorf("monitor %s ends with %q", cmd, r)
	}
	return out.String()
}

// TestTargetSessions drives plena's and aie2's demo kernels as GDB does:
// the target description (golden), the g packet, a memory write that
// sets the kernel's inputs, a breakpoint at the kernel's "check" address
// (a word of imem, a bundle of program memory), register reads by
// number and through "monitor regs", stepi, a register write, continue to
// the exit; the cycles are those of the same run without GDB.
func TestTargetSessions(t *testing.T) {
	type step struct{ p, want string }
	for _, c := range []struct {
		target, file string
		gLen         int    // bytes in the g packet (sixteen 32-bit registers: sim.DebugWideNum)
		pc           int    // the pc's register number
		in           uint64 // where the inputs go
		input        string // and what they are (hex bytes)
		out          uint64 // where the result goes
		steps        func(check, next uint64) []step
		regs         []string // monitor regs lines at check
		watch        string   // Z2's reply: OK, or "" (GDB watches in software)
	}{
		{
			target: "plena", file: "testdata/plena/demo.asm", gLen: 16 * 4, pc: 16, in: 0x31000000, input: "01000000020000000300000004000000", out: 0x31000010,
			steps: func(check, next uint64) []step {
				return []step{
					{"p2", le32(10)},              // gp2: 1 + 2 + 3 + 4
					{"p3", le32(4)},               // gp3: the index
					{"p1a", le32(1)},              // STRIDE (26) = 1 at power-on
					{"p2000", "0000000000000000"}, // a0 (sim.DebugWideNum)
					{"P2=1e000000", "OK"},         // gp2 = 30
					{"s", "T05"},
					{"p10", le32(uint32(next))},
					{"p11", "0000"}, // f0
				}
			},
			regs:  []string{"gp2        0x0000000a", "pc         0x4000001c", "a0         0x0000000000000000", "STRIDE     0x00000001"},
			watch: "",
		},
		{
			target: "aie2", file: "testdata/aie2/demo.s", gLen: 16 * 4, pc: 32, in: 0x70000, input: "0100000009000000", out: 0x70008,
			steps: func(check, next uint64) []step {
				return []step{
					{"p1", le32(1)},        // r1, landed
					{"p2", le32(9)},        // r2
					{"p21", le32(0x70000)}, // p0
					{"P2=13000000", "OK"},  // r2 = 19: the add reads it
					{"s", "T05"},
					{"p20", le32(uint32(next))},
				}
			},
			regs:  []string{"r1         0x00000001", "r2         0x00000009", "pc         0x0000001a", "p0         0x00070000"},
			watch: "OK",
		},
	} {
		t.Run(c.target, func(t *testing.T) {
			ref, _ := load(t, c.target, c.file)
			m, img := load(t, c.target, c.file)
			check := img.Symbols["check"]
			cl := start(t, context.Background(), m, Options{})
			cl.expectPrefix("qSupported:multiprocess+;swbreak+;hwbreak+", "PacketSize=4000;qXfer:features:read+")
			cl.expect("QStartNoAckMode", "OK")
			noAck := func(p string) string {
				cl.write(fmt.Sprintf("$%s#%02x", p, checksum(p)))
				return cl.packet()
			}
			var xml strings.Builder
			for off := 0; ; off += 0x400 {
				r := noAck(fmt.Sprintf("qXfer:features:read:target.xml:%x,400", off))
				xml.WriteString(r[1:])
				if r[0] != 'm' {
					break
				}
			}
			golden(t, c.target+"-target.xml", xml.String())
			if g := noAck("g"); len(g) != 2*c.gLen {
				t.Errorf("g packet of %d bytes, want %d", len(g)/2, c.gLen)
			}
			// The inputs (1, 2, 3, 4 into INT SRAM; 1, 9 into data
			// memory), written as GDB writes memory.
			refIn(t, ref, c.in, c.input)
			if got := noAck(fmt.Sprintf("M%x,%x:%s", c.in, len(c.input)/2, c.input)); got != "OK" {
				t.Errorf("memory write -> %q", got)
			}
			if got := noAck(fmt.Sprintf("Z2,%x,4", c.in+64)); got != c.watch {
				t.Errorf("Z2 -> %q, want %q", got, c.watch)
			}
			for _, s := range []step{
				{"?", "S05"},
				{fmt.Sprintf("p%x", c.pc), le32(uint32(img.Entry))},
				{fmt.Sprintf("Z0,%x,4", check), "OK"},
				{"c", "T05"}, // no swbreak: GDB knows not where the pc is (tReply)
				{fmt.Sprintf("p%x", c.pc), le32(uint32(check))},
			} {
				if got := noAck(s.p); got != s.want {
					t.Errorf("%q -> %q, want %q", s.p, got, s.want)
				}
			}
			regs := monitor(t, noAck, cl, "regs")
			for _, want := range c.regs {
				if !strings.Contains(regs, want+"\n") {
					t.Errorf("monitor regs lacks %q:\n%s", want, regs)
				}
			}
			for _, s := range c.steps(check, check+4) { // a plena word; aie2's add is a 32-bit bundle
				if got := noAck(s.p); got != s.want {
					t.Errorf("%q -> %q, want %q", s.p, got, s.want)
				}
			}
			if got := monitor(t, noAck, cl, "set nothing 1"); !strings.Contains(got, "no register nothing") {
				t.Errorf("monitor set nothing 1 -> %q", got)
			}
			if got := noAck("c"); got != "W00" {
				t.Errorf("continue to the end -> %q, want W00", got)
			}
			res := cl.end()
			if res.End != EndHalted {
				t.Errorf("session ended %v, halt %v", res.End, res.Halt)
			}
			want := ref.Run()
			a, b := ref.Stats(), m.Stats()
			if res.Halt.Kind != want.Kind || a.Cycles != b.Cycles || a.Instructions != b.Instructions {
				t.Errorf("under GDB: %v, %d cycles, %d instructions; without: %v, %d, %d", res.Halt, b.Cycles, b.Instructions, want, a.Cycles, a.Instructions)
			}
			// The register written under GDB made the result: 30 for
			// plena (gp2 set to 30), 20 for aie2 (1 + r2 set to 19).
			wantOut := map[string]uint32{"plena": 30, "aie2": 20}[c.target]
			if out, err := m.ReadMem(c.out, 4); err != nil || hex.EncodeToString(out) != le32(wantOut) {
				t.Errorf("result %x (%v), want %d", out, err, wantOut)
			}
		})
	}
}

// refIn writes a run's inputs into a core without GDB.
func refIn(t *testing.T, c sim.Debugger, addr uint64, h string) {
	t.Helper()
	b, _ := hex.DecodeString(h)
	if err := c.WriteMem(addr, b); err != nil {
		t.Fatal(err)
	}
}

// golden compares text with testdata/name (go test -update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n%s", path, got)
	}
}

var (
	_ sim.Debugger = (*plena.Machine)(nil)
	_ sim.Debugger = (*aie2.Machine)(nil)
)
