package gdbserver

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"kernelcraft/sim"
)

// TestParser: the byte stream split into events.
func TestParser(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string // kind:payload
	}{
		{"packet", "$g#67", []string{"packet:g"}},
		{"acks and Ctrl-C", "+-\x03", []string{"ack:", "nak:", "interrupt:"}},
		{"noise ignored", "xyz\n$g#67zz", []string{"packet:g"}},
		{"bad checksum", "$g#00", []string{"badsum:"}},
		{"checksum not hex", "$g#6x", []string{"badsum:"}},
		{"checksum first digit not hex", "$g#x7$g#67", []string{"badsum:", "packet:g"}},
		{"upper-case checksum", "$m0,4#FD", []string{"packet:m0,4"}},
		{"restart", "$gar$g#67", []string{"packet:g"}},
		{"too long", "$" + strings.Repeat("a", 300) + fmt.Sprintf("#%02x", checksum(strings.Repeat("a", 300))), []string{"toolong:"}},
		{"Ctrl-C inside a packet is data", "$\x03#03", []string{"packet:\x03"}},
		{"unfinished", "$abc", nil},
	} {
		p := newParser(256)
		var got []string
		for i := 0; i < len(c.in); i++ {
			if ev, ok := p.feed(c.in[i]); ok {
				got = append(got, [...]string{"", "packet", "ack", "nak", "interrupt", "badsum", "toolong", "eof"}[ev.kind]+":"+string(ev.data))
			}
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestBadInput: garbage, bad checksums, oversized packets and malformed
// commands get errors (or '-'), and the session goes on working.
func TestBadInput(t *testing.T) {
	m, img := machine(t, "testdata/demo.s", 0)
	cl := start(t, context.Background(), m, Options{MaxPacket: 256})
	cl.write("garbage\x00\xff")
	cl.write("$g#00")
	if b := cl.readByte(); b != '-' {
		t.Fatalf("bad checksum: %q, want '-'", b)
	}
	long := strings.Repeat("M", 1000)
	cl.write(fmt.Sprintf("$%s#%02x", long, checksum(long)))
	if b := cl.readByte(); b != '+' {
		t.Fatalf("too long: %q, want the ack", b)
	}
	if r := cl.packet(); r != "E01" {
		t.Errorf("too long -> %q", r)
	}
	cl.write("+")
	for _, c := range []struct{ p, want string }{
		{"m", "E01"}, {"mzz,4", "E01"}, {"m10000", "E01"}, {"m10000,zz", "E01"},
		{"m9000,4", "E02"},              // outside memory
		{"m10000,ffffffffffffffff", ""}, // clipped to the packet size: checked below
		{"M10000,4:zz", "E01"},          // not hex
		{"M10000,8:00000000", "E01"},    // length mismatch
		{"M9000,4:00000000", "E02"},     // outside memory
		{"X10000,1:}", "E01"},           // escape at the end
		{"X10000", "E01"},               // no data
		{"p", "E01"}, {"pzz", "E01"}, {"pffff", "E01"}, {"p1ffffffffffff", "E01"},
		{"P0", "E01"}, {"Pa=00", "E01"}, {"P0=01000000", "E03"}, // x0 is hard-wired
		{fmt.Sprintf("P%x=00000000", 65+0xc00), "E03"}, // cycle is read-only
		{"G00", "E01"},
		{"Z0", "E01"}, {"Z0,zz,4", "E01"}, {"Z2,10000,0", "E01"}, {"Z2,ffffffffffffffff,4", "E01"},
		{"Z9,0,4", ""}, {"Zxx,0,4", "E01"},
		{"Cxx", "E01"}, {"czz", "E01"}, {"sfffffffffffffffff", "E01"},
		{"qXfer:features:read:target.xml:zz", "E01"},
		{"qRcmd,zz", "E01"},
		{"unknown", ""}, {"vCont?", ""}, {"!", ""},
		{"?", "S05"},
	} {
		got := cl.cmd(c.p)
		if c.p == "m10000,ffffffffffffffff" {
			if len(got) != 256 { // MaxPacket/2 bytes, in hex
				t.Errorf("%s -> %d hex digits, want 256", c.p, len(got))
			}
			continue
		}
		if got != c.want {
			t.Errorf("%q -> %q, want %q", c.p, got, c.want)
		}
	}
	for i := 0; i < maxWatchpoints; i++ {
		cl.expect(fmt.Sprintf("Z2,%x,4", 0x10000+4*i), "OK")
	}
	cl.expect("Z2,10800,4", "E04")
	cl.expect(fmt.Sprintf("Z0,%x,4", img.Symbols["check"]), "OK")
	cl.expect("c", "T05") // the client did not announce swbreak
	// '-' resends the last reply.
	cl.write("-")
	if r := cl.packet(); r != "T05" {
		t.Errorf("resent %q", r)
	}
	cl.write("$k#6b") // no reply
	if b := cl.readByte(); b != '+' {
		t.Errorf("k: %q, want the ack", b)
	}
	if r := cl.end(); r.End != EndKilled || r.Halt.Kind != sim.HaltCancelled || !strings.Contains(r.Halt.Msg, "killed by GDB") {
		t.Errorf("after k: %v, %v", r.End, r.Halt)
	}
}

const spin = `
    .globl _start
_start:
1:  j 1b
`

// TestInterrupt: Ctrl-C (0x03) stops a kernel that never ends with
// SIGINT; vKill then ends the session.
func TestInterrupt(t *testing.T) {
	m, _ := machine(t, spin, 1<<40)
	cl := start(t, context.Background(), m, Options{})
	cl.write(fmt.Sprintf("$c#%02x", checksum("c")))
	if b := cl.readByte(); b != '+' {
		t.Fatalf("c: %q", b)
	}
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	cl.write("\x03")
	if r := cl.packet(); r != "T02" {
		t.Fatalf("after Ctrl-C: %q, want T02", r)
	}
	cl.write("+")
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("Ctrl-C took %v", el)
	}
	if st := m.Stats(); st.Cycles == 0 {
		t.Error("no cycles ran before Ctrl-C")
	}
	cl.expect("p20", "00000000")
	cl.expect("s", "T05")
	cl.expect("vKill;1", "OK")
	if r := cl.end(); r.End != EndKilled {
		t.Errorf("after vKill: %v", r.End)
	}
}

// TestFatalStops: a trap stops with its signal, registers stay readable,
// and resuming ends the program with the signal (X); the cycle limit is
// SIGXCPU; ebreak SIGTRAP.
func TestFatalStops(t *testing.T) {
	for _, c := range []struct {
		name, src string
		limit     int64
		stop      string
		kind      sim.HaltKind
	}{
		{"illegal", "_start:\n li a0, 1\n .word 0xffffffff\n", 0, "T04", sim.HaltTrap},
		{"access", "_start:\n li a0, 0x9000\n lw a1, 0(a0)\n", 0, "T0b", sim.HaltTrap},
		{"misaligned", "_start:\n li a0, 2\n jr a0\n", 0, "T04", sim.HaltTrap}, // jalr clears bit 0 only: a misaligned target
		{"ebreak", "_start:\n ebreak\n", 0, "T05", sim.HaltBreak},
		{"cycle limit", spin, 1000, "T18", sim.HaltCycleLimit},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := machine(t, ".globl _start\n"+c.src, c.limit)
			cl := start(t, context.Background(), m, Options{})
			got := cl.cmd("c")
			h, _ := m.Halted()
			if c.name == "misaligned" {
				c.stop = fmt.Sprintf("T%02x", signalOf(h)) // the kind the core gives a misaligned jump
				if h.Trap == nil || h.Trap.Kind != sim.TrapMisaligned || c.stop != "T0a" {
					t.Errorf("misaligned jump: %v, %s", h, c.stop)
				}
			}
			if got != c.stop {
				t.Errorf("c -> %q, want %q (%v)", got, c.stop, h)
			}
			cl.expect("?", c.stop)
			if r := cl.cmd("g"); len(r) != 33*8 {
				t.Errorf("g after the stop: %q", r)
			}
			cl.expect("c", "X"+c.stop[1:])
			if r := cl.end(); r.End != EndHalted || r.Halt.Kind != c.kind {
				t.Errorf("result %v %v", r.End, r.Halt)
			}
		})
	}
}

// TestSessionEnds: a closed connection, a done context while waiting for
// a client or while the core runs, and a detach that lets the program
// finish.
func TestSessionEnds(t *testing.T) {
	t.Run("connection closed", func(t *testing.T) {
		m, _ := machine(t, "testdata/demo.s", 0)
		cl := start(t, context.Background(), m, Options{})
		cl.expect("?", "S05")
		cl.conn.Close()
		if r := cl.end(); r.End != EndLost || r.Halt.Kind != sim.HaltCancelled {
			t.Errorf("%v %v", r.End, r.Halt)
		}
	})
	t.Run("closed while running", func(t *testing.T) {
		m, _ := machine(t, spin, 1<<40)
		cl := start(t, context.Background(), m, Options{})
		cl.write(fmt.Sprintf("$c#%02x", checksum("c")))
		cl.readByte()
		time.Sleep(20 * time.Millisecond)
		cl.conn.Close()
		if r := cl.end(); r.End != EndLost {
			t.Errorf("%v %v", r.End, r.Halt)
		}
	})
	t.Run("cancelled while running", func(t *testing.T) {
		m, _ := machine(t, spin, 1<<40)
		ctx, cancel := context.WithCancel(context.Background())
		cl := start(t, ctx, m, Options{})
		cl.write(fmt.Sprintf("$c#%02x", checksum("c")))
		cl.readByte()
		time.Sleep(20 * time.Millisecond)
		cancel()
		if r := cl.end(); r.End != EndCancelled || r.Halt.Kind != sim.HaltCancelled {
			t.Errorf("%v %v", r.End, r.Halt)
		}
	})
	t.Run("detach", func(t *testing.T) {
		m, img := machine(t, "testdata/demo.s", 0)
		cl := start(t, context.Background(), m, Options{})
		cl.expect(fmt.Sprintf("Z0,%x,4", img.Symbols["check"]), "OK")
		cl.expect(fmt.Sprintf("Z2,%x,4", img.Symbols["result"]), "OK")
		cl.expect("D", "OK")
		if r := cl.end(); r.End != EndDetached || r.Halt.Kind != sim.HaltExit || r.Halt.Code != 11 {
			t.Errorf("%v %v", r.End, r.Halt)
		}
	})
	t.Run("listen", func(t *testing.T) {
		m, _ := machine(t, "testdata/demo.s", 0)
		addrc := make(chan net.Addr, 1)
		done := make(chan Result, 1)
		go func() {
			r, err := ListenAndServe(context.Background(), "127.0.0.1:0", m, Options{}, func(a net.Addr) { addrc <- a })
			if err != nil {
				t.Error(err)
			}
			done <- r
		}()
		conn, err := net.Dial("tcp", (<-addrc).String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "$c#%02x", checksum("c"))
		buf := make([]byte, 64)
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		var got []byte
		for !strings.Contains(string(got), "#") {
			n, err := conn.Read(buf)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, buf[:n]...)
		}
		if !strings.HasPrefix(string(got), "+$W0b#") {
			t.Errorf("reply %q", got)
		}
		if r := <-done; r.End != EndHalted || r.Halt.Code != 11 {
			t.Errorf("%v %v", r.End, r.Halt)
		}
	})
	t.Run("cancelled while waiting", func(t *testing.T) {
		m, _ := machine(t, "testdata/demo.s", 0)
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(20 * time.Millisecond); cancel() }()
		r, err := ListenAndServe(ctx, "127.0.0.1:0", m, Options{}, nil)
		if err != nil || r.End != EndCancelled || r.Halt.Kind != sim.HaltCancelled {
			t.Errorf("%v %v %v", r.End, r.Halt, err)
		}
	})
	t.Run("bad address", func(t *testing.T) {
		m, _ := machine(t, "testdata/demo.s", 0)
		if _, err := ListenAndServe(context.Background(), "256.0.0.1:x", m, Options{}, nil); err == nil {
			t.Error("no error")
		}
	})
}
