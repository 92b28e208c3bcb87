# Calls the library's dispatch functions on the GPU and checks the outputs against PyTorch.
import ctypes, json, sys, torch
d = sys.argv[1]
lib = ctypes.CDLL(d + "/libaxon_g.so")
C = ctypes
def fn(name, nptr):
    f = getattr(lib, name); f.restype = C.c_int; f.argtypes = [C.c_longlong] + [C.c_void_p] * (nptr + 2); return f
def wsf(name):
    f = getattr(lib, name + "_workspace_bytes"); f.restype = C.c_size_t; f.argtypes = [C.c_longlong]; return f
stream = torch.cuda.current_stream().cuda_stream
def run(name, M, inputs_fn, ref_fn, nptr):
    f, ws = fn(name, nptr), wsf(name)
    w = ws(M)
    if M < 1:
        rc = f(M, *([None] * (nptr + 2)))
        print(f"{name} M={M}: rc={rc} workspace={w}"); return
    ins = inputs_fn(M); y = torch.full_like(ins[0], float('nan'))
    buf = torch.empty(max(int(w), 1), dtype=torch.uint8, device='cuda')
    rc = f(M, *[t.data_ptr() for t in ins], y.data_ptr(), buf.data_ptr(), stream)
    torch.cuda.synchronize()
    err = (y - ref_fn(*ins)).abs().max().item() if rc == 0 else float('nan')
    print(f"{name} M={M}: rc={rc} workspace={w} max_err={err:.3g}")
torch.manual_seed(0)
ew_in = lambda M: [torch.randn(M, 256, device='cuda'), torch.randn(256, device='cuda')]
for M in [64, 100, 256, 700, 1024, 3000, 4096, 9000, 0]:
    run("axon_ew", M, ew_in, lambda x, b: torch.exp(x + b), 3)
for M in [128, 100]:
    run("axon_ew_exact", M, ew_in, lambda x, b: torch.exp(x + b), 3)
sm_in = lambda M: [torch.randn(M, 1024, device='cuda')]
for M in [128, 2048, 1000, 50, 3000]:
    run("axon_smx", M, sm_in, lambda x: torch.softmax(x, -1), 2)
m = json.load(open(d + "/manifest.json"))
for e in m["entries"]:
    print(e["name"], json.dumps(e["dispatch"]["ranges"]))
    for b in e["buckets"]:
        print("  ", b["job"], b["status"], b.get("time_us"), b.get("floor_pct"), b.get("env", {}).get("gpu"), (b.get("runtime_size") or {}))
