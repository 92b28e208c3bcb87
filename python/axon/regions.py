"""Cutting a model's ops into regions axon can run; the rest stays in the framework.

The input is the model's ops in a topological order, each marked supported or not (an op
handler wrote it, or said why not). Each region runs as one axon graph, so the graph whose
nodes are the regions (each contracted to one node) and the framework's ops must stay
*acyclic*: a region is convex (no path leaves it and comes back through a framework op or
another region), and no two regions wait on each other. Ops are taken in order; each supported
op joins the regions of its operands, merging them, whenever the contracted graph stays acyclic,
and starts a region of its own otherwise; at the end, regions with no path between them through
anything else are merged too, and the regions are listed in an order in which each comes after
those it depends on.

Ops without tensor operands (constants, aranges) and supported ops computed from those alone are
*constant-like*: they join no region and are copied into each region that reads them, as are
their constant-like operands. A region without arithmetic (views and copies only) is given back
to the framework, where such ops cost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple


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
    """Regions of the supported items (see the module docstring); ``items`` in topological order.

    The test of every join and merge: the graph whose nodes are the regions (each contracted to
    one node) and the other ops must stay acyclic, so the regions can run one after another.
    """
    by_key = {it.key: it for it in items}
    order = {it.key: n for n, it in enumerate(items)}
    for it in items:   # constant-like: supported, and every operand an op that is constant-like
        it.const_like = it.supported and all(
            i in by_key and by_key[i].const_like for i in it.inputs)
    consumers: Dict[str, List[str]] = {}
    for it in items:
        if it.const_like:
            continue       # copied where read: no edge of the contracted graph
        for p in set(it.inputs):
            if p in by_key and not by_key[p].const_like:
                consumers.setdefault(p, []).append(it.key)
    uf = _Regions()
    region: Dict[str, int] = {}
    members: Dict[int, List[str]] = {}

    def unit(k: str) -> Tuple[str, object]:
        return ("r", uf.find(region[k])) if k in region else ("n", k)

    def successors(u: Tuple[str, object], limit: int) -> Set[Tuple[str, object]]:
        keys = members[u[1]] if u[0] == "r" else [u[1]]   # type: ignore[index]
        out = {unit(c) for k in keys for c in consumers.get(k, ()) if order[c] < limit}
        out.discard(u)
        return out

    def acyclic_if_merged(roots: Sequence[int], producers: Set[Tuple[str, object]],
                          limit: int) -> bool:
        """Whether the regions ``roots`` merged into one (with a new op reading ``producers``)
        keep the contracted graph acyclic: no path leaves them and comes back, or reaches an
        operand of the new op."""
        group = {("r", r) for r in roots}
        stack = [v for g in group for v in successors(g, limit) if v not in group]
        seen = set(stack)
        while stack:
            u = stack.pop()
            if u in producers:
                return False
            for v in successors(u, limit):
                if v in group:
                    return False
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
        return True

    def merge(roots: List[int]) -> int:
        root = roots[0]
        for r in roots[1:]:
            uf.parent[r] = root
            members[root] += members.pop(r)
        return root

    for n, it in enumerate(items):
        if not it.supported or it.const_like:
            continue
        producers = {unit(p) for p in it.inputs if p in by_key and not by_key[p].const_like}
        joined: List[int] = []
        for u in sorted(producers, key=lambda u: min(order[k] for k in (
                members[u[1]] if u[0] == "r" else [u[1]]))):   # type: ignore[index]
            if u[0] != "r":
                continue
            trial = joined + [u[1]]   # type: ignore[list-item]
            outside = producers - {("r", r) for r in trial}
            if acyclic_if_merged(trial, outside, n):
                joined = trial
        if joined:
            root = merge(joined)
        else:
            root = uf.new()
            members[root] = []
        region[it.key] = root
        members[root].append(it.key)

    # Regions that can run as one (no path between them through anything else) become one.
    merged: List[int] = []
    for r in sorted(members, key=lambda r: order[members[r][0]]):
        for m in merged:
            if acyclic_if_merged([m, r], set(), len(items)):
                merge([m, r])
                break
        else:
            merged.append(r)
    for r in members:
        members[r].sort(key=order.__getitem__)

    # In an order where each region comes after every region it depends on (through any path):
    # the order of first items, except where that would put a region before one it reads.
    def upstream(r: int) -> Set[int]:
        found: Set[int] = set()
        stack = [p for k in members[r] for p in by_key[k].inputs
                 if p in by_key and not by_key[p].const_like]
        seen = set(stack)
        while stack:
            k = stack.pop()
            if k in region and uf.find(region[k]) != r:
                found.add(uf.find(region[k]))
            for p in by_key[k].inputs:
                if p in by_key and not by_key[p].const_like and p not in seen:
                    seen.add(p)
                    stack.append(p)
        return found

    deps = {r: upstream(r) for r in members}
    ordered: List[int] = []
    pending = sorted(members, key=lambda r: order[members[r][0]])
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
