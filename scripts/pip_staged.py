#!/usr/bin/env python3
"""Installs what pip would install for REQUIREMENTS one wheel at a time, after checking the disk.

A plain `pip install torch` downloads every wheel (about 3 GB for torch's CUDA build and its
nvidia-* libraries) before it unpacks any (about 5.5 GB more), so it needs about 8.5 GB free at
its peak; one at a time, the disk holds at most one downloaded wheel beside what is installed.

    pip_staged.py --python VENV/bin/python [--margin-gb G] REQUIREMENT...

1. `pip install --dry-run --report` resolves the requirements against the environment (pip reads
   the wheels' metadata only; nothing large is downloaded);
2. the wheels' sizes come from HEAD requests to the index (a size not told counts as the told
   ones' mean; none told: --unknown-gb in all); an installed wheel is taken as twice its download
   (measured: torch 2.15 with its CUDA libraries, 3.0 GB of wheels, 5.5 GB installed);
3. if the environment's file system has less free than that plus the largest wheel plus
   --margin-gb (what the rest of the run still writes), nothing is installed and the exit code
   is 3, with a one-line reason on stderr;
4. otherwise each resolved distribution is installed on its own (`name==version`, --no-deps, no
   cache). Local and editable requirements are left out: the caller installs those afterwards,
   when every dependency is already there.

Exit codes: 0 done, 3 not enough disk, 1 anything else (pip's own error is shown).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

GB = 1e9
INSTALLED_PER_DOWNLOADED = 2.0


def resolve(python: str, requirements: list[str]) -> list[dict]:
    with tempfile.TemporaryDirectory() as d:
        report = os.path.join(d, "report.json")
        subprocess.run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                        "--dry-run", "--report", report, *requirements], check=True)
        with open(report) as f:
            items = json.load(f).get("install", [])
    # Only what comes from an index as a file: a local directory (dir_info) is the caller's.
    return [i for i in items if "archive_info" in i.get("download_info", {})]


def download_size(url: str) -> int | None:
    try:
        req = urllib.request.Request(url, method="HEAD")
        with urllib.request.urlopen(req, timeout=30) as r:
            n = r.headers.get("Content-Length")
            return int(n) if n else None
    except (OSError, ValueError):
        return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--python", required=True, help="the environment's python")
    ap.add_argument("--margin-gb", type=float, default=1.0,
                    help="free space to leave for the rest of the run (default 1 GB)")
    ap.add_argument("--unknown-gb", type=float, default=3.0,
                    help="the wheels' size when the index tells none (default 3 GB: torch's CUDA build)")
    ap.add_argument("requirements", nargs="+")
    args = ap.parse_args()

    try:
        items = resolve(args.python, args.requirements)
    except subprocess.CalledProcessError as e:
        print(f"pip_staged: pip could not resolve {' '.join(args.requirements)} (exit {e.returncode})",
              file=sys.stderr)
        return 1
    if not items:
        return 0
    sizes = [download_size(i["download_info"]["url"]) for i in items]
    unknown = sum(s is None for s in sizes)
    known = [s for s in sizes if s is not None]
    if known:
        # A wheel whose size the index did not tell counts as the known ones' mean.
        largest = max(known)
        downloads = sum(known) + unknown * sum(known) / len(known)
    else:
        # No sizes at all (HEAD refused): --unknown-gb of wheels, the largest a sixth of it
        # (torch 2.15's CUDA build: 3.0 GB, the largest 0.54).
        downloads = args.unknown_gb * GB
        largest = downloads / 6
    need = INSTALLED_PER_DOWNLOADED * downloads + largest + args.margin_gb * GB
    env_dir = os.path.dirname(os.path.dirname(os.path.abspath(args.python)))
    free = shutil.disk_usage(env_dir).free
    if free < need:
        print(f"pip_staged: {len(items)} packages ({downloads / GB:.1f} GB of wheels) need about "
              f"{need / GB:.1f} GB free on the file system of {env_dir}; it has {free / GB:.1f} GB",
              file=sys.stderr)
        return 3
    tmp = tempfile.gettempdir()  # where pip puts a wheel while it installs it
    if os.stat(tmp).st_dev != os.stat(env_dir).st_dev and shutil.disk_usage(tmp).free < 2 * largest:
        print(f"pip_staged: {tmp} has {shutil.disk_usage(tmp).free / GB:.1f} GB free, less than twice "
              f"the largest wheel ({largest / GB:.1f} GB)", file=sys.stderr)
        return 3
    start = time.time()
    print(f"pip_staged: {len(items)} packages, {downloads / GB:.1f} GB of wheels, one at a time "
          f"({free / GB:.1f} GB free, about {need / GB:.1f} needed)", flush=True)
    # Largest first: the peak comes with the last wheels (nearly all installed, plus one wheel),
    # so those should be the small ones.
    order = sorted(range(len(items)), key=lambda k: -(sizes[k] or largest))
    for k in order:
        meta = items[k]["metadata"]
        spec = f"{meta['name']}=={meta['version']}"
        r = subprocess.run([args.python, "-m", "pip", "install", "--disable-pip-version-check",
                            "-q", "--no-deps", "--no-cache-dir", spec])
        if r.returncode != 0:
            print(f"pip_staged: installing {spec} failed (exit {r.returncode})", file=sys.stderr)
            return 1
    print(f"pip_staged: installed {len(items)} packages in {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
