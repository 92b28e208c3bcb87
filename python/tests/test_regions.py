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
