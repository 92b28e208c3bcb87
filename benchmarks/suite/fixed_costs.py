"""What the suite's timing costs by itself (GPU host): python3 benchmarks/suite/fixed_costs.py

Times, with run_suite's Timer (CUDA events around each launch, the L2 flushed before it, the
sides in rotating rounds), a kernel that adds 1 to one float and device copies of the odd
shapes' bytes and of 2 GiB (the copy ceiling), so that a floor can be weighed against what a
launch costs at all under this timing (README.md, "floor").
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch  # noqa: E402
import run_suite as rs  # noqa: E402


def main() -> None:
    timer = rs.Timer()
    one = torch.zeros(1, device="cuda")
    sides = {"kernel adding 1 to one float": lambda: one.add_(1.0)}
    for name, nbytes in (("softmax_odd's bytes", 3001 * 1000 * 4), ("layernorm_odd's bytes", 5000 * 4000 * 2),
                         ("1 GiB (the 2 GiB ceiling)", 1 << 30)):
        a = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
        b = torch.empty_like(a)
        sides["copy of %s, %.1f MB each way" % (name, nbytes / 1e6)] = (lambda a=a, b=b: b.copy_(a))
    for n, r in timer.time_sides(sides).items():
        print("%-50s %9.2f us (min %.2f, max %.2f)" % (n, r["median_us"], r["min_us"], r["max_us"]))


if __name__ == "__main__":
    main()
