package sim

import (
	"bytes"
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestNPYRoundTrip(t *testing.T) {
	for _, d := range DTypes {
		for _, shape := range [][]int{{6}, {2, 3}, {1, 2, 3}, {0}} {
			n := Elems(shape)
			data := make([]byte, n*d.Size)
			for i := range data {
				data[i] = byte(i*37 + 1)
			}
			if d.Name == "float32" {
				for i := 3; i < len(data); i += 4 {
					data[i] = 0x3f // keep them finite
				}
			}
			var buf bytes.Buffer
			if err := WriteNPY(&buf, &Tensor{DType: d, Shape: shape, Data: data}); err != nil {
				t.Fatalf("%s %v: %v", d.Name, shape, err)
			}
			if !strings.Contains(buf.String(), d.npy) {
				t.Errorf("%s: header lacks %s", d.Name, d.npy)
			}
			got, err := ReadNPY(&buf)
			if err != nil {
				t.Fatalf("%s %v: read: %v", d.Name, shape, err)
			}
			if got.DType.Name != d.Name || !reflect.DeepEqual(got.Shape, shape) || !bytes.Equal(got.Data, data) {
				t.Errorf("%s %v: got %s %v %x", d.Name, shape, got.DType.Name, got.Shape, got.Data)
			}
		}
	}
}

func TestSpecs(t *testing.T) {
	l, err := ParseLoadSpec("x=dir/a@b.npy@0x10000")
	if err != nil || l.Name != "x" || l.File != "dir/a@b.npy" || l.Addr != "0x10000" {
		t.Errorf("load spec %+v %v", l, err)
	}
	for _, bad := range []string{"x.npy@0x10", "x=x.npy", "=x.npy@1"} {
		if _, err := ParseLoadSpec(bad); err == nil {
			t.Errorf("load spec %q accepted", bad)
		}
	}
	d, err := ParseDumpSpec("y@out+16:int32[4, 16]")
	if err != nil || d.Name != "y" || d.Addr != "out+16" || d.DType.Name != "int32" || !reflect.DeepEqual(d.Shape, []int{4, 16}) || d.Bytes() != 256 {
		t.Errorf("dump spec %+v %v", d, err)
	}
	for _, bad := range []string{"y@1:int64[4]", "y@1:int32", "y:int32[4]", "y@1:int32[a]", "y@1:int32[-1]",
		"y@0x10000:int8[4294967296,4294967296]", "y@0:int32[67108865]"} {
		if _, err := ParseDumpSpec(bad); err == nil {
			t.Errorf("dump spec %q accepted", bad)
		}
	}
	if _, err := ParseDumpSpec("y@0:int32[67108864]"); err != nil { // exactly MaxNPYBytes
		t.Errorf("dump spec at the size limit: %v", err)
	}
	syms := map[string]uint64{"out": 0x10400}
	for s, want := range map[string]uint64{"0x10": 16, "out": 0x10400, "out+0x10": 0x10410, "42": 42} {
		if got, err := ResolveAddr(s, syms); err != nil || got != want {
			t.Errorf("ResolveAddr(%q) = %#x, %v", s, got, err)
		}
	}
	if _, err := ResolveAddr("nosuch", syms); err == nil {
		t.Error("unknown symbol accepted")
	}
}

// npyFile builds a .npy file from a header dict and a body.
func npyFile(version byte, dict string, body []byte) []byte {
	var b bytes.Buffer
	b.WriteString(npyMagic)
	b.Write([]byte{version, 0})
	hdr := dict + "\n"
	if version == 1 {
		b.Write([]byte{byte(len(hdr)), byte(len(hdr) >> 8)})
	} else {
		b.Write([]byte{byte(len(hdr)), byte(len(hdr) >> 8), byte(len(hdr) >> 16), byte(len(hdr) >> 24)})
	}
	b.WriteString(hdr)
	b.Write(body)
	return b.Bytes()
}

// TestReadNPYStrict: every malformed header, truncated or overlong body,
// overflowing or oversized shape and unsupported dtype is a clear error;
// none allocates more than the file holds.
func TestReadNPYStrict(t *testing.T) {
	ok := "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
	body := make([]byte, 24)
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "preamble missing"},
		{"magic", []byte("\x93NUMPZ\x01\x00\x00\x00"), "does not start with"},
		{"version", []byte("\x93NUMPY\x04\x00\x00\x00"), "version 4.0"},
		{"header length", []byte("\x93NUMPY\x01\x00\x10"), "header length missing"},
		{"header truncated", []byte("\x93NUMPY\x01\x00\x40\x00{'descr'"), "header truncated"},
		{"v2 header too large", []byte("\x93NUMPY\x02\x00\xff\xff\xff\x7f"), "larger than"},
		{"not a dict", npyFile(1, "['descr']", nil), "does not start with '{'"},
		{"unknown key", npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", nil), "unknown key"},
		{"missing shape", npyFile(1, "{'descr': '<f4', 'fortran_order': False}", nil), "no \"shape\""},
		{"twice", npyFile(1, "{'descr': '<f4', 'descr': '<f4'}", nil), "appears twice"},
		{"fortran word", npyFile(1, "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2,)}", nil), "neither True nor False"},
		{"negative dim", npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-2,)}", nil), "not a non-negative integer"},
		{"huge dim", npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,)}", nil), "too large"},
		{"one-tuple", npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2)}", nil), "trailing comma"},
		{"too many dims", npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': ("+strings.Repeat("1, ", 40)+")}", nil), "more than 32 dimensions"},
		{"overflowing shape", npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2147483647, 2147483647, 2147483647)}", nil), "larger than"},
		{"4 GB claim", npyFile(2, "{'descr': '<f4', 'fortran_order': False, 'shape': (1073741824,)}", make([]byte, 1200)), "larger than"},
		{"big-endian", npyFile(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3)}", body), "unsupported .npy dtype"},
		{"float64", npyFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (3,)}", body), "unsupported .npy dtype"},
		{"fortran", npyFile(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3)}", body), "fortran-order"},
		{"truncated body", npyFile(1, ok, body[:23]), "needs 24 bytes, the file has 23"},
		{"long body", npyFile(1, ok, append(body, 0)), "data past the 24 bytes"},
		{"text after dict", npyFile(1, ok+"x", body), "text after"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := ReadNPY(bytes.NewReader(tc.file))
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 {
				t.Errorf("reading %d bytes allocated %d", len(tc.file), grown)
			}
		})
	}
	// The same file, correct, reads; so do NumPy's own v1.0 files (a
	// 0-d array and a one-element tuple).
	for _, f := range [][]byte{
		npyFile(1, ok, body), npyFile(3, ok, body),
		npyFile(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (), }"+strings.Repeat(" ", 9), []byte{1, 2, 3, 4}),
		npyFile(1, "{\"descr\": \"|u1\", \"shape\": (4,), \"fortran_order\": True}", []byte{1, 2, 3, 4}),
	} {
		if _, err := ReadNPY(bytes.NewReader(f)); err != nil {
			t.Errorf("%q: %v", f, err)
		}
	}
}

// TestWriteNPYLayout: the header is NumPy's: format 1.0, the data on a
// 64-byte boundary, a one-element shape written (n,).
func TestWriteNPYLayout(t *testing.T) {
	var b bytes.Buffer
	d, _ := LookupDType("float32")
	if err := WriteNPY(&b, &Tensor{DType: d, Shape: []int{5}, Data: make([]byte, 20)}); err != nil {
		t.Fatal(err)
	}
	want := "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, 'shape': (5,), }"
	if !strings.HasPrefix(b.String(), want) || (b.Len()-20)%64 != 0 || b.Bytes()[b.Len()-21] != '\n' {
		t.Errorf("header %q (%d bytes)", b.String()[:b.Len()-20], b.Len()-20)
	}
}

// FuzzReadNPY: no input panics, and whatever reads back writes and reads
// back the same.
func FuzzReadNPY(f *testing.F) {
	d, _ := LookupDType("int16")
	var b bytes.Buffer
	WriteNPY(&b, &Tensor{DType: d, Shape: []int{2, 2}, Data: make([]byte, 8)})
	f.Add(b.Bytes())
	f.Add(npyFile(2, "{'descr': '<f4', 'fortran_order': False, 'shape': (1073741824,)}", nil))
	f.Add(npyFile(1, "{'descr': '|u1', 'fortran_order': False, 'shape': (0, 7), }", nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		tt, err := ReadNPY(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteNPY(&out, tt); err != nil {
			t.Fatalf("read %v %v but cannot write it: %v", tt.DType.Name, tt.Shape, err)
		}
		again, err := ReadNPY(&out)
		if err != nil || !bytes.Equal(again.Data, tt.Data) || !reflect.DeepEqual(again.Shape, tt.Shape) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// TestReadNPYLimit: a shape larger than the destination is refused from
// the header (ErrNPYTooLarge) and one that fits exactly is read.
func TestReadNPYLimit(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteNPY(&buf, &Tensor{DType: DTypes[4], Shape: []int{2, 3}, Data: make([]byte, 24)}); err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	if got, err := ReadNPYLimit(bytes.NewReader(file), 24); err != nil || len(got.Data) != 24 {
		t.Fatalf("limit 24: %v", err)
	}
	_, err := ReadNPYLimit(bytes.NewReader(file), 23)
	if !errors.Is(err, ErrNPYTooLarge) || !strings.Contains(err.Error(), "shape [2 3] of "+DTypes[4].Name+" needs more than 23 bytes") {
		t.Fatalf("limit 23: %v", err)
	}
	// Refused from the header: the data need not be there at all.
	if _, err := ReadNPYLimit(bytes.NewReader(file[:len(file)-24]), 23); !errors.Is(err, ErrNPYTooLarge) {
		t.Fatalf("limit 23, no data: %v", err)
	}
}
