package plena

import (
	"math/rand/v2"
	"testing"
)

// TestHBMTxXor: when dram.txXor holds, the transactions of a 64-byte
// request map as hbmRead and hbmWrite derive them (the first one's
// mapping, its channel XOR the transaction's index), on random chunk
// addresses of every plena config.
func TestHBMTxXor(t *testing.T) {
	for _, name := range []string{"plena", "plena-128", "plena-dcdis", "plena-highmem"} {
		h, err := newHBMConfig(loadHW(t, name))
		if err != nil {
			t.Fatal(err)
		}
		d := newDRAM(&h)
		if !d.txXor {
			t.Fatalf("%s: %d-byte transactions on %d channels, want the XOR shortcut", name, h.TxBytes, h.Channels)
		}
		r := rand.New(rand.NewPCG(7, uint64(len(name))))
		for range 20000 {
			chunk := r.Uint64N(1<<34) &^ 63
			c0, a0 := d.mapAddr(chunk)
			for j := 1; j < h.RequestBytes/h.TxBytes; j++ {
				c, a := d.mapAddr(chunk + uint64(j*h.TxBytes))
				if c != c0^j || a != a0 {
					t.Fatalf("%s: chunk %#x transaction %d maps to channel %d %+v, derived %d %+v", name, chunk, j, c, a, c0^j, a0)
				}
			}
		}
	}
}
