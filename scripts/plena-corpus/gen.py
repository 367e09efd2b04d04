#!/usr/bin/env python3
"""Regenerate KernelCraft's golden corpus of PLENA machine code.

Run through scripts/plena-corpus.sh, which exports PLENA's own sources (they
are not part of this repository) into ROOT:

  ROOT/compiler/   AICrossSim/PLENA_Compiler at c0fc271 (assembler, templates,
                   doc/operation.svh and doc/configuration.svh)
  ROOT/utils/load_config.py
                   from AICrossSim/PLENA_Simulator 54ae9544 tools/utils/

This script (KernelCraft's own) then
  1. writes tmpl_*.asm: programs PLENA's compiler templates generate with the
     parameters of PLENA_Simulator 54ae9544's testbenches;
  2. writes random_*.asm: random programs (fixed seed) in the operand forms
     PLENA's assembler accepts, covering every opcode;
  3. assembles every *.asm of OUT (the hand-written forms_*.asm included) with
     PLENA's assembler, AssemblyToBinary(operation.svh, configuration.svh)
     .generate_binary(asm, mem), exactly as PLENA's build_sys_tools.env_setup
     does, writing NAME.mem beside NAME.asm;
  4. checks that every word PLENA wrote is a 32-bit "0x%08X" line (a program
     whose words are not is not one PLENA's toolchain accepts).
"""

import argparse
import pathlib
import random
import re
import sys


def setup(root: pathlib.Path):
    # PLENA's assembler imports `utils.load_config.load_svh_settings`, whose
    # module imports `toml` (unused by that function). A minimal package
    # around PLENA's load_config.py stands in for PLENA's tools/utils, whose
    # __init__ needs torch.
    (root / "utils" / "__init__.py").write_text("from .load_config import load_svh_settings\n")
    try:
        import toml  # noqa: F401
    except ImportError:
        (root / "toml.py").write_text("# stand-in: load_svh_settings does not use toml\n")
    sys.path.insert(0, str(root))
    from compiler.assembler.assembly_to_binary import AssemblyToBinary

    doc = root / "compiler" / "doc"
    return AssemblyToBinary(str(doc / "operation.svh"), str(doc / "configuration.svh"))


RDR = 8 * 8 + 8  # PLENA testbenches' real_data_ratio numerator over 64


def ratio(n):
    return int(n * RDR / 64)


def templates():
    """PLENA's compiler templates with its testbenches' parameters."""
    import math

    from compiler.asm_templates import (
        batched_matmul_asm,
        ffn_asm,
        ffn_up_silu_asm,
        flash_attn_asm,
        gelu_asm,
        layer_norm_asm,
        preload_act_asm,
        preload_addr_reg_asm,
        projection_asm,
        reset_reg_asm,
        rms_norm_asm,
        silu_asm,
    )
    from compiler.asm_templates.flash_attn_asm import _reset_kv_prefetch, qkt_multiply

    progs = {}

    def act(vlen, batch, hidden, alive=(1, 2, 3, 4, 5), preload_len=4, stride=None):
        kw = dict(vlen=vlen, preload_len=preload_len, batch=batch, hidden_size=hidden,
                  alive_registers=list(alive), act_vram_offset=0, activation_offset_reg=0)
        if stride is not None:
            kw["stride_size"] = stride
        return preload_act_asm(**kw)

    # linear_test.py: (8, 128) @ (128, 256)
    i, o, b = 128, 256, 8
    c = "; Linear Test Generation (Rectangular Matrix)\n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1, 2], available_registers=[1, 2],
                              addr_reg_val=[ratio(i * b), ratio(i * b + i * o)])
    c += reset_reg_asm(alive_registers=[1, 2, 3])
    c += act(64, b, i, stride=i)
    c += reset_reg_asm(alive_registers=[1, 2, 3, 4])
    c += projection_asm(mlen=64, blen=4, batch=b, hidden_size=i, out_features=o,
                        alive_registers=[1, 2, 3, 4, 5, 6], w_base_hbm_offset_reg=1,
                        activation_base_address=0, result_base_address=i * b, rope_enabled=False)
    progs["tmpl_linear"] = c

    # linear_loop_test.py: (4, 128) @ (128, 128)
    h, b = 128, 4
    c = "; Linear Test with Loop Instructions \n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1, 2], available_registers=[1, 2],
                              addr_reg_val=[ratio(h * b), ratio(h * (b + 1) + h * h)])
    c += reset_reg_asm(alive_registers=[1, 2, 3])
    c += act(64, 4, 128, stride=h)
    c += reset_reg_asm(alive_registers=[1, 2, 3, 4, 5, 6, 7])
    c += projection_asm(mlen=64, blen=4, batch=4, hidden_size=128, alive_registers=[1, 2, 3, 4, 5, 6],
                        w_base_hbm_offset_reg=1, activation_base_address=0,
                        result_base_address=h * b, rope_enabled=False)
    progs["tmpl_linear_loop"] = c

    # silu_test.py and gelu_test.py: (4, 128)
    h, b = 128, 4
    for name, fn, extra in (("silu", silu_asm, {}), ("gelu", gelu_asm, {"const_1702_fp_address": 2})):
        c = f"; {name.upper()} Test Generation\n"
        c += reset_reg_asm(alive_registers=[1, 2, 3])
        c += act(64, b, h, preload_len=b, stride=h)
        c += reset_reg_asm(alive_registers=[1, 2, 3, 4])
        c += fn(const_one_fp_address=1, alive_registers=[1, 2, 3, 4, 5], activation_base_address=0,
                scratchpad_base_address=h * b, vlen=64, batch_size=b, hidden_dim=h, **extra)
        progs["tmpl_" + name] = c

    # rms_test.py (vlen 64) and layer_norm_test.py (vlen 128)
    for name, fn, vlen in (("rms", rms_norm_asm, 64), ("layer_norm", layer_norm_asm, 128)):
        c = f"; {name} Test Generation \n"
        c += reset_reg_asm(alive_registers=[1, 2, 3])
        c += act(vlen, 4, 128, stride=128)
        c += reset_reg_asm(alive_registers=[1, 2, 3, 4])
        c += fn(_eps_offset=1, reci_hid_offset=2, alive_registers=[1, 2, 3, 4, 5], activation_base_address=0,
                scratchpad_base_address=128 * 4, vlen=vlen, batch_size=4, hidden_dim=128)
        progs["tmpl_" + name] = c

    # ffn_test.py: hidden 128, intermediate 256, batch 4, seq 2
    h, inter, b, s = 128, 256, 4, 2
    c = "; FFN Test Generation \n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1, 2, 3], available_registers=[1, 2, 3],
                              addr_reg_val=[ratio(h * b * s), ratio(h * b * s) + ratio(h * inter),
                                            ratio(h * b * s) + ratio(h * inter) + ratio(inter * h)])
    c += reset_reg_asm(alive_registers=[1, 2, 3])
    c += act(64, b * s, h, stride=h)
    c += ffn_asm(mlen=64, vlen=64, blen=4, batch=b, seq_len=s, hidden_size=h, intermediate_size=inter,
                 alive_registers=list(range(1, 11)), up_weight_hbm_offset_reg=1, gate_weight_hbm_offset_reg=2,
                 down_weight_hbm_offset_reg=3, const_one_fp_address=1, activation_base_address=0,
                 use_loop_instructions=True)
    progs["tmpl_ffn"] = c

    # ffn_intermediate_test.py: the up projection and SiLU of ffn_test.py's FFN
    h, inter, b, s = 128, 256, 4, 2
    c = "; FFN Test Generation \n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1], available_registers=[1], addr_reg_val=[ratio(h * b * s)])
    c += reset_reg_asm(alive_registers=[1])
    c += act(64, b * s, h, stride=h)
    c += ffn_up_silu_asm(mlen=64, vlen=64, blen=4, batch=b, seq_len=s, hidden_size=h, intermediate_size=inter,
                         alive_registers=list(range(1, 11)), up_weight_hbm_offset_reg=1, const_one_fp_address=1,
                         activation_base_address=0)
    c += reset_reg_asm(alive_registers=list(range(1, 11)))
    progs["tmpl_ffn_intermediate"] = c

    # flashattn_qkt_test.py: Q K^T of one decode step (s_q 1, 4 Q heads, 1 KV head)
    b, s_q, s_kv, hq, hkv, d, mlen = 1, 1, 64, 4, 1, 16, 64
    q = ratio(s_q * hq * d * b)
    q += ((q + 63) // 64) * 64 - q
    per_kv = hq // hkv
    s_base = s_q * hq * d * b
    c = "; Multi-Head QKT Test Generation \n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1], available_registers=[1, 2], addr_reg_val=[q])
    c += act(mlen, b * s_q, d * hq)
    c += reset_reg_asm(alive_registers=[1, 2, 3, 4, 5])
    c += _reset_kv_prefetch(hkv=hkv, d=d, mlen=mlen, kv_len=s_kv, batch=b, alive_registers_int=[1])
    c += f"; === KV head 0 (Q heads 0-{per_kv - 1}) ===\n"
    for kv in range(hkv):
        c += qkt_multiply(d=d, stage="decode", mlen=mlen, alive_registers=[1, 2], q_base_address=kv * per_kv * d,
                          k_base_hbm_offset_reg=1, q_head_index=kv * per_kv, k_head_index=kv,
                          s_base_address=s_base + kv * mlen * mlen)
        c += reset_reg_asm(alive_registers=[1, 2])
    progs["tmpl_flashattn_qkt"] = c

    # flashattn_prefill_test.py (s_q 64) and flashattn_decode_test.py (s_q 1)
    for name, s_q in (("flashattn_prefill", 64), ("flashattn_decode", 1)):
        b, s_kv, hq, hkv, d, mlen = 1, 64, 4, 1, 16, 64
        q = ratio(s_q * hq * d * b)
        if s_q == 1:
            q += ((q + 63) // 64) * 64 - q
        k = ratio(s_kv * (mlen // d) * d * b)
        c = "; flashattn.overall Full Flash Attention Test \n"
        c += preload_addr_reg_asm(addr_reg_to_set=[1, 2], available_registers=[1, 2], addr_reg_val=[q, q + k])
        c += act(mlen, b, d * hq * s_q)
        c += reset_reg_asm(alive_registers=[1, 2, 3, 4, 5])
        c += flash_attn_asm(mlen=mlen, blen=4, vlen=64, batch=b, hq=hq, hkv=hkv, d=d, q_len=s_q, kv_len=s_kv,
                            alive_registers_int=list(range(1, 16)), alive_registers_fp=list(range(1, 8)),
                            vector_sram_base_address=0, fp_sram_start_address=3,
                            k_base_hbm_offset_reg=1, v_base_hbm_offset_reg=2)
        progs["tmpl_" + name] = c

    # bmm_test.py with a smaller batch (the testbench's 4 x 64 x 128 @ 128 x 128
    # unrolls to 20,100 instructions): 1 x 64 x 128 @ 128 x 64
    m, kk, n, b = 64, 128, 64, 1
    c = "; Batched matmul\n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1], available_registers=[1], addr_reg_val=[ratio(m * kk * b)])
    c += reset_reg_asm(alive_registers=[1])
    c += batched_matmul_asm(mlen=64, blen=4, b=b, m=m, k=kk, n=n, alive_registers=[1, 2, 3],
                            w_base_hbm_offset_reg=0, w_prefetch_amount=kk, a_base_hbm_offset_reg=0,
                            a_prefetch_amount=4, result_base_address=0)
    progs["tmpl_bmm"] = c

    # bmm_test.py as the testbench has it: 4 x 64 x 128 @ 4 x 128 x 128
    # (20,100 instructions unrolled).
    m, kk, n, b = 64, 128, 128, 4
    c = "; Linear Test Generation \n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1], available_registers=[1], addr_reg_val=[ratio(m * kk * b)])
    c += reset_reg_asm(alive_registers=[1])
    c += batched_matmul_asm(mlen=64, blen=4, b=b, m=m, k=kk, n=n, alive_registers=[1, 2, 3],
                            w_base_hbm_offset_reg=0, w_prefetch_amount=kk, a_base_hbm_offset_reg=0,
                            a_prefetch_amount=4, result_base_address=0)
    progs["tmpl_bmm_b4"] = c

    # loop_test.py: (4, 128) activations preloaded, the weight and bias
    # offsets set (its loop body is commented out).
    h, b = 128, 4
    c = "; Loop Test Generation \n"
    c += preload_addr_reg_asm(addr_reg_to_set=[1, 2], available_registers=[1, 2],
                              addr_reg_val=[ratio(h * b), ratio(h * (b + 1) + h * h)])
    c += reset_reg_asm(alive_registers=[1, 2, 3])
    c += act(64, b, h, stride=h)
    c += reset_reg_asm(alive_registers=[1, 2, 3, 4, 5])
    progs["tmpl_loop"] = c

    # two_input_test.py is left out: it passes preload_act_asm three alive
    # registers, where the template at the pinned compiler reads five
    # (preload_act.py:25, alive_registers[3]): PLENA's own testbench stops
    # with an IndexError at these commits.

    # dllm1_test.py: (4, 128) logits preloaded one row at a time.
    c = "; DLLM Test Generation \n"
    c += preload_act_asm(vlen=64, preload_len=1, batch=4, hidden_size=128, alive_registers=[1, 2, 3, 4, 5],
                         act_vram_offset=0, activation_offset_reg=0, stride_size=128)
    progs["tmpl_dllm1"] = c

    # h_store_test.py: (4, 128) preloaded and stored back
    i, b, vlen = 128, 4, 64
    c = "; H_STORE_V Test Generation\n"
    c += preload_addr_reg_asm(addr_reg_to_set=[0], available_registers=[0], addr_reg_val=[0])
    c += preload_addr_reg_asm(addr_reg_to_set=[1], available_registers=[1], addr_reg_val=[ratio(i * b)])
    c += reset_reg_asm(alive_registers=[1, 2, 3])
    c += f"S_ADDI_INT gp8, gp0, {b * i}\nC_SET_SCALE_REG gp8\n"
    c += act(vlen, b, i, preload_len=b, stride=i)
    c += reset_reg_asm(alive_registers=[1, 2, 3, 4, 5])
    c += f"S_ADDI_INT gp7, gp0, {i}\nC_SET_STRIDE_REG gp7\n"
    for j in range(math.ceil(i // vlen)):
        for r in range(math.ceil(b / 4)):
            a = j * vlen + r * 4 * vlen
            c += f"S_ADDI_INT gp9, gp0, {a}\nS_ADDI_INT gp10, gp0, {a}\nH_STORE_V gp9, gp10, a1, 1, 0\n"
    progs["tmpl_h_store"] = c

    # s_map_v_test.py
    vlen = 64
    c = "; S MAP V Test Generation \n"
    c += act(vlen, 1, vlen * vlen)  # the testbench passes 3 registers, which c0fc271 no longer accepts
    c += "S_ADDI_INT gp1, gp0, 0 \n"
    for i in range(vlen):
        c += f"V_RED_MAX f1, gp1, 0 \nS_ADDI_INT gp1, gp1, {vlen} \nS_ST_FP f1, gp0, {i} \n"
    c += "S_ADDI_INT gp1, gp0, 0 \nS_MAP_V_FP gp1, gp0, 0 \n"
    progs["tmpl_s_map_v"] = c
    return progs


# The core opcodes by operand form (PLENA's documents, checked against its
# assembler's packing groups), for the random programs.
FORMS = {
    "Z3": ["M_MM", "M_TMM", "M_BMM", "M_BTMM", "M_MV", "M_TMV"],  # 0, rs1, rs2
    "G3": ["M_BMV", "M_BTMV", "S_ADD_INT", "S_SUB_INT", "S_MUL_INT"],  # rd, rs1, rs2
    "F3": ["S_ADD_FP", "S_SUB_FP", "S_MAX_FP", "S_MUL_FP"],
    "F2": ["S_EXP_FP", "S_RECI_FP", "S_SQRT_FP"],
    "GI22": ["M_BMM_WO", "M_MV_WO", "M_BMV_WO", "S_LUI_INT", "C_LOOP_START"],
    "GGI18": ["M_MM_WO", "S_ADDI_INT", "S_LD_INT", "S_ST_INT", "S_MAP_V_FP"],
    "FGI18": ["S_LD_FP", "S_ST_FP"],
    "VV": ["V_ADD_VV", "V_SUB_VV", "V_MUL_VV"],
    "VF": ["V_ADD_VF", "V_MUL_VF"],
    "VSUBF": ["V_SUB_VF"],
    "VM": ["V_EXP_V", "V_RECI_V"],
    "REDSUM": ["V_RED_SUM"],
    "REDMAX": ["V_RED_MAX"],
    "H": ["H_PREFETCH_M", "H_PREFETCH_V", "H_STORE_V"],
    "ADDR": ["C_SET_ADDR_REG"],
    "G1": ["C_SET_SCALE_REG", "C_SET_STRIDE_REG", "C_SET_V_MASK_REG", "C_LOOP_END"],
}


def random_program(rng: random.Random, n: int, quirks: bool) -> str:
    """n random instructions; with quirks, also the forms PLENA accepts
    beyond its documents (bare first operands, other register prefixes,
    numbers past a field)."""

    def num(limit, wide=False):
        r = rng.random()
        if wide and quirks and r < 0.05:
            return rng.randrange(limit, 2 * limit)
        if r < 0.5:
            return rng.randrange(min(limit, 4))
        return rng.randrange(limit)

    def reg(prefix, size, first=False):
        k = num(16, wide=True) if prefix == "gp" else num(size, wide=True)
        if quirks and size == 8 and rng.random() < 0.05:
            k = rng.randrange(8, 16)  # f8..f15, a8..a15: fit the field
        if quirks and first and rng.random() < 0.1:
            return str(k)
        if quirks and rng.random() < 0.05:
            prefix = rng.choice(["gp", "f", "a"])
        return f"{prefix}{k}"

    def imm(bits):
        r = rng.random()
        if r < 0.3:
            return str(rng.randrange(16))
        if r < 0.6:
            return str(rng.randrange(1 << 12))
        # keep the top bit clear: a carry from an overflowing register below
        # must not push the word past 32 bits
        return str(rng.randrange(1 << (bits - 1)))

    def small(limit=2):
        r = rng.random()
        if quirks and r < 0.05:
            return str(rng.randrange(16, 32))
        if r < 0.7:
            return str(rng.randrange(limit))
        return str(rng.randrange(16))

    lines = []
    forms = sorted(FORMS)
    for _ in range(n):
        form = rng.choice(forms)
        op = rng.choice(FORMS[form])
        g = lambda first=False: reg("gp", 16, first)  # noqa: E731
        f = lambda first=False: reg("f", 8, first)  # noqa: E731
        a = lambda first=False: reg("a", 8, first)  # noqa: E731
        if form == "Z3":
            ops = [rng.choice(["0", "0", "gp0", str(rng.randrange(16))]), g(), g()]
        elif form == "G3":
            ops = [g(True), g(), g()]
        elif form == "F3":
            ops = [f(True), f(), f()]
        elif form == "F2":
            ops = [f(True), f()]
        elif form == "GI22":
            v = imm(22)
            if op in ("M_BMM_WO", "M_MV_WO", "M_BMV_WO") and rng.random() < 0.7:
                v = "0"
            if op == "C_LOOP_START" and v == "0":
                v = "1"
            ops = [g(True), v]
        elif form == "GGI18":
            ops = [g(True), g(), imm(18)]
        elif form == "FGI18":
            ops = [f(True), g(), imm(18)]
        elif form == "VV":
            ops = [g(True), g(), g(), small()]
        elif form == "VF":
            ops = [g(True), g(), f(), small()]
        elif form == "VSUBF":
            ops = [g(True), g(), f(), small(), small()]
        elif form == "VM":
            ops = [g(True), g(), rng.choice(["0", "0", "0", small()])]
        elif form == "REDSUM":
            ops = [f(True), g()]
        elif form == "REDMAX":
            ops = [f(True), g(), rng.choice(["0", "0", small()])]
        elif form == "H":
            ops = [g(True), g(), a(), small(), small()]
        elif form == "ADDR":
            ops = [a(True), g(), g()]
        else:
            ops = [g(True)]
        sep = rng.choice([", ", ", ", ",", " , "])
        line = op + rng.choice([" ", " ", "\t", "  "]) + sep.join(ops)
        r = rng.random()
        if r < 0.05:
            line += " ; a comment"
        elif r < 0.1:
            line += " // a comment"
        lines.append(line)
    return "\n".join(lines) + "\n"


WORD = re.compile(r"^0x[0-9A-F]{8}$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True, type=pathlib.Path)
    ap.add_argument("--out", required=True, type=pathlib.Path)
    ap.add_argument("--seed", type=int, default=18)
    args = ap.parse_args()
    assembler = setup(args.root)

    header = ("; Generated by scripts/plena-corpus/gen.py with PLENA_Compiler c0fc271's\n"
              "; compiler templates (asm_templates/) and the parameters of PLENA_Simulator\n"
              "; 54ae9544's testbenches (transactional_emulator/testbench/).\n")
    for name, code in templates().items():
        (args.out / f"{name}.asm").write_text(header + code)
    rng = random.Random(args.seed)
    for i, quirks in enumerate([False, False, True, True]):
        text = ("; Generated by scripts/plena-corpus/gen.py (seed %d): random instructions in\n"
                "; the operand forms PLENA's assembler accepts%s.\n" % (args.seed, ", quirks included" if quirks else ""))
        (args.out / f"random_{i}.asm").write_text(text + random_program(rng, 1000, quirks))

    total = 0
    for src in sorted(args.out.glob("*.asm")):
        mem = src.with_suffix(".mem")
        words = assembler.generate_binary(str(src), str(mem))
        lines = mem.read_text().splitlines()
        bad = [w for w in lines if not WORD.match(w)]
        if bad or len(lines) != len(words):
            sys.exit(f"{src}: PLENA wrote words that are not 32-bit: {bad[:3]}")
        total += len(lines)
        print(f"{src.name}: {len(lines)} words")
    print(f"{total} words in all")


if __name__ == "__main__":
    main()
