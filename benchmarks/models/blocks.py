"""The two blocks of issue 41's in-model validation, as plain PyTorch modules with random
weights (a fixed seed, nothing downloaded):

- :class:`LlamaBlock`: a Llama-style decoder block: RMSNorm, q/k/v/o projections, causal
  ``scaled_dot_product_attention``, residual, RMSNorm, SwiGLU MLP, residual.
- :class:`ViTMLPBlock`: a ViT/ConvNeXt-style MLP block: LayerNorm, Linear, GELU, Linear,
  residual.

Each block also gives its layers (:meth:`layers`) as modules of their own that share the
block's weights (the Llama block's attention and MLP halves, each with its norm and residual),
which ``run_blocks.py`` times one by one. :data:`CONFIGS` holds the sizes of the GPU run and of
the CPU smoke test; :func:`make` builds a block with its example input.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class LlamaBlock(nn.Module):
    """x + o(attn(norm1 x)), then + down(silu(gate(norm2 x)) * up(norm2 x)); no bias anywhere,
    attention causal over ``heads`` heads of ``dim // heads``."""

    def __init__(self, dim: int = 1024, heads: int = 16, hidden: int = 2816, eps: float = 1e-5):
        super().__init__()
        assert dim % heads == 0
        self.heads = heads
        self.attn_norm = nn.RMSNorm(dim, eps=eps)
        self.q_proj = nn.Linear(dim, dim, bias=False)
        self.k_proj = nn.Linear(dim, dim, bias=False)
        self.v_proj = nn.Linear(dim, dim, bias=False)
        self.o_proj = nn.Linear(dim, dim, bias=False)
        self.mlp_norm = nn.RMSNorm(dim, eps=eps)
        self.gate_proj = nn.Linear(dim, hidden, bias=False)
        self.up_proj = nn.Linear(dim, hidden, bias=False)
        self.down_proj = nn.Linear(hidden, dim, bias=False)

    def attention(self, x: torch.Tensor) -> torch.Tensor:
        """x + o(causal attention of the normed x)."""
        b, t, d = x.shape
        h = self.attn_norm(x)
        q, k, v = (p(h).view(b, t, self.heads, d // self.heads).transpose(1, 2)
                   for p in (self.q_proj, self.k_proj, self.v_proj))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return x + self.o_proj(a.transpose(1, 2).reshape(b, t, d))

    def mlp(self, x: torch.Tensor) -> torch.Tensor:
        """x + SwiGLU of the normed x."""
        h = self.mlp_norm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.mlp(self.attention(x))

    def layers(self) -> Dict[str, nn.Module]:
        return {"attention": _Layer(self, "attention"), "mlp": _Layer(self, "mlp")}


class ViTMLPBlock(nn.Module):
    """x + fc2(gelu(fc1(layernorm x))) (exact GELU, as ViT's)."""

    def __init__(self, dim: int = 768, hidden: int = 3072, eps: float = 1e-6):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=eps)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))

    def layers(self) -> Dict[str, nn.Module]:
        return {}     # one layer: the block itself


class _Layer(nn.Module):
    """One method of a block as a module of its own, sharing the block's weights."""

    def __init__(self, block: nn.Module, method: str):
        super().__init__()
        self.block, self.method = block, method

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return getattr(self.block, self.method)(x)


#: name -> (class, constructor kwargs, input shape); "gpu" sizes for run_blocks.py on the H200,
#: "tiny" for the CPU smoke test.
CONFIGS: Dict[str, Dict[str, Tuple[type, dict, Tuple[int, ...]]]] = {
    "gpu": {
        "llama": (LlamaBlock, dict(dim=1024, heads=16, hidden=2816), (1, 1024, 1024)),
        "vit_mlp": (ViTMLPBlock, dict(dim=768, hidden=3072), (8, 197, 768)),
    },
    "tiny": {
        "llama": (LlamaBlock, dict(dim=64, heads=4, hidden=128), (2, 16, 64)),
        "vit_mlp": (ViTMLPBlock, dict(dim=32, hidden=128), (2, 5, 32)),
    },
}

#: The blocks in the order run_blocks.py runs them (the smaller first: a fault that spoils the
#: CUDA context in the larger one leaves the smaller one's results).
NAMES: List[str] = ["vit_mlp", "llama"]


def make(name: str, size: str = "gpu", device: str = "cpu", dtype: torch.dtype = torch.bfloat16,
         seed: int = 0) -> Tuple[nn.Module, torch.Tensor]:
    """The block ``name`` at ``size`` ("gpu" or "tiny") with random weights (seeded: the same
    weights in every process) in eval mode, and an example input ~ N(0, 1)."""
    cls, kwargs, shape = CONFIGS[size][name]
    gen = torch.Generator().manual_seed(seed)
    model = cls(**kwargs)
    with torch.no_grad():
        for pname, p in model.named_parameters():
            if pname.endswith("norm.weight"):
                p.copy_(1.0 + 0.1 * torch.randn(p.shape, generator=gen))
            elif pname.endswith("bias"):
                p.copy_(0.02 * torch.randn(p.shape, generator=gen))
            else:    # a Linear weight [out, in]: variance 1 / in, as the default init's scale
                p.copy_(torch.randn(p.shape, generator=gen) / p.shape[-1] ** 0.5)
    x = torch.randn(shape, generator=gen)
    return model.to(device=device, dtype=dtype).eval(), x.to(device=device, dtype=dtype)
