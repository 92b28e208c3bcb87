"""Cutting a model's ops into regions axon can run; the rest stays in the framework.

The input is the model's ops in a topological order, each marked supported or not (an op
handler wrote it, or said why not). A region is a set of supported ops that is *convex*: no
path leaves it and comes back (through a framework op or another region), so each region can
run as one axon graph between the framework ops before and after it. Ops are taken in order;
each supported op joins the regions of its operands, merging them, whenever that keeps every
region convex, and starts a region of its own otherwise; at the end, regions that do not depend
on each other through an op outside them are merged too.

Ops without tensor operands (constants, aranges) and supported ops computed from those alone are
*constant-like*: they join no region and are copied into each region that reads them, as are
their constant-like operands. A region without arithmetic (views and copies only) is given back
to the framework, where such ops cost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set


@dataclass
class Item:
    """One framework op: its key, its tensor operands' keys (ops or graph inputs), whether a
    handler wrote it, and whether it computes anything (not a view, copy or tuple access)."""
    key: str
    op: str
    inputs: List[str]
    supported: bool
    compute: bool = True
    reason: Optional[str] = None
    flops: int = 0
    const_like: bool = False


@dataclass
class Cut:
    """The regions (each a list of item keys in order, constant-like items it reads included)
    and the keys of the items left to the framework."""
    regions: List[List[str]]
    framework: List[str] = field(default_factory=list)


class _Regions:
    """Union-find over region ids."""

    def __init__(self) -> None:
        self.parent: List[int] = []

    def new(self) -> int:
        self.parent.append(len(self.parent))
        return len(self.parent) - 1

    def find(self, r: int) -> int:
        while self.parent[r] != r:
            self.parent[r] = self.parent[self.parent[r]]
            r = self.parent[r]
        return r


def cut(items: Sequence[Item]) -> Cut:
    """Regions of the supported items (see the module docstring); ``items`` in topological order."""
    by_key = {it.key: it for it in items}
    for it in items:   # constant-like: supported, and every operand an op that is constant-like
        it.const_like = it.supported and all(
            i in by_key and by_key[i].const_like for i in it.inputs)
    uf = _Regions()
    region: Dict[str, int] = {}
    reach: Dict[str, Set[int]] = {}   # regions each item depends on (its own included)
    out: Dict[str, Set[int]] = {}     # regions it depends on through an op outside them
    region_out: Dict[int, Set[int]] = {}

    def canon(s: Set[int]) -> Set[int]:
        return {uf.find(r) for r in s}

    for it in items:
        r_in: Set[int] = set()
        o: Set[int] = set()
        producers = [p for p in it.inputs if p in by_key]
        for p in producers:
            rp = canon(reach.get(p, set()))
            r_in |= rp
            own = {uf.find(region[p])} if p in region else set()
            o |= canon(out.get(p, set())) | (rp - own)
        if it.supported and not it.const_like:
            candidates = []
            for p in producers:
                if p in region:
                    r = uf.find(region[p])
                    if r not in candidates:
                        candidates.append(r)
            joined: List[int] = []
            for r in candidates:   # join each operand region that keeps all of them convex
                trial = joined + [r]
                outs = o.union(*(canon(region_out[x]) for x in trial))
                if not any(x in outs for x in trial):
                    joined = trial
            if joined:
                root = joined[0]
                merged_out = set(o)
                for x in joined:
                    merged_out |= canon(region_out.pop(x))
                for x in joined[1:]:
                    uf.parent[x] = root
                region_out[root] = canon(merged_out) - {root}
            else:
                root = uf.new()
                region_out[root] = set(o)
            region[it.key] = root
            r_in.add(root)
            o.discard(root)
        reach[it.key] = r_in
        out[it.key] = o

    # Regions that do not depend on each other through an op outside them become one.
    roots: List[int] = []
    for it in items:
        if it.key in region and uf.find(region[it.key]) not in roots:
            roots.append(uf.find(region[it.key]))
    merged: List[int] = []
    for r in roots:
        for m in merged:
            if m not in canon(region_out[r]) and r not in canon(region_out[m]):
                region_out[m] = canon(region_out[m] | region_out.pop(r)) - {m}
                uf.parent[r] = m
                break
        else:
            merged.append(r)

    # Regions in the order of their first item; drop those without arithmetic.
    members: Dict[int, List[str]] = {}
    for it in items:
        if it.key in region:
            members.setdefault(uf.find(region[it.key]), []).append(it.key)
    # In an order where each region comes after every region it depends on (through any path):
    # the order of first items, except where that would put a region before one it reads.
    deps = {r: canon(set().union(*(reach[k] for k in keys))) - {r}
            for r, keys in members.items()}
    ordered: List[int] = []
    pending = list(members)
    while pending:
        ready = next(r for r in pending if not (deps[r] & set(pending)))
        ordered.append(ready)
        pending.remove(ready)
    regions: List[List[str]] = []
    placed: Set[str] = set()
    for keys in (members[r] for r in ordered):
        if not any(by_key[k].compute for k in keys):
            continue
        inside = set(keys)
        pulled: Set[str] = set()
        stack = [i for k in keys for i in by_key[k].inputs]
        while stack:   # constant-like operands, copied in with theirs
            k = stack.pop()
            if k in by_key and by_key[k].const_like and k not in pulled:
                pulled.add(k)
                stack.extend(by_key[k].inputs)
        inside |= pulled
        regions.append([it.key for it in items if it.key in inside])
        placed |= set(keys)
    # A constant-like item stays with the framework when a framework op reads it, or when no
    # region does (a graph output).
    framework_keys = [it.key for it in items if it.key not in placed and not it.const_like]
    fw = set(framework_keys)
    pulled_anywhere = {k for keys in regions for k in keys}
    needed: Set[str] = set()
    stack = [i for k in framework_keys for i in by_key[k].inputs]
    stack += [it.key for it in items if it.const_like and it.key not in pulled_anywhere]
    while stack:
        k = stack.pop()
        if k in by_key and by_key[k].const_like and k not in needed:
            needed.add(k)
            stack.extend(by_key[k].inputs)
    framework = [it.key for it in items if it.key in fw or it.key in needed]
    return Cut(regions, framework)
