package plena

import (
	"fmt"
	"math/bits"

	isadefs "kernelcraft/isa-defs"
)

// The HBM timing model: a cycle-level model of the DRAM behind PLENA's
// emulator (HBM.md says what it follows and what it leaves out). The
// emulator times every 64-byte HBM access with Ramulator2 (HBM2, 8
// channels, 2 Gbps, Generic controller with FR-FCFS, all-bank refresh,
// open rows, MOP4CLXOR address mapping), splitting it into transfers of
// prefetch x channel_width/8 = 16 bytes. This model has the same
// structure: per channel a read and a write buffer, an active buffer of
// requests whose row is being opened, a priority buffer for refreshes and
// a FIFO of reads waiting for their data; per channel, pseudochannel,
// bank group and bank the earliest cycle of each command; one command per
// channel per DRAM cycle, chosen first-ready first-come.
//
// It is event-driven, cycle for cycle the same as ticking every channel
// on every DRAM cycle (TestHBMModelMatchesTickModel holds it to that
// model): a channel whose tick changed nothing has nothing to do until
// one of its requests' next command becomes ready, its oldest read's data
// is due, a refresh falls due or a request arrives (nothing else changes
// what its scheduler sees: the earliest cycles of commands move only when
// a command issues), so it sleeps until then (dchan.wake). Channels are
// independent of each other, so each keeps its own clock and runs its
// ticks only when it is next used (a request arrives, the submission
// waits for room in its buffer, an instruction waits for its reads:
// dram.run); the DRAM clock jumps to the next thing the accelerator
// waits for (TestHBMLazyChannels).

// HBMConfig is the HBM part of a hardware config (timing hbm.*).
type HBMConfig struct {
	Channels, PseudoChannels, BankGroups, Banks, Rows, Columns int
	Prefetch, ChannelWidthBits                                 int
	TxBytes                                                    int   // bytes per DRAM transaction: prefetch x channel width / 8
	RequestBytes                                               int   // bytes per HBM access of the accelerator (64)
	Queue                                                      int   // read and write buffer entries per channel
	WrHighPct, WrLowPct                                        int64 // write-mode watermarks, percent of Queue
	TCKps                                                      int64 // DRAM clock period, ps: 1e6 / (data rate / 2)
	ClockPS                                                    int64 // accelerator clock period, ps
	// Refresh: every nREFI DRAM cycles each channel refreshes all banks
	// of each pseudochannel (hbm.refresh 1, what HBM2 devices need).
	// PLENA's Ramulator2 at e442c64 never refreshes HBM2 (hbm.refresh 0,
	// HBM.md says why).
	Refresh bool
	// ReadForwarding: a read of a transaction address that a write in its
	// channel's write buffer holds is served from it, one DRAM cycle
	// after it arrives, behind the reads already waiting for their data
	// (hbm.read_forwarding 1, as Ramulator2 e442c64's Generic controller
	// does).
	ReadForwarding bool

	NBL, NCL, NRCDRD, NRCDWR, NRP, NRAS, NRC, NWR, NRTPS, NRTPL, NCWL, NCCDS, NCCDL, NRRDS, NRRDL, NWTRS, NWTRL, NFAW, NRFC, NREFI int64
}

func newHBMConfig(hw *isadefs.HW) (HBMConfig, error) {
	var c HBMConfig
	get := func(k string) (int64, error) {
		v, ok := hw.Timing["hbm."+k]
		if !ok {
			return 0, fmt.Errorf("hw %s: timing hbm.%s is missing (the HBM model needs it)", hw.Name, k)
		}
		return v, nil
	}
	ints := []struct {
		k string
		p *int
	}{{"channels", &c.Channels}, {"pseudochannels", &c.PseudoChannels}, {"bankgroups", &c.BankGroups}, {"banks", &c.Banks},
		{"rows", &c.Rows}, {"columns", &c.Columns}, {"prefetch", &c.Prefetch}, {"channel_width_bits", &c.ChannelWidthBits},
		{"request_bytes", &c.RequestBytes}, {"queue", &c.Queue}}
	for _, x := range ints {
		v, err := get(x.k)
		if err != nil {
			return c, err
		}
		if v <= 0 || v&(v-1) != 0 {
			return c, fmt.Errorf("hw %s: timing hbm.%s = %d: want a power of two", hw.Name, x.k, v)
		}
		*x.p = int(v)
	}
	i64 := []struct {
		k string
		p *int64
	}{{"wr_high_pct", &c.WrHighPct}, {"wr_low_pct", &c.WrLowPct},
		{"nBL", &c.NBL}, {"nCL", &c.NCL}, {"nRCDRD", &c.NRCDRD}, {"nRCDWR", &c.NRCDWR}, {"nRP", &c.NRP}, {"nRAS", &c.NRAS},
		{"nRC", &c.NRC}, {"nWR", &c.NWR}, {"nRTPS", &c.NRTPS}, {"nRTPL", &c.NRTPL}, {"nCWL", &c.NCWL}, {"nCCDS", &c.NCCDS},
		{"nCCDL", &c.NCCDL}, {"nRRDS", &c.NRRDS}, {"nRRDL", &c.NRRDL}, {"nWTRS", &c.NWTRS}, {"nWTRL", &c.NWTRL},
		{"nFAW", &c.NFAW}, {"nRFC", &c.NRFC}, {"nREFI", &c.NREFI}}
	for _, x := range i64 {
		v, err := get(x.k)
		if err != nil {
			return c, err
		}
		*x.p = v
	}
	for _, x := range []struct {
		k string
		p *bool
	}{{"refresh", &c.Refresh}, {"read_forwarding", &c.ReadForwarding}} {
		v, err := get(x.k)
		if err != nil {
			return c, err
		}
		if v != 0 && v != 1 {
			return c, fmt.Errorf("hw %s: timing hbm.%s = %d: want 0 or 1", hw.Name, x.k, v)
		}
		*x.p = v == 1
	}
	rate, err := get("data_rate_mtps")
	if err != nil {
		return c, err
	}
	if rate < 2 {
		return c, fmt.Errorf("hw %s: timing hbm.data_rate_mtps = %d: too small", hw.Name, rate)
	}
	c.TCKps = 1_000_000 / (rate / 2)
	c.ClockPS = hw.Time("clock_ps", 1000)
	c.TxBytes = c.Prefetch * c.ChannelWidthBits / 8
	switch {
	case c.ClockPS <= 0:
		return c, fmt.Errorf("hw %s: timing clock_ps must be positive", hw.Name)
	case c.TxBytes <= 0 || c.TxBytes > c.RequestBytes || c.RequestBytes != 64:
		return c, fmt.Errorf("hw %s: HBM transactions of %d bytes (prefetch x channel width / 8) must divide the 64-byte requests", hw.Name, c.TxBytes)
	case c.Columns/c.Prefetch < 4:
		return c, fmt.Errorf("hw %s: hbm.columns / hbm.prefetch must be at least 4 (MOP4CLXOR keeps 4 consecutive transactions in a row)", hw.Name)
	case c.Queue > 64:
		return c, fmt.Errorf("hw %s: hbm.queue = %d: the HBM model supports at most 64", hw.Name, c.Queue)
	case c.PseudoChannels > 8:
		return c, fmt.Errorf("hw %s: hbm.pseudochannels = %d: the HBM model supports at most 8", hw.Name, c.PseudoChannels)
	case c.PseudoChannels*c.BankGroups*c.Banks > 1024:
		return c, fmt.Errorf("hw %s: %d banks per HBM channel: the HBM model supports at most 1024", hw.Name, c.PseudoChannels*c.BankGroups*c.Banks)
	case c.NREFI <= 0 || c.NBL <= 0:
		return c, fmt.Errorf("hw %s: hbm.nREFI and hbm.nBL must be positive", hw.Name)
	}
	return c, nil
}

// DRAM commands.
const (
	cmdACT = iota
	cmdPRE
	cmdPREA
	cmdRD
	cmdWR
	cmdREF
	numCmd
)

// dreq is one DRAM transaction (or a refresh request). Its bank group
// and bank are also kept as indices into its channel's flat tables.
type dreq struct {
	arrive    int64
	addr      uint64 // the transaction's byte address (read forwarding compares it)
	row       int32
	id        int32 // completion slot of a read, -1 if none
	pch, bank int16 // pseudochannel; bank within its bank group
	bi        int16 // bank: index in dchan.openRow
	po, bo    int16 // its pseudochannel's and bank's tables in dchan.tab
	// cmd is its next command, kept current for the requests of the
	// buffers (see reclassify); set by the scheduler for refreshes.
	cmd            int8
	write, refresh bool
}

type dpch struct {
	actHist [4]int64 // most recent ACT first (nFAW window)
}

// dqueue is a read or write buffer: the slots of its requests in arrival
// order, at positions 0 to tail-1 with holes where requests have left
// (positions are renumbered when tail reaches 64, so HBMConfig.Queue <=
// 64), and sets of positions (bit i: position i) by pseudochannel and
// next command and by bank, so that the scheduler looks only at the
// requests whose pseudochannel allows their command (see best) and a bank
// opening or closing looks only at its requests.
type dqueue struct {
	ent     [64]uint16
	key     [64]int16 // dchan.tab index of the bank's earliest cycle of the request's next command
	live    uint64
	n, tail int
	cls     []uint64 // pseudochannel p, command c: cls[p*numCmd+c]
	nz      uint64   // bit c set when cls[c] is not empty
	bank    []uint64 // by bank index (dreq.bi)
}

// add appends a request (slot k, next command set) at the tail.
func (q *dqueue) add(k uint16, r *dreq) {
	if q.tail == len(q.ent) {
		q.compact()
	}
	bit := uint64(1) << uint(q.tail)
	q.ent[q.tail] = k
	q.key[q.tail] = r.bo + int16(r.cmd)
	q.live |= bit
	q.setCls(int(r.pch)*numCmd+int(r.cmd), bit)
	q.bank[r.bi] |= bit
	q.tail++
	q.n++
}

// remove takes the request at position i (slot's request r) out.
func (q *dqueue) remove(i int, r *dreq) {
	bit := uint64(1) << uint(i)
	q.live &^= bit
	q.clearCls(int(r.pch)*numCmd+int(r.cmd), bit)
	q.bank[r.bi] &^= bit
	q.n--
	if q.n == 0 {
		q.tail = 0
	}
}

func (q *dqueue) setCls(c int, bit uint64) {
	q.cls[c] |= bit
	q.nz |= 1 << uint(c)
}

func (q *dqueue) clearCls(c int, bit uint64) {
	m := q.cls[c] &^ bit
	q.cls[c] = m
	if m == 0 {
		q.nz &^= 1 << uint(c)
	}
}

// compact renumbers the requests to positions 0 to n-1, in order.
func (q *dqueue) compact() {
	for _, sets := range [2][]uint64{q.cls, q.bank} {
		for j, m := range sets {
			if m != 0 {
				sets[j] = pextLive(m, q.live)
			}
		}
	}
	j := 0
	for m := q.live; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		q.ent[j], q.key[j] = q.ent[i], q.key[i]
		j++
	}
	q.tail = j
	q.live = uint64(1)<<uint(j) - 1
}

// pextLive gathers the bits of m at the positions set in live into the
// low bits, in order (m is a subset of live).
func pextLive(m, live uint64) uint64 {
	var out uint64
	j := uint(0)
	for ; live != 0; live &= live - 1 {
		if m&(live&-live) != 0 {
			out |= 1 << j
		}
		j++
	}
	return out
}

func (q *dqueue) reset() {
	q.live, q.n, q.tail, q.nz = 0, 0, 0, 0
	clear(q.cls)
	clear(q.bank)
}

// Buffers of a channel: the active buffer (dchan.active), then the read
// and write buffers (dchan.q).
const (
	bufActive = iota
	bufRead
	bufWrite
	numBuf
)

type dchan struct {
	// tab is the earliest cycle of each command (numCmd entries) by the
	// constraints of the channel (at 0), of each pseudochannel p and the
	// channel (at tabOff(1+p)), and of each bank k of bank group g of
	// pseudochannel p and that bank group (tabOff(1+P+(p*G+g)*B+k)):
	// constraints only ever move later, so a channel's are also applied
	// to each of its pseudochannels' entries and a bank group's to each
	// of its banks', and a command's earliest cycle is the later of two.
	tab  []int64
	pchs []dpch
	// openRow is each bank's open row, -1 if closed: bank k of bank group
	// g of pseudochannel p is openRow[(p*G+g)*B+k].
	openRow []int32
	open    int // banks open
	// The active, read and write buffers hold indices into pool, in
	// their order (a request moving from the read or write buffer to the
	// active one keeps its slot); free lists the unused slots.
	pool   []dreq
	free   []uint16
	active []uint16
	// actBank and actPch count the active buffer's requests by bank and
	// by pseudochannel.
	actBank []uint8
	actPch  [8]uint8
	q       [numBuf]dqueue // bufRead and bufWrite
	prio    []dreq
	// lastServe is the tick at which the channel's latest read hands
	// over its data: reads do so in issue order, one per tick, nCL + nBL
	// after their RD at the earliest (the controller's pending FIFO).
	lastServe                      int64
	writeMode                      bool
	queueCap, activeCap, highWater int
	lowWater                       int
	// wake is the first tick at which the channel may do something: its
	// ticks before it would change nothing, so they are skipped (refresh
	// ticks excepted). It may be early (a tick that finds nothing to do
	// changes nothing).
	wake int64
	// clk is the channel's own clock, the last of its ticks that has run
	// (those skipped included); nextRef the tick of its next refresh.
	// Channels are independent of each other, so each runs its ticks only
	// when it is next used (dram.catchUp): clk <= dram.clk.
	clk, nextRef int64
	// reads counts the reads in the read and active buffers.
	reads int
	// ready[b] is a lower bound of the first tick at which a request of
	// buffer b may be ready: best's answer when it found none ready,
	// which holds while no request enters the buffer or changes its next
	// command (commands only ever push the earliest cycles later), so
	// schedule skips the buffer before it. 0 when not known.
	ready [numBuf]int64
}

// dram is the whole HBM: its channels and the shared DRAM clock.
type dram struct {
	c       *HBMConfig
	clk     int64 // DRAM cycles ticked (each channel catches up lazily)
	ch      []*dchan
	bitsOf  [5]int // channel, pseudochannel, bank group, bank, column (transaction) address bits
	txShift uint
	// txXor: the transactions of a 64-byte request differ only in their
	// channel, transaction j's being the first's XOR j (MOP4CLXOR: j is
	// the low column bits, which land in the channel bits only), when
	// there are at most 4 of them and at least as many channels.
	txXor bool
	gap   gaps

	// reads: completion instants (ps) of the transfers of the current
	// instruction, by slot; done counts the ones known (a read's is known
	// when its RD issues); lastServe is the latest tick at which a read
	// hands over its data.
	doneAt    []int64
	done      int
	lastServe int64

	// Statistics.
	reads, writes int64 // 64-byte accesses
}

func newDRAM(c *HBMConfig) *dram {
	d := &dram{c: c, gap: newGaps(c)}
	d.bitsOf = [5]int{bits.TrailingZeros(uint(c.Channels)), bits.TrailingZeros(uint(c.PseudoChannels)),
		bits.TrailingZeros(uint(c.BankGroups)), bits.TrailingZeros(uint(c.Banks)),
		bits.TrailingZeros(uint(c.Columns)) - bits.TrailingZeros(uint(c.Prefetch))}
	d.txShift = uint(bits.TrailingZeros(uint(c.TxBytes)))
	per := c.RequestBytes / c.TxBytes
	d.txXor = per <= 4 && per <= c.Channels
	for range c.Channels {
		if c.PseudoChannels*numCmd > 64 {
			panic("plena: too many HBM pseudochannels") // newHBMConfig refuses them
		}
		ch := &dchan{queueCap: c.Queue, activeCap: c.Queue, prio: make([]dreq, 0, 4)}
		ch.highWater = int(c.WrHighPct * int64(c.Queue)) // compared with 100 x size
		ch.lowWater = int(c.WrLowPct * int64(c.Queue))   // idem
		// Slots: a full read buffer, write buffer and active buffer.
		ch.pool = make([]dreq, 3*c.Queue)
		ch.free = make([]uint16, 0, len(ch.pool))
		ch.active = make([]uint16, 0, c.Queue)
		ch.actBank = make([]uint8, c.PseudoChannels*c.BankGroups*c.Banks)
		for b := bufRead; b <= bufWrite; b++ {
			ch.q[b].cls = make([]uint64, c.PseudoChannels*numCmd)
			ch.q[b].bank = make([]uint64, c.PseudoChannels*c.BankGroups*c.Banks)
		}
		ch.pchs = make([]dpch, c.PseudoChannels)
		nb := c.PseudoChannels * c.BankGroups * c.Banks
		ch.tab = make([]int64, tabOff(1+c.PseudoChannels+nb))
		ch.openRow = make([]int32, nb)
		d.ch = append(d.ch, ch)
	}
	d.reset()
	return d
}

// tabOff is the offset in dchan.tab of table i.
func tabOff(i int) int { return i * numCmd }

// reset returns the DRAM to power-on (every bank closed, cycle 0),
// keeping its buffers.
func (d *dram) reset() {
	d.clk, d.done, d.reads, d.writes, d.lastServe = 0, 0, 0, 0, 0
	d.doneAt = d.doneAt[:0]
	for _, ch := range d.ch {
		clear(ch.tab)
		ch.active = ch.active[:0]
		clear(ch.actBank)
		ch.actPch = [8]uint8{}
		for b := bufRead; b <= bufWrite; b++ {
			ch.q[b].reset()
		}
		ch.free = ch.free[:0]
		for i := len(ch.pool) - 1; i >= 0; i-- {
			ch.free = append(ch.free, uint16(i))
		}
		ch.prio, ch.lastServe = ch.prio[:0], 0
		ch.writeMode = false
		ch.wake, ch.open = 0, 0
		ch.clk, ch.nextRef, ch.reads = 0, d.firstRefresh(), 0
		ch.ready = [numBuf]int64{}
		for p := range ch.pchs {
			ch.pchs[p] = dpch{actHist: [4]int64{-1 << 40, -1 << 40, -1 << 40, -1 << 40}}
		}
		for i := range ch.openRow {
			ch.openRow[i] = -1
		}
	}
}

// neverRefresh is dchan.nextRef when the config has no refresh: past
// every tick run can reach (noLimit).
const neverRefresh = int64(1<<63 - 1)

// firstRefresh is the tick of a channel's first refresh after reset.
func (d *dram) firstRefresh() int64 {
	if !d.c.Refresh {
		return neverRefresh
	}
	return d.c.NREFI
}

// daddr is where a transaction goes within its channel.
type daddr struct {
	row       int32
	pch, bank int16 // pseudochannel; bank within its bank group
	bi        int16 // bank: index in dchan.openRow
}

// mapAddr applies MOP4CLXOR to a byte address: the channel, and the
// transaction's pseudochannel, bank group, bank and row.
func (d *dram) mapAddr(addr uint64) (ch int, r daddr) {
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
	c := d.c
	gi := lv[1]*c.BankGroups + lv[2]
	bi := gi*c.Banks + lv[3]
	return lv[0], daddr{row: int32(row), pch: int16(lv[1]), bank: int16(lv[3]), bi: int16(bi)}
}

// enqueue offers a mapped transaction (byte address addr) to channel ch
// at its clock (which has caught up with dram.clk); false when the buffer
// is full. With read forwarding a read that a queued write holds does not
// enter the read buffer (forward).
func (d *dram) enqueue(ch *dchan, a daddr, addr uint64, write bool, id int32) bool {
	b := bufRead
	if write {
		b = bufWrite
	} else if d.c.ReadForwarding && d.forward(ch, a, addr, id) {
		return true
	}
	q := &ch.q[b]
	if q.n >= ch.queueCap {
		return false
	}
	k := ch.free[len(ch.free)-1]
	ch.free = ch.free[:len(ch.free)-1]
	r := &ch.pool[k]
	r.arrive, r.addr, r.row, r.id, r.pch, r.bank, r.bi = ch.clk, addr, a.row, id, a.pch, a.bank, a.bi
	r.po, r.bo = int16(tabOff(1+int(a.pch))), int16(tabOff(1+d.c.PseudoChannels+int(a.bi)))
	r.write, r.refresh = write, false
	r.cmd = ch.nextCmd(r)
	q.add(k, r)
	ch.ready[b] = 0
	ch.wake = min(ch.wake, ch.clk+1) // it may be scheduled on the next tick
	if !write {
		ch.reads++
	}
	return true
}

// forward serves a read from channel ch's write buffer when a write there
// has its address, as Ramulator2 e442c64's Generic controller does
// (generic_dram_controller.cpp:131-141): the read goes straight to the
// FIFO of reads waiting for their data, departing on the next tick, so
// its data is handed over on the first tick after its arrival at which
// every read ahead of it has handed over its own (one per tick, see
// dchan.lastServe). A write to the same address has the same bank, so
// only that bank's writes are compared.
func (d *dram) forward(ch *dchan, a daddr, addr uint64, id int32) bool {
	q := &ch.q[bufWrite]
	for m := q.bank[a.bi]; m != 0; m &= m - 1 {
		if ch.pool[q.ent[bits.TrailingZeros64(m)]].addr != addr {
			continue
		}
		s := max(ch.clk+1, ch.lastServe+1)
		ch.lastServe = s
		d.lastServe = max(d.lastServe, s)
		if id >= 0 && int(id) < len(d.doneAt) {
			d.doneAt[id] = (s - 1) * d.c.TCKps // the instant its tick starts
			d.done++
		}
		return true
	}
	return false
}

// advanceTo moves the DRAM clock to the first cycle that starts at or
// after ps (the emulator's catch-up ticks); the channels run those ticks
// when next used (catchUp).
func (d *dram) advanceTo(ps int64) {
	d.clk = max(d.clk, (ps+d.c.TCKps-1)/d.c.TCKps)
}

// noLimit is run's limit when a caller waits for a channel itself.
const noLimit = int64(1) << 62

// What run waits for.
const (
	untilLimit     = iota // the limit
	untilReadRoom         // room in the read buffer
	untilWriteRoom        // room in the write buffer
	untilReadsDone        // no read left in the channel
)

// run runs channel ch's ticks at which it may do something (its wake or
// a refresh), skipping the ticks between them, in which nothing would
// change, until the condition until holds (checked before each tick) or
// the next such tick is past limit; in that case the channel's clock
// moves to limit.
func (d *dram) run(ch *dchan, limit int64, until int) {
	for {
		switch until {
		case untilReadRoom:
			if ch.q[bufRead].n < ch.queueCap {
				return
			}
		case untilWriteRoom:
			if ch.q[bufWrite].n < ch.queueCap {
				return
			}
		case untilReadsDone:
			if ch.reads == 0 {
				return
			}
		}
		t := max(min(ch.nextRef, ch.wake), ch.clk+1)
		if t > limit {
			ch.clk = max(ch.clk, limit)
			return
		}
		ch.clk = t
		refresh := t == ch.nextRef
		if refresh {
			ch.nextRef += d.c.NREFI
		}
		d.tickChannel(ch, refresh)
	}
}

// catchUp runs channel ch's ticks through the DRAM clock.
func (d *dram) catchUp(ch *dchan) {
	if ch.clk < d.clk {
		d.run(ch, d.clk, untilLimit)
	}
}

// untilRoom runs channel ch's ticks (it has caught up) until its buffer
// b has room, and moves the DRAM clock to that tick: a transaction it
// refused is offered again then (the emulator retries every cycle, and
// only the channel's own ticks free its buffers).
func (d *dram) untilRoom(ch *dchan, b int) {
	u := untilReadRoom
	if b == bufWrite {
		u = untilWriteRoom
	}
	d.run(ch, noLimit, u)
	d.clk = ch.clk
}

// tickChannel runs one DRAM cycle of a channel. Handing a read's data
// over (one per cycle, oldest first) changes nothing its scheduler sees,
// so it is not done tick by tick: the tick and instant of it are known
// when the read's RD issues (see lastServe).
func (d *dram) tickChannel(ch *dchan, refresh bool) {
	clk := ch.clk
	changed := refresh
	if refresh {
		for p := 0; p < d.c.PseudoChannels; p++ {
			ch.prio = append(ch.prio, dreq{refresh: true, pch: int16(p), id: -1, arrive: clk})
		}
	}
	b, i, w := d.schedule(ch)
	if b < 0 {
		if changed {
			ch.wake = clk + 1
		} else {
			ch.wake = w
		}
		return
	}
	ch.wake = clk + 1
	if b == numBuf { // a refresh (PREA or REF)
		r := &ch.prio[0]
		cmd := r.cmd
		d.issue(ch, int(cmd), r)
		if cmd == cmdREF {
			ch.prio = ch.prio[:copy(ch.prio, ch.prio[1:])]
		}
		return
	}
	var k uint16
	if b == bufActive {
		k = ch.active[i]
	} else {
		k = ch.q[b].ent[i]
	}
	r := &ch.pool[k]
	cmd := r.cmd // issue may set the next one
	d.issue(ch, int(cmd), r)
	final := int8(cmdRD)
	if r.write {
		final = cmdWR
	}
	if cmd == final {
		if final == cmdRD {
			ch.reads--
			s := max(clk+d.gap.rdData, ch.lastServe+1)
			ch.lastServe = s
			d.lastServe = max(d.lastServe, s)
			if id := r.id; id >= 0 && int(id) < len(d.doneAt) {
				d.doneAt[id] = (s - 1) * d.c.TCKps // the instant its tick starts
				d.done++
			}
		}
		ch.removeAt(b, i)
		ch.free = append(ch.free, k)
		return
	}
	if cmd == cmdACT && len(ch.active) < ch.activeCap && b != bufActive {
		ch.active = append(ch.active, k)
		ch.actBank[r.bi]++
		ch.actPch[r.pch]++
		ch.ready[bufActive] = min(ch.ready[bufActive], max(ch.tab[int(r.po)+int(r.cmd)], ch.tab[int(r.bo)+int(r.cmd)]))
		ch.removeAt(b, i)
	}
}

// removeAt removes the request at index i of buffer b.
func (ch *dchan) removeAt(b, i int) {
	if b == bufActive {
		r := &ch.pool[ch.active[i]]
		ch.actBank[r.bi]--
		ch.actPch[r.pch]--
		ch.active = ch.active[:i+copy(ch.active[i:], ch.active[i+1:])]
		return
	}
	q := &ch.q[b]
	q.remove(i, &ch.pool[q.ent[i]])
}

// reclassify sets the next command of the buffers' requests to bank bi
// (every bank if bi < 0) after the bank opened or closed, and moves the
// read and write buffers' ones between the dqueue.cls sets.
func (ch *dchan) reclassify(bi int16) {
	if bi < 0 || ch.actBank[bi] > 0 {
		for _, k := range ch.active {
			if r := &ch.pool[k]; bi < 0 || r.bi == bi {
				if cmd := ch.nextCmd(r); cmd != r.cmd {
					r.cmd = cmd
					ch.ready[bufActive] = 0
				}
			}
		}
	}
	for b := bufRead; b <= bufWrite; b++ {
		q := &ch.q[b]
		m := q.live
		if bi >= 0 {
			m = q.bank[bi]
		}
		for ; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			r := &ch.pool[q.ent[i]]
			if cmd := ch.nextCmd(r); cmd != r.cmd {
				bit := uint64(1) << uint(i)
				q.clearCls(int(r.pch)*numCmd+int(r.cmd), bit)
				q.setCls(int(r.pch)*numCmd+int(cmd), bit)
				r.cmd = cmd
				q.key[i] = r.bo + int16(cmd)
				ch.ready[b] = 0
			}
		}
	}
}

// schedule picks the request whose command issues this cycle, as the
// Generic controller does: the active buffer first, then a refresh (which
// blocks everything else until it can issue), then the read or write
// buffer by the write-mode watermarks; first ready, then oldest. It
// returns the buffer and the index in it, numBuf for ch.prio[0], or -1
// when nothing issues, and then also the first cycle after this one at
// which something may issue (see wake).
func (d *dram) schedule(ch *dchan) (int, int, int64) {
	i, w := -1, noLimit
	if len(ch.active) > 0 {
		if w = ch.ready[bufActive]; w <= ch.clk {
			var others int64
			if i, w, others = d.bestActive(ch); i >= 0 {
				ch.ready[bufActive] = others
				return bufActive, i, 0
			}
			ch.ready[bufActive] = w
		}
	}
	var r *dreq
	b := -1
	if len(ch.prio) > 0 {
		r = &ch.prio[0]
		r.cmd = cmdREF
		if ch.anyOpen() {
			r.cmd = cmdPREA
		}
		if t := ch.tab[r.cmd]; ch.clk < t {
			return -1, -1, min(w, t)
		}
		b, i = numBuf, 0
	} else {
		ch.setWriteMode()
		b = bufRead
		if ch.writeMode {
			b = bufWrite
		}
		wb := ch.ready[b]
		if wb > ch.clk {
			return -1, -1, min(w, wb)
		}
		if i, wb = d.best(ch, &ch.q[b]); i < 0 {
			ch.ready[b] = wb
			return -1, -1, min(w, wb)
		}
		r = &ch.pool[ch.q[b].ent[i]]
	}
	// Do not close a row that a request in the active buffer opened.
	if r.cmd == cmdPRE && ch.actBank[r.bi] > 0 || r.cmd == cmdPREA && ch.actPch[r.pch] > 0 {
		return -1, -1, d.nextWake(ch)
	}
	return b, i, 0
}

func (ch *dchan) setWriteMode() {
	w, rq := ch.q[bufWrite].n*100, ch.q[bufRead].n
	if !ch.writeMode {
		if w > ch.highWater || rq == 0 {
			ch.writeMode = true
		}
	} else if w < ch.lowWater && rq != 0 {
		ch.writeMode = false
	}
}

func (ch *dchan) anyOpen() bool { return ch.open > 0 }

// best returns the index of the first-ready, then oldest request of a
// read or write buffer, -1 if none is ready; when none is, also the first
// cycle at which one of them will be (noLimit if the buffer is empty) as
// long as no command issues: a lower bound after (see dchan.ready). The
// buffers are in arrival order (requests are appended as they arrive and
// removed in place), so the first ready request is the one: the requests
// whose pseudochannel (and channel) allow their command now are the
// candidates (dchan.cls), the first whose bank (and bank group) does too
// is it.
func (d *dram) best(ch *dchan, q *dqueue) (int, int64) {
	clk := ch.clk
	tab := ch.tab
	w := noLimit
	var cand uint64
	for nz := q.nz; nz != 0; nz &= nz - 1 {
		c := bits.TrailingZeros64(nz)
		// cls[p*numCmd+cmd]'s pseudochannel entry is tab[tabOff(1+p)+cmd].
		if t := tab[numCmd+c]; t <= clk {
			cand |= q.cls[c]
		} else {
			w = min(w, t)
		}
	}
	for cand != 0 {
		i := bits.TrailingZeros64(cand)
		cand &= cand - 1
		if t := tab[q.key[i]]; t > clk {
			w = min(w, t)
			continue
		}
		return i, 0
	}
	return -1, w
}

// bestActive is best for the active buffer (filled in activation order,
// a few requests, scanned whole). When a request is ready, others is a
// lower bound of the first cycle at which another one will be, as long
// as no command issues (<= the current one if another is ready already).
func (d *dram) bestActive(ch *dchan) (i int, w, others int64) {
	clk := ch.clk
	tab := ch.tab
	w = noLimit
	cand, ready := -1, 0
	var candArrive int64
	for i, k := range ch.active {
		r := &ch.pool[k]
		t := max(tab[int(r.po)+int(r.cmd)], tab[int(r.bo)+int(r.cmd)])
		if t > clk {
			w = min(w, t)
			continue
		}
		ready++
		if cand < 0 || r.arrive < candArrive {
			cand, candArrive = i, r.arrive
		}
	}
	if ready > 1 {
		return cand, w, clk
	}
	return cand, w, w
}

// nextCmd is the command a request needs next, by its bank's state:
// ACT for a closed bank, its RD or WR for its open row, PRE for another.
func (ch *dchan) nextCmd(r *dreq) int8 {
	switch open := ch.openRow[r.bi]; {
	case open < 0:
		return cmdACT
	case open == r.row:
		if r.write {
			return cmdWR
		}
		return cmdRD
	}
	return cmdPRE
}

// nextWake is when a channel whose tick found a request ready but held it
// back (a PRE or PREA of a row the active buffer opened) may next do
// something: a request's next command becomes ready (one ready already but
// not issued waits for another command to issue first, which wakes the
// channel anyway) or a refresh's. Refresh ticks run every channel
// regardless.
func (d *dram) nextWake(ch *dchan) int64 {
	clk := ch.clk
	tab := ch.tab
	w := noLimit
	ready := func(k uint16) {
		r := &ch.pool[k]
		cmd := ch.nextCmd(r)
		if t := max(tab[int(r.po)+int(cmd)], tab[int(r.bo)+int(cmd)]); t > clk {
			w = min(w, t)
		}
	}
	for _, k := range ch.active {
		ready(k)
	}
	for b := bufRead; b <= bufWrite; b++ {
		q := &ch.q[b]
		for m := q.live; m != 0; m &= m - 1 {
			ready(q.ent[bits.TrailingZeros64(m)])
		}
	}
	if len(ch.prio) > 0 {
		cmd := cmdREF
		if ch.anyOpen() {
			cmd = cmdPREA
		}
		if t := ch.tab[cmd]; t > clk {
			w = min(w, t)
		}
	}
	return w
}

func later(x *int64, t int64) {
	if t > *x {
		*x = t
	}
}

// issue updates bank state and the earliest cycles of later commands
// (HBM2's timing constraints, JESD235), as Ramulator2's update_timing
// does: the channel, then the target pseudochannel, bank group and bank
// (every one below the target level for PREA and REF). A channel's
// constraint is applied to each of its pseudochannels' entries too and a
// bank group's to each of its banks' (see dchan.tab); the pseudochannel
// constraints on PREA and REF are left out, since PREA and REF are
// checked at the channel only. The gaps are dram.gap's.
func (d *dram) issue(ch *dchan, cmd int, r *dreq) {
	g, t := &d.gap, ch.clk
	tab := ch.tab
	p := tabOff(1 + int(r.pch)) // the pseudochannel's table
	bo := int(r.bo)             // the bank's table
	switch cmd {
	case cmdACT:
		later(&tab[cmdACT], t+2)
		later(&tab[cmdPRE], t+2)
		later(&tab[cmdPREA], t+2)
		later(&tab[cmdREF], t+2)
		for q := tabOff(1); q < tabOff(1+len(ch.pchs)); q += numCmd {
			later(&tab[q+cmdACT], t+2)
			later(&tab[q+cmdPRE], t+2)
		}
		h := &ch.pchs[r.pch]
		h.actHist[3], h.actHist[2], h.actHist[1], h.actHist[0] = h.actHist[2], h.actHist[1], h.actHist[0], t
		later(&tab[p+cmdACT], t+g.rrds)
		later(&tab[p+cmdACT], h.actHist[3]+g.faw)
		d.groupLater(tab, r, cmdACT, t+g.rrdl)
		later(&tab[bo+cmdACT], t+g.rc)
		later(&tab[bo+cmdRD], t+g.rcdrd)
		later(&tab[bo+cmdWR], t+g.rcdwr)
		later(&tab[bo+cmdPRE], t+g.ras)
		ch.openRow[r.bi] = r.row
		ch.open++           // ACT is issued to a closed bank only
		ch.reclassify(r.bi) // the bank's requests need other commands now
	case cmdPRE:
		later(&tab[bo+cmdACT], t+g.rp)
		ch.openRow[r.bi] = -1 // PRE is issued to an open bank only
		ch.open--
		ch.reclassify(r.bi)
	case cmdRD:
		later(&tab[p+cmdRD], t+g.rdRD)
		later(&tab[p+cmdWR], t+g.rdWR)
		d.groupLater(tab, r, cmdRD, t+g.ccdl)
		later(&tab[bo+cmdPRE], t+g.rdPRE)
	case cmdWR:
		later(&tab[p+cmdWR], t+g.wrWR)
		later(&tab[p+cmdRD], t+g.wrRD)
		d.groupLater(tab, r, cmdWR, t+g.ccdl)
		d.groupLater(tab, r, cmdRD, t+g.wrRDL)
		later(&tab[bo+cmdPRE], t+g.wrPRE)
	case cmdPREA:
		later(&tab[p+cmdACT], t+g.rp)
		// PREA closes every bank of the channel (Ramulator2's channel
		// PREab action), in both pseudochannels.
		for bi := range ch.openRow {
			ch.openRow[bi] = -1
		}
		ch.open = 0
		ch.reclassify(-1)
	case cmdREF:
		later(&tab[p+cmdACT], t+g.rfc)
	}
}

// groupLater applies a bank group constraint (cmd not before t) to each
// bank of r's bank group.
func (d *dram) groupLater(tab []int64, r *dreq, cmd int, t int64) {
	i := int(r.bo) - tabOff(int(r.bank)) + cmd
	for range d.c.Banks {
		later(&tab[i], t)
		i += numCmd
	}
}

// gaps are the command-to-command gaps (DRAM cycles) that issue applies,
// from HBMConfig.
type gaps struct {
	rrds, rrdl, faw, rc, rcdrd, rcdwr, ras, rp, rfc   int64
	rdRD, rdWR, ccdl, rdPRE, wrWR, wrRD, wrRDL, wrPRE int64
	rdData                                            int64 // RD to its data handed over: nCL + nBL
}

func newGaps(c *HBMConfig) gaps {
	return gaps{rrds: c.NRRDS, rrdl: c.NRRDL, faw: c.NFAW, rc: c.NRC, rcdrd: c.NRCDRD, rcdwr: c.NRCDWR, ras: c.NRAS,
		rp: c.NRP, rfc: c.NRFC,
		rdRD: max(c.NBL, c.NCCDS), rdWR: c.NCL + c.NBL + 2 - c.NCWL, ccdl: c.NCCDL, rdPRE: c.NRTPL,
		wrWR: max(c.NBL, c.NCCDS), wrRD: c.NCWL + c.NBL + c.NWTRS, wrRDL: c.NCWL + c.NBL + c.NWTRL, wrPRE: c.NCWL + c.NBL + c.NWR,
		rdData: c.NCL + c.NBL}
}

// hbmRead times the 64-byte reads of one H_ instruction, all in flight
// together (the emulator's FuturesUnordered of reads behind one FIFO
// submission lock): their transactions are offered in order at start (ps),
// a full buffer stalls the rest until a later cycle, and the instruction
// waits for the last one. It returns the instant (ps) the last read
// completes.
func (d *dram) hbmRead(start int64, chunks []uint64) int64 {
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
	perShift := uint(bits.TrailingZeros(uint(per))) // per is a power of two
	next, mapped := 0, -1                           // mapped: the transaction in ci, r
	var ci, ci0 int                                 // ci0: the channel of the chunk's first transaction
	var r daddr
	for next < n {
		if mapped != next { // a stalled one is offered again as mapped
			if j := next & (per - 1); j == 0 || !d.txXor {
				ci, r = d.mapAddr(chunks[next>>perShift] + uint64(j*d.c.TxBytes))
				ci0 = ci
			} else {
				ci = ci0 ^ j // see dram.txXor
			}
			mapped = next
		}
		ch := d.ch[ci]
		d.catchUp(ch)
		a := chunks[next>>perShift] + uint64((next&(per-1))*d.c.TxBytes)
		if !d.enqueue(ch, r, a, false, int32(next)) {
			d.untilRoom(ch, bufRead)
			continue
		}
		next++
	}
	// Each channel runs until its reads have issued (every read of a
	// channel is one of this instruction's: each hbmRead waits for all of
	// them); the DRAM clock then runs until the last one has handed its
	// data over, after the last RD.
	for _, ch := range d.ch {
		if ch.reads > 0 {
			d.run(ch, noLimit, untilReadsDone)
		}
	}
	d.clk = max(d.clk, d.lastServe)
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
func (d *dram) hbmWrite(start int64, chunk uint64) int64 {
	d.advanceTo(start)
	d.writes++
	t := start
	per := d.c.RequestBytes / d.c.TxBytes
	ci0, r := d.mapAddr(chunk)
	for i := 0; i < per; i++ {
		ci := ci0 ^ i // see dram.txXor
		if i > 0 && !d.txXor {
			ci, r = d.mapAddr(chunk + uint64(i*d.c.TxBytes))
		}
		ch := d.ch[ci]
		d.catchUp(ch)
		for !d.enqueue(ch, r, chunk+uint64(i*d.c.TxBytes), true, -1) {
			d.untilRoom(ch, bufWrite)
			t = max(t, d.clk*d.c.TCKps)
		}
	}
	return t
}
