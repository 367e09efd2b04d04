package sim

import (
	"bytes"
	"reflect"
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
	for _, bad := range []string{"y@1:int64[4]", "y@1:int32", "y:int32[4]", "y@1:int32[a]", "y@1:int32[-1]"} {
		if _, err := ParseDumpSpec(bad); err == nil {
			t.Errorf("dump spec %q accepted", bad)
		}
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
