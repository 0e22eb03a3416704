"""A sum over the leading axes of an NHWC activation on a GPU (a bias or batch norm
gradient's (0, 1, 2), a batch norm's moments), the ways it can be launched, against
PyTorch's on the same data: what backend.sum_run takes (a product with ones: on an H200
0.08 ms for (64, 112, 112, 64), where CuPy's one reduction took 18 ms, sums of 16 rows
per launch 0.31 ms, of 32 0.20 ms, and PyTorch's sum 0.15 ms).

    python benchmarks/gpu_reductions.py [--device cuda|standin] [--quick] [--repeat N]

Rows are ResNet-50's activation shapes at batch 64; each way is timed `repeat` times
after a warm-up, the device synchronized around the timed loop, and its largest error
against a float64 sum is printed beside it (relative to the sum's scale). On the
stand-in (`--device standin`, small shapes) the figures mean nothing: the code paths
run, as tests/backend/test_gpu_benchmark.py checks.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SHAPES = [(64, 112, 112, 64), (64, 56, 56, 64), (64, 56, 56, 256), (64, 28, 28, 128),
          (64, 28, 28, 512), (64, 14, 14, 256), (64, 14, 14, 1024), (64, 7, 7, 2048)]
QUICK = [(2, 16, 16, 8)]


def ways(xp: object, B: object) -> dict:
    """name -> fn(x4) summing an (N, H, W, C) array over (0, 1, 2)."""
    def stages(rows: int) -> Callable:
        def f(x: object) -> object:  # (at most `rows` of the run per launch)
            x = x.reshape(-1, x.shape[-1])
            while x.shape[0] > rows:
                r = next((d for d in range(rows, 1, -1) if x.shape[0] % d == 0), 1)
                if r == 1:
                    break
                x = x.reshape(r, -1, x.shape[-1]).sum(axis=0)
            return x.sum(axis=0)
        return f

    return {
        "one reduction (CuPy's sum)": lambda x: x.sum(axis=(0, 1, 2)),
        "stages of 16 rows": stages(16),
        "stages of 32 rows": stages(32),
        # (what sum_run launches for a run from the first axis of 8192 elements or more)
        "ones @ x (sum_run's)": lambda x: B.matmul(xp, xp.ones(math.prod(x.shape[:3]), x.dtype),
                                                   x.reshape(-1, x.shape[-1])),
    }


def timed(fn: Callable, x: object, sync: Callable, repeat: int) -> float:
    fn(x)
    sync()
    start = time.perf_counter()
    for _ in range(repeat):
        fn(x)
    sync()
    return (time.perf_counter() - start) / repeat


def main(argv: list | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cuda", choices=["cuda", "standin"])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--repeat", type=int, default=20)
    a = p.parse_args(argv)
    if a.device == "standin":
        os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
    import numpy as np

    from eagerflow._src import backend as B
    from eagerflow._src.core import device as D

    backend, count = D.find_gpus()
    if not count:
        print("no GPU (and no stand-in): nothing to time")
        return 1
    xp = backend.xp
    try:
        import torch
        has_torch = a.device == "cuda" and torch.cuda.is_available()
    except ImportError:
        has_torch = False
    print(f"device: {a.device}; PyTorch: {'yes' if has_torch else 'absent'}; "
          f"{a.repeat} repeats; ms per sum (largest error / scale)")
    for shape in QUICK if a.quick else SHAPES:
        host = np.random.default_rng(0).normal(size=shape).astype(np.float32)
        want = host.astype(np.float64).sum(axis=(0, 1, 2))
        scale = float(np.abs(host).sum(axis=(0, 1, 2)).max())
        x = backend.to_device(host, 0)
        print(f"{shape}:")
        for name, fn in ways(xp, B).items():
            t = timed(fn, x, lambda: backend.synchronize(0), a.repeat)
            err = float(np.abs(B.to_host(fn(x)).astype(np.float64) - want).max()) / scale
            print(f"  {name:30s} {t * 1e3:8.3f} ms  ({err:.1e})")
        if has_torch:
            tx = torch.from_numpy(host).cuda()
            t = timed(lambda v: v.sum(dim=(0, 1, 2)), tx, torch.cuda.synchronize, a.repeat)
            err = float(np.abs(tx.sum(dim=(0, 1, 2)).cpu().numpy() - want).max()) / scale
            print(f"  {'PyTorch':30s} {t * 1e3:8.3f} ms  ({err:.1e})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
