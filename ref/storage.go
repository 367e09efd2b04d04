package ref

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"kernelcraft/ref/internal/mxq"
	"kernelcraft/sim"
	"kernelcraft/sim/plena"
	"kernelcraft/sim/vec"
)

// This file is how a case tensor sits in simulated memory: its layout
// (dense, padded rows, column blocks), its encoding (plain little-endian
// elements, or MXFP8 with a scale plane), the bytes that load it and the
// reading back of a result. kc-sim --case, the judge and the checker use
// it, so every target's cases are set up and read the same way.

// MXBlock is the number of consecutive elements that share one E8M0 scale
// in an MX dtype.
const MXBlock = 8

// ReadBack decodes through vec.DequantMX8Bits, which takes blocks of eight.
var _ = [1]struct{}{}[MXBlock-8]

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
	for b := range scales {
		lo, hi := b*MXBlock, min(n, (b+1)*MXBlock)
		sc, ok := encodeMXFastBits(stored[4*lo:4*hi], elems[lo:hi])
		if !ok {
			var blk [MXBlock]float32
			for i := range hi - lo {
				blk[i] = math.Float32frombits(binary.LittleEndian.Uint32(stored[4*(lo+i):]))
			}
			var err error
			if sc, err = encodeMXSlow(blk[:hi-lo], elems[lo:hi]); err != nil {
				return nil, fmt.Errorf("tensor %s, stored elements %d..%d: %v", s.Name, lo, hi-1, err)
			}
		}
		scales[b] = sc
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
		data := t.Data[4*src : 4*(src+cnt)]
		for i := 0; i < cnt && err == nil; {
			if nb := (cnt - i) / MXBlock; nb > 0 && mxq.Available() {
				// Whole blocks in vector registers, up to one they leave
				// to encodeMXBytes.
				lo := dst + i
				i += MXBlock * mxq.Encode(data[4*i:4*(i+nb*MXBlock)], elems[lo:lo+nb*MXBlock], scales[lo/MXBlock:lo/MXBlock+nb])
				if i == cnt {
					break
				}
			}
			k := min(MXBlock, cnt-i)
			lo := dst + i
			sc, e := encodeMXBytes(data[4*i:4*(i+k)], elems[lo:lo+k])
			if e != nil {
				err = fmt.Errorf("tensor %s, stored elements %d..%d: %v", s.Name, lo, min(n, lo+MXBlock)-1, e)
			}
			scales[lo/MXBlock] = sc
			i += k
		}
	})
	if err != nil {
		return nil, err
	}
	return []Chunk{{s.Addr, elems}, {s.Layout.ScaleAddr, scales}}, nil
}

// encodeMXBytes is encodeMXExact of a block (MXBlock elements or fewer)
// given as the little-endian bytes of its float32 values.
func encodeMXBytes(blk, codes []byte) (byte, error) {
	if len(blk) == 4*MXBlock {
		if sc, ok := encodeMX8((*[4 * MXBlock]byte)(blk), (*[MXBlock]byte)(codes)); ok {
			return sc, nil
		}
	} else if sc, ok := encodeMXFastBits(blk, codes); ok {
		return sc, nil
	}
	var f [MXBlock]float32
	k := len(blk) / 4
	for j := range k {
		f[j] = math.Float32frombits(binary.LittleEndian.Uint32(blk[4*j:]))
	}
	return encodeMXSlow(f[:k], codes)
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
		var scales []float32 // a run's decoded scales
		s.storedRuns(func(src, dst, n int) {
			o := out.Data[4*src : 4*(src+n)]
			codes := raw[dst : dst+n]
			if dst%MXBlock == 0 {
				// Whole blocks from the run's start: sim/vec's loop.
				nb := (n + MXBlock - 1) / MXBlock
				scales = slices.Grow(scales[:0], nb)[:nb]
				for b, v := range sc[dst/MXBlock : dst/MXBlock+nb] {
					scales[b] = e8m0Values[v]
				}
				vec.DequantMX8Bits(o, codes, scales, &e4m3Values)
				return
			}
			for i := range n {
				v := plena.DecodeE4M3(codes[i]) * plena.DecodeE8M0(sc[(dst+i)/MXBlock])
				binary.LittleEndian.PutUint32(o[4*i:], math.Float32bits(v))
			}
		})
		return out, nil
	}
	s.storedRuns(func(src, dst, n int) {
		copy(out.Data[src*size:(src+n)*size], raw[dst*size:(dst+n)*size])
	})
	return out, nil
}

// e4m3Values and e8m0Values are PLENA's decodings of every E4M3 code and
// E8M0 scale byte, for vec.DequantMX8Bits.
var e4m3Values, e8m0Values = func() (e, s [256]float32) {
	for i := range 256 {
		e[i], s[i] = plena.DecodeE4M3(uint8(i)), plena.DecodeE8M0(uint8(i))
	}
	return e, s
}()

// peekView is m.Peek(addr, n) without the copy: the bytes as memory
// holds them, for reading only, before anything changes them.
func peekView(m *sim.Memory, addr, n uint64) ([]byte, error) {
	r := m.Find(addr)
	if r == nil || addr+n > r.End || addr+n < addr {
		return m.Peek(addr, n) // its error
	}
	return r.Data[addr-r.Base : addr-r.Base+n], nil
}

// encodeMXExact encodes a block of values that are exactly MXFP8 values
// with a common scale (as quantiseMX leaves them): the scale is 2^e with
// e = floor(log2 max|x|), as both PLENA quantisers choose it (an all-zero
// block has scale byte 0), and each element is the E4M3 code of x/2^e.
func encodeMXExact(block []float32, elems []byte) (byte, error) {
	if sc, ok := encodeMXFast(block, elems); ok {
		return sc, nil
	}
	return encodeMXSlow(block, elems)
}

// encodeMXFast is encodeMXExact on the float32 bits for a block of zeros,
// or of finite values whose maximum is a normal float32 and whose
// elements are all zero or normal E4M3 values times the scale (exponent
// within [-6, 7] of the block's, only the top 3 fraction bits set): what
// quantiseMX leaves but for subnormal elements. It reports false, having
// written nothing the caller keeps, for any other block (encodeMXSlow
// decides those).
func encodeMXFast(block []float32, elems []byte) (byte, bool) {
	var bits [MXBlock]uint32
	if len(block) > MXBlock {
		return 0, false
	}
	for i, x := range block {
		bits[i] = math.Float32bits(x)
	}
	return encodeMXBlockBits(bits[:len(block)], elems)
}

// encodeMXFastBits is encodeMXFast of a block given as the little-endian
// bytes of its float32 values.
func encodeMXFastBits(block []byte, elems []byte) (byte, bool) {
	var bits [MXBlock]uint32
	n := len(block) / 4
	if n > MXBlock {
		return 0, false
	}
	for i := range n {
		bits[i] = binary.LittleEndian.Uint32(block[4*i:])
	}
	return encodeMXBlockBits(bits[:n], elems)
}

// encodeMXBlockBits is encodeMXFast of a block's float32 bit patterns.
func encodeMXBlockBits(block []uint32, elems []byte) (byte, bool) {
	var maxBits uint32 // |x| bits: ordered as |x| for finite x
	for _, b := range block {
		maxBits = max(maxBits, b&^(1<<31))
	}
	if maxBits == 0 {
		clear(elems[:len(block)]) // all zeros (of either sign): scale byte 0, codes 0
		return 0, true
	}
	if maxBits < 1<<23 || maxBits >= 0x7f800000 {
		return 0, false // subnormal, infinite or NaN maximum
	}
	e := int(maxBits>>23) - 127 // maxAbs in [2^e, 2^(e+1)): floorLog2 of a normal
	for i, b := range block {
		if b&^(1<<31) == 0 {
			elems[i] = 0 // either zero encodes as 0
			continue
		}
		k := int(b>>23&0xff) - 127 - e // x/2^e in [2^k, 2^(k+1))
		if uint(k+6) > 13 || b&(1<<20-1) != 0 {
			return 0, false
		}
		elems[i] = byte(b>>24)&0x80 | byte(k+7)<<3 | byte(b>>20&7)
	}
	return byte(e + 127), true
}

// encodeMX8 is encodeMXFastBits of a whole block: the same codes and
// scale, the same blocks left to encodeMXSlow.
func encodeMX8(blk *[4 * MXBlock]byte, codes *[MXBlock]byte) (byte, bool) {
	var b [MXBlock]uint32
	var maxBits uint32
	for i := range b {
		b[i] = binary.LittleEndian.Uint32(blk[4*i:])
		maxBits = max(maxBits, b[i]&^(1<<31))
	}
	if maxBits == 0 {
		*codes = [MXBlock]byte{}
		return 0, true
	}
	if maxBits < 1<<23 || maxBits >= 0x7f800000 {
		return 0, false
	}
	e := int(maxBits >> 23) // the block's biased exponent: its scale byte
	for i, x := range b {
		if x&^(1<<31) == 0 {
			codes[i] = 0
			continue
		}
		k := int(x>>23&0xff) - e // x/2^e in [2^k, 2^(k+1)), k <= 0
		if uint(k+6) > 13 || x&(1<<20-1) != 0 {
			return 0, false
		}
		codes[i] = byte(x>>24)&0x80 | byte(k+7)<<3 | byte(x>>20&7)
	}
	return byte(e), true
}

// encodeMXSlow is encodeMXExact for any block.
func encodeMXSlow(block []float32, elems []byte) (byte, error) {
	var maxAbs float32
	for _, x := range block {
		if x != x || x > math.MaxFloat32 || x < -math.MaxFloat32 {
			return 0, fmt.Errorf("%g is not an MXFP8 value", x)
		}
		maxAbs = max(maxAbs, abs32(x))
	}
	if maxAbs == 0 {
		for i := range block {
			elems[i] = 0
		}
		return 0, nil
	}
	e := floorLog2(float64(maxAbs)) // maxAbs in [2^e, 2^(e+1))
	if e < -126 || e > 127 {
		return 0, fmt.Errorf("block maximum %g is outside E8M0's scale range", maxAbs)
	}
	inv := pow2(-e)
	for i, x := range block {
		c, ok := e4m3Exact(float64(x) * inv) // exact: a float32 times a power of two in float64's range
		if !ok {
			return 0, fmt.Errorf("%g is not an E4M3 value times the block scale 2^%d (quantise it first)", x, e)
		}
		elems[i] = c
	}
	return byte(e + 127), nil
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// e4m3Exact is the E4M3 code of v when v is exactly an E4M3 value (PLENA's
// decoding: exponent field 0 is (m/8)*2^-7).
func e4m3Exact(v float64) (byte, bool) {
	if v == 0 {
		return 0, true
	}
	b := math.Float64bits(v)
	sign := byte(b>>63) << 7
	b &^= 1 << 63
	k := int(b>>52) - 1023 // v in [2^k, 2^(k+1)) (v is a normal float64 here)
	frac := b & (1<<52 - 1)
	if k >= -6 && k <= 7 {
		// 1.mmm: only the top 3 fraction bits may be set.
		if frac&(1<<49-1) == 0 {
			return sign | byte(k+7)<<3 | byte(frac>>49), true
		}
		return 0, false
	}
	if k < -10 || k > -8 {
		return 0, false // (m/8)*2^-7 with m in 1..7 is in [2^-10, 2^-7)
	}
	m := math.Float64frombits(b) * 0x1p10 // (m/8)*2^-7
	if m == math.Trunc(m) && m >= 1 && m <= 7 {
		return sign | byte(m), true
	}
	return 0, false
}

// quantiseMX rounds a tensor's values to MXFP8 in place, block by block
// along its rows (a row's last block is completed by zeros, as a padded
// row is), with the quantiser of PLENA's test harness
// (tools/quant/quantizer/hardware_quantizer/mxfp.py): the block's shared
// exponent e = floor(log2(max|x| + 1e-9)); each x/2^e gets the exponent
// floor(log2(|v| + 1e-9)) clamped to [-7, 7] and a 3-bit mantissa
// rounded by hardware_round (two guard bits, then half to even) and
// clamped to 7 (no carry: values that round up saturate), exponent -7
// being the subnormal (m/8)*2^-7. The values are then the dequantised
// ones, so a reference computed from them charges no quantisation error
// to the kernel.
//
// It reports whether quantising the result again is certain to leave it
// as it is: whether quantiseMXBlock said so of every block.
func quantiseMX(a *Array) bool {
	_, c := rowsCols(a.Shape)
	if c == 0 {
		return true
	}
	stable := true
	if c%MXBlock == 0 && len(a.Data)%c == 0 {
		// Every row's blocks are whole: the blocks are the data's
		// consecutive runs of MXBlock elements.
		if mxq.Available() {
			return quantiseMXVector(a.Data, nil)
		}
		for i := 0; i+MXBlock <= len(a.Data); i += MXBlock {
			if !quantiseMXBlock8((*[MXBlock]float64)(a.Data[i : i+MXBlock])) {
				stable = false
			}
		}
		return stable
	}
	for r := 0; r+c <= len(a.Data); r += c {
		row := a.Data[r : r+c]
		for b := 0; b < c; b += MXBlock {
			if !quantiseMXBlock(row[b:min(c, b+MXBlock)]) {
				stable = false
			}
		}
	}
	return stable
}

// quantiseMXBlock quantises one block in place. It reports true when
// quantising the result again is certain to give it back: when the
// block is all zeros (they stay +0), or when its shared exponent e is
// the exponent of its largest |float32(x)| (the 1e-9 did not carry it to
// the next power of two) and e >= -26. Then the largest result is in
// [2^e, 1.875*2^e], so the next pass finds the same e (1e-9 is less than
// the 0.125*2^e between it and 2^(e+1) for e >= -26), and every result
// is 2^e times a value of the E4M3 grid (exponent in [-6, 7] with three
// mantissa bits, or (m/8)*2^-7 with m < 8), which float32 holds exactly
// and quantiseE4M3 returns unchanged. (When the 1e-9 carries e up, a
// result (4/8)*2^-7*2^e is 2^-7 relative to the next pass's e-1, which
// the harness's formula turns into (7/8)*2^-7: not stable.)
func quantiseMXBlock(blk []float64) bool {
	// The block's maximum |float32(x)| as bits (ordered as the values for
	// finite x); infinite and NaN values take quantiseMXBlockSlow.
	var maxBits uint32
	for _, x := range blk {
		maxBits = max(maxBits, math.Float32bits(float32(x))&^(1<<31))
	}
	if maxBits >= 0x7f800000 {
		quantiseMXBlockSlow(blk)
		return false
	}
	maxAbs := math.Float32frombits(maxBits)
	e := max(-127, min(127, floorLog2(float64(maxAbs+1e-9))))
	stable := maxBits == 0 || maxBits >= 1<<23 && e == int(maxBits>>23)-127 && e >= -26
	inv, scale := pow2(-e), pow2(e)
	for i, x := range blk {
		// v = float32(x)/2^e has float32(x)'s fraction bits and its
		// exponent less e: when that is in [-5, 7], mxRound of
		// float64(float32(x))'s bits, times 2^e/2^e, is the value
		// quantiseMXBlockSlow computes (the products by powers of two are
		// exact; the value is not zero, so + 0 changes nothing).
		b := math.Float64bits(float64(float32(x)))
		if k := int(b>>52&0x7ff) - 1023 - e; uint(k+5) <= 12 {
			blk[i] = mxRound(b)
			continue
		}
		blk[i] = quantiseE4M3(float64(float32(x))*inv)*scale + 0
	}
	return stable
}

// quantiseMXBlock8 is quantiseMXBlock for a whole block, on float32
// bits: an element whose float32 is normal with an exponent within
// [-5, 7] of the block's is mxRound of its bits (mxRound32); the others
// (zeros, subnormals, exponents outside) take quantiseMXBlock's
// arithmetic.
func quantiseMXBlock8(blk *[MXBlock]float64) bool {
	var f [MXBlock]uint32
	var maxBits uint32
	for i, x := range blk {
		f[i] = math.Float32bits(float32(x))
		maxBits = max(maxBits, f[i]&^(1<<31))
	}
	if maxBits >= 0x7f800000 {
		quantiseMXBlockSlow(blk[:])
		return false
	}
	maxAbs := math.Float32frombits(maxBits)
	e := max(-127, min(127, floorLog2(float64(maxAbs+1e-9))))
	stable := maxBits == 0 || maxBits >= 1<<23 && e == int(maxBits>>23)-127 && e >= -26
	for i, b := range f {
		// k: the exponent of float32(x)/2^e; a biased exponent of 0 (a
		// zero or subnormal) makes it < -5.
		if k := int(b>>23&0xff) - 127 - e; b&0x7f800000 != 0 && uint(k+5) <= 12 {
			blk[i] = mxRound32(b)
			continue
		}
		blk[i] = quantiseE4M3(float64(math.Float32frombits(b))*pow2(-e))*pow2(e) + 0
	}
	return stable
}

// quantiseMXVector is quantiseMX for data made of whole blocks, with
// package mxq's vector loop: it quantises the elements it can, and the
// others here with quantiseMXBlock8's formula and the block's exponent
// it reports (a block with an infinite or NaN maximum, which it leaves as
// it is, with quantiseMXBlockSlow). When enc is not nil it receives the
// results' float32 bits (little-endian, 4*len(data) bytes): their
// encoding as MXFP8 tensor data.
func quantiseMXVector(data []float64, enc []byte) bool {
	const group = 256 // blocks per call
	var mask, exps [group]byte
	var scratch [4 * MXBlock * group]byte
	stable := true
	for lo := 0; lo < len(data); lo += group * MXBlock {
		xs := data[lo:min(len(data), lo+group*MXBlock)]
		n := len(xs) / MXBlock
		out := scratch[:4*len(xs)]
		if enc != nil {
			out = enc[4*lo : 4*(lo+len(xs))]
		}
		if !mxq.Blocks(xs, mask[:n], exps[:n], out) {
			stable = false
		}
		for b, m := range mask[:n] {
			if m == 0 {
				continue
			}
			blk := (*[MXBlock]float64)(xs[b*MXBlock : b*MXBlock+MXBlock])
			if exps[b] == mxq.Slow {
				quantiseMXBlockSlow(blk[:])
				m = 0xff
			} else {
				e := int(exps[b]) - 127
				for i := range blk {
					if m&(1<<i) != 0 {
						blk[i] = quantiseE4M3(float64(float32(blk[i]))*pow2(-e))*pow2(e) + 0
					}
				}
			}
			for i, v := range blk {
				if m&(1<<i) != 0 {
					binary.LittleEndian.PutUint32(out[4*(b*MXBlock+i):], math.Float32bits(float32(v)))
				}
			}
		}
	}
	return stable
}

// quantiseMXEncode is roundArrayStable(MXFP8, a) followed by the
// encoding of a's values as MXFP8 tensor data into enc (encodeValues),
// in one pass where package mxq's vector loop can do both; it reports
// whether quantising again is certain to leave a as it is.
func quantiseMXEncode(a *Array, enc []byte) bool {
	if _, c := rowsCols(a.Shape); c > 0 && c%MXBlock == 0 && len(a.Data)%c == 0 && mxq.Available() {
		return quantiseMXVector(a.Data, enc)
	}
	stable := quantiseMX(a)
	encodeValues(enc, a.Data, MXFP8)
	return stable
}

// mxRound32 is mxRound of a normal float32's bits: the same fraction
// bits (float32's top five are float64's), the same value.
func mxRound32(b uint32) float64 {
	y := b >> 18 & 31
	q := y >> 2
	q += (y&3 + 1 + q&1) >> 2
	return float64(math.Float32frombits(b&(1<<31|0xff<<23) | min(q, 7)<<20))
}

// quantiseMXBlockSlow is quantiseMXBlock for any block, infinities and
// NaNs included, as the formula reads.
func quantiseMXBlockSlow(blk []float64) {
	var maxAbs float32
	for _, x := range blk {
		maxAbs = max(maxAbs, float32(math.Abs(float64(float32(x)))))
	}
	e := max(-127, min(127, floorLog2(float64(maxAbs+1e-9))))
	inv, scale := pow2(-e), pow2(e)
	for i, x := range blk {
		// + 0 turns the -0 of a small negative into +0: the store
		// quantiser and encodeMXExact write zero without a sign, so a -0
		// input would read back as +0 and look overwritten to the checker.
		v := float64(float32(x)) * inv
		if b := math.Float64bits(v); b>>52&0x7ff >= 1023-5 && b>>52&0x7ff <= 1023+7 {
			// |v| in [2^-5, 2^8): quantiseE4M3's exponent is v's own (the
			// 1e-9 it adds is below half a float32 ulp there), inline.
			blk[i] = mxRound(b)*scale + 0
			continue
		}
		blk[i] = quantiseE4M3(v)*scale + 0
	}
}

// mxRound is quantiseE4M3 of the float64 with bits b when its exponent
// is quantiseE4M3's (in (-7, 7]): the fraction's top 3 bits, rounded by
// the next 2 half to even (hardware_round: (m-1)*8 floored to quarters,
// then to even), saturating at 7 (no carry into the exponent).
func mxRound(b uint64) float64 {
	y := b >> 47 & 31
	q := y >> 2
	q += (y&3 + 1 + q&1) >> 2 // +1 when the guard bits are 3, or 2 and q is odd: no branch to mispredict
	return math.Float64frombits(b&(1<<63|0x7ff<<52) | min(q, 7)<<49)
}

// quantiseE4M3 is the harness's minifloat quantiser for one value.
func quantiseE4M3(v float64) float64 {
	if v == 0 {
		return 0
	}
	sign := 1.0
	if v < 0 {
		sign, v = -1, -v
	}
	exp := max(-7, min(7, floorLog2(float64(float32(v)+1e-9))))
	if b := math.Float64bits(v); exp > -7 && int(b>>52)-1023 == exp {
		// v in [2^exp, 2^(exp+1)): (m-1)*8 is the fraction's top bits,
		// floor(4x) its top 5 (3 mantissa, 2 guard); then half to even,
		// saturating at 7. The same value the formula below computes,
		// built from its bits.
		return mxRound(math.Float64bits(sign)&(1<<63) | b)
	}
	m := v * pow2(-exp)
	if exp != -7 {
		q := min(7, max(0, hardwareRound((m-1)*8)))
		return sign * (1 + q/8) * pow2(exp)
	}
	q := min(7, max(0, hardwareRound(m*8)))
	return sign * q / 8 * pow2(-7)
}

// floorLog2 is floor(log2(x)) for a positive float32 value x, exactly as
// math.Floor(math.Log2(x)) gives it (the harness's formula): the binary
// exponent, since log2 of a float32 below a power of two is at least
// 8.6e-8 below it, far more than float64 rounding can close. (For other
// x: floor(log2|x|) of a normal, Frexp's exponent less one otherwise.)
func floorLog2(x float64) int {
	b := math.Float64bits(x)
	if e := int(b>>52) & 0x7ff; e != 0 && e != 0x7ff {
		return e - 1023
	}
	if math.IsInf(x, 1) {
		return math.MaxInt32 // log2 = +Inf: clamped by the callers, as the formula's is
	}
	_, e := math.Frexp(x)
	return e - 1
}

// pow2 is 2^e, exactly, for e in float64's normal exponent range.
func pow2(e int) float64 { return math.Float64frombits(uint64(e+1023) << 52) }

// hardwareRound is PLENA's hardware_round: keep two fractional bits
// (floor), then round half to even.
func hardwareRound(x float64) float64 { return math.RoundToEven(math.Floor(4*x) / 4) }

// roundHalf rounds x to IEEE binary16 (nearest even; overflow to
// infinity; gradual underflow).
func roundHalf(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	a := math.Abs(x)
	var r float64
	if a < 0x1p-14 {
		r = math.RoundToEven(a*0x1p24) / 0x1p24
	} else {
		_, e := math.Frexp(a) // a in [2^(e-1), 2^e)
		q := math.Ldexp(1, e-11)
		r = math.RoundToEven(a/q) * q
	}
	if r > 65504 {
		r = math.Inf(1)
	}
	return math.Copysign(r, x)
}
