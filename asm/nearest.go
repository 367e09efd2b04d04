package asm

// Nearest returns up to n of the candidates closest to word by edit
// distance, best first: the assembler's "did you mean" hints, for other
// tools that look names up.
func Nearest(word string, candidates []string, n int) []string {
	return nearest(word, candidates, n)
}
