#!/usr/bin/env python3
"""Is a fused attention kernel that fails validation wrong, or is the tolerance? (issue 39)

Runs on the GPU host (PyTorch). For attention graphs as axon writes them (scores = Q K^T rounded
to the storage type, scaled and rounded, causal mask, softmax computed in f32 and rounded, P V
rounded), builds axon's validation reference in float64 (every node rounded to its dtype, as the
worker's reference does) and checks other computations of the same graph against it with the
worker's rule for attention groups: |c - r| <= 4 rtol (|r| + mean |r|), rtol 2^-6 (bf16), 2^-8
(f16). The other computations:

- "S in f32": the same float64 graph, except that Q K^T is accumulated in f32 (as tensor cores
  do) before its rounding: the only difference a correct fused kernel's arithmetic may have;
- "eager": PyTorch running the graph in the storage type (cuBLAS, f32 accumulation);
- "SDPA": PyTorch's fused attention (scores kept in f32, P rounded).

For every element outside the tolerance it reports whether some score of its row rounds
differently when accumulated in f32 (a "flip"). Prints one line per case and computation.

    python3 flip_check.py [--seed S]
"""
from __future__ import annotations

import argparse
import math

import torch


def rtol_of(dtype: torch.dtype) -> float:
    return 2.0 ** -6 if dtype == torch.bfloat16 else 2.0 ** -8


def graph(q, k, v, scale, causal, dtype, s32: bool):
    """The attention graph in float64 with each node rounded to its dtype (axon's reference)."""
    f64 = torch.float64
    if s32:
        s = (q.float() @ k.float().transpose(-1, -2)).to(f64)
    else:
        s = q.to(f64) @ k.to(f64).transpose(-1, -2)
    s = s.to(dtype).to(f64)                      # scores: matmul in the storage type
    s = (s * scale).to(dtype).to(f64)            # scaled: mul in the storage type
    if causal:
        L = s.shape[-1]
        keep = torch.ones(L, L, dtype=torch.bool, device=s.device).tril()
        s = s.masked_fill(~keep, float("-inf"))
    r32 = lambda t: t.to(torch.float32).to(f64)   # the softmax composite computes in f32
    m = s.amax(-1, keepdim=True)
    e = r32(torch.exp(r32(s - m)))
    p = r32(e / r32(e.sum(-1, keepdim=True)))
    p = p.to(dtype).to(f64)                      # probs: cast back to the storage type
    out = (p @ v.to(f64)).to(dtype).to(f64)      # P V in the storage type
    return out, s


def check(c, r, rtol):
    tol = 4 * rtol * (r.abs() + r.abs().mean())
    bad = (c - r).abs() > tol
    ratio = ((c - r).abs() / tol).max().item()
    return bad, ratio


def case(name, B, H, L, D, dtype, causal, mean, std, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    mk = lambda: (mean + std * torch.randn(B, H, L, D, generator=g, device="cuda", dtype=torch.float64)).to(dtype)
    q, k, v = mk(), mk(), mk()
    scale = torch.tensor(1.0 / math.sqrt(D), dtype=torch.float64).to(dtype).to(torch.float64).item()
    ref, s64 = graph(q, k, v, scale, causal, dtype, s32=False)
    alt, s32 = graph(q, k, v, scale, causal, dtype, s32=True)
    flips = (s64 != s32) & torch.isfinite(s64)
    rows_with_flip = flips.any(-1)  # [B, H, L]
    with torch.no_grad():
        sc = q @ k.transpose(-1, -2)
        sc = (sc * torch.tensor(scale, dtype=dtype, device="cuda")).to(dtype)
        if causal:
            keep = torch.ones(L, L, dtype=torch.bool, device="cuda").tril()
            sc = sc.masked_fill(~keep, float("-inf"))
        eager = (torch.softmax(sc.float(), -1).to(dtype) @ v).to(torch.float64)
        sdpa = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale).to(torch.float64)
    rtol = rtol_of(dtype)
    print(f"{name}: B{B} H{H} L{L} D{D} {str(dtype)[6:]} causal={causal} inputs N({mean},{std}^2); "
          f"scores rounded differently with S in f32: {int(flips.sum())} of {int(torch.isfinite(s64).sum())}")
    for label, c in (("S in f32", alt), ("eager", eager), ("SDPA", sdpa)):
        bad, ratio = check(c, ref, rtol)
        n = int(bad.sum())
        explained = int((bad & rows_with_flip.unsqueeze(-1)).sum())
        print(f"  {label:8s}: {n} of {bad.numel()} elements outside the tolerance (worst {ratio:.3f} x tol); "
              f"{explained} of them in rows where a score flips")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    bf, f16 = torch.bfloat16, torch.float16
    case("issue 39, bf16 d96", 2, 12, 1000, 96, bf, True, 2.0, 3.0, a.seed)
    case("issue 39, bf16 d96", 2, 12, 1000, 96, bf, True, 0.0, 1.0, a.seed)
    case("f16 1999 causal keys", 1, 4, 1999, 128, f16, True, 2.0, 3.0, a.seed)
    case("f16 1999 causal keys", 1, 4, 1999, 128, f16, True, 0.0, 1.0, a.seed)
    case("suite attention shape", 2, 16, 2048, 128, bf, False, 2.0, 3.0, a.seed)


if __name__ == "__main__":
    main()
