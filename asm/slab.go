package asm

import (
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// slabLen is how many elements one block of a slab holds.
const slabLen = 512

// slab hands out small zeroed slices carved from larger blocks: one
// allocation per block instead of one per request (the assembler's
// per-statement records, operand values and syntax-tree nodes were most
// of its allocations). A slice handed out has its capacity cut to its
// length, so an append to it copies instead of running into the next
// one. Nothing is handed out twice before reset; a block lives as long
// as any slice of it does.
type slab[T any] struct {
	free  []T
	used  [][]T // the blocks handed out from since the last reset
	spare [][]T // zeroed blocks kept by reset
}

// take returns n zeroed elements.
func (s *slab[T]) take(n int) []T {
	if n > len(s.free) {
		if n > slabLen/8 {
			return make([]T, n)
		}
		if k := len(s.spare); k > 0 {
			s.free, s.spare = s.spare[k-1], s.spare[:k-1]
		} else {
			s.free = make([]T, slabLen)
		}
		s.used = append(s.used, s.free)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// one returns a pointer to one zeroed element.
func (s *slab[T]) one() *T { return &s.take(1)[0] }

// reset zeroes every block handed out from and keeps them for reuse, at
// most keep blocks in all: the caller promises that nothing it took is
// used again.
func (s *slab[T]) reset(keep int) {
	for i, b := range s.used {
		if len(s.spare) >= keep {
			break
		}
		if i == len(s.used)-1 {
			clear(b[:len(b)-len(s.free)]) // the rest was never handed out
		} else {
			clear(b)
		}
		s.spare = append(s.spare, b)
	}
	clear(s.used)
	s.used, s.free = s.used[:0], nil
}

// arenas are an assembly's slabs: records, operand values, environments
// and pass 1's syntax trees. They live from one Assemble to the next
// through arenaPool (an assembly's garbage was mostly these blocks, and
// the collections it caused cost more than the assembly's own work).
type arenas struct {
	recs     slab[stmtRec] // pass 1's statement records
	values   slab[int64]   // operand values of matched forms
	valuePos slab[lexer.Position]
	trees    treeArena // nodes of pass 1's syntax trees
	envs     slab[envCtx]
	// Pass 2's per-instruction buffers (assembler.seq and lineTab, the
	// program handed to a SequenceLinter), kept empty and zeroed.
	seqBuf  []seqRec
	lineBuf []LineEntry
	progBuf []LintInst
}

// arenaKeepElems bounds the buffers kept across assemblies.
const arenaKeepElems = 1 << 17

// keepBuf zeroes b and returns it emptied, or nil if it is too large to
// keep.
func keepBuf[T any](b []T) []T {
	if cap(b) > arenaKeepElems {
		return nil
	}
	clear(b)
	return b[:0]
}

// arenaKeepBlocks bounds the blocks each slab keeps across assemblies
// (a large source's arenas go back to the collector).
const arenaKeepBlocks = 64

var arenaPool = sync.Pool{New: func() any { return new(arenas) }}

// release zeroes the arenas and returns them to arenaPool; nothing taken
// from them may be used afterwards.
func (r *arenas) release() {
	k := arenaKeepBlocks
	r.recs.reset(k)
	r.values.reset(k)
	r.valuePos.reset(k)
	r.envs.reset(k)
	t := &r.trees
	t.lines.reset(k)
	t.stmts.reset(k)
	t.ops.reset(k)
	t.args.reset(k)
	t.exprs.reset(k)
	t.stmtPtrs.reset(k)
	t.argPtrs.reset(k)
	r.seqBuf, r.lineBuf, r.progBuf = keepBuf(r.seqBuf), keepBuf(r.lineBuf), keepBuf(r.progBuf)
	arenaPool.Put(r)
}
