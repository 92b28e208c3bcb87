"""The axon binary from Python: finding it, running it, its errors as exceptions.

The binary is looked up in this order: the environment variable ``AXON_BIN``; the repository's
own build (``build/src/cli/axon`` beside this package's ``python/`` folder); ``axon`` on PATH.
A failed command raises :class:`AxonError` carrying the CLI's one-line message and exit code
(2: bad input or usage, 1: a check failed, 3: internal error; docs/cli.md).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

PathLike = Union[str, "os.PathLike[str]"]

#: Exit codes of the binary (docs/cli.md).
EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class AxonError(RuntimeError):
    """An axon command failed, or an input could not be turned into an axon graph.

    ``str(e)`` is one line, as the CLI prints it (without its ``error:`` prefix), naming the file,
    node and field. ``returncode`` is the binary's exit code (2 for bad input found in Python),
    ``command`` the argument list that ran, when one did.
    """

    def __init__(self, message: str, returncode: int = EXIT_BAD_INPUT,
                 command: Optional[Sequence[str]] = None, output: str = ""):
        super().__init__(message)
        self.message = message
        self.returncode = returncode
        self.command = list(command) if command is not None else None
        self.output = output


def _repo_binary() -> Path:
    return Path(__file__).resolve().parents[2] / "build" / "src" / "cli" / "axon"


def find_binary() -> str:
    """The path of the axon binary ($AXON_BIN, then the repository's build, then PATH)."""
    env = os.environ.get("AXON_BIN")
    if env:
        if not (os.path.isfile(env) and os.access(env, os.X_OK)):
            raise AxonError("AXON_BIN=%s is not an executable file" % env)
        return env
    built = _repo_binary()
    if built.is_file() and os.access(built, os.X_OK):
        return str(built)
    found = shutil.which("axon")
    if found:
        return found
    raise AxonError("the axon binary was not found: set AXON_BIN, build the repository "
                    "(scripts/build.sh writes build/src/cli/axon) or put axon on PATH")


def _one_line(stderr: str, stdout: str, rc: int) -> str:
    """The CLI's one-line message: its last 'error: ' line, else the last non-empty line."""
    lines = [l.strip() for l in (stderr or "").splitlines() if l.strip()]
    for line in reversed(lines):
        if line.startswith("error: "):
            return line[len("error: "):]
    if lines:
        return lines[-1]
    out = [l.strip() for l in (stdout or "").splitlines() if l.strip()]
    return out[-1] if out else "axon exited with code %d" % rc


def _bind_args(bind: Optional[Mapping[str, int]]) -> List[str]:
    args: List[str] = []
    for name, value in (bind or {}).items():
        args += ["--bind", "%s=%d" % (name, int(value))]
    return args


def run(args: Sequence[Any], *, check: bool = True, binary: Optional[str] = None,
        timeout: Optional[float] = None) -> subprocess.CompletedProcess:
    """Run ``axon ARGS...`` and capture its output (text).

    With ``check`` (the default) a non-zero exit raises :class:`AxonError` with the CLI's
    one-line message.
    """
    cmd = [binary or find_binary()] + [str(a) for a in args]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise AxonError("axon %s: no answer after %g s" % (" ".join(cmd[1:2]), timeout),
                        EXIT_INTERNAL, cmd) from None
    if check and proc.returncode != 0:
        raise AxonError(_one_line(proc.stderr, proc.stdout, proc.returncode), proc.returncode,
                        cmd, proc.stdout + proc.stderr)
    return proc


def check(graph: PathLike, bind: Optional[Mapping[str, int]] = None) -> Dict[str, Any]:
    """``axon check GRAPH --json``: the inferred dtype and shape of every live node.

    Returns the CLI's JSON: ``{"ok", "graph", "nodes": [{"name", "op", "dtype", "shape"}],
    "outputs", "primitive_ops"}``; a shape is a string such as ``"[M, 4096]"``.
    """
    proc = run(["check", os.fspath(graph), "--json", *_bind_args(bind)])
    return json.loads(proc.stdout)


def print_graph(graph: PathLike, bind: Optional[Mapping[str, int]] = None) -> Dict[str, Any]:
    """``axon print GRAPH``: the graph in canonical form (attributes normalized, defaults filled)."""
    return json.loads(run(["print", os.fspath(graph), *_bind_args(bind)]).stdout)


def parse_shape(text: str) -> List[Union[int, str]]:
    """A shape as ``axon check --json`` prints it (``"[M, 4096]"``) as a list of sizes."""
    inner = text.strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        raise AxonError("cannot read the shape %r printed by axon check" % text, EXIT_INTERNAL)
    inner = inner[1:-1].strip()
    if not inner:
        return []
    return [int(p) if p.strip().isdigit() else p.strip() for p in inner.split(",")]


def superopt(graph: PathLike, out_dir: PathLike, *, budget: float = 120,
             bind: Optional[Mapping[str, int]] = None, no_gpu: bool = False,
             target: str = "sm_90", extra: Sequence[str] = (), progress: bool = True,
             binary: Optional[str] = None) -> Path:
    """Run ``axon superopt GRAPH -o OUT_DIR`` and return OUT_DIR.

    With ``progress`` (the default) a tqdm bar (when tqdm is installed; else the CLI's own
    progress lines) follows the search against its time budget. A failure raises
    :class:`AxonError` with the CLI's one-line message.
    """
    cmd = [binary or find_binary(), "superopt", os.fspath(graph), "-o", os.fspath(out_dir),
           "--target", target, "--budget", "%g" % budget, *_bind_args(bind)]
    if no_gpu:
        cmd.append("--no-gpu")
    cmd += [str(e) for e in extra]
    bar = None
    if progress:
        try:
            from tqdm import tqdm
            bar = tqdm(total=round(float(budget)), unit="s", desc="axon superopt",
                       bar_format="{desc}: {n:.0f}/{total:.0f} s budget |{bar}| {postfix}")
        except ImportError:
            bar = None
    lines: List[str] = []
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace", bufsize=1, stdin=subprocess.DEVNULL)
    start = time.monotonic()
    done = threading.Event()

    def tick() -> None:   # the bar moves with the clock while the CLI is quiet
        while not done.wait(0.5):
            if bar is not None:
                bar.n = min(bar.total, time.monotonic() - start)
                bar.refresh()

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if bar is not None:
                bar.set_postfix_str(line.strip()[:60], refresh=True)
            elif progress:
                print(line, end="", file=sys.stderr, flush=True)
        rc = proc.wait()
    finally:
        done.set()
        ticker.join()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if bar is not None:
            bar.n = bar.total if proc.returncode == 0 else bar.n
            bar.close()
    if rc != 0:
        text = "".join(lines)
        raise AxonError(_one_line(text, "", rc), rc, cmd, text)
    return Path(out_dir)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m axon ARGS...``: runs the binary with ARGS (its help, output and exit code)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        binary = find_binary()
    except AxonError as e:
        print("error: %s" % e, file=sys.stderr)
        return e.returncode
    return subprocess.call([binary] + argv)
