package ref

import (
	"fmt"

	"kernelcraft/sim"
	"kernelcraft/sim/mx"
)

// This file is how a case tensor sits in simulated memory: its layout
// (dense, padded rows, column blocks), its encoding (plain little-endian
// elements, or MXFP8 with a scale plane), the bytes that load it and the
// reading back of a result. kc-sim --case, the judge and the checker use
// it, so every target's cases are set up and read the same way. The MX
// numbers themselves (E4M3 and E8M0, quantising, encoding, decoding) are
// package sim/mx's; this file places them.

// MXBlock is the number of consecutive elements that share one E8M0 scale
// in an MX dtype.
const MXBlock = mx.Block

// MXFP8 is the dtype of MXFP8 tensors (OCP MX: E4M3 elements, one E8M0
// scale per MXBlock elements; E4M3 exponent 0 decodes as PLENA's emulator
// decodes it, (m/8)*2^-7). In a case directory its .npy holds the values
// as float32, each exactly representable in its block; in memory the
// elements are one byte each from Addr and the scales one byte per block
// from Layout.ScaleAddr.
const MXFP8 = "mxfp8"

// isMX reports whether a dtype is an MX block format.
func isMX(dtype string) bool { return dtype == MXFP8 }

// Chunk is bytes to place at an address.
type Chunk struct {
	Addr uint64
	Data []byte
}

// rowsCols views a shape as rows of its last dimension.
func rowsCols(shape []int) (r, c int) {
	if len(shape) == 0 {
		return 1, 1
	}
	c = shape[len(shape)-1]
	r = 1
	for _, d := range shape[:len(shape)-1] {
		r *= d
	}
	return r, c
}

// StoredElems is the number of elements the tensor occupies in memory,
// padding included.
func (s TensorSpec) StoredElems() int {
	r, c := rowsCols(s.Shape)
	if l := s.Layout; l != nil {
		if l.Block > 0 {
			return (c + l.Block - 1) / l.Block * r * l.Block
		}
		if l.Pitch > 0 {
			c = l.Pitch
		}
		r += l.PadRows
	}
	return r * c
}

// StoredIndex is where the tensor's element i (row-major) is stored, in
// elements from Addr.
func (s TensorSpec) StoredIndex(i int) int {
	l := s.Layout
	if l == nil || l.Block == 0 && l.Pitch == 0 {
		return i
	}
	r, c := rowsCols(s.Shape)
	row, col := i/c, i%c
	if l.Block > 0 {
		return ((col/l.Block)*r+row)*l.Block + col%l.Block
	}
	return row*l.Pitch + col
}

// Spans are the address ranges the tensor occupies: its elements, and
// for an MX dtype its scale plane.
func (s TensorSpec) Spans() []Span {
	size, _ := DTypeSize(s.DType)
	n := uint64(s.StoredElems())
	out := []Span{{Memory: s.Memory, Start: s.Addr, End: s.Addr + n*uint64(size)}}
	if isMX(s.DType) && s.Layout != nil {
		out = append(out, Span{Memory: s.Memory, Start: s.Layout.ScaleAddr, End: s.Layout.ScaleAddr + (n+MXBlock-1)/MXBlock})
	}
	return out
}

// checkLayout validates a tensor's layout against its shape and dtype.
func (s TensorSpec) checkLayout() error {
	l := s.Layout
	_, c := rowsCols(s.Shape)
	if l == nil {
		if isMX(s.DType) {
			return fmt.Errorf("dtype %s needs a layout with its scale plane (scale_addr, scale_reg)", s.DType)
		}
		return nil
	}
	switch {
	case l.Pitch < 0 || l.Block < 0 || l.PadRows < 0:
		return fmt.Errorf("layout: pitch, block and pad_rows must be >= 0")
	case l.PadRows > 0 && l.Block > 0:
		return fmt.Errorf("layout: pad_rows and block cannot both be set")
	case l.Pitch > 0 && l.Block > 0:
		return fmt.Errorf("layout: pitch and block cannot both be set")
	case l.Pitch > 0 && l.Pitch < c:
		return fmt.Errorf("layout: pitch %d is shorter than a row (%d)", l.Pitch, c)
	case l.Pitch > maxElems || l.Block > maxElems || l.PadRows > maxElems:
		return fmt.Errorf("layout: pitch or block too large")
	}
	if !isMX(s.DType) {
		if l.ScaleAddr != 0 || l.ScaleReg != 0 {
			return fmt.Errorf("layout: scale_addr and scale_reg are for MX dtypes, not %s", s.DType)
		}
		return nil
	}
	if l.ScaleAddr < s.Addr || l.ScaleAddr-s.Addr != l.ScaleReg {
		return fmt.Errorf("layout: scale_reg %d is not scale_addr %#x - addr %#x", l.ScaleReg, l.ScaleAddr, s.Addr)
	}
	return nil
}

// Image is the memory image of a tensor's values t (as its .npy holds
// them): the chunks that load it. Padding elements are zero; an MX tensor
// is encoded exactly (a value its block cannot represent is an error).
func (s TensorSpec) Image(t *sim.Tensor) ([]Chunk, error) {
	n := sim.Elems(s.Shape)
	want, err := simDType(s.DType)
	if err != nil {
		return nil, err
	}
	if t.DType.Size != want.Size || len(t.Data) != n*want.Size {
		return nil, fmt.Errorf("tensor %s: %d bytes of %s, want %d elements of %s", s.Name, len(t.Data), t.DType.Name, n, want.Name)
	}
	if isMX(s.DType) {
		return s.mxImage(t)
	}
	if s.Layout == nil || s.StoredElems() == n && s.StoredIndex(n-1) == n-1 {
		return []Chunk{{s.Addr, t.Data}}, nil
	}
	size := want.Size
	buf := make([]byte, s.StoredElems()*size)
	s.storedRuns(func(src, dst, n int) {
		copy(buf[dst*size:(dst+n)*size], t.Data[src*size:(src+n)*size])
	})
	return []Chunk{{s.Addr, buf}}, nil
}

// storedRuns calls f for every run of elements the layout stores
// contiguously, in row-major order: the n elements from row-major index
// src are stored from element dst on (dst = StoredIndex(src), and so on
// for the next n-1). It is StoredIndex for whole rows or column blocks at
// a time.
func (s TensorSpec) storedRuns(f func(src, dst, n int)) {
	n := sim.Elems(s.Shape)
	l := s.Layout
	if n == 0 {
		return
	}
	if l == nil || l.Block == 0 && l.Pitch == 0 {
		f(0, 0, n)
		return
	}
	r, c := rowsCols(s.Shape)
	if l.Block > 0 {
		for row := 0; row < r; row++ {
			for col := 0; col < c; col += l.Block {
				f(row*c+col, ((col/l.Block)*r+row)*l.Block, min(l.Block, c-col))
			}
		}
		return
	}
	for row := 0; row < r; row++ {
		f(row*c, row*l.Pitch, c)
	}
}

func (s TensorSpec) mxImage(t *sim.Tensor) ([]Chunk, error) {
	if s.mxBlocksAligned() {
		return s.mxImageRuns(t)
	}
	return s.mxImageCopy(t)
}

// mxImageCopy is mxImage for any layout: the stored elements are laid
// out as float32 values first, then encoded block by block.
func (s TensorSpec) mxImageCopy(t *sim.Tensor) ([]Chunk, error) {
	// The stored elements as float32 bits (little-endian, as the .npy's),
	// padding zero, copied a run at a time.
	var stored []byte
	if n := s.StoredElems(); n == sim.Elems(s.Shape) && len(t.Data) == 4*n && (s.Layout == nil || s.Layout.Block == 0 && s.Layout.Pitch == 0) {
		stored = t.Data // stored as it is: one run, no padding
	} else {
		stored = make([]byte, 4*n)
		s.storedRuns(func(src, dst, n int) {
			copy(stored[4*dst:4*(dst+n)], t.Data[4*src:4*(src+n)])
		})
	}
	n := len(stored) / 4
	elems := make([]byte, n)
	scales := make([]byte, (n+MXBlock-1)/MXBlock)
	if lo, err := mx.EncodeRun(stored, elems, scales); err != nil {
		return nil, fmt.Errorf("tensor %s, stored elements %d..%d: %v", s.Name, lo, min(n, lo+MXBlock)-1, err)
	}
	return []Chunk{{s.Addr, elems}, {s.Layout.ScaleAddr, scales}}, nil
}

// mxBlocksAligned reports whether every run storedRuns gives starts a
// stored block and is followed, up to the end of its last block, by
// padding (or the end of the tensor): then each block of a run's
// elements, a run's last one completed by zeros, is a stored block.
func (s TensorSpec) mxBlocksAligned() bool {
	l := s.Layout
	return l == nil || l.Block == 0 && l.Pitch%MXBlock == 0 || l.Pitch == 0 && l.Block%MXBlock == 0
}

// mxImageRuns is mxImage for a layout whose runs are whole blocks
// (mxBlocksAligned): the blocks are encoded from the tensor's bytes, run
// by run; padding blocks stay zero (scale byte 0, codes 0), which is
// their encoding.
func (s TensorSpec) mxImageRuns(t *sim.Tensor) ([]Chunk, error) {
	n := s.StoredElems()
	elems := make([]byte, n)
	scales := make([]byte, (n+MXBlock-1)/MXBlock)
	var err error
	s.storedRuns(func(src, dst, cnt int) {
		if err != nil {
			return
		}
		// dst starts a block (mxBlocksAligned).
		lo, e := mx.EncodeRun(t.Data[4*src:4*(src+cnt)], elems[dst:dst+cnt], scales[dst/MXBlock:(dst+cnt+MXBlock-1)/MXBlock])
		if e != nil {
			lo += dst
			err = fmt.Errorf("tensor %s, stored elements %d..%d: %v", s.Name, lo, min(n, lo+MXBlock)-1, e)
		}
	})
	if err != nil {
		return nil, err
	}
	return []Chunk{{s.Addr, elems}, {s.Layout.ScaleAddr, scales}}, nil
}

// ReadBack reads the tensor from memory after a run, as its .npy holds
// values (an MX tensor's elements decoded with their scales to float32).
func (s TensorSpec) ReadBack(m *sim.Memory) (*sim.Tensor, error) {
	d, err := simDType(s.DType)
	if err != nil {
		return nil, err
	}
	size, _ := DTypeSize(s.DType)
	n := sim.Elems(s.Shape)
	raw, err := peekView(m, s.Addr, uint64(s.StoredElems()*size))
	if err != nil {
		return nil, fmt.Errorf("tensor %s: %v", s.Name, err)
	}
	out := &sim.Tensor{DType: d, Shape: append([]int(nil), s.Shape...), Data: make([]byte, n*d.Size)}
	if isMX(s.DType) {
		sc, err := peekView(m, s.Layout.ScaleAddr, uint64((s.StoredElems()+MXBlock-1)/MXBlock))
		if err != nil {
			return nil, fmt.Errorf("tensor %s scales: %v", s.Name, err)
		}
		var scales []float32 // a run's decoded scales, reused
		s.storedRuns(func(src, dst, n int) {
			scales = mx.DequantRun(out.Data[4*src:4*(src+n)], raw[dst:dst+n], sc, dst, scales)
		})
		return out, nil
	}
	s.storedRuns(func(src, dst, n int) {
		copy(out.Data[src*size:(src+n)*size], raw[dst*size:(dst+n)*size])
	})
	return out, nil
}

// peekView is m.Peek(addr, n) without the copy: the bytes as memory
// holds them, for reading only, before anything changes them.
func peekView(m *sim.Memory, addr, n uint64) ([]byte, error) {
	r := m.Find(addr)
	if r == nil || addr+n > r.End || addr+n < addr {
		return m.Peek(addr, n) // its error
	}
	return r.Data[addr-r.Base : addr-r.Base+n], nil
}
