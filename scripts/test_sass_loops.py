"""Checks of scripts/sass_loops.py: python3 scripts/test_sass_loops.py

The loop finder on a listing written here (no tools needed), then, where nvcc is found, a kernel
with a loop compiled and disassembled (cuobjdump from the toolkit or PyPI: skipped when neither
can be had)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import sass_loops  # noqa: E402


class Loops(unittest.TestCase):
    def test_backward_branches_and_stub_returns(self):
        code = [(0x00, "MOV R1, R2"),
                (0x10, "FFMA R3, R1, R1, R3"),          # loop body 0x10..0x30
                (0x20, "@!P0 BRA 0x80"),                 # into the wait's stub
                (0x30, "@P1 BRA 0x10"),                  # the loop's back edge
                (0x40, "EXIT"),
                (0x80, "SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4], R0"),
                (0x90, "@!P0 BRA 0x80"),                 # the stub's spin
                (0xa0, "BRA 0x30")]                      # back behind the branch into it
        self.assertEqual(sass_loops.loops(code), [(0x10, 0x30), (0x80, 0x90)])
        self.assertEqual(sass_loops.opcode("@!P0 BRA 0x80"), "BRA")
        self.assertEqual(sass_loops.opcode("FFMA R3, R1, R1, R3"), "FFMA")

    @unittest.skipUnless(shutil.which("nvcc") or Path("/usr/local/cuda/bin/nvcc").is_file(), "no nvcc")
    def test_a_compiled_loop(self):
        with tempfile.TemporaryDirectory() as d:
            cu = Path(d) / "k.cu"
            cu.write_text('extern "C" __global__ void k(const float* x, float* y, int n) {\n'
                          '  float s = 0.0f;\n  #pragma unroll 1\n'
                          '  for (int i = threadIdx.x; i < n; i += blockDim.x) s = fmaf(x[i], x[i], s);\n'
                          '  y[threadIdx.x] = s;\n}\n')
            r = subprocess.run([sys.executable, str(HERE / "sass_loops.py"), str(cu), "--arch", "sm_90",
                                "--min-loop", "2"], capture_output=True, text=True)
            if r.returncode != 0 and "pip" in r.stderr + r.stdout:
                self.skipTest("no cuobjdump and none from PyPI: " + r.stderr[-300:])
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("k: ", r.stdout)
            self.assertIn("  loop 0x", r.stdout)
            self.assertRegex(r.stdout, r"\d+\s+FFMA")


if __name__ == "__main__":
    unittest.main()
