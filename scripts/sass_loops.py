#!/usr/bin/env python3
"""The machine code of a generated kernel, without a GPU: code size and each loop's instructions.

    scripts/sass_loops.py KERNEL.cu [--arch sm_90a] [--top 30]

Compiles KERNEL.cu (a kernel file superopt writes, e.g. out/kernel0_attention.cu) to a cubin with
nvcc, disassembles it with cuobjdump (the CUDA toolkit's; where the toolkit has none, PyPI's
nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm wheels, unpacked once into build/tools/), and prints per kernel the size of
its code and, for each loop (a backward branch), its address range, instruction count and the
most frequent opcodes. The loops' opcode mix is what bounds a kernel's issue rate (MUFU.EX2 and
conversions at a quarter of the FP32 rate, HGMMA against the rest), and a loop's bytes against the
SM's instruction cache tell whether it streams its code from L2 each iteration
(docs/attention.md, "f32 operands"). It counts instructions; it times nothing.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "build" / "tools"
LINE = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
BRANCH = re.compile(r"\bBRA(?:\.\S+)?\s+(?:0x)?([0-9a-f]+)\b")


def find_tool(name: str) -> str:
    """The toolkit's `name`, or the one unpacked from PyPI's wheel into build/tools."""
    for cand in (shutil.which(name), f"/usr/local/cuda/bin/{name}", TOOLS / "nvidia/cu13/bin" / name):
        # cuobjdump runs nvdisasm: take one only with its nvdisasm beside it or on PATH.
        if cand and Path(cand).is_file() and (name != "cuobjdump" or shutil.which("nvdisasm")
                                              or Path(cand).with_name("nvdisasm").is_file()):
            return str(cand)
    if name != "cuobjdump":
        sys.exit(f"sass_loops: no {name} (install the CUDA toolkit)")
    TOOLS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        venv = ROOT / "build" / "venv" / "bin" / "python"  # Debian's python3 may have no pip
        py = str(venv) if venv.is_file() else sys.executable
        subprocess.run([py, "-m", "pip", "download", "--no-deps", "-q", "-d", d,
                        "nvidia-cuda-cuobjdump", "nvidia-cuda-nvdisasm"], check=True)
        for whl in Path(d).glob("*.whl"):
            with zipfile.ZipFile(whl) as z:
                z.extractall(TOOLS)
    tool = TOOLS / "nvidia/cu13/bin" / name
    if not tool.is_file() or not tool.with_name("nvdisasm").is_file():
        sys.exit(f"sass_loops: the wheels have no {tool.relative_to(TOOLS)} and nvdisasm")
    for t in (tool, tool.with_name("nvdisasm")):
        t.chmod(0o755)
    return str(tool)


def disassemble(cu: Path, arch: str) -> dict:
    """{kernel: [(address, instruction)]} of `cu` compiled for `arch`."""
    nvcc = find_tool("nvcc")
    code = arch.replace("sm_", "compute_")
    with tempfile.TemporaryDirectory() as d:
        cubin = Path(d) / "k.cubin"
        r = subprocess.run([nvcc, "-cubin", "-O3", "-w", f"-gencode=arch={code},code={arch}",
                            "-o", str(cubin), str(cu)], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"sass_loops: nvcc failed on {cu}:\n{r.stderr[-3000:]}")
        tool = find_tool("cuobjdump")
        env = dict(os.environ, PATH=str(Path(tool).parent) + os.pathsep + os.environ.get("PATH", ""))
        r = subprocess.run([tool, "-sass", str(cubin)], capture_output=True, text=True, env=env)
        if r.returncode != 0:  # cuobjdump runs nvdisasm from PATH
            sys.exit(f"sass_loops: cuobjdump failed: {r.stderr.strip()[-1000:]}")
        out = r.stdout
    kernels, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"\s+Function : (\S+)", line)
        if m:
            cur = kernels.setdefault(m.group(1), [])
            continue
        m = LINE.match(line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2)))
    return kernels


def opcode(ins: str) -> str:
    parts = ins.split()
    if parts and parts[0].startswith("@"):
        parts = parts[1:]
    return parts[0] if parts else "?"


def loops(code: list) -> list:
    """(start, end) of each backward branch's range, largest first. An out-of-line stub's return
    is not a loop: ptxas moves a wait's retry past the kernel's end (`@!P0 BRA stub` at T - 16,
    the stub spinning, then `BRA T` back), which is an unconditional backward branch to just
    behind a branch into the stub."""
    at = {a: ins for a, ins in code}
    found = set()
    for addr, ins in code:
        m = BRANCH.search(ins)
        if not m:
            continue
        target = int(m.group(1), 16)
        if target > addr:
            continue
        before = BRANCH.search(at.get(target - 16, ""))
        if not ins.startswith("@") and before and target < int(before.group(1), 16) <= addr:
            continue
        found.add((target, addr))
    return sorted(found, key=lambda r: (r[0] - r[1], r[0]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernel", type=Path, help="a generated kernel's .cu file")
    ap.add_argument("--arch", default="sm_90a", help="sm_90a (default), sm_90, sm_80")
    ap.add_argument("--top", type=int, default=20, help="opcodes shown per loop (default 20)")
    ap.add_argument("--min-loop", type=int, default=16,
                    help="loops of fewer instructions are not shown (default 16: spin waits)")
    args = ap.parse_args()
    if not args.kernel.is_file():
        print(f"sass_loops: {args.kernel}: no such file", file=sys.stderr)
        return 2
    for name, code in disassemble(args.kernel, args.arch).items():
        print(f"{name}: {len(code)} instructions, {len(code) * 16 / 1024:.1f} KB of code")
        for start, end in loops(code):
            body = [ins for a, ins in code if start <= a <= end]
            if len(body) < args.min_loop:
                continue
            mix = collections.Counter(opcode(i) for i in body)
            print(f"  loop {start:#06x}..{end:#06x}: {len(body)} instructions, "
                  f"{len(body) * 16 / 1024:.1f} KB")
            for op, n in mix.most_common(args.top):
                print(f"    {n:6d}  {op}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
