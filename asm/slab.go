package asm

// slabLen is how many elements one block of a slab holds.
const slabLen = 512

// slab hands out small zeroed slices carved from larger blocks: one
// allocation per block instead of one per request (the assembler's
// per-statement records, operand values and syntax-tree nodes were most
// of its allocations). A slice handed out has its capacity cut to its
// length, so an append to it copies instead of running into the next
// one. Nothing is ever handed out twice; a block lives as long as any
// slice of it does.
type slab[T any] struct{ free []T }

// take returns n zeroed elements.
func (s *slab[T]) take(n int) []T {
	if n > len(s.free) {
		if n > slabLen/8 {
			return make([]T, n)
		}
		s.free = make([]T, slabLen)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// one returns a pointer to one zeroed element.
func (s *slab[T]) one() *T { return &s.take(1)[0] }
