// Package gdbserver serves GDB's remote serial protocol for any simulated
// core that implements sim.Debugger: registers (described to GDB by a
// target description built from the core's sim.RegisterSet), memory,
// software breakpoints, write/read/access watchpoints, single-step,
// continue, Ctrl-C, and the core's halt as GDB's stop reply (the program's
// exit ends the session with its exit status). The core runs on its
// reference stepper, one instruction at a time, so its results and cycle
// counts are those of a run without GDB.
//
// The server speaks all-stop mode to one client, without threads, vCont
// or non-stop: GDB falls back to s and c, which is all a single core
// needs. Input is bounded: packets longer than the advertised PacketSize
// are consumed and answered with an error, bad checksums with '-', and
// malformed commands with "E01"; nothing a client sends makes the server
// panic or wait for anything but the client.
package gdbserver

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"kernelcraft/sim"
)

// Limits of a session.
const (
	// DefaultMaxPacket is the largest packet payload accepted and
	// advertised (PacketSize) when Options.MaxPacket is 0.
	DefaultMaxPacket = 16 << 10
	maxBreakpoints   = 4096 // software breakpoints set at once
	maxWatchpoints   = 64   // watchpoints set at once
	maxResends       = 8    // '-' answered with the last reply, at most this often in a row
	pollEvery        = 256  // instructions run between looks at the client while running
)

// Options configure a session.
type Options struct {
	// MaxPacket is the largest packet payload accepted (and what GDB is
	// told it may send); 0: DefaultMaxPacket. At least 256.
	MaxPacket int
	// Log, if set, receives each packet in and out (truncated), for
	// debugging the protocol.
	Log io.Writer
	// Monitor, if set, answers "monitor CMD" commands it knows (returning
	// ok false for the others, which get the built-in ones: cycles,
	// help).
	Monitor func(cmd string) (out string, ok bool)
}

// End says how a session ended.
type End int

// How a session ends.
const (
	EndHalted    End = iota + 1 // the program halted (and the client was told)
	EndKilled                   // the client killed the program
	EndDetached                 // the client detached; the program then ran to its end
	EndLost                     // the connection ended or failed
	EndCancelled                // the context was done
)

func (e End) String() string {
	return [...]string{"", "halted", "killed", "detached", "connection lost", "cancelled"}[e]
}

// Result is what a session leaves: how it ended and the core's halt. For
// EndKilled, EndLost and EndCancelled the program did not finish and Halt
// is a sim.HaltCancelled at the pc where it stopped.
type Result struct {
	End  End
	Halt sim.Halt
}

// ListenAndServe listens on addr (host:port; port 0 picks one), calls
// ready with the address it listens on, serves the first client to
// connect and returns when that session ends. ctx ends the wait and the
// session.
func ListenAndServe(ctx context.Context, addr string, core sim.Debugger, opts Options, ready func(net.Addr)) (Result, error) {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return Result{}, err
	}
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	if ready != nil {
		ready(ln.Addr())
	}
	conn, err := ln.Accept()
	ln.Close() // one client
	if err != nil {
		if ctx.Err() != nil {
			return Result{End: EndCancelled, Halt: cancelled(core, "while waiting for GDB")}, nil
		}
		return Result{}, err
	}
	return Serve(ctx, conn, core, opts)
}

// Serve runs one session with the client on conn, which it closes on
// return.
func Serve(ctx context.Context, conn io.ReadWriteCloser, core sim.Debugger, opts Options) (Result, error) {
	if opts.MaxPacket == 0 {
		opts.MaxPacket = DefaultMaxPacket
	}
	if opts.MaxPacket < 256 {
		return Result{}, fmt.Errorf("gdbserver: MaxPacket %d is below 256", opts.MaxPacket)
	}
	s, err := newSession(ctx, core, conn, opts)
	if err != nil {
		conn.Close()
		return Result{}, err
	}
	events := make(chan event, 64)
	done := make(chan struct{})
	go s.read(conn, events, done)
	defer func() {
		conn.Close()
		<-done // the reader ends when conn is closed
	}()
	s.events = events
	return s.loop()
}

// session is one client's state.
type session struct {
	ctx   context.Context
	core  sim.Debugger
	regs  *sim.RegisterSet
	byNum map[int]int // protocol register number → index in regs.Regs
	xml   []byte
	w     io.Writer
	opts  Options

	events  <-chan event
	pending []event // events that arrived while the core ran

	noAck   bool
	swbreak bool // the client understands the swbreak stop reason
	last    []byte
	resends int

	bps     map[uint64]bool
	watches []watch
	hit     *watchHit

	lastStop string
}

// watch is a watchpoint: Z2 (write), Z3 (read), Z4 (access).
type watch struct {
	kind byte // '2', '3', '4'
	addr uint64
	n    uint64
}

type watchHit struct {
	kind byte
	addr uint64
}

func newSession(ctx context.Context, core sim.Debugger, w io.Writer, opts Options) (*session, error) {
	rs := core.DebugRegs()
	if rs.PC < 0 || rs.PC >= len(rs.Regs) || rs.General > len(rs.Regs) {
		return nil, fmt.Errorf("gdbserver: register set: pc index %d or general count %d out of range", rs.PC, rs.General)
	}
	for i := 0; i < rs.General; i++ {
		if rs.Regs[i].Num != i {
			return nil, fmt.Errorf("gdbserver: register set: general register %s has number %d, not %d", rs.Regs[i].Name, rs.Regs[i].Num, i)
		}
	}
	x, err := targetXML(rs)
	if err != nil {
		return nil, fmt.Errorf("gdbserver: %v", err)
	}
	s := &session{ctx: ctx, core: core, regs: rs, xml: x, w: w, opts: opts,
		byNum: map[int]int{}, bps: map[uint64]bool{}, lastStop: "S05"}
	for i, r := range rs.Regs {
		s.byNum[r.Num] = i
	}
	return s, nil
}

// read turns the client's bytes into events until the connection ends.
func (s *session) read(r io.Reader, out chan<- event, done chan<- struct{}) {
	defer close(done)
	p := newParser(s.opts.MaxPacket)
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		for _, c := range buf[:n] {
			if ev, ok := p.feed(c); ok {
				select {
				case out <- ev:
				case <-s.ctx.Done():
					return
				}
			}
		}
		if err != nil {
			select {
			case out <- event{kind: evEOF, err: err}:
			case <-s.ctx.Done():
			}
			return
		}
	}
}

func (s *session) logf(format string, args ...any) {
	if s.opts.Log != nil {
		line := fmt.Sprintf(format, args...)
		if len(line) > 200 {
			line = line[:200] + "…"
		}
		fmt.Fprintln(s.opts.Log, line)
	}
}

// send writes a reply packet.
func (s *session) send(payload []byte) error {
	s.logf("-> %s", payload)
	s.last, s.resends = frame(payload), 0
	_, err := s.w.Write(s.last)
	return err
}

func (s *session) sendString(p string) error { return s.send([]byte(p)) }

// next returns the next event: one queued while the core ran, else from
// the reader.
func (s *session) next() (event, bool) {
	if len(s.pending) > 0 {
		ev := s.pending[0]
		s.pending = s.pending[1:]
		return ev, true
	}
	select {
	case ev := <-s.events:
		return ev, true
	case <-s.ctx.Done():
		return event{}, false
	}
}

// loop serves packets until the session ends.
func (s *session) loop() (Result, error) {
	for {
		ev, ok := s.next()
		if !ok {
			return Result{End: EndCancelled, Halt: cancelled(s.core, "kc-sim was interrupted")}, nil
		}
		switch ev.kind {
		case evEOF:
			return Result{End: EndLost, Halt: cancelled(s.core, "the GDB connection ended")}, nil
		case evAck, evInterrupt: // Ctrl-C while stopped: nothing runs, nothing to stop
		case evNak:
			if s.last != nil && !s.noAck && s.resends < maxResends {
				s.resends++
				if _, err := s.w.Write(s.last); err != nil {
					return s.lost(err)
				}
			}
		case evBadSum:
			if _, err := s.w.Write([]byte{'-'}); err != nil {
				return s.lost(err)
			}
		case evTooLong:
			if err := s.ack(); err != nil {
				return s.lost(err)
			}
			if err := s.sendString("E01"); err != nil {
				return s.lost(err)
			}
		case evPacket:
			s.logf("<- %s", ev.data)
			if err := s.ack(); err != nil {
				return s.lost(err)
			}
			res, end, err := s.handle(ev.data)
			if err != nil {
				return s.lost(err)
			}
			if end {
				return res, nil
			}
		}
	}
}

func (s *session) ack() error {
	if s.noAck {
		return nil
	}
	_, err := s.w.Write([]byte{'+'})
	return err
}

func (s *session) lost(err error) (Result, error) {
	return Result{End: EndLost, Halt: cancelled(s.core, "the GDB connection failed")}, fmt.Errorf("gdbserver: %w", err)
}

// cancelled is the halt of a program the session ended before it did.
func cancelled(core sim.Debugger, why string) sim.Halt {
	if h, ok := core.Halted(); ok {
		return h
	}
	pc := core.DebugPC()
	return sim.Halt{Kind: sim.HaltCancelled, PC: pc,
		Msg: fmt.Sprintf("halted: %s at pc %#x (the program did not finish)", why, pc)}
}

var errBadPacket = errors.New("malformed packet")

// handle answers one packet; end is true when the session is over.
func (s *session) handle(p []byte) (res Result, end bool, err error) {
	if len(p) == 0 {
		return res, false, s.sendString("")
	}
	reply := func(r string, e error) (Result, bool, error) {
		if e != nil {
			s.logf("   (%v)", e)
		}
		return res, false, s.sendString(r)
	}
	cmd, args := p[0], string(p[1:])
	switch cmd {
	case '?':
		return reply(s.stopReplyNow(), nil)
	case 'g':
		return reply(s.readGeneral())
	case 'G':
		return reply(s.writeGeneral(args))
	case 'p':
		return reply(s.readRegister(args))
	case 'P':
		return reply(s.writeRegister(args))
	case 'm':
		return reply(s.readMemory(args))
	case 'M':
		return reply(s.writeMemory(args))
	case 'X':
		return reply(s.writeBinary(p[1:]))
	case 'Z', 'z':
		return reply(s.breakpoint(cmd == 'Z', args))
	case 'c', 's':
		if args != "" {
			if r, e := s.setPC(args); e != nil {
				return reply(r, e)
			}
		}
		return s.resume(cmd == 's')
	case 'C', 'S': // resume with a signal: a simulated core has no handlers; the signal is dropped
		sig, addr, _ := strings.Cut(args, ";")
		if _, e := strconv.ParseUint(sig, 16, 8); e != nil {
			return reply("E01", errBadPacket)
		}
		if addr != "" {
			if r, e := s.setPC(addr); e != nil {
				return reply(r, e)
			}
		}
		return s.resume(cmd == 'S')
	case 'D':
		if err := s.sendString("OK"); err != nil {
			return res, true, err
		}
		return s.detach(), true, nil
	case 'k':
		return Result{End: EndKilled, Halt: cancelled(s.core, "killed by GDB")}, true, nil
	case 'H', 'T':
		return reply("OK", nil)
	case 'q', 'Q':
		return s.query(args, cmd)
	case 'v':
		switch {
		case strings.HasPrefix(args, "Kill"):
			if err := s.sendString("OK"); err != nil {
				return res, true, err
			}
			return Result{End: EndKilled, Halt: cancelled(s.core, "killed by GDB")}, true, nil
		case strings.HasPrefix(args, "MustReplyEmpty"):
			return reply("", nil)
		}
	}
	return reply("", nil) // not supported
}

// query answers q and Q packets.
func (s *session) query(args string, cmd byte) (Result, bool, error) {
	var res Result
	ok := func(r string) (Result, bool, error) { return res, false, s.sendString(r) }
	name, rest, _ := strings.Cut(args, ":")
	if cmd == 'Q' {
		if name == "StartNoAckMode" {
			err := s.sendString("OK")
			s.noAck = true
			return res, false, err
		}
		return ok("")
	}
	switch {
	case name == "Supported":
		for _, f := range strings.Split(rest, ";") {
			if f == "swbreak+" {
				s.swbreak = true
			}
		}
		return ok(fmt.Sprintf("PacketSize=%x;qXfer:features:read+;QStartNoAckMode+;swbreak+;hwbreak+", s.opts.MaxPacket))
	case name == "Attached":
		return ok("0") // kc-sim started the program: quitting GDB kills it
	case name == "Symbol":
		return ok("OK")
	case name == "Xfer":
		return res, false, s.send(s.xfer(rest))
	case strings.HasPrefix(args, "Rcmd,"):
		return res, false, s.monitor(args[len("Rcmd,"):])
	}
	return ok("")
}

// xfer answers qXfer:features:read:ANNEX:OFFSET,LENGTH.
func (s *session) xfer(rest string) []byte {
	parts := strings.SplitN(rest, ":", 4)
	if len(parts) != 4 || parts[0] != "features" || parts[1] != "read" {
		return nil // other objects: not supported
	}
	if parts[2] != "target.xml" {
		return []byte("E00")
	}
	off, n, err := parseAddrLen(parts[3])
	if err != nil {
		return []byte("E01")
	}
	if off >= uint64(len(s.xml)) {
		return []byte("l")
	}
	// escaping can double a byte: keep the reply within the packet size
	n = min(n, uint64(s.opts.MaxPacket/2-8), uint64(len(s.xml))-off)
	kind := byte('m')
	if off+n == uint64(len(s.xml)) {
		kind = 'l'
	}
	return escapeBinary([]byte{kind}, s.xml[off:off+n])
}

// monitor answers qRcmd (GDB's "monitor CMD").
func (s *session) monitor(hexCmd string) error {
	b, err := hex.DecodeString(hexCmd)
	if err != nil {
		return s.sendString("E01")
	}
	out := s.monitorOutput(strings.TrimSpace(string(b)))
	// Console output goes in O packets, each within the packet size.
	for len(out) > 0 {
		k := min(len(out), s.opts.MaxPacket/2-2)
		if err := s.sendString("O" + hex.EncodeToString([]byte(out[:k]))); err != nil {
			return err
		}
		out = out[k:]
	}
	return s.sendString("OK")
}

func (s *session) monitorOutput(cmd string) string {
	if s.opts.Monitor != nil {
		if out, ok := s.opts.Monitor(cmd); ok {
			return out
		}
	}
	word, rest, _ := strings.Cut(cmd, " ")
	switch word {
	case "cycles":
		st := s.core.Stats()
		return fmt.Sprintf("cycles %d, instructions %d, pc %#x\n", st.Cycles, st.Instructions, s.core.DebugPC())
	case "regs":
		return s.monitorRegs(strings.Fields(rest))
	case "set":
		f := strings.Fields(rest)
		if len(f) != 2 {
			return "usage: monitor set REGISTER VALUE (a number; registers of up to 64 bits)\n"
		}
		return s.monitorSet(f[0], f[1])
	case "help", "":
		return "monitor commands: cycles (cycles and instructions so far), regs [NAME...] (registers by the target's names, from the target description), set NAME VALUE (write a register of up to 64 bits), help\n"
	}
	return fmt.Sprintf("unknown monitor command %q (monitor help lists them)\n", cmd)
}

// monitorRegs lists registers by name with their values in hex (most
// significant byte first): every register, or those named. It is how a
// GDB that cannot use the target description (a target it does not
// know) sees them.
func (s *session) monitorRegs(names []string) string {
	var b strings.Builder
	for i, r := range s.regs.Regs {
		if len(names) > 0 && !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, r.Name) }) {
			continue
		}
		v, err := s.core.ReadReg(i)
		if err != nil {
			fmt.Fprintf(&b, "%-10s (%v)\n", r.Name, err)
			continue
		}
		be := slices.Clone(v)
		slices.Reverse(be)
		fmt.Fprintf(&b, "%-10s 0x%s\n", r.Name, hex.EncodeToString(be))
	}
	if b.Len() == 0 {
		return fmt.Sprintf("no register %s (monitor regs lists them)\n", strings.Join(names, ", "))
	}
	return b.String()
}

// monitorSet writes a register of up to 64 bits by name.
func (s *session) monitorSet(name, value string) string {
	i := slices.IndexFunc(s.regs.Regs, func(r sim.DebugReg) bool { return strings.EqualFold(r.Name, name) })
	if i < 0 {
		return fmt.Sprintf("no register %s (monitor regs lists them)\n", name)
	}
	r := s.regs.Regs[i]
	v, err := strconv.ParseUint(value, 0, 64)
	if err != nil || r.Bits > 64 || r.Bits < 64 && v>>r.Bits != 0 {
		return fmt.Sprintf("%s: %q is not a number of at most %d bits (registers of up to 64 bits)\n", r.Name, value, min(r.Bits, 64))
	}
	b := make([]byte, r.Bits/8)
	for k := range b {
		b[k] = byte(v >> (8 * k))
	}
	if err := s.core.WriteReg(i, b); err != nil {
		return fmt.Sprintf("%v\n", err)
	}
	return fmt.Sprintf("%s = %#x\n", r.Name, v)
}

// readGeneral answers g: the registers of the g packet, in number order.
func (s *session) readGeneral() (string, error) {
	var b strings.Builder
	for i := 0; i < s.regs.General; i++ {
		v, err := s.core.ReadReg(i)
		if err != nil {
			return "E03", err
		}
		b.WriteString(hex.EncodeToString(v))
	}
	return b.String(), nil
}

// writeGeneral answers G.
func (s *session) writeGeneral(args string) (string, error) {
	data, err := hex.DecodeString(args)
	if err != nil {
		return "E01", err
	}
	for i := 0; i < s.regs.General && len(data) > 0; i++ {
		n := s.regs.Regs[i].Bits / 8
		if len(data) < n {
			return "E01", errBadPacket
		}
		if cur, err := s.core.ReadReg(i); err == nil && bytes.Equal(cur, data[:n]) {
			data = data[n:] // unchanged (x0 = 0 among them)
			continue
		}
		if err := s.core.WriteReg(i, data[:n]); err != nil {
			return "E03", err
		}
		data = data[n:]
	}
	return "OK", nil
}

func (s *session) regIndex(num string) (int, error) {
	n, err := strconv.ParseUint(num, 16, 31)
	if err != nil {
		return 0, errBadPacket
	}
	i, ok := s.byNum[int(n)]
	if !ok {
		return 0, fmt.Errorf("no register %d", n)
	}
	return i, nil
}

// readRegister answers p NUM.
func (s *session) readRegister(args string) (string, error) {
	i, err := s.regIndex(args)
	if err != nil {
		return "E01", err
	}
	v, err := s.core.ReadReg(i)
	if err != nil {
		return "E03", err
	}
	return hex.EncodeToString(v), nil
}

// writeRegister answers P NUM=VALUE.
func (s *session) writeRegister(args string) (string, error) {
	num, val, ok := strings.Cut(args, "=")
	if !ok {
		return "E01", errBadPacket
	}
	i, err := s.regIndex(num)
	if err != nil {
		return "E01", err
	}
	data, err := hex.DecodeString(val)
	if err != nil || len(data) != s.regs.Regs[i].Bits/8 {
		return "E01", errBadPacket
	}
	if err := s.core.WriteReg(i, data); err != nil {
		return "E03", err
	}
	return "OK", nil
}

func (s *session) setPC(args string) (string, error) {
	a, err := strconv.ParseUint(args, 16, 64)
	if err != nil {
		return "E01", errBadPacket
	}
	n := s.regs.Regs[s.regs.PC].Bits / 8
	if n > 8 || n < 8 && a>>(8*n) != 0 {
		return "E01", errBadPacket
	}
	b := make([]byte, 8)
	for i := range b {
		b[i] = byte(a >> (8 * i))
	}
	if err := s.core.WriteReg(s.regs.PC, b[:n]); err != nil {
		return "E03", err
	}
	return "", nil
}

// parseAddrLen parses "ADDR,LENGTH" (hex).
func parseAddrLen(s string) (addr, n uint64, err error) {
	a, l, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, errBadPacket
	}
	if addr, err = strconv.ParseUint(a, 16, 64); err != nil {
		return 0, 0, errBadPacket
	}
	if n, err = strconv.ParseUint(l, 16, 64); err != nil {
		return 0, 0, errBadPacket
	}
	return addr, n, nil
}

// readMemory answers m ADDR,LENGTH: as many bytes as are readable from
// ADDR, at most what fits in a packet.
func (s *session) readMemory(args string) (string, error) {
	addr, n, err := parseAddrLen(args)
	if err != nil {
		return "E01", err
	}
	n = min(n, uint64(s.opts.MaxPacket/2))
	if n == 0 {
		return "", nil
	}
	b, err := s.core.ReadMem(addr, int(n))
	if err != nil {
		return "E02", err
	}
	return hex.EncodeToString(b), nil
}

// writeMemory answers M ADDR,LENGTH:HEX.
func (s *session) writeMemory(args string) (string, error) {
	head, data, ok := strings.Cut(args, ":")
	if !ok {
		return "E01", errBadPacket
	}
	addr, n, err := parseAddrLen(head)
	if err != nil {
		return "E01", err
	}
	b, err := hex.DecodeString(data)
	if err != nil || uint64(len(b)) != n {
		return "E01", errBadPacket
	}
	return s.poke(addr, b)
}

// writeBinary answers X ADDR,LENGTH:BINARY.
func (s *session) writeBinary(p []byte) (string, error) {
	i := bytes.IndexByte(p, ':')
	if i < 0 {
		return "E01", errBadPacket
	}
	addr, n, err := parseAddrLen(string(p[:i]))
	if err != nil {
		return "E01", err
	}
	b, err := unescapeBinary(p[i+1:])
	if err != nil || uint64(len(b)) != n {
		return "E01", errBadPacket
	}
	return s.poke(addr, b)
}

func (s *session) poke(addr uint64, b []byte) (string, error) {
	if len(b) == 0 {
		return "OK", nil // GDB's probe for X
	}
	if err := s.core.WriteMem(addr, b); err != nil {
		return "E02", err
	}
	return "OK", nil
}

// breakpoint answers Z/z TYPE,ADDR,KIND: types 0 and 1 (software and
// hardware breakpoints: both are checked before each instruction) and 2,
// 3, 4 (write, read and access watchpoints, KIND bytes from ADDR).
func (s *session) breakpoint(insert bool, args string) (string, error) {
	parts := strings.Split(args, ",")
	if len(parts) < 3 || len(parts[0]) != 1 {
		return "E01", errBadPacket
	}
	addr, err := strconv.ParseUint(parts[1], 16, 64)
	if err != nil {
		return "E01", errBadPacket
	}
	kind, err := strconv.ParseUint(strings.SplitN(parts[2], ";", 2)[0], 16, 32)
	if err != nil {
		return "E01", errBadPacket
	}
	switch t := parts[0][0]; t {
	case '0', '1':
		if insert {
			if !s.bps[addr] && len(s.bps) >= maxBreakpoints {
				return "E04", fmt.Errorf("too many breakpoints")
			}
			s.bps[addr] = true
		} else {
			delete(s.bps, addr)
		}
	case '2', '3', '4':
		if w, ok := s.core.(sim.AccessWatcher); ok && !w.WatchesAccesses() {
			return "", nil // not supported: GDB falls back on software watchpoints
		}
		if kind == 0 || addr+kind < addr {
			return "E01", errBadPacket
		}
		w := watch{kind: t, addr: addr, n: kind}
		if insert {
			if len(s.watches) >= maxWatchpoints {
				return "E04", fmt.Errorf("too many watchpoints")
			}
			s.watches = append(s.watches, w)
		} else {
			for i, o := range s.watches {
				if o == w {
					s.watches = append(s.watches[:i], s.watches[i+1:]...)
					break
				}
			}
		}
		s.armWatches()
	default:
		return "", nil // not supported
	}
	return "OK", nil
}

// armWatches gives the core an access hook while watchpoints are set.
func (s *session) armWatches() {
	if len(s.watches) == 0 {
		s.core.SetWatch(nil)
		return
	}
	s.core.SetWatch(s.onAccess)
}

// onAccess records the first watchpoint a program access hits.
func (s *session) onAccess(addr, n uint64, acc sim.Access) {
	if s.hit != nil {
		return
	}
	for _, w := range s.watches {
		if addr >= w.addr+w.n || w.addr >= addr+n {
			continue
		}
		if w.kind == '2' && acc != sim.Write || w.kind == '3' && acc != sim.Read {
			continue
		}
		kind := w.kind
		if kind == '4' && acc == sim.Write {
			kind = '2' // GDB reports an access watchpoint hit by a write as one
		}
		s.hit = &watchHit{kind: kind, addr: max(addr, w.addr)}
		return
	}
}

// resume runs the core: one instruction (step) or until a breakpoint, a
// watchpoint, a halt or Ctrl-C; it answers with the stop reply.
func (s *session) resume(step bool) (Result, bool, error) {
	defer s.addWall(time.Now())
	if h, halted := s.core.Halted(); halted {
		// The client was told of a fatal stop and resumes anyway: the
		// program dies of it, as a process would.
		r := exitReply(h)
		if r == "" {
			r = fmt.Sprintf("X%02x", signalOf(h))
		}
		return Result{End: EndHalted, Halt: h}, true, s.sendString(r)
	}
	for n := 0; ; n++ {
		if n > 0 && s.bps[s.core.DebugPC()] {
			return s.stopped(s.tReply(5, "swbreak"))
		}
		if n%pollEvery == pollEvery-1 {
			if r, end, err, stop := s.poll(); stop {
				return r, end, err
			}
		}
		s.hit = nil
		if !s.core.DebugStep() {
			h, _ := s.core.Halted()
			if r := exitReply(h); r != "" {
				return Result{End: EndHalted, Halt: h}, true, s.sendString(r)
			}
			return s.stopped(fmt.Sprintf("T%02x", signalOf(h)))
		}
		if w := s.hit; w != nil {
			name := map[byte]string{'2': "watch", '3': "rwatch", '4': "awatch"}[w.kind]
			return s.stopped(fmt.Sprintf("T05%s:%x;", name, w.addr))
		}
		if step {
			return s.stopped("T05")
		}
	}
}

// addWall counts the host time since start (the core running, not
// waiting for the client) in the core's statistics.
func (s *session) addWall(start time.Time) { s.core.Stats().Wall += time.Since(start) }

// poll looks at the client while the core runs: Ctrl-C stops it, a lost
// connection or a done context ends the session; packets wait.
func (s *session) poll() (res Result, end bool, err error, stop bool) {
	for {
		select {
		case ev := <-s.events:
			switch ev.kind {
			case evInterrupt:
				res, end, err = s.stopped("T02")
				return res, end, err, true
			case evEOF:
				return Result{End: EndLost, Halt: cancelled(s.core, "the GDB connection ended")}, true, nil, true
			case evAck:
			default:
				if len(s.pending) < 64 {
					s.pending = append(s.pending, ev)
				}
			}
		case <-s.ctx.Done():
			return Result{End: EndCancelled, Halt: cancelled(s.core, "kc-sim was interrupted")}, true, nil, true
		default:
			return res, false, nil, false
		}
	}
}

func (s *session) stopped(reply string) (Result, bool, error) {
	s.lastStop = reply
	return Result{}, false, s.sendString(reply)
}

// tReply is a T stop reply with a reason the client may not know. A
// client that does not know the architecture (RegisterSet.Arch "") reads
// the pc where its own architecture has it, not where the core's is: told
// of a software breakpoint at a pc where it has none, GDB would take the
// stop for a late event of a removed breakpoint and resume silently, so
// the reply leaves the reason out (GDB then reports a SIGTRAP and stops;
// having been offered swbreak, it still does not move the pc back).
func (s *session) tReply(sig int, reason string) string {
	if reason == "swbreak" && (!s.swbreak || s.regs.Arch == "") {
		return fmt.Sprintf("T%02x", sig)
	}
	return fmt.Sprintf("T%02x%s:;", sig, reason)
}

// stopReplyNow answers '?'.
func (s *session) stopReplyNow() string {
	if h, halted := s.core.Halted(); halted {
		if r := exitReply(h); r != "" {
			return r
		}
		return fmt.Sprintf("T%02x", signalOf(h))
	}
	return s.lastStop
}

// detach lets the program run to its end without the debugger.
func (s *session) detach() Result {
	defer s.addWall(time.Now())
	s.watches = nil
	s.core.SetWatch(nil)
	for n := 1; s.core.DebugStep(); n++ {
		if n%4096 == 0 && s.ctx.Err() != nil {
			return Result{End: EndCancelled, Halt: cancelled(s.core, "kc-sim was interrupted")}
		}
	}
	h, _ := s.core.Halted()
	return Result{End: EndDetached, Halt: h}
}

// exitReply is the W reply of a halt that ends the program as an exit
// (mpause, exit(n), tohost, running off the end); "" for the others.
func exitReply(h sim.Halt) string {
	switch h.Kind {
	case sim.HaltPause, sim.HaltExit, sim.HaltToHost, sim.HaltEnd:
		return fmt.Sprintf("W%02x", h.ExitStatus()&0xff)
	}
	return ""
}

// GDB's signal numbers.
const (
	sigINT  = 2
	sigILL  = 4
	sigTRAP = 5
	sigBUS  = 10
	sigSEGV = 11
	sigXCPU = 24
)

// signalOf maps a halt that is not an exit to the signal GDB shows.
func signalOf(h sim.Halt) int {
	switch h.Kind {
	case sim.HaltTrap:
		if h.Trap != nil {
			switch h.Trap.Kind {
			case sim.TrapMisaligned:
				return sigBUS
			case sim.TrapAccess:
				return sigSEGV
			}
		}
		return sigILL
	case sim.HaltCycleLimit:
		return sigXCPU
	case sim.HaltCancelled:
		return sigINT
	}
	return sigTRAP // ebreak
}
