"""The ```python blocks of the docs (docs/*.md, README.md): each parses, and every `axon.<name>`
(and `axon.<module>.<name>`) it uses exists in the package. tests/test_docs.cpp leaves these
blocks to this test; what they do is tested by the other tests here."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted(ROOT.glob("docs/*.md")) + [ROOT / "README.md"]


def python_blocks():
    for doc in DOCS:
        lines = doc.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if lines[i].strip() == "```python":
                start = i + 1
                j = start
                while j < len(lines) and lines[j].strip() != "```":
                    j += 1
                yield pytest.param("\n".join(lines[start:j]), id="%s:%d" % (doc.name, i + 1))
                i = j
            i += 1


BLOCKS = list(python_blocks())


def test_the_docs_have_python_blocks():
    assert len(BLOCKS) >= 5


def axon_names(tree: ast.AST):
    """The dotted names under `axon` a block reads: ['axon.export', 'axon.cli.check', ...]."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            parts = []
            cur = node
            while isinstance(cur, ast.Attribute):
                parts.append(cur.attr)
                cur = cur.value
            if isinstance(cur, ast.Name) and cur.id == "axon":
                yield ["axon"] + parts[::-1]


@pytest.mark.parametrize("src", BLOCKS)
def test_a_docs_python_block_parses_and_names_what_exists(src):
    tree = ast.parse(src)
    for dotted in axon_names(tree):
        obj = importlib.import_module("axon")
        for k, attr in enumerate(dotted[1:], start=1):
            if not hasattr(obj, attr):
                # A submodule not imported by the package's __init__.
                try:
                    obj = importlib.import_module(".".join(dotted[: k + 1]))
                    continue
                except ImportError:
                    pass
            assert hasattr(obj, attr), "%s: %s does not exist" % (src.splitlines()[0], ".".join(dotted[: k + 1]))
            obj = getattr(obj, attr)
            if not re.match(r"^[a-z_]+$", attr) or callable(obj):
                break  # a class or function: its attributes are runtime values
