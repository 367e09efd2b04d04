package gdbserver

import (
	"bufio"
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// machine assembles a source file (or text) for coral and loads it.
func machine(t testing.TB, src string, maxCycles int64) (*coral.Machine, *sim.Image) {
	t.Helper()
	text := []byte(src)
	if strings.HasSuffix(src, ".s") {
		var err error
		if text, err = os.ReadFile(src); err != nil {
			t.Fatal(err)
		}
	}
	h, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New("coral")
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble("t.s", text, asm.Options{HW: h})
	if err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := coral.New(h, coral.Options{CoreOptions: sim.CoreOptions{MaxCycles: maxCycles}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	return m, img
}

// client is a scripted GDB: it sends packets and reads replies over a
// pipe to a session.
type client struct {
	t    testing.TB
	conn net.Conn
	r    *bufio.Reader
	res  chan Result
	errc chan error
}

// start serves m on one end of a pipe and returns the client's end.
func start(t testing.TB, ctx context.Context, m sim.Debugger, opts Options) *client {
	t.Helper()
	a, b := net.Pipe()
	c := &client{t: t, conn: a, r: bufio.NewReader(a), res: make(chan Result, 1), errc: make(chan error, 1)}
	go func() {
		r, err := Serve(ctx, b, m, opts)
		c.res <- r
		c.errc <- err
	}()
	a.SetDeadline(time.Now().Add(20 * time.Second))
	t.Cleanup(func() { a.Close() })
	return c
}

func (c *client) write(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.conn, s); err != nil {
		c.t.Fatalf("write %q: %v", s, err)
	}
}

// readByte reads one byte of the server's output.
func (c *client) readByte() byte {
	c.t.Helper()
	b, err := c.r.ReadByte()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return b
}

// packet reads one reply packet (skipping acks) and checks its checksum.
func (c *client) packet() string {
	c.t.Helper()
	for {
		b := c.readByte()
		if b == '$' {
			break
		}
		if b != '+' {
			c.t.Fatalf("unexpected byte %q before a packet", b)
		}
	}
	data, err := c.r.ReadString('#')
	if err != nil {
		c.t.Fatal(err)
	}
	data = data[:len(data)-1]
	sum := []byte{c.readByte(), c.readByte()}
	if want := fmt.Sprintf("%02x", checksum(data)); string(sum) != want {
		c.t.Fatalf("reply %q: checksum %s, want %s", data, sum, want)
	}
	return data
}

func checksum(s string) byte {
	var sum byte
	for i := 0; i < len(s); i++ {
		sum += s[i]
	}
	return sum
}

// cmd sends a packet and returns the reply.
func (c *client) cmd(p string) string {
	c.t.Helper()
	c.write(fmt.Sprintf("$%s#%02x", p, checksum(p)))
	if b := c.readByte(); b != '+' {
		c.t.Fatalf("%q: got %q, want the ack", p, b)
	}
	r := c.packet()
	io.WriteString(c.conn, "+") // may fail: a final reply (W, X) closes the connection
	return r
}

func (c *client) expect(p, want string) {
	c.t.Helper()
	if got := c.cmd(p); got != want {
		c.t.Errorf("%s -> %q, want %q", p, got, want)
	}
}

func (c *client) expectPrefix(p, want string) string {
	c.t.Helper()
	got := c.cmd(p)
	if !strings.HasPrefix(got, want) {
		c.t.Errorf("%s -> %q, want %q…", p, got, want)
	}
	return got
}

// end waits for the session's result.
func (c *client) end() Result {
	c.t.Helper()
	select {
	case r := <-c.res:
		if err := <-c.errc; err != nil {
			c.t.Errorf("Serve: %v", err)
		}
		return r
	case <-time.After(20 * time.Second):
		c.t.Fatal("the session did not end")
	}
	return Result{}
}

func le32(v uint32) string {
	return fmt.Sprintf("%02x%02x%02x%02x", v&0xff, v>>8&0xff, v>>16&0xff, v>>24)
}

// TestSession drives the demo kernel through everything GDB does: the
// target description, registers (x, pc, f, CSR, vector), memory reads and
// writes (hex and binary), a breakpoint at a symbol, a watchpoint, a
// step, and the exit whose status the memory write changed.
func TestSession(t *testing.T) {
	m, img := machine(t, "testdata/demo.s", 0)
	check, data, result := img.Symbols["check"], img.Symbols["data"], img.Symbols["result"]
	cl := start(t, context.Background(), m, Options{})
	cl.expectPrefix("qSupported:multiprocess+;swbreak+;hwbreak+", "PacketSize=4000;qXfer:features:read+")
	cl.expect("vMustReplyEmpty", "")
	cl.expect("QStartNoAckMode", "OK")
	// No acks from here on.
	noAck := func(p string) string {
		cl.write(fmt.Sprintf("$%s#%02x", p, checksum(p)))
		return cl.packet()
	}
	var xml strings.Builder
	for off := 0; ; off += 0x100 {
		r := noAck(fmt.Sprintf("qXfer:features:read:target.xml:%x,100", off))
		xml.WriteString(r[1:])
		if r[0] == 'l' {
			break
		}
		if r[0] != 'm' {
			t.Fatalf("qXfer -> %q", r)
		}
	}
	if !strings.Contains(xml.String(), "<architecture>riscv:rv32</architecture>") || !strings.Contains(xml.String(), `<reg name="v31" bitsize="128" regnum="4193" type="vec128" group="vector"/>`) {
		t.Errorf("target description:\n%s", xml.String())
	}
	for _, c := range []struct{ p, want string }{
		{"?", "S05"},
		{"qAttached", "0"},
		{"Hg0", "OK"},
		{"qXfer:features:read:other.xml:0,10", "E00"},
		{"p20", "00000000"}, // pc
		{"qC", ""},
		{fmt.Sprintf("Z0,%x,4", check), "OK"},
		{"c", "T05swbreak:;"},
		{"p20", le32(uint32(check))},
		{"pa", le32(10)},                              // a0: the vector unit's sum
		{"p1043", "01000000020000000300000004000000"}, // v1
		{fmt.Sprintf("p%x", 65+0xc20), "04000000"},    // vl
		{fmt.Sprintf("m%x,10", data), "01000000020000000300000004000000"},
		{fmt.Sprintf("M%x,4:14000000", data), "OK"},  // data[0] = 20
		{fmt.Sprintf("X%x,0:", data), "OK"},          // GDB's probe
		{fmt.Sprintf("X%x,2:}]}\x03", data+4), "OK"}, // data[1] = 0x237d, escaped
		{fmt.Sprintf("m%x,8", data), "140000007d230000"},
		{fmt.Sprintf("M%x,4:02000000", data+4), "OK"},
		{"s", "T05"},
		{"p20", le32(uint32(check) + 4)},
		{fmt.Sprintf("Z2,%x,4", result), "OK"},
		{"c", fmt.Sprintf("T05watch:%x;", result)},
		{fmt.Sprintf("m%x,4", result), le32(30)},
		{fmt.Sprintf("z2,%x,4", result), "OK"},
		{"Pa=07000000", "OK"},
		{"pa", "07000000"},
		{"Pa=1e000000", "OK"},
	} {
		if got := noAck(c.p); got != c.want {
			t.Errorf("%q -> %q, want %q", c.p, got, c.want)
		}
	}
	out := noAck("qRcmd," + hex.EncodeToString([]byte("cycles")))
	text, _ := hex.DecodeString(strings.TrimPrefix(out, "O"))
	if !strings.HasPrefix(out, "O") || !strings.HasPrefix(string(text), "cycles ") {
		t.Errorf("monitor cycles -> %q (%s)", out, text)
	}
	if r := cl.packet(); r != "OK" {
		t.Errorf("monitor cycles ends with %q", r)
	}
	if got := noAck("c"); got != "W1e" {
		t.Errorf("continue to the exit -> %q, want W1e (30)", got)
	}
	r := cl.end()
	if r.End != EndHalted || r.Halt.Kind != sim.HaltExit || r.Halt.Code != 30 {
		t.Errorf("result %v %v", r.End, r.Halt)
	}
}

// TestTargetXML: coral's target description, golden (go test -update
// rewrites it); register sets GDB could not use are refused.
func TestTargetXML(t *testing.T) {
	m, _ := machine(t, "testdata/demo.s", 0)
	got, err := targetXML(m.DebugRegs())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "coral-target.xml")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("target description differs from %s (go test -update rewrites it):\n%s", path, got)
	}
	for _, c := range []struct {
		name string
		regs []sim.DebugReg
		want string
	}{
		{"duplicate", []sim.DebugReg{{Name: "a", Bits: 32, Num: 1}, {Name: "b", Bits: 32, Num: 1}}, "share number 1"},
		{"bits", []sim.DebugReg{{Name: "a", Bits: 12, Num: 1}}, "whole number of bytes"},
	} {
		if _, err := targetXML(&sim.RegisterSet{Regs: c.regs}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// A target GDB does not know: no architecture, its own feature, wide
	// vector registers with 128-bit lanes too.
	x, err := targetXML(&sim.RegisterSet{Regs: []sim.DebugReg{{Name: "r0", Bits: 32, Num: 0}, {Name: "x0", Bits: 512, Type: "vector", Num: 1}}})
	if err != nil || strings.Contains(string(x), "<architecture>") || !strings.Contains(string(x), `<vector id="vec512_q" type="uint128" count="4"/>`) ||
		!strings.Contains(string(x), `<feature name="org.kernelcraft.regs">`) {
		t.Errorf("generic description (%v):\n%s", err, x)
	}
}

// TestCyclesUnderGDB: a strip-mined vector loop stopped at its head on
// every iteration, single-stepped, and watched (a read watchpoint on its
// input, a write watchpoint on its result) ends with the cycles,
// instructions and stalls of the same program run without GDB.
func TestCyclesUnderGDB(t *testing.T) {
	const src = "../../testdata/kernels/coral/dot_i8.s"
	ref, _ := machine(t, src, 0)
	want := ref.Run()
	m, img := machine(t, src, 0)
	loop := img.Entry + 0x1c // 1: vsetvli, after la (2 instructions), la (2), li, vsetivli, vmv.s.x
	cl := start(t, context.Background(), m, Options{})
	cl.expect(fmt.Sprintf("Z0,%x,4", loop), "OK")
	hits, rwatch, watch := 0, 0, 0
	vecB100 := img.Symbols["vec_b"] + 100
	for {
		r := cl.cmd("c")
		switch r {
		case "W00":
		case fmt.Sprintf("T05rwatch:%x;", vecB100):
			rwatch++
			cl.expect(fmt.Sprintf("z3,%x,1", vecB100), "OK")
			continue
		case fmt.Sprintf("T05watch:%x;", img.Symbols["result"]):
			watch++
			continue
		case "T05":
			if pc := cl.cmd("p20"); pc != le32(uint32(loop)) {
				t.Fatalf("stopped at %s, want the loop head %#x", pc, loop)
			}
			hits++
			cl.expect("s", "T05")
			if hits == 2 {
				cl.expect(fmt.Sprintf("Z3,%x,1", vecB100), "OK")
				cl.expect(fmt.Sprintf("Z2,%x,4", img.Symbols["result"]), "OK")
			}
			continue
		default:
			t.Fatalf("continue -> %q", r)
		}
		break
	}
	if rwatch != 1 || watch != 1 {
		t.Errorf("read watchpoint hit %d times, write watchpoint %d; want 1 and 1", rwatch, watch)
	}
	if hits != 8 {
		t.Errorf("the loop head was hit %d times, want 8", hits)
	}
	res := cl.end()
	a, b := ref.Stats(), m.Stats()
	if res.Halt.Kind != want.Kind || a.Cycles != b.Cycles || a.Instructions != b.Instructions || !slices.Equal(a.StallCycles, b.StallCycles) || !slices.Equal(a.UnitBusy, b.UnitBusy) {
		t.Errorf("under GDB: %v, %d cycles, %d instructions, stalls %v; without: %v, %d, %d, %v",
			res.Halt, b.Cycles, b.Instructions, b.StallCycles, want, a.Cycles, a.Instructions, a.StallCycles)
	}
	t.Logf("%d cycles, %d instructions with and without GDB", b.Cycles, b.Instructions)
}
