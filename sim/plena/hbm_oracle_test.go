package plena

import "math/bits"

// odram is the HBM model as it was before it skipped idle cycles (commit
// 99d440e, sim/plena/hbm.go): one tick per DRAM cycle, every channel
// scheduled on every tick. The tests hold the event-driven model to it,
// request stream by request stream (TestHBMModelMatchesTickModel).

// oreq is one DRAM transaction (or a refresh request).
type oreq struct {
	write              bool
	refresh            bool
	pch, bg, bank, row int
	addr               uint64
	arrive             int64
	id                 int32 // completion slot of a read, -1 if none
	cmd                int   // its next command (set by the scheduler)
}

type opending struct {
	depart int64
	id     int32
}

type obank struct {
	ready [numCmd]int64
	open  bool
	row   int
}

type obg struct {
	ready [numCmd]int64
	banks []obank
}

type opch struct {
	ready   [numCmd]int64
	actHist [4]int64 // most recent ACT first (nFAW window)
	bgs     []obg
}

type ochan struct {
	ready                          [numCmd]int64
	pchs                           []opch
	readQ, writeQ, active, prio    []oreq
	pend                           []opending
	writeMode                      bool
	queueCap, activeCap, highWater int
	lowWater                       int
}

// odram is the whole HBM: its channels and the shared DRAM clock.
type odram struct {
	c       *HBMConfig
	clk     int64 // DRAM cycles ticked
	nextRef int64 // cycle of the next refresh
	ch      []*ochan
	bitsOf  [5]int // channel, pseudochannel, bank group, bank, column (transaction) address bits
	txShift uint

	// reads: completion instants (ps) of the transfers of the current
	// instruction, by slot; done counts them.
	doneAt []int64
	done   int

	// Statistics.
	reads, writes int64 // 64-byte accesses
}

func newODRAM(c *HBMConfig) *odram {
	d := &odram{c: c, nextRef: c.NREFI}
	if !c.Refresh {
		d.nextRef = neverRefresh
	}
	d.bitsOf = [5]int{bits.TrailingZeros(uint(c.Channels)), bits.TrailingZeros(uint(c.PseudoChannels)),
		bits.TrailingZeros(uint(c.BankGroups)), bits.TrailingZeros(uint(c.Banks)),
		bits.TrailingZeros(uint(c.Columns)) - bits.TrailingZeros(uint(c.Prefetch))}
	d.txShift = uint(bits.TrailingZeros(uint(c.TxBytes)))
	for range c.Channels {
		ch := &ochan{queueCap: c.Queue, activeCap: c.Queue, prio: make([]oreq, 0, 4)}
		ch.highWater = int(c.WrHighPct * int64(c.Queue)) // compared with 100 x size
		ch.lowWater = int(c.WrLowPct * int64(c.Queue))   // idem
		ch.readQ = make([]oreq, 0, c.Queue)
		ch.writeQ = make([]oreq, 0, c.Queue)
		ch.active = make([]oreq, 0, c.Queue)
		ch.pend = make([]opending, 0, c.Queue)
		ch.pchs = make([]opch, c.PseudoChannels)
		for p := range ch.pchs {
			ch.pchs[p].actHist = [4]int64{-1 << 40, -1 << 40, -1 << 40, -1 << 40}
			ch.pchs[p].bgs = make([]obg, c.BankGroups)
			for g := range ch.pchs[p].bgs {
				ch.pchs[p].bgs[g].banks = make([]obank, c.Banks)
			}
		}
		d.ch = append(d.ch, ch)
	}
	return d
}

// mapAddr applies MOP4CLXOR to a byte address: the channel, and the
// transaction's pseudochannel, bank group, bank and row.
func (d *odram) mapAddr(addr uint64) (ch int, r oreq) {
	a := addr >> d.txShift
	slice := func(n int) int {
		v := int(a & (1<<uint(n) - 1))
		a >>= uint(n)
		return v
	}
	col := slice(2)
	lv := [5]int{}
	for i := 0; i < 4; i++ {
		lv[i] = slice(d.bitsOf[i])
	}
	col += slice(d.bitsOf[4]-2) << 2
	row := int(a)
	idx := 0
	for i := 0; i < 4; i++ {
		if d.bitsOf[i] > 0 {
			lv[i] ^= (col >> uint(idx)) & (1<<uint(d.bitsOf[i]) - 1)
			idx += d.bitsOf[i]
		}
	}
	row ^= (col >> uint(idx)) & (d.c.Rows - 1)
	return lv[0], oreq{pch: lv[1], bg: lv[2], bank: lv[3], row: row, addr: addr}
}

// send offers a transaction to its channel; false when the buffer is full.
func (d *odram) send(addr uint64, write bool, id int32) bool {
	ci, r := d.mapAddr(addr)
	ch := d.ch[ci]
	r.write, r.id, r.arrive = write, id, d.clk
	if write {
		if len(ch.writeQ) >= ch.queueCap {
			return false
		}
		ch.writeQ = append(ch.writeQ, r)
		return true
	}
	if d.c.ReadForwarding {
		// Ramulator2 e442c64 generic_dram_controller.cpp:131-141: a read
		// whose address a queued write has departs on the next tick.
		for _, w := range ch.writeQ {
			if w.addr == addr {
				ch.pend = append(ch.pend, opending{depart: d.clk + 1, id: id})
				return true
			}
		}
	}
	if len(ch.readQ) >= ch.queueCap {
		return false
	}
	ch.readQ = append(ch.readQ, r)
	return true
}

// idle reports whether no channel has work (only refreshes advance).
func (d *odram) idle() bool {
	for _, ch := range d.ch {
		if len(ch.readQ)+len(ch.writeQ)+len(ch.active)+len(ch.prio)+len(ch.pend) > 0 {
			return false
		}
	}
	return true
}

// advanceTo ticks the DRAM through every cycle that starts before ps
// (the emulator's catch-up ticks), skipping idle stretches between
// refreshes.
func (d *odram) advanceTo(ps int64) {
	target := (ps + d.c.TCKps - 1) / d.c.TCKps
	for d.clk < target {
		if d.idle() {
			// Nothing but the refresh counter and the write mode
			// changes until the tick that reaches nextRef: an idle tick
			// sets each channel's write mode as its scheduler does (no
			// read waits: write mode), and later ones keep it.
			if skip := min(target, d.nextRef-1); skip > d.clk {
				for _, ch := range d.ch {
					ch.setWriteMode()
				}
				d.clk = skip
				continue
			}
		}
		d.tick()
	}
}

// instant is the time (ps) of the tick that is about to run.
func (d *odram) instant() int64 { return d.clk * d.c.TCKps }

// tick runs one DRAM cycle of every channel.
func (d *odram) tick() {
	now := d.instant()
	d.clk++
	refresh := d.clk == d.nextRef
	if refresh {
		d.nextRef += d.c.NREFI
	}
	for _, ch := range d.ch {
		d.tickChannel(ch, refresh, now)
	}
}

func (d *odram) tickChannel(ch *ochan, refresh bool, now int64) {
	clk := d.clk
	// Serve the oldest completed read (one per cycle).
	if len(ch.pend) > 0 && ch.pend[0].depart <= clk {
		if id := ch.pend[0].id; id >= 0 && int(id) < len(d.doneAt) {
			d.doneAt[id] = now
			d.done++
		}
		ch.pend = ch.pend[:copy(ch.pend, ch.pend[1:])]
	}
	if refresh {
		for p := 0; p < d.c.PseudoChannels; p++ {
			ch.prio = append(ch.prio, oreq{refresh: true, pch: p, id: -1, arrive: clk})
		}
	}
	buf, i := d.schedule(ch)
	if buf == nil {
		return
	}
	r := &(*buf)[i]
	d.issue(ch, r.cmd, r)
	final := cmdRD
	switch {
	case r.refresh:
		final = cmdREF
	case r.write:
		final = cmdWR
	}
	if r.cmd == final {
		if final == cmdRD {
			ch.pend = append(ch.pend, opending{depart: clk + d.c.NCL + d.c.NBL, id: r.id})
		}
		*buf = oremoveAt(*buf, i)
		return
	}
	if r.cmd == cmdACT && len(ch.active) < ch.activeCap && buf != &ch.active {
		ch.active = append(ch.active, *r)
		*buf = oremoveAt(*buf, i)
	}
}

func oremoveAt(b []oreq, i int) []oreq {
	copy(b[i:], b[i+1:])
	return b[:len(b)-1]
}

// schedule picks the request whose command issues this cycle, as the
// Generic controller does: the active buffer first, then a refresh (which
// blocks everything else until it can issue), then the read or write
// buffer by the write-mode watermarks; first ready, then oldest.
func (d *odram) schedule(ch *ochan) (*[]oreq, int) {
	if i := d.best(ch, ch.active); i >= 0 && d.ready(ch, ch.active[i].cmd, &ch.active[i]) {
		return &ch.active, i
	}
	var buf *[]oreq
	i := -1
	if len(ch.prio) > 0 {
		r := &ch.prio[0]
		r.cmd = cmdREF
		if ch.anyOpen() {
			r.cmd = cmdPREA
		}
		if !d.ready(ch, r.cmd, r) {
			return nil, -1
		}
		buf, i = &ch.prio, 0
	} else {
		ch.setWriteMode()
		buf = &ch.readQ
		if ch.writeMode {
			buf = &ch.writeQ
		}
		i = d.best(ch, *buf)
		if i < 0 || !d.ready(ch, (*buf)[i].cmd, &(*buf)[i]) {
			return nil, -1
		}
	}
	r := &(*buf)[i]
	if r.cmd == cmdPRE || r.cmd == cmdPREA {
		// Do not close a row that a request in the active buffer opened.
		for j := range ch.active {
			a := &ch.active[j]
			if a.pch == r.pch && (r.cmd == cmdPREA || a.bg == r.bg && a.bank == r.bank) {
				return nil, -1
			}
		}
	}
	return buf, i
}

func (ch *ochan) setWriteMode() {
	w, rq := len(ch.writeQ)*100, len(ch.readQ)
	if !ch.writeMode {
		if w > ch.highWater || rq == 0 {
			ch.writeMode = true
		}
	} else if w < ch.lowWater && rq != 0 {
		ch.writeMode = false
	}
}

func (ch *ochan) anyOpen() bool {
	for p := range ch.pchs {
		for g := range ch.pchs[p].bgs {
			for _, b := range ch.pchs[p].bgs[g].banks {
				if b.open {
					return true
				}
			}
		}
	}
	return false
}

// best sets every request's next command and returns the first-ready,
// then oldest one (-1 for an empty buffer).
func (d *odram) best(ch *ochan, buf []oreq) int {
	cand, candReady := -1, false
	for i := range buf {
		r := &buf[i]
		b := &ch.pchs[r.pch].bgs[r.bg].banks[r.bank]
		fin := cmdRD
		if r.write {
			fin = cmdWR
		}
		switch {
		case !b.open:
			r.cmd = cmdACT
		case b.row == r.row:
			r.cmd = fin
		default:
			r.cmd = cmdPRE
		}
		rd := d.ready(ch, r.cmd, r)
		if cand < 0 || rd && !candReady || rd == candReady && r.arrive < buf[cand].arrive {
			cand, candReady = i, rd
		}
	}
	return cand
}

// ready checks a command's earliest cycle from the channel down to its
// scope (PREA and REF: the channel only; PRE, ACT, RD, WR: down to the
// bank), as Ramulator2's check_ready does.
func (d *odram) ready(ch *ochan, cmd int, r *oreq) bool {
	clk := d.clk
	if clk < ch.ready[cmd] {
		return false
	}
	if cmd == cmdPREA || cmd == cmdREF {
		return true
	}
	p := &ch.pchs[r.pch]
	g := &p.bgs[r.bg]
	return clk >= p.ready[cmd] && clk >= g.ready[cmd] && clk >= g.banks[r.bank].ready[cmd]
}

func olater(x *int64, t int64) {
	if t > *x {
		*x = t
	}
}

// issue updates bank state and the earliest cycles of olater commands
// (HBM2's timing constraints, JESD235), as Ramulator2's update_timing
// does: the channel, then the target pseudochannel, bank group and bank
// (every one below the target level for PREA and REF).
func (d *odram) issue(ch *ochan, cmd int, r *oreq) {
	c, t := d.c, d.clk
	if cmd == cmdACT {
		for _, f := range []int{cmdACT, cmdPRE, cmdPREA, cmdREF} {
			olater(&ch.ready[f], t+2)
		}
	}
	p := &ch.pchs[r.pch]
	switch cmd {
	case cmdACT:
		copy(p.actHist[1:], p.actHist[:3])
		p.actHist[0] = t
		olater(&p.ready[cmdACT], t+c.NRRDS)
		olater(&p.ready[cmdACT], p.actHist[3]+c.NFAW)
		olater(&p.ready[cmdPREA], t+c.NRAS)
		olater(&p.ready[cmdREF], t+c.NRC)
	case cmdRD:
		olater(&p.ready[cmdRD], t+max(c.NBL, c.NCCDS))
		olater(&p.ready[cmdWR], t+c.NCL+c.NBL+2-c.NCWL)
		olater(&p.ready[cmdPREA], t+c.NRTPS)
	case cmdWR:
		olater(&p.ready[cmdWR], t+max(c.NBL, c.NCCDS))
		olater(&p.ready[cmdRD], t+c.NCWL+c.NBL+c.NWTRS)
		olater(&p.ready[cmdPREA], t+c.NCWL+c.NBL+c.NWR)
	case cmdPRE:
		olater(&p.ready[cmdREF], t+c.NRP)
	case cmdPREA:
		olater(&p.ready[cmdACT], t+c.NRP)
		olater(&p.ready[cmdREF], t+c.NRP)
	case cmdREF:
		olater(&p.ready[cmdACT], t+c.NRFC)
	}
	if cmd == cmdPREA {
		// PREA closes every bank of the channel (Ramulator2's channel
		// PREab action), in both pseudochannels.
		for pi := range ch.pchs {
			for gi := range ch.pchs[pi].bgs {
				for bi := range ch.pchs[pi].bgs[gi].banks {
					ch.pchs[pi].bgs[gi].banks[bi].open = false
				}
			}
		}
		return
	}
	if cmd == cmdREF {
		return
	}
	g := &p.bgs[r.bg]
	switch cmd {
	case cmdACT:
		olater(&g.ready[cmdACT], t+c.NRRDL)
	case cmdRD:
		olater(&g.ready[cmdRD], t+c.NCCDL)
	case cmdWR:
		olater(&g.ready[cmdWR], t+c.NCCDL)
		olater(&g.ready[cmdRD], t+c.NCWL+c.NBL+c.NWTRL)
	}
	b := &g.banks[r.bank]
	switch cmd {
	case cmdACT:
		olater(&b.ready[cmdACT], t+c.NRC)
		olater(&b.ready[cmdRD], t+c.NRCDRD)
		olater(&b.ready[cmdWR], t+c.NRCDWR)
		olater(&b.ready[cmdPRE], t+c.NRAS)
		b.open, b.row = true, r.row
	case cmdPRE:
		olater(&b.ready[cmdACT], t+c.NRP)
		b.open = false
	case cmdRD:
		olater(&b.ready[cmdPRE], t+c.NRTPL)
	case cmdWR:
		olater(&b.ready[cmdPRE], t+c.NCWL+c.NBL+c.NWR)
	}
}

// hbmRead times the 64-byte reads of one H_ instruction, all in flight
// together (the emulator's FuturesUnordered of reads behind one FIFO
// submission lock): their transactions are offered in order at start (ps),
// a full buffer stalls the rest until a olater cycle, and the instruction
// waits for the last one. It returns the instant (ps) the last read
// completes.
func (d *odram) hbmRead(start int64, chunks []uint64) int64 {
	if len(chunks) == 0 {
		return start
	}
	d.advanceTo(start)
	per := d.c.RequestBytes / d.c.TxBytes
	n := len(chunks) * per
	if cap(d.doneAt) < n {
		d.doneAt = make([]int64, n)
	}
	d.doneAt = d.doneAt[:n]
	d.done = 0
	d.reads += int64(len(chunks))
	next := 0
	for {
		for next < n {
			a := chunks[next/per] + uint64((next%per)*d.c.TxBytes)
			if !d.send(a, false, int32(next)) {
				break
			}
			next++
		}
		if next == n && d.done == n {
			break
		}
		d.tick()
	}
	end := start
	for _, t := range d.doneAt {
		end = max(end, t)
	}
	d.doneAt = d.doneAt[:0]
	return end
}

// hbmWrite times one posted 64-byte write: it is done when the controller
// has accepted its transactions (a full write buffer stalls it). It
// returns the instant (ps) of the last acceptance.
func (d *odram) hbmWrite(start int64, chunk uint64) int64 {
	d.advanceTo(start)
	d.writes++
	t := start
	per := d.c.RequestBytes / d.c.TxBytes
	for i := 0; i < per; i++ {
		for !d.send(chunk+uint64(i*d.c.TxBytes), true, -1) {
			d.tick()
			t = max(t, d.instant())
		}
	}
	return t
}
