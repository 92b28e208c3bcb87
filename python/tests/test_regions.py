"""The region cut on hand-made op lists (no framework needed)."""

from axon.regions import Item, cut


def item(key, inputs, supported=True, compute=True):
    return Item(key, "op_" + key, list(inputs), supported, compute)


def test_a_region_never_leaves_and_comes_back():
    # a -> u (unsupported) -> c, and a -> c: a and c in different regions
    items = [item("a", ["x"]), item("u", ["a"], supported=False), item("c", ["a", "u"])]
    c = cut(items)
    assert c.regions == [["a"], ["c"]] and c.framework == ["u"]


def test_operand_regions_merge_and_independent_regions_join():
    # p and q independent, r reads both: one region; s after an unsupported op, independent of
    # nothing before it except through u, so it stays apart
    items = [item("p", ["x"]), item("q", ["y"]), item("r", ["p", "q"]),
             item("u", ["r"], supported=False), item("s", ["u"]), item("t", ["z"])]
    c = cut(items)
    assert c.regions == [["p", "q", "r", "t"], ["s"]]


def test_views_alone_go_back_and_constants_are_copied():
    items = [item("k", [], compute=True), item("v", ["x"], compute=False),
             item("u", ["v"], supported=False), item("m1", ["u", "k"]), item("w", ["m1"], False),
             item("m2", ["w", "k"])]
    c = cut(items)
    # the lone view goes back to the framework; the constant k is copied into both regions
    assert c.regions == [["k", "m1"], ["k", "m2"]]
    assert c.framework == ["v", "u", "w"]


def test_regions_come_after_the_regions_they_read():
    # a2 reads a1 and b1, and b1 again through an unsupported op: a2 joins a1's region, which
    # then reads b1's region although its first item comes earlier
    items = [item("a1", ["x"]), item("b1", ["y"]), item("u", ["b1"], supported=False),
             item("a2", ["a1", "b1", "u"])]
    c = cut(items)
    assert c.regions == [["b1"], ["a1", "a2"]] and c.framework == ["u"]


def _random_items(rng, n):
    items = []
    for k in range(n):
        pool = ["in0", "in1"] + ["n%d" % j for j in range(k)]
        inputs = rng.sample(pool, rng.randint(0, min(3, len(pool)))) if rng.random() > 0.1 \
            else []
        items.append(Item("n%d" % k, "op", inputs, rng.random() > 0.25, rng.random() > 0.2))
    return items


def test_random_graphs_give_convex_ordered_regions():
    """On seeded random DAGs: each region is convex (no path leaves it and comes back), no two
    regions wait on each other (the regions, in their order, can run one after another), and
    every op is placed."""
    import random
    for seed in range(600):
        rng = random.Random(seed)
        items = _random_items(rng, rng.randint(1, 40))
        by_key = {it.key: it for it in items}
        c = cut(items)
        # ancestors of each item (through any op)
        anc = {}
        for it in items:
            a = set()
            for i in it.inputs:
                if i in by_key:
                    a |= {i} | anc[i]
            anc[it.key] = a
        owner = {}
        for r, keys in enumerate(c.regions):
            for k in keys:
                if not by_key[k].const_like:
                    assert k not in owner, (seed, k)
                    owner[k] = r
        for r, keys in enumerate(c.regions):
            own = {k for k in keys if owner.get(k) == r}
            assert all(by_key[k].supported for k in keys), seed
            assert any(by_key[k].compute for k in own), seed
            for k in own:   # convex: an outside op between two of the region's ops is impossible
                for mid in anc[k]:
                    if mid not in own and any(a in own for a in anc[mid]):
                        raise AssertionError("seed %d: %s -> %s -> %s leaves region %d"
                                             % (seed, [a for a in anc[mid] if a in own][0],
                                                mid, k, r))
                for a in anc[k]:   # dependency order
                    if a in owner:
                        assert owner[a] <= r, (seed, a, k)
        placed = set(owner) | set(c.framework)
        for it in items:
            assert it.key in placed or it.const_like, (seed, it.key)
