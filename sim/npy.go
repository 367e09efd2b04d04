package sim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Limits of the .npy reader: a file that claims more is refused before
// anything of that size is allocated.
const (
	// MaxNPYHeader bounds the header (the Python dict literal) of a .npy
	// file; NumPy's own limit for reading is 10,000 bytes.
	MaxNPYHeader = 64 << 10
	// MaxNPYDims bounds the number of dimensions (NumPy's is 64).
	MaxNPYDims = 32
	// MaxNPYBytes bounds the data of one .npy file: the largest memory
	// region of any hardware config is far smaller.
	MaxNPYBytes = 256 << 20
)

// npyMagic starts every .npy file.
const npyMagic = "\x93NUMPY"

// ReadNPY reads a C-order .npy array of a supported dtype (format
// versions 1.0, 2.0 and 3.0). It is strict: a malformed or oversized
// header, an unsupported dtype, a shape whose size overflows or exceeds
// MaxNPYBytes, a body shorter or longer than the shape says: each is an
// error, and memory is allocated only for data that actually arrives.
func ReadNPY(r io.Reader) (*Tensor, error) {
	return ReadNPYLimit(r, MaxNPYBytes)
}

// ErrNPYTooLarge is ReadNPYLimit's error for a shape larger than its
// limit.
var ErrNPYTooLarge = errors.New(".npy data larger than its destination")

// ReadNPYLimit is ReadNPY for a destination that holds limit bytes (at
// most MaxNPYBytes count): a shape whose data is larger is refused from
// the header, before any data is read.
func ReadNPYLimit(r io.Reader, limit int) (*Tensor, error) {
	limit = min(max(limit, 0), MaxNPYBytes)
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		return nil, fmt.Errorf("not a .npy file: %d-byte preamble missing (%v)", len(pre), shortRead(err))
	}
	if string(pre[:6]) != npyMagic {
		return nil, fmt.Errorf("not a .npy file: it does not start with \\x93NUMPY")
	}
	var hlen int
	switch major := pre[6]; major {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf(".npy header length missing (%v)", shortRead(err))
		}
		hlen = int(binary.LittleEndian.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf(".npy header length missing (%v)", shortRead(err))
		}
		n := binary.LittleEndian.Uint32(b[:])
		if n > MaxNPYHeader {
			return nil, fmt.Errorf(".npy header of %d bytes is larger than the %d this reader accepts", n, MaxNPYHeader)
		}
		hlen = int(n)
	default:
		return nil, fmt.Errorf(".npy format version %d.%d is not supported (1.0, 2.0 and 3.0 are)", major, pre[7])
	}
	hdr := make([]byte, hlen)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, fmt.Errorf(".npy header truncated: want %d bytes (%v)", hlen, shortRead(err))
	}
	h, err := parseNPYHeader(string(hdr))
	if err != nil {
		return nil, fmt.Errorf(".npy header %q: %w", clip(string(hdr), 120), err)
	}
	dt, err := dtypeOfNPY(h.descr)
	if err != nil {
		return nil, err
	}
	if h.fortran && len(h.shape) > 1 {
		return nil, fmt.Errorf("fortran-order arrays are not supported: save with np.ascontiguousarray")
	}
	n, ok := shapeBytes(h.shape, dt.Size, limit)
	if !ok && limit == MaxNPYBytes {
		return nil, fmt.Errorf(".npy shape %v of %s is larger than %d MiB", h.shape, dt.Name, MaxNPYBytes>>20)
	}
	if !ok {
		return nil, fmt.Errorf("%w: shape %v of %s needs more than %d bytes", ErrNPYTooLarge, h.shape, dt.Name, limit)
	}
	// Read what arrives, up to one byte more than the shape needs: a
	// header that claims gigabytes costs only what the file holds.
	var data bytes.Buffer
	if _, err := data.ReadFrom(io.LimitReader(r, int64(n)+1)); err != nil {
		return nil, fmt.Errorf("reading .npy data: %w", err)
	}
	switch {
	case data.Len() < n:
		return nil, fmt.Errorf(".npy data truncated: shape %v of %s needs %d bytes, the file has %d", h.shape, dt.Name, n, data.Len())
	case data.Len() > n:
		return nil, fmt.Errorf(".npy file has data past the %d bytes that shape %v of %s needs", n, h.shape, dt.Name)
	}
	return &Tensor{DType: dt, Shape: h.shape, Data: data.Bytes()}, nil
}

// shortRead names an unexpected end of input plainly.
func shortRead(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("the file ends early")
	}
	return err
}

// shapeBytes is the byte size of a shape of elements of size, or false
// when it overflows or exceeds limit.
func shapeBytes(shape []int, size, limit int) (int, bool) {
	n := size
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		if d != 0 && n > limit/d {
			// n*d > limit, unless a later dimension is 0.
			for _, z := range shape {
				if z == 0 {
					return 0, true
				}
			}
			return 0, false
		}
		n *= d
	}
	return n, n <= limit
}

// npyHeader is the content of a .npy header dict.
type npyHeader struct {
	descr   string
	fortran bool
	shape   []int
}

// parseNPYHeader parses the header dict, a Python literal such as
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }. It accepts
// exactly the three keys, each once, in any order.
func parseNPYHeader(s string) (npyHeader, error) {
	var h npyHeader
	p := &litParser{s: strings.TrimRight(s, " \n\x00")}
	if !p.eat('{') {
		return h, errors.New("does not start with '{'")
	}
	seen := map[string]bool{}
	for {
		p.space()
		if p.eat('}') {
			break
		}
		key, err := p.str()
		if err != nil {
			return h, fmt.Errorf("key: %w", err)
		}
		if seen[key] {
			return h, fmt.Errorf("key %q appears twice", key)
		}
		seen[key] = true
		p.space()
		if !p.eat(':') {
			return h, fmt.Errorf("no ':' after key %q", key)
		}
		p.space()
		switch key {
		case "descr":
			if h.descr, err = p.str(); err != nil {
				return h, fmt.Errorf("descr: %w", err)
			}
		case "fortran_order":
			switch {
			case p.word("True"):
				h.fortran = true
			case p.word("False"):
			default:
				return h, errors.New("fortran_order is neither True nor False")
			}
		case "shape":
			if h.shape, err = p.tuple(); err != nil {
				return h, fmt.Errorf("shape: %w", err)
			}
		default:
			return h, fmt.Errorf("unknown key %q", key)
		}
		p.space()
		if p.eat('}') {
			break
		}
		if !p.eat(',') {
			return h, fmt.Errorf("no ',' or '}' after %q", key)
		}
	}
	if p.i != len(p.s) {
		return h, errors.New("text after the closing '}'")
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return h, fmt.Errorf("no %q", k)
		}
	}
	return h, nil
}

// litParser reads the small subset of Python literals .npy headers use.
type litParser struct {
	s string
	i int
}

func (p *litParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *litParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *litParser) word(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

// str reads a quoted string without escapes (.npy keys and descrs have none).
func (p *litParser) str() (string, error) {
	if p.i >= len(p.s) || p.s[p.i] != '\'' && p.s[p.i] != '"' {
		return "", errors.New("not a quoted string")
	}
	q := p.s[p.i]
	end := strings.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		return "", errors.New("unterminated string")
	}
	v := p.s[p.i+1 : p.i+1+end]
	if strings.ContainsAny(v, "\\\n") || len(v) > 64 {
		return "", fmt.Errorf("unexpected string %q", clip(v, 64))
	}
	p.i += end + 2
	return v, nil
}

// tuple reads a tuple of non-negative integers: (), (5,), (3, 4).
func (p *litParser) tuple() ([]int, error) {
	if !p.eat('(') {
		return nil, errors.New("not a tuple")
	}
	shape := []int{}
	for {
		p.space()
		if p.eat(')') {
			return shape, nil
		}
		j := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		if j == p.i {
			return nil, fmt.Errorf("dimension %d is not a non-negative integer", len(shape))
		}
		d, err := strconv.Atoi(p.s[j:p.i])
		if err != nil || p.i-j > 10 || d > math.MaxInt32 {
			return nil, fmt.Errorf("dimension %d (%s) is too large", len(shape), clip(p.s[j:p.i], 24))
		}
		if len(shape) == MaxNPYDims {
			return nil, fmt.Errorf("more than %d dimensions", MaxNPYDims)
		}
		shape = append(shape, d)
		p.space()
		if p.eat(')') {
			if len(shape) == 1 {
				return nil, errors.New("a one-element tuple needs a trailing comma: (n,)")
			}
			return shape, nil
		}
		if !p.eat(',') {
			return nil, errors.New("no ',' or ')' after a dimension")
		}
	}
}

// WriteNPY writes a tensor as a C-order .npy array (format 1.0, the
// header padded so the data starts on a 64-byte boundary, as NumPy does).
func WriteNPY(w io.Writer, t *Tensor) error {
	n := Elems(t.Shape)
	if n*t.DType.Size != len(t.Data) {
		return fmt.Errorf("tensor: %d bytes for shape %v of %s", len(t.Data), t.Shape, t.DType.Name)
	}
	var shape strings.Builder
	shape.WriteByte('(')
	for i, d := range t.Shape {
		if i > 0 {
			shape.WriteString(", ")
		}
		shape.WriteString(strconv.Itoa(d))
	}
	if len(t.Shape) == 1 {
		shape.WriteByte(',')
	}
	shape.WriteByte(')')
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", t.DType.npy, shape.String())
	pad := 64 - (len(npyMagic)+4+len(dict)+1)%64
	if pad == 64 {
		pad = 0
	}
	hdr := dict + strings.Repeat(" ", pad) + "\n"
	var b bytes.Buffer
	b.WriteString(npyMagic)
	b.Write([]byte{1, 0})
	if len(hdr) > math.MaxUint16 {
		return fmt.Errorf("tensor: a shape of %d dimensions does not fit a .npy 1.0 header", len(t.Shape))
	}
	binary.Write(&b, binary.LittleEndian, uint16(len(hdr)))
	b.WriteString(hdr)
	if _, err := w.Write(b.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(t.Data)
	return err
}
