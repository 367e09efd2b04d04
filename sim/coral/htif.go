package coral

import (
	"encoding/binary"
	"fmt"

	"kernelcraft/sim"
)

// toHost handles a word store to the tohost symbol (a is tohost or, with
// an HTIF, its high word; the store has been done). It returns false when
// the run has ended.
//
// Without an HTIF (Coral's testbench): an odd word ends the run, value>>1
// being the failing test (0: pass).
//
// With an HTIF (params.htif 1, as Spike and qemu -M spike have it):
// tohost is a 64-bit register, written low word first; the store to the
// high word issues the command device = bits 63..56, cmd = 55..48,
// payload = 47..0. Device 0 command 0 with an odd payload ends the run
// (payload>>1 is the exit code: riscv-tests' pass 1, failing test n
// 2n+1); device 1 command 1 writes the payload's low byte to the console
// (Options.Console), answers in fromhost (device, command, 0x100|byte) and
// clears tohost, as Spike's bcd device does. Other commands (Spike's
// syscall proxy, console input) are not supported and end the run with an
// error.
func (m *Machine) toHost(a, v uint32) bool {
	if !m.htif {
		if v&1 == 0 {
			return true
		}
		m.stats.Instructions++
		return m.stop(sim.HaltToHost, int(v>>1))
	}
	if a != m.tohostHi {
		return true // the low word: the command comes with the high one
	}
	b, t := m.mem.Bytes(uint64(m.tohost), 8, sim.Read)
	if t != nil {
		return true // tohost is not readable memory: not an HTIF register
	}
	val := binary.LittleEndian.Uint64(b)
	dev, cmd, payload := val>>56, val>>48&0xff, val&(1<<48-1)
	switch {
	case dev == 0 && cmd == 0 && payload&1 != 0:
		m.stats.Instructions++
		return m.stop(sim.HaltToHost, int(payload>>1))
	case dev == 0 && cmd == 0 && payload == 0:
		return true // tohost cleared by the program
	case dev == 1 && cmd == 1:
		if m.opts.Console != nil {
			m.opts.Console.Write([]byte{byte(payload)})
		}
		clear(b)
		if m.hasFromhost {
			if fb, t := m.mem.Bytes(uint64(m.fromhost), 8, sim.Write); t == nil {
				binary.LittleEndian.PutUint64(fb, dev<<56|cmd<<48|0x100|payload&0xff)
			}
		}
		return true
	}
	return m.trapHalt(&sim.Trap{Kind: sim.TrapAccess, Addr: uint64(m.tohost),
		Msg: fmt.Sprintf("HTIF command %#016x (device %d, command %d) is not supported: kc-sim's HTIF has exit (device 0, odd payload) and console output (device 1, command 1)", val, dev, cmd)}, nil)
}
