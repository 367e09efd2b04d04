package judge

import (
	"crypto/sha256"
	"sync"

	"kernelcraft/sim"
)

// memoCache is a small process-wide store of run memos (sim.RunMemo) by
// executable and hardware config. Whenever it adds a memo it forgets the
// least recently used ones until it holds at most memoEntries and their
// completed recordings together are within memoBytes; so it holds at most
// memoBytes plus the recordings completed since (one per run in flight at
// most, each within sim.MemoCap). A memo only ever makes a run faster
// (every replayed step is checked), so which ones it keeps decides speed,
// never results.
type memoCache struct {
	mu   sync.Mutex
	list []memoEntry // least recently used first
}

type memoEntry struct {
	elf  [sha256.Size]byte
	hw   string
	memo *sim.RunMemo
}

// The bounds of a memoCache.
const (
	memoEntries = 16
	memoBytes   = 128 << 20
)

// baselineMemos holds the memos of the baselines Judge runs on hidden
// cases.
var baselineMemos = &memoCache{}

// get returns the memo of an executable on a hardware config, a new empty
// one if there is none.
func (c *memoCache) get(elf []byte, hw string) *sim.RunMemo {
	key := memoEntry{elf: sha256.Sum256(elf), hw: hw}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.list {
		if e.elf == key.elf && e.hw == key.hw {
			c.list = append(append(c.list[:i:i], c.list[i+1:]...), e)
			return e.memo
		}
	}
	key.memo = &sim.RunMemo{}
	c.list = append(c.list, key)
	var total int64
	for _, e := range c.list {
		total += e.memo.Size()
	}
	for len(c.list) > memoEntries || total > memoBytes && len(c.list) > 1 {
		total -= c.list[0].memo.Size()
		c.list = c.list[1:]
	}
	return key.memo
}
