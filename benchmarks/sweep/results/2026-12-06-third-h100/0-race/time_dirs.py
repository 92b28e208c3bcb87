"""Time each built kernel folder's launcher (same inputs), interleaved rounds: median us per call."""
import sys, zlib, statistics
from pathlib import Path
import torch
sys.path.insert(0, "benchmarks/suite")
import torch_graph as tg
from run_suite import make_inputs, canonical_graph
from axon_launcher import AxonKernel
axon, graph_path, dirs = sys.argv[1], Path(sys.argv[2]), [Path(d) for d in sys.argv[3:]]
graph = canonical_graph(axon, graph_path)
tr = tg.translate(graph)
inputs = make_inputs(tr, zlib.crc32(graph["name"].encode()) % 2**31)
calls = [AxonKernel(d, tr).prepare(inputs)[0] for d in dirs]
res = {d.name: [] for d in dirs}
for rnd in range(7):
    for d, c in zip(dirs, calls):
        for _ in range(20): c()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(200): c()
        e.record(); torch.cuda.synchronize()
        res[d.name].append(s.elapsed_time(e) * 1000 / 200)
for k, v in res.items(): print("%-28s median %.2f us (min %.2f)" % (k, statistics.median(v), min(v)))
