package gdbserver

import (
	"context"
	"fmt"
	"io"
	"net"
	"testing"
	"time"
)

// FuzzParser: any byte stream gives events whose payloads stay within the
// limit, never a panic.
func FuzzParser(f *testing.F) {
	for _, s := range []string{"$g#67", "+-\x03", "$m0,4#FD", "$" + string(make([]byte, 300)) + "#00", "$}#7d$$#"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p := newParser(256)
		for _, b := range in {
			if ev, ok := p.feed(b); ok && len(ev.data) > 256 {
				t.Fatalf("payload of %d bytes", len(ev.data))
			}
		}
	})
}

// packets frames payloads as a client would.
func packets(ps ...string) []byte {
	var out []byte
	for _, p := range ps {
		out = fmt.Appendf(out, "$%s#%02x", p, checksum(p))
	}
	return out
}

// FuzzSession: any byte stream from a client (framed commands with any
// arguments among garbage) is answered without a panic, and the session
// ends once the client hangs up. The kernel's cycle limit keeps runs
// short whatever the client writes into memory.
func FuzzSession(f *testing.F) {
	for _, s := range [][]byte{
		packets("qSupported:swbreak+", "?", "g", "p20", "m10000,10", "Z0,1c,4", "c", "s", "c"),
		packets("QStartNoAckMode", "M0,4:6f000000", "c", "?", "D"),
		packets("Z2,10010,4", "Z3,10000,4", "Z4,10004,4", "c", "c", "c", "z2,10010,4", "k"),
		packets("X10000,4:}]}\x03ab", "G"+string(make([]byte, 10)), "P1043=00", "qXfer:features:read:target.xml:0,ffff"),
		append(packets("c"), 0x03, '-', '-', '+'),
		[]byte("$m0,ffffffff#00garbage\x00$p#70"),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, _ := machine(t, "testdata/demo.s", 20000)
		a, b := net.Pipe()
		done := make(chan struct{})
		go func() {
			defer close(done)
			Serve(context.Background(), b, m, Options{MaxPacket: 256}) //nolint:errcheck // only termination matters
		}()
		go io.Copy(io.Discard, a) //nolint:errcheck // drains replies until the pipe closes
		a.SetWriteDeadline(time.Now().Add(5 * time.Second))
		a.Write(in) //nolint:errcheck // the server may end the session first
		a.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("the session did not end after the client hung up")
		}
	})
}
