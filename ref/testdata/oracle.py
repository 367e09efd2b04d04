#!/usr/bin/env python3
"""Independent NumPy oracle for KernelCraft cases (kc-ref gen output).

For every case directory given (or every case.json below a directory), it
reads the inputs (.npy) and params from case.json, recomputes each task's
output with NumPy in float64 (int64 for coral's int8 tasks), rounds it to
the output dtype (bfloat16 and float32 round to nearest even; int8 through
the case's requantisation), and compares with the case's expected .npy.

Pass: int8 outputs equal; float outputs at most 1 unit in the last place
apart (the two float64 computations sum in different orders, which can
move a value across a rounding boundary), with at most 1% of elements not
bit-identical. Prints one line per failing case and a summary; exit 1 on
any failure.

Written independently of the Go ground truth (ref/truth.go): it shares
only the task definitions.
"""
import json
import os
import sys

import numpy as np

INT_TASKS = {"gemv", "gemm", "bmm", "linear", "conv2d", "depthwise_conv", "conv_block", "ffn", "swiglu"}


def load(case_dir, spec):
    a = np.load(os.path.join(case_dir, spec["file"]))
    if spec["dtype"] == "bfloat16":
        a = (a.astype(np.uint32) << 16).view(np.float32)
    return a.astype(np.float64).reshape(spec["shape"]) if spec["dtype"] != "int32" and spec["dtype"] != "int8" \
        else a.astype(np.int64).reshape(spec["shape"])


def round_bf16(x):
    x = np.asarray(x, dtype=np.float64)
    out = np.zeros_like(x)
    nz = (x != 0) & np.isfinite(x)
    _, e = np.frexp(x[nz])
    e = np.maximum(e - 1, -126)
    ulp = np.ldexp(1.0, e - 7)
    r = np.round(x[nz] / ulp) * ulp  # np.round: half to even
    r = np.where(np.abs(r) >= 2.0 ** 128, np.copysign(np.inf, r), r)
    out[nz] = r
    out[~nz] = x[~nz]
    return out


def bits_bf16(x):
    return (round_bf16(x).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def requant(acc, r):
    acc = np.asarray(acc, dtype=np.int64)
    v = (acc * r["mult"] + (1 << (r["shift"] - 1))) >> r["shift"]
    return np.clip(v + r["zp"], -128, 127)


def gelu_tanh(x):
    # 0.5*x*(1 + tanh(u)); for u < 0 as x*e^(2u)/(1 + e^(2u)), which avoids
    # the cancellation in 1 + tanh(u) that loses the tiny outputs.
    u = np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)
    e = np.exp(2.0 * np.minimum(u, 0.0))
    return np.where(u >= 0, 0.5 * x * (1.0 + np.tanh(u)), x * e / (1.0 + e))


def silu(x):
    with np.errstate(over="ignore"):
        return x / (1.0 + np.exp(-x))


def softmax(s, axis=-1):
    m = np.max(s, axis=axis, keepdims=True)
    e = np.exp(s - m)
    return e / np.sum(e, axis=axis, keepdims=True)


def rms_norm(x, g, eps):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * g


def conv_hwc(x, w, b, stride, pad, depthwise):
    H, W, C = x.shape
    KH, KW = w.shape[0], w.shape[1]
    xp = np.zeros((H + 2 * pad, W + 2 * pad, C), dtype=x.dtype)
    xp[pad:pad + H, pad:pad + W, :] = x
    OH = (H + 2 * pad - KH) // stride + 1
    OW = (W + 2 * pad - KW) // stride + 1
    cout = C if depthwise else w.shape[3]
    y = np.zeros((OH, OW, cout), dtype=x.dtype) + b
    for kh in range(KH):
        for kw in range(KW):
            patch = xp[kh:kh + stride * (OH - 1) + 1:stride, kw:kw + stride * (OW - 1) + 1:stride, :]
            if depthwise:
                y = y + patch * w[kh, kw, :]
            else:
                y = y + patch.reshape(OH * OW, C) .dot(w[kh, kw]).reshape(OH, OW, cout)
    return y


def attention(q, k, v, scale, causal, bias=None):
    """q [H, S, D], k, v [H, Skv, D] -> [H, S, D]."""
    s = np.matmul(q, np.swapaxes(k, -1, -2)) * scale
    if bias is not None:
        s = s + bias
    if causal:
        S, Skv = s.shape[-2], s.shape[-1]
        mask = np.triu(np.ones((S, Skv), dtype=bool), k=1)
        s = np.where(mask, -np.inf, s)
    return np.matmul(softmax(s), v)


def split_heads(a, heads):
    S, width = a.shape
    return a.reshape(S, heads, width // heads).transpose(1, 0, 2)


def merge_heads(a):
    H, S, D = a.shape
    return a.transpose(1, 0, 2).reshape(S, H * D)


def rope_rotate(x, cos, sin):
    """x [..., S, D], cos/sin [S, D/2]; rotate-half pairing."""
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    return np.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)


def mha(p, x, wq, wk, wv, wo, cos=None, sin=None, bias=None):
    H = p["heads"]
    Hkv = p.get("kv_heads", H)
    q, k, v = split_heads(x @ wq, H), split_heads(x @ wk, Hkv), split_heads(x @ wv, Hkv)
    if cos is not None:
        q, k = rope_rotate(q, cos, sin), rope_rotate(k, cos, sin)
    k, v = np.repeat(k, H // Hkv, axis=0), np.repeat(v, H // Hkv, axis=0)
    o = attention(q, k, v, p["scale"], p.get("causal", False), bias)
    return merge_heads(o) @ wo


def compute(case, t):
    task, p, target = case["task"], case["params"], case["target"]
    integer = target == "coral" and task in INT_TASKS
    rq = p.get("requant", [])
    if task == "silu":
        return silu(t["x"])
    if task == "relu":
        return np.maximum(t["x"], 0.0)
    if task == "gelu":
        return gelu_tanh(t["x"])
    if task == "softmax":
        return softmax(t["x"])
    if task == "layernorm":
        x = t["x"]
        mu = x.mean(axis=1, keepdims=True)
        var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
        return (x - mu) / np.sqrt(var + p["eps"]) * t["gamma"] + t["beta"]
    if task == "rmsnorm":
        return rms_norm(t["x"], t["gamma"], p["eps"])
    if task == "gemv":
        y = t["a"] @ t["x"]
        return requant(y, rq[0]) if integer else y
    if task in ("gemm", "bmm"):
        y = np.matmul(t["a"], t["b"])
        return requant(y, rq[0]) if integer else y
    if task == "linear":
        y = t["x"] @ t["w"].T + t["bias"]
        return requant(y, rq[0]) if integer else y
    if task in ("conv2d", "depthwise_conv", "conv_block"):
        y = conv_hwc(t["x"], t["w"], t["bias"], p.get("stride", 1), p.get("pad", 0), task == "depthwise_conv")
        if integer:
            y = requant(y, rq[0])
        if task == "conv_block":
            floor = rq[0]["zp"] if integer else 0.0
            y = np.maximum(y, floor)
            k = p["pool"]
            OH, OW, C = y.shape
            y = y[:OH // k * k, :OW // k * k, :].reshape(OH // k, k, OW // k, k, C).max(axis=(1, 3))
        return y
    if task == "rope":
        return rope_rotate(t["x"], t["cos"], t["sin"])
    if task == "ffn":
        if integer:
            h = np.maximum(requant(t["x"] @ t["w1"] + t["b1"], rq[0]), 0)
            return requant(h @ t["w2"] + t["b2"], rq[1])
        return gelu_tanh(t["x"] @ t["w1"] + t["b1"]) @ t["w2"] + t["b2"]
    if task == "swiglu":
        g, u = t["x"] @ t["wg"], t["x"] @ t["wu"]
        if integer:
            g, u = g.astype(np.float64) * p["dequant"][0], u.astype(np.float64) * p["dequant"][1]
        return silu(g) * u
    if task in ("sdpa", "flash_attention"):
        return attention(t["q"][None], t["k"][None], t["v"][None], p["scale"], p.get("causal", False))[0]
    if task in ("mha", "gqa", "mqa"):
        return mha(p, t["x"], t["wq"], t["wk"], t["wv"], t["wo"])
    if task == "decoder_llama":
        x = t["x"]
        h1 = x + mha(p, rms_norm(x, t["g1"], p["eps"]), t["wq"], t["wk"], t["wv"], t["wo"], t["cos"], t["sin"])
        b = rms_norm(h1, t["g2"], p["eps"])
        return h1 + (silu(b @ t["wg"]) * (b @ t["wu"])) @ t["wd"]
    if task == "decoder_t5":
        x = t["x"]
        h1 = x + mha(p, rms_norm(x, t["g1"], p["eps"]), t["wq"], t["wk"], t["wv"], t["wo"], bias=t["pos_bias"])
        return h1 + np.maximum(rms_norm(h1, t["g2"], p["eps"]) @ t["wi"], 0.0) @ t["wff"]
    raise ValueError("no oracle for task %s" % task)


def ordered(bits, width):
    """Float bit patterns to integers that order like the floats."""
    b = bits.astype(np.int64)
    sign = 1 << (width - 1)
    return np.where(b & sign, -(b & (sign - 1)), b)  # -0 and +0 both map to 0


def check_case(case_dir):
    with open(os.path.join(case_dir, "case.json")) as f:
        case = json.load(f)
    tensors = {}
    for s in case["tensors"]:
        if s["role"] in ("in", "const") and s["name"] != "args":
            tensors[s["name"]] = load(case_dir, s)
    outs = [s for s in case["tensors"] if s["role"] == "out"]
    y = compute(case, tensors)
    problems, n, same = [], 0, 0
    for s in outs:
        exp = np.load(os.path.join(case_dir, s["file"])).reshape(-1)
        got = np.asarray(y).reshape(-1)
        n += exp.size
        if got.size != exp.size:
            problems.append("%s: %d values, expected file has %d" % (s["name"], got.size, exp.size))
            continue
        if s["dtype"] == "int8":
            g = got.astype(np.int64)
            bad = np.nonzero(g != exp.astype(np.int64))[0]
            same += exp.size - bad.size
            if bad.size:
                i = bad[0]
                problems.append("%s: %d int8 values differ, first [%d] oracle %d case %d" % (s["name"], bad.size, i, g[i], exp[i]))
            continue
        if s["dtype"] == "bfloat16":
            gb, eb, width = bits_bf16(got), exp.astype(np.uint16), 16
        elif s["dtype"] == "float32":
            gb, eb, width = got.astype(np.float32).view(np.uint32), exp.view(np.uint32), 32
        else:
            problems.append("%s: unexpected dtype %s" % (s["name"], s["dtype"]))
            continue
        d = np.abs(ordered(gb, width) - ordered(eb, width))
        same += int(np.sum(d == 0))
        if np.any(d > 1) or np.sum(d != 0) > 0.01 * d.size:
            i = int(np.argmax(d))
            problems.append("%s: %d of %d values differ (max %d ulp at [%d]: oracle %r, case bits %#x)" %
                            (s["name"], int(np.sum(d != 0)), d.size, int(d.max()), i, float(got[i]), int(eb[i])))
    return problems, n, same


def main(args):
    dirs = []
    for a in args:
        for root, _, files in os.walk(a):
            if "case.json" in files:
                dirs.append(root)
    dirs.sort()
    failed, total, identical = 0, 0, 0
    for d in dirs:
        try:
            problems, n, same = check_case(d)
        except Exception as e:  # a crash is a failure of that case
            problems, n, same = ["oracle error: %r" % (e,)], 0, 0
        total += n
        identical += same
        if problems:
            failed += 1
            print("FAIL %s: %s" % (d, "; ".join(problems)))
    print("oracle: %d cases, %d failed; %d output elements compared, %d bit-identical, %d within 1 ulp" %
          (len(dirs), failed, total, identical, total - identical))
    return 1 if failed or not dirs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
