package aie2

import (
	"fmt"
	"strings"
)

// A small list scheduler for the convolution kernels: operations are
// added in program order with the cycles in which they read and write
// each register (llvm-aie's itineraries: read in cycle u, written in cycle
// d, counted from 1 = issue); each is placed in the earliest bundle where
// its slot is free and the exposed pipeline gives it the values program
// order means: every read sees the latest earlier write (t+u-1 > write
// cycle), no write lands before an earlier read of the old value or before
// an earlier write of the same register. Memory is ordered through named
// pseudo-registers ("M:stage") that stores write and loads read in their
// memory cycle. A block is written out as straight-line bundles, padded
// until every write has landed, so blocks join (and loop) safely.

// sacc is one register access: the register (views expanded by
// regParts) and the cycle of the access, 1 = issue.
type sacc struct {
	reg string
	cyc int
}

// sop is an operation with its register reads and writes.
type sop struct {
	text   string
	reads  []sacc
	writes []sacc
}

// regParts splits a view into the pieces the scheduler tracks: an x
// register is its two halves.
func regParts(r string) []string {
	if strings.HasPrefix(r, "x") {
		n := r[1:]
		return []string{"wl" + n, "wh" + n}
	}
	return []string{r}
}

// sblock is a basic block being scheduled.
type sblock struct {
	bundles [][]string
	lastW   map[string]int // cycle of the latest write of each register
	lastR   map[string]int // latest cycle any read of it happens
	lastRI  map[string]int // latest issue cycle of an operation reading it
	end     int            // every access done before this cycle
}

func newBlock() *sblock {
	return &sblock{lastW: map[string]int{}, lastR: map[string]int{}, lastRI: map[string]int{}}
}

// add places op and returns its issue cycle (0-based within the block).
func (b *sblock) add(op sop) (int, error) {
	lb := 0
	for _, r := range op.reads {
		for _, reg := range regParts(r.reg) {
			if w, ok := b.lastW[reg]; ok {
				// read cycle t+u-1 must come after the write cycle w
				lb = max(lb, w-r.cyc+2)
			}
		}
	}
	for _, w := range op.writes {
		for _, reg := range regParts(w.reg) {
			if r, ok := b.lastR[reg]; ok {
				// the new write (t+d-1) may land in the reading cycle, not before
				lb = max(lb, r-w.cyc+1)
			}
			if ri, ok := b.lastRI[reg]; ok {
				// and issues after the readers of the old value, so
				// that no read has the write in flight (the warn
				// policy's rule, and the order sequential code means)
				lb = max(lb, ri+1)
			}
			if pw, ok := b.lastW[reg]; ok {
				lb = max(lb, pw-w.cyc+2)
			}
		}
	}
	for t := lb; ; t++ {
		for len(b.bundles) <= t {
			b.bundles = append(b.bundles, nil)
		}
		cand := append(append([]string(nil), b.bundles[t]...), op.text)
		if _, err := assignSlots(cand); err != nil {
			if t > lb+4096 {
				return 0, fmt.Errorf("cannot place %q: %w", op.text, err)
			}
			continue
		}
		b.bundles[t] = cand
		for _, r := range op.reads {
			for _, reg := range regParts(r.reg) {
				c := t + r.cyc - 1
				if old, ok := b.lastR[reg]; !ok || c > old {
					b.lastR[reg] = c
				}
				if old, ok := b.lastRI[reg]; !ok || t > old {
					b.lastRI[reg] = t
				}
				b.end = max(b.end, c+1)
			}
		}
		for _, w := range op.writes {
			for _, reg := range regParts(w.reg) {
				c := t + w.cyc - 1
				b.lastW[reg] = c
				b.end = max(b.end, c+1)
			}
		}
		b.end = max(b.end, t+1)
		return t, nil
	}
}

// emit writes the block into p; with jump set, the block ends with that
// jump (a lng operation such as "jnz r1, #.Lx") placed so that its five
// delay slots are the block's last bundles; its register reads are given.
func (b *sblock) emit(p *Prog, jump string, jumpReads ...string) error {
	n := b.end
	if jump != "" {
		lb := 0
		for _, r := range jumpReads {
			if w, ok := b.lastW[r]; ok {
				lb = max(lb, w+1)
			}
		}
		t := max(n-6, lb)
		for ; ; t++ {
			for len(b.bundles) <= t+5 {
				b.bundles = append(b.bundles, nil)
			}
			cand := append(append([]string(nil), b.bundles[t]...), jump)
			if _, err := assignSlots(cand); err == nil {
				b.bundles[t] = cand
				break
			}
			if t > n+64 {
				return fmt.Errorf("cannot place %q", jump)
			}
		}
		n = t + 6
	}
	for len(b.bundles) < n {
		b.bundles = append(b.bundles, nil)
	}
	for _, ops := range b.bundles[:n] {
		p.Bundle(ops...)
	}
	return nil
}

// opBuilder collects a block's operations with compact constructors;
// the first error sticks.
type opBuilder struct {
	b   *sblock
	err error
}

func (o *opBuilder) op(text string, reads, writes []sacc) {
	if o.err != nil {
		return
	}
	_, o.err = o.b.add(sop{text, reads, writes})
}

func rd(cyc int, regs ...string) []sacc {
	out := make([]sacc, len(regs))
	for i, r := range regs {
		out[i] = sacc{r, cyc}
	}
	return out
}

func cat(a ...[]sacc) []sacc {
	var out []sacc
	for _, x := range a {
		out = append(out, x...)
	}
	return out
}

// alu: a one-cycle scalar operation writing d from srcs.
func (o *opBuilder) alu(text, d string, srcs ...string) {
	o.op(text, rd(1, srcs...), rd(1, d))
}

// vld: a vector load (vlda/vldb) of dst from [p, #imm]; mem names the
// memory it reads ("" for read-only data).
func (o *opBuilder) vld(text, dst, p, mem string) {
	r := rd(1, p)
	if mem != "" {
		r = append(r, sacc{mem, 5})
	}
	o.op(text, r, rd(7, dst))
}

// vmov-class: a vector ALU or permute op writing d (cycle 2) from srcs.
func (o *opBuilder) vec2(text, d string, srcs ...string) {
	o.op(text, rd(1, srcs...), rd(2, d))
}

// mac: vmac.f / vmul.f (acc "" for vmul.f or a zeroing configuration).
func (o *opBuilder) mac(text, d, acc, xa, xb, cfg string) {
	r := rd(1, xa, xb, cfg)
	if acc != "" {
		r = append(r, sacc{acc, 3})
	}
	o.op(text, r, rd(6, d))
}
