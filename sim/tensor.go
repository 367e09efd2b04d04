package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// DType is an element type of tensors in simulated memory (little-endian).
type DType struct {
	Name string // int8, uint8, int16, uint16, int32, uint32, float32
	Size int    // bytes per element
	npy  string // NumPy descr
}

// DTypes are the element types tensors may have.
var DTypes = []DType{
	{"int8", 1, "|i1"},
	{"uint8", 1, "|u1"},
	{"int16", 2, "<i2"},
	{"uint16", 2, "<u2"},
	{"int32", 4, "<i4"},
	{"uint32", 4, "<u4"},
	{"float32", 4, "<f4"},
}

// LookupDType finds a dtype by name (also accepts i8/u8/i16/u16/i32/u32/f32).
func LookupDType(name string) (DType, error) {
	short := map[string]string{"i8": "int8", "u8": "uint8", "i16": "int16", "u16": "uint16", "i32": "int32", "u32": "uint32", "f32": "float32"}
	if n, ok := short[name]; ok {
		name = n
	}
	for _, d := range DTypes {
		if d.Name == name {
			return d, nil
		}
	}
	names := make([]string, len(DTypes))
	for i, d := range DTypes {
		names[i] = d.Name
	}
	return DType{}, fmt.Errorf("unknown dtype %q (want one of %s)", name, strings.Join(names, ", "))
}

func dtypeOfNPY(descr string) (DType, error) {
	d := strings.Replace(descr, "=", "<", 1)
	for _, t := range DTypes {
		if t.npy == d || t.Size == 1 && t.npy[1:] == strings.TrimLeft(d, "<>|") {
			return t, nil
		}
	}
	return DType{}, fmt.Errorf("unsupported .npy dtype %q (want int8, uint8, int16, uint16, int32, uint32 or float32, little-endian)", descr)
}

// Tensor is raw little-endian element bytes with a dtype and shape.
type Tensor struct {
	DType DType
	Shape []int
	Data  []byte
}

// Elems is the number of elements of a shape.
func Elems(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// LoadSpec is a --load argument: NAME=FILE.npy@ADDR.
type LoadSpec struct {
	Name, File, Addr string
}

// ParseLoadSpec parses "name=file.npy@addr" (addr: a number or a symbol).
func ParseLoadSpec(s string) (LoadSpec, error) {
	name, rest, ok := strings.Cut(s, "=")
	file, addr, ok2 := cutLast(rest, "@")
	if !ok || !ok2 || name == "" || file == "" || addr == "" {
		return LoadSpec{}, fmt.Errorf("--load %q: want NAME=FILE.npy@ADDR, e.g. x=x.npy@0x10000", s)
	}
	return LoadSpec{Name: name, File: file, Addr: addr}, nil
}

func cutLast(s, sep string) (string, string, bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// DumpSpec is a --dump argument: NAME@ADDR:DTYPE[SHAPE].
type DumpSpec struct {
	Name  string
	Addr  string
	DType DType
	Shape []int
}

// Bytes is the size of the dumped tensor.
func (d DumpSpec) Bytes() int { return Elems(d.Shape) * d.DType.Size }

// ParseDumpSpec parses "name@addr:dtype[d0,d1,…]" (addr: number or symbol).
func ParseDumpSpec(s string) (DumpSpec, error) {
	bad := func(why string) (DumpSpec, error) {
		return DumpSpec{}, fmt.Errorf("--dump %q: %s; want NAME@ADDR:DTYPE[SHAPE], e.g. y@0x10400:int32[4,16]", s, why)
	}
	name, rest, ok := strings.Cut(s, "@")
	if !ok || name == "" {
		return bad("no NAME@")
	}
	addr, typ, ok := strings.Cut(rest, ":")
	if !ok || addr == "" {
		return bad("no ADDR:")
	}
	dt, shp, ok := strings.Cut(typ, "[")
	if !ok || !strings.HasSuffix(shp, "]") {
		return bad("no [SHAPE]")
	}
	d, err := LookupDType(dt)
	if err != nil {
		return bad(err.Error())
	}
	var shape []int
	for _, f := range strings.Split(strings.TrimSuffix(shp, "]"), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return bad(fmt.Sprintf("bad dimension %q", f))
		}
		shape = append(shape, n)
	}
	if _, ok := shapeBytes(shape, d.Size, MaxNPYBytes); !ok {
		return bad(fmt.Sprintf("shape %v of %s is larger than %d MiB", shape, d.Name, MaxNPYBytes>>20))
	}
	return DumpSpec{Name: name, Addr: addr, DType: d, Shape: shape}, nil
}

// ResolveAddr reads an address: a number (0x…, decimal) or an image symbol,
// optionally with +offset.
func ResolveAddr(s string, syms map[string]uint64) (uint64, error) {
	base, off := s, uint64(0)
	if b, o, ok := strings.Cut(s, "+"); ok {
		v, err := strconv.ParseUint(o, 0, 64)
		if err != nil {
			return 0, fmt.Errorf("address %q: bad offset %q", s, o)
		}
		base, off = b, v
	}
	if v, err := strconv.ParseUint(base, 0, 64); err == nil {
		return v + off, nil
	}
	if v, ok := syms[base]; ok {
		return v + off, nil
	}
	return 0, fmt.Errorf("address %q is neither a number nor a symbol of the program", s)
}

// ResolveAddrIn reads an address as ResolveAddr does, and also accepts
// the name of one of m's memory regions (its base), e.g. "vsram" or
// "vsram+128". A symbol of the program wins over a region of the same
// name.
func ResolveAddrIn(s string, syms map[string]uint64, m *Memory) (uint64, error) {
	v, err := ResolveAddr(s, syms)
	if err == nil || m == nil {
		return v, err
	}
	base, off := s, uint64(0)
	if b, o, ok := strings.Cut(s, "+"); ok {
		n, perr := strconv.ParseUint(o, 0, 64)
		if perr != nil {
			return 0, err
		}
		base, off = b, n
	}
	for _, r := range m.Regions {
		if r.Name == base {
			return r.Base + off, nil
		}
	}
	names := make([]string, len(m.Regions))
	for i, r := range m.Regions {
		names[i] = r.Name
	}
	return 0, fmt.Errorf("address %q is neither a number, a symbol of the program nor a memory region (%s)", s, strings.Join(names, ", "))
}

// DumpTensor reads a tensor from memory.
func DumpTensor(m *Memory, addr uint64, d DumpSpec) (*Tensor, error) {
	b, err := m.Peek(addr, uint64(d.Bytes()))
	if err != nil {
		return nil, err
	}
	return &Tensor{DType: d.DType, Shape: d.Shape, Data: b}, nil
}

// Values returns the elements as float64 (for tests and tools).
func (t *Tensor) Values() []float64 {
	n := len(t.Data) / max(1, t.DType.Size)
	out := make([]float64, n)
	for i := range out {
		b := t.Data[i*t.DType.Size:]
		switch t.DType.Name {
		case "int8":
			out[i] = float64(int8(b[0]))
		case "uint8":
			out[i] = float64(b[0])
		case "int16":
			out[i] = float64(int16(binary.LittleEndian.Uint16(b)))
		case "uint16":
			out[i] = float64(binary.LittleEndian.Uint16(b))
		case "int32":
			out[i] = float64(int32(binary.LittleEndian.Uint32(b)))
		case "uint32":
			out[i] = float64(binary.LittleEndian.Uint32(b))
		case "float32":
			out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
		}
	}
	return out
}
