// KernelCraft's Verilator harness for coralnpu's RVV core (RvvCore.sv through
// kc_rvv_top.sv). It reads cases from stdin, runs each from reset and prints
// cycle-stamped events; cmd/coral-rtl (Go) writes the cases and turns the
// events into the timing table. Protocol (one directive per line):
//
//   case NAME            start a case (reset the core)
//   lanes K              offer at most K instructions per cycle (default 4)
//   vxrm M               the fixed-point rounding mode (the vxrm CSR) of the case
//   i HEX RS1 RS2 [KIND REGS LINES]
//                        an instruction word (opcode 0x07/0x27/0x57) and the
//                        values of its rs1/rs2, sent the cycle after it is
//                        accepted; vector loads (KIND L) and stores (KIND S)
//                        also give the LSU model their register count and the
//                        bus lines each register touches
//   drain                hold further instructions until everything is idle
//   gap N                hold further instructions N cycles
//   end                  run until idle and print the case's events
//
// Events: "acc IDX C" (instruction IDX accepted in cycle C), "rt C N" (N
// reorder-buffer entries (uops) retired in C), "xrd C ADDR DATA" (scalar result),
// "cfg C DATA" (vset* result), "r2l C" / "l2r C LAST" (LSU handshakes),
// "trap C", "idle C" (first cycle with nothing left after the last
// instruction), "mark IDX C" (cycle a drain or gap ended before IDX).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>
#include "Vkc_rvv_top.h"
#include "verilated.h"

struct Inst {
  uint32_t word, rs1, rs2;
  char kind;      // 0, 'L' or 'S'
  int regs, lines;
  int hold;       // -1: drain before it; >0: gap before it
};

// LsuModel follows LsuV2 in coralnpu hdl/chisel/src/coralnpu/scalar/Lsu.scala
// for one vector op at a time (one slot): the op enters a 4-entry queue when
// the scalar core dispatches it, the idle slot dequeues it (a cycle), then
// per register: wait for the RVV uop on rvv2lsu port 0 (pendingVector),
// one bus line per cycle (dbus, always ready; load data the cycle after the
// read), then write back on lsu2rvv port 0 (loads: data; stores: last).
struct LsuOp { char kind; int regs, lines, vd; };
struct LsuModel {
  std::deque<LsuOp> queue;      // opQueue (CircularBufferMulti, 4 entries)
  std::deque<long> queueReady;  // cycle from which each entry is visible
  bool busy = false;
  LsuOp op{};
  int reg = 0;
  enum { PendVec, Active, LoadTail, Writeback } st = PendVec;
  int linesLeft = 0;

  bool idle() const { return !busy && queue.empty(); }
  int space() const { return 4 - (int)queue.size(); }
  // Combinational outputs for this cycle.
  bool r2lReady() const { return busy && st == PendVec; }
  bool l2rValid() const { return busy && st == Writeback; }
  bool l2rLast() const { return op.kind == 'S'; }
  // Clock edge: r2lFire / l2rFire are this cycle's handshakes.
  void tick(long cyc, bool r2lFire, bool l2rFire) {
    if (!busy) {
      if (!queue.empty() && queueReady.front() <= cyc) {
        op = queue.front(); queue.pop_front(); queueReady.pop_front();
        busy = true; reg = 0; st = PendVec;
      }
      return;
    }
    switch (st) {
      case PendVec:
        if (r2lFire) { st = Active; linesLeft = op.lines; }
        break;
      case Active:  // one line a cycle
        if (--linesLeft == 0) st = op.kind == 'L' ? LoadTail : Writeback;
        break;
      case LoadTail:  // the last read's data is folded in
        st = Writeback;
        break;
      case Writeback:
        if (l2rFire) {
          if (++reg == op.regs) busy = false;
          else st = PendVec;
        }
        break;
    }
  }
};

// The register a writeback names (slot.rd: vd, then vd+1 for each further
// register of the group; LsuVectorLoop.next).
static int op_vd(const struct LsuModel& l);
static Vkc_rvv_top* top;
static void setLane(int lane, bool valid, uint32_t word) {
  uint32_t pc = 0x1000 + 4 * lane;
  uint32_t op = (word & 0x7f) == 0x07 ? 0 : (word & 0x7f) == 0x27 ? 1 : 2;
  uint32_t bits = word >> 7;
  if (valid) top->inst_valid |= 1u << lane; else top->inst_valid &= ~(1u << lane);
  switch (lane) {
    case 0: top->inst_pc_0 = pc; top->inst_op_0 = op; top->inst_bits_0 = bits; break;
    case 1: top->inst_pc_1 = pc; top->inst_op_1 = op; top->inst_bits_1 = bits; break;
    case 2: top->inst_pc_2 = pc; top->inst_op_2 = op; top->inst_bits_2 = bits; break;
    case 3: top->inst_pc_3 = pc; top->inst_op_3 = op; top->inst_bits_3 = bits; break;
  }
}
static void setRs(int i, uint32_t v) {
  switch (i) {
    case 0: top->rs_0 = v; break; case 1: top->rs_1 = v; break;
    case 2: top->rs_2 = v; break; case 3: top->rs_3 = v; break;
    case 4: top->rs_4 = v; break; case 5: top->rs_5 = v; break;
    case 6: top->rs_6 = v; break; case 7: top->rs_7 = v; break;
  }
}
static void tick() {
  top->clk = 1; top->eval();
  top->clk = 0; top->eval();
}

static int op_vd(const LsuModel& l) { return (l.op.vd + l.reg) & 31; }

static void runCase(const std::string& name, int lanes, int vxrm, const std::vector<Inst>& prog) {
  printf("case %s\n", name.c_str());
  top->rstn = 0; top->inst_valid = 0; top->rs_valid = 0;
  top->r2l_ready = 0; top->l2r_valid = 0; top->l2r_last = 0;
  top->async_rd_ready = 1; top->vcsr_ready = 1;
  top->vstart = 0; top->vxrm = vxrm; top->vxsat = 0;
  top->clk = 0; top->eval();
  for (int i = 0; i < 3; i++) tick();
  top->rstn = 1; top->eval();
  tick();
  LsuModel lsu;
  size_t next = 0;
  long holdUntil = -1;
  bool draining = false;
  std::vector<int> accPrev;  // program indices accepted last cycle, by lane
  long lastAcc = -1;
  const long maxCycles = 200000;
  for (long c = 0; c < maxCycles; c++) {
    // Scalar operands of last cycle's acceptances.
    top->rs_valid = 0;
    for (size_t l = 0; l < accPrev.size(); l++) {
      const Inst& in = prog[accPrev[l]];
      setRs(2 * l, in.rs1); setRs(2 * l + 1, in.rs2);
      top->rs_valid |= 3u << (2 * l);
    }
    // Holds before the next instruction.
    if (next < prog.size() && !draining && holdUntil < 0) {
      if (prog[next].hold < 0) draining = true;
      else if (prog[next].hold > 0) holdUntil = c + prog[next].hold;
    }
    bool allIdle = top->rvv_idle && lsu.idle() && accPrev.empty();
    if (draining && allIdle) {
      draining = false;
      printf("mark %zu %ld\n", next, c);
    }
    if (holdUntil >= 0 && c >= holdUntil) {
      holdUntil = -1;
      printf("mark %zu %ld\n", next, c);
      if (prog[next].hold > 0) const_cast<Inst&>(prog[next]).hold = 0;
    }
    if (draining) { /* wait */ }
    // Offer instructions (a memory op also needs LSU queue space).
    int offered = 0;
    int lsuSpace = lsu.space();
    if (!draining && holdUntil < 0) {
      bool vsetBefore = false;
      for (size_t k = next; k < prog.size() && offered < lanes; k++) {
        if (k > next && prog[k].hold != 0) break;
        if (prog[k].kind) {
          // Decode.scala rvvConfigInterlock: a vector load/store dispatches
          // only with a valid config state (no RVV instruction in the front
          // end's register stage, no vset earlier in the group); lsuInterlock:
          // the LSU queue needs space.
          if (!top->config_valid || vsetBefore || lsuSpace == 0) break;
          lsuSpace--;
        }
        uint32_t w = prog[k].word;
        if ((w & 0x7f) == 0x57 && ((w >> 12) & 7) == 7) vsetBefore = true;
        setLane(offered, true, prog[k].word);
        offered++;
      }
    }
    for (int l = offered; l < 4; l++) setLane(l, false, 0x57);
    top->r2l_ready = lsu.r2lReady() ? 1 : 0;
    top->l2r_valid = lsu.l2rValid() ? 1 : 0;
    top->l2r_last = (lsu.l2rValid() && lsu.l2rLast()) ? 1 : 0;
    top->l2r_addr_0 = lsu.busy ? (op_vd(lsu)) : 0;
    // Load data: byte b of register r is 0x80 | ((37r + 11b) & 0x7f), so
    // every element of every SEW has its top bit set (the dividers' worst
    // case: no leading zeros to skip) and registers differ (no reuse of the
    // previous division's result); v0 is all ones (masks: every element
    // active).
    for (int w = 0; w < 4; w++) {
      uint32_t v = 0;
      for (int b = 0; b < 4; b++)
        v |= (uint32_t)(0x80 | ((37 * op_vd(lsu) + 11 * (4 * w + b)) & 0x7f)) << (8 * b);
      top->l2r_data_0[w] = op_vd(lsu) == 0 ? 0xffffffffu : v;
    }
    top->eval();
    // Sample this cycle's outputs.
    accPrev.clear();
    for (int l = 0; l < offered; l++) {
      if (!(top->inst_ready >> l & 1)) break;
      const Inst& in = prog[next];
      printf("acc %zu %ld\n", next, c);
      if (in.kind) {
        lsu.queue.push_back(LsuOp{in.kind, in.regs, in.lines, (int)(in.word >> 7 & 31)});
        lsu.queueReady.push_back(c + 1);
      }
      accPrev.push_back((int)next);
      next++;
      lastAcc = c;
    }
    int nrt = __builtin_popcount(top->rt_retire & 0xf);
    if (nrt) printf("rt %ld %d\n", c, nrt);
    if (top->async_rd_valid) printf("xrd %ld %u %u\n", c, top->async_rd_addr, top->async_rd_data);
    if (top->reg_write_valid & 1) printf("cfg %ld %u\n", c, top->reg_write_data_0);
    if (top->trap_valid) printf("trap %ld\n", c);
    bool r2lFire = (top->r2l_valid & 1) && (top->r2l_ready & 1);
    bool l2rFire = (top->l2r_valid & 1) && (top->l2r_ready & 1);
    if (r2lFire) printf("r2l %ld\n", c);
    if (l2rFire) printf("l2r %ld %d\n", c, lsu.l2rLast() ? 1 : 0);
    if (next == prog.size() && c > lastAcc && top->rvv_idle && lsu.idle() && accPrev.empty()) {
      printf("idle %ld\n", c);
      printf("end\n");
      return;
    }
    lsu.tick(c, r2lFire, l2rFire);
    tick();
  }
  printf("timeout %ld\nend\n", maxCycles);
}

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  top = new Vkc_rvv_top;
  char line[512];
  std::string name;
  std::vector<Inst> prog;
  int lanes = 4, hold = 0, vxrm = 0;
  while (fgets(line, sizeof line, stdin)) {
    char cmd[32] = {0};
    if (sscanf(line, "%31s", cmd) != 1) continue;
    if (!strcmp(cmd, "case")) {
      char nm[400];
      sscanf(line, "case %399s", nm);
      name = nm; prog.clear(); lanes = 4; hold = 0; vxrm = 0;
    } else if (!strcmp(cmd, "vxrm")) {
      sscanf(line, "vxrm %d", &vxrm);
    } else if (!strcmp(cmd, "lanes")) {
      sscanf(line, "lanes %d", &lanes);
    } else if (!strcmp(cmd, "i")) {
      Inst in{};
      char kind[4] = {0};
      int n = sscanf(line, "i %x %u %u %3s %d %d", &in.word, &in.rs1, &in.rs2, kind, &in.regs, &in.lines);
      if (n < 3) { fprintf(stderr, "bad line: %s", line); return 2; }
      in.kind = n >= 6 ? kind[0] : 0;
      in.hold = hold; hold = 0;
      prog.push_back(in);
    } else if (!strcmp(cmd, "drain")) {
      hold = -1;
    } else if (!strcmp(cmd, "gap")) {
      sscanf(line, "gap %d", &hold);
    } else if (!strcmp(cmd, "end")) {
      runCase(name, lanes, vxrm, prog);
      fflush(stdout);
    } else {
      fprintf(stderr, "unknown directive: %s", line);
      return 2;
    }
  }
  top->final();
  delete top;
  return 0;
}
