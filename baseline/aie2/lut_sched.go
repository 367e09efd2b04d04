package aie2

import (
	"fmt"
	"sort"
	"strings"
)

// A small modulo scheduler for the element-wise vector loops of the
// exp/sigmoid/reciprocal kernels (lut*.go): each loop body is a list of
// operations in dependence order with the registers they read and write;
// VOps places them (as soon as possible, loads and other operations
// marked Late as late as their consumers allow) under a modulo
// reservation table of one operation per slot per cycle, then checks on
// the exposed pipeline that every read in every iteration sees the value
// its own iteration wrote (no later iteration's write lands first, no
// earlier one lands late), raising the initiation interval until it
// does.

// VOp is one operation of a pipelined loop body.
type VOp struct {
	Text string   // the assembly of the operation
	Slot string   // the slot it occupies: lda, ldb, st, alu, mv, vec
	W    []string // registers written (views: bml3, wh4, ...)
	Lat  int      // an operation issued Lat or more cycles later reads the new value
	R    []string // registers read that this iteration writes first (or constants)
	Hold int      // cycles after issue the reads may still happen (a MAC's accumulator: 2)
	Late bool     // place as late as the consumers allow (loads, conversions whose value is needed late)
}

// vop builds a VOp: w and r are comma-separated register lists.
func vop(slot string, lat int, w, r, text string) VOp {
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		out := strings.Split(s, ",")
		for i := range out {
			out[i] = strings.TrimSpace(out[i])
		}
		return out
	}
	return VOp{Text: text, Slot: slot, W: split(w), Lat: lat, R: split(r)}
}

// late marks o to be placed as late as its consumers allow.
func late(o VOp) VOp { o.Late = true; return o }

// hold sets how long after issue o's reads happen.
func hold(o VOp, n int) VOp { o.Hold = n; return o }

// schedule places ops for initiation interval ii; it returns each op's
// cycle or an error when the slots do not fit.
func schedule(ops []VOp, ii int) ([]int, error) {
	n := len(ops)
	T := make([]int, n)
	prod := make([][]int, n) // producers of each op's reads
	lastW := map[string]int{}
	for i, o := range ops {
		for _, r := range o.R {
			if j, ok := lastW[r]; ok {
				prod[i] = append(prod[i], j)
			}
		}
		for _, w := range o.W {
			lastW[w] = i
		}
	}
	busy := map[string]map[int]bool{}
	take := func(slot string, t int) bool {
		m := busy[slot]
		if m == nil {
			m = map[int]bool{}
			busy[slot] = m
		}
		if m[((t%ii)+ii)%ii] {
			return false
		}
		m[((t%ii)+ii)%ii] = true
		return true
	}
	free := func(slot string, t int) { delete(busy[slot], ((t%ii)+ii)%ii) }
	// ASAP for every op (late ones too, as a lower bound).
	asap := make([]int, n)
	for i, o := range ops {
		t := 0
		for _, j := range prod[i] {
			t = max(t, asap[j]+ops[j].Lat)
		}
		asap[i] = t
		for k := 0; ; k++ {
			if k > ii {
				return nil, fmt.Errorf("no %s slot for %q at ii %d", o.Slot, o.Text, ii)
			}
			if take(o.Slot, t+k) {
				asap[i] = t + k
				break
			}
		}
	}
	copy(T, asap)
	// Late ops, last first: as late as their consumers allow.
	for i := n - 1; i >= 0; i-- {
		if !ops[i].Late {
			continue
		}
		bound := -1
		for c := i + 1; c < n; c++ {
			for _, j := range prod[c] {
				if j == i {
					b := T[c] - ops[i].Lat
					if bound < 0 || b < bound {
						bound = b
					}
				}
			}
		}
		if bound < 0 || bound <= T[i] {
			continue
		}
		free(ops[i].Slot, T[i])
		for t := bound; t >= asap[i]; t-- {
			if take(ops[i].Slot, t) {
				T[i] = t
				break
			}
		}
	}
	return T, nil
}

// verify checks a schedule on the exposed pipeline over enough
// iterations for every overlap: each read sees its own iteration's value
// (or, for registers the body never writes, no write at all).
func verify(ops []VOp, T []int, ii int) error {
	maxT := 0
	for i := range ops {
		maxT = max(maxT, T[i]+ops[i].Lat)
	}
	iters := maxT/ii + 3
	type wr struct{ op, it, land int }
	writes := map[string][]wr{}
	for it := 0; it < iters; it++ {
		for i, o := range ops {
			for _, w := range o.W {
				writes[w] = append(writes[w], wr{i, it, T[i] + it*ii + o.Lat})
			}
		}
	}
	lastW := map[string]int{}
	for i, o := range ops {
		for _, r := range o.R {
			want, own := lastW[r]
			ws := writes[r]
			if !own {
				if len(ws) > 0 {
					return fmt.Errorf("%q reads %s, which the loop writes (%q) but not before it", o.Text, r, ops[ws[0].op].Text)
				}
				continue
			}
			for it := 1; it < iters-1; it++ {
				c := T[i] + it*ii
				best := wr{-1, -1, -1 << 30}
				for _, w := range ws {
					if w.land <= c && w.land > best.land {
						best = w
					}
					if w.land > c && w.land <= c+o.Hold {
						return fmt.Errorf("ii %d: %q (cycle %d) reads %s while %q of iteration %d lands", ii, o.Text, T[i], r, ops[w.op].Text, w.it)
					}
				}
				if best.op != want || best.it != it {
					return fmt.Errorf("ii %d: %q (cycle %d) reads %s: sees %d/%d, wants %q", ii, o.Text, T[i], r, best.op, best.it-it, ops[want].Text)
				}
			}
		}
		for _, w := range o.W {
			lastW[w] = i
		}
	}
	return nil
}

// VLoop emits n iterations of the body ops, software-pipelined at the
// smallest initiation interval from minII up for which the schedule fits
// its slots and passes verify; it returns that interval.
func (p *Prog) VLoop(n, minII int, ops []VOp) (int, error) {
	slots := map[string]int{}
	for _, o := range ops {
		slots[o.Slot]++
	}
	ii := max(minII, 1)
	for _, c := range slots {
		ii = max(ii, c)
	}
	var lastErr error
	for ; ii <= 64; ii++ {
		T, err := schedule(ops, ii)
		if err != nil {
			lastErr = err
			continue
		}
		if err := verify(ops, T, ii); err != nil {
			lastErr = err
			continue
		}
		p.pipelinedSlots(n, ii, ops, T)
		return ii, nil
	}
	return 0, fmt.Errorf("no schedule up to ii 64: %v", lastErr)
}

// pipelinedSlots is Pipelined for VOps placed at T: the same prologue,
// zero-overhead-loop kernel and epilogue, with every kernel bundle padded
// to 128 bits by the nops of the slots the ops (whose slots are known)
// leave empty.
func (p *Prog) pipelinedSlots(n, ii int, ops []VOp, T []int) {
	maxT := 0
	for _, t := range T {
		maxT = max(maxT, t)
	}
	stages := maxT/ii + 1
	idx := make([]int, len(ops))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return T[idx[a]] < T[idx[b]] })
	at := func(c int) ([]string, map[string]bool) {
		var out []string
		used := map[string]bool{}
		for _, i := range idx {
			if d := c - T[i]; d >= 0 && d%ii == 0 && d/ii < n {
				out = append(out, ops[i].Text)
				used[ops[i].Slot] = true
			}
		}
		return out, used
	}
	full := func(c int) {
		out, used := at(c)
		for _, s := range fullSlots {
			if !used[s] {
				out = append(out, nopOf[s])
			}
		}
		p.Bundle(out...)
	}
	total := (n-1)*ii + maxT + 1
	if k := n - stages + 1; k >= 2 {
		start, end := p.NewLabel("ls"), p.NewLabel("le")
		pro := (stages - 1) * ii
		p.Bundle(fmt.Sprintf("movxm ls, #%s", start))
		p.Bundle(fmt.Sprintf("movxm le, #%s", end))
		p.Bundle(fmt.Sprintf("movxm lc, #%d", k))
		p.Align16()
		for pad := 7 - (pro + ii - 1); pad > 0; pad-- {
			full(-1)
		}
		for c := 0; c < pro; c++ {
			full(c)
		}
		for j := 0; j < ii; j++ {
			if j == 0 {
				p.Label(start)
			}
			if j == ii-1 {
				p.Label(end)
			}
			full(pro + j)
		}
		for c := n * ii; c < total; c++ {
			out, _ := at(c)
			p.Bundle(out...)
		}
		return
	}
	for c := 0; c < total; c++ {
		out, _ := at(c)
		p.Bundle(out...)
	}
}
