package gdbserver

import (
	"bytes"
	"fmt"
)

// What the client sent, as the parser splits the byte stream.
type evKind uint8

const (
	evPacket    evKind = iota + 1 // a packet with a good checksum
	evAck                         // '+'
	evNak                         // '-': resend the last reply
	evInterrupt                   // 0x03 outside a packet (Ctrl-C)
	evBadSum                      // a packet whose checksum is wrong or not hex
	evTooLong                     // a packet longer than the limit (checksum good)
	evEOF                         // the connection ended
)

type event struct {
	kind evKind
	data []byte // evPacket: the payload (between '$' and '#'), still escaped
	err  error  // evEOF: why
}

// parser splits the client's byte stream into events. It keeps at most
// max payload bytes; longer packets are consumed (their checksum still
// checked) and reported as evTooLong. Bytes outside packets other than
// '+', '-' and 0x03 are ignored, as the protocol allows.
type parser struct {
	max   int
	state uint8 // 0 idle, 1 payload, 2 first checksum digit, 3 second
	buf   []byte
	sum   byte
	over  bool
	hi    byte // first checksum digit's value
}

func newParser(max int) *parser { return &parser{max: max, buf: make([]byte, 0, 256)} }

// feed takes one byte; it returns an event when the byte completes one.
func (p *parser) feed(b byte) (event, bool) {
	switch p.state {
	case 0:
		switch b {
		case '$':
			p.state, p.buf, p.sum, p.over = 1, p.buf[:0], 0, false
		case '+':
			return event{kind: evAck}, true
		case '-':
			return event{kind: evNak}, true
		case 0x03:
			return event{kind: evInterrupt}, true
		}
	case 1:
		switch b {
		case '#':
			p.state = 2
		case '$': // a new packet starts: the unfinished one was noise
			p.buf, p.sum, p.over = p.buf[:0], 0, false
		default:
			p.sum += b
			if len(p.buf) < p.max {
				p.buf = append(p.buf, b)
			} else {
				p.over = true
			}
		}
	case 2:
		v, ok := unhex(b)
		if !ok {
			p.state = 0
			return event{kind: evBadSum}, true
		}
		p.hi, p.state = v, 3
	case 3:
		p.state = 0
		v, ok := unhex(b)
		switch {
		case !ok || p.hi<<4|v != p.sum:
			return event{kind: evBadSum}, true
		case p.over:
			return event{kind: evTooLong}, true
		}
		return event{kind: evPacket, data: bytes.Clone(p.buf)}, true
	}
	return event{}, false
}

func unhex(b byte) (byte, bool) {
	switch {
	case b >= '0' && b <= '9':
		return b - '0', true
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10, true
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10, true
	}
	return 0, false
}

// frame wraps a reply payload as a packet: $payload#checksum.
func frame(payload []byte) []byte {
	out := make([]byte, 0, len(payload)+4)
	out = append(out, '$')
	var sum byte
	for _, c := range payload {
		sum += c
	}
	out = append(out, payload...)
	return fmt.Appendf(out, "#%02x", sum)
}

// escapeBinary escapes the bytes the protocol reserves ('#', '$', '}',
// '*') in binary data: '}' then the byte xor 0x20.
func escapeBinary(dst, data []byte) []byte {
	for _, c := range data {
		switch c {
		case '#', '$', '}', '*':
			dst = append(dst, '}', c^0x20)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// unescapeBinary undoes escapeBinary; a '}' at the end is an error.
func unescapeBinary(data []byte) ([]byte, error) {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c == '}' {
			i++
			if i == len(data) {
				return nil, fmt.Errorf("binary data ends in an escape")
			}
			c = data[i] ^ 0x20
		}
		out = append(out, c)
	}
	return out, nil
}
