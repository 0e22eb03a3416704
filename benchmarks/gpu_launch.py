"""The host's cost of one small kernel launch on a GPU, by the ways there are to make one.

    python benchmarks/gpu_launch.py [--calls 20000] [--device cuda|standin]

What bounds issue #17's eager `a + b` row (2x2 float32): each line is the CPU time per
call of a loop of `--calls` launches on 2x2 arrays, the device synchronized once at the
end: CuPy's ufunc (`cp.add(a, b)`, and into `out=`), a cached ElementwiseKernel, a
precompiled RawKernel, PyTorch's `a + b` when PyTorch is importable, and eagerflow's
eager `a + b`, `tf.tanh` and `tf.matmul`; the driver's free-memory query, idle and
behind queued work (whether it waits for the device). Then cProfile's top functions by
own time for eagerflow's `a + b`, so the part that is eagerflow's own is seen beside
CuPy's.
Then a small convolution's host cost through cuDNN, in the binding's variant-pack forms,
and the eager guide's `measure` product (1000x1000 float32) by CuPy with and without
TF32 on cuBLAS's handle, PyTorch and eagerflow, each with its host time (to the last
launch) beside its total: whether that row is bound by the host or by the device.
Then eagerflow's eager ops one by one on tiny tensors (`a + b`, relu, a product, a
Python number's product, a sum, a small conv2d; random draws: tf.random.normal, tf.nn.dropout
and a Keras Dropout layer on 32x128) and a tiny dense model's GradientTape
step, each on the default device and on CPU:0: the host's cost per op of the device's
path beside the CPU's (PyTorch's same ops are among the rows above).
`--device standin` runs the eagerflow rows on the strict stand-in, and the cuDNN rows
there through the tests' fake binding (no GPU: the figures are NumPy's, useful only to
check this file's code paths against eagerflow's).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def per_call(fn: Callable, sync: Callable, calls: int) -> float:
    """The best of three: CPU seconds per call of `fn`, synchronized once per loop."""
    fn()
    sync()
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        sync()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def split_call(fn: Callable, sync: Callable, calls: int) -> tuple:
    """(host seconds per call, seconds per call): the best of three loops of `calls`
    calls, timed to the last launch and to the device's end (synchronized once). Host
    time near the total means the host bounds the loop; below it, the device."""
    fn()
    sync()
    best = (float("inf"), float("inf"))
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        launched = time.perf_counter()
        sync()
        end = time.perf_counter()
        best = min(best, ((launched - start) / calls, (end - start) / calls),
                   key=lambda t: t[1])
    return best


def product_rows(calls: int) -> list:
    """The `measure` row's product (1000x1000 float32, `y = x @ x`) by each way there is,
    host and total time per call: whether the row's ratio is the host's or the device's,
    and whether cuBLAS takes TF32 under the handle's math mode as under PyTorch's switch."""
    import cupy as cp
    import numpy as np

    from eagerflow._src.backend import cupy as ef_cupy

    rng = np.random.default_rng(0)
    host = (rng.standard_normal((1000, 1000)) / 1000 ** 0.5).astype(np.float32)
    x = cp.asarray(host)
    sync = cp.cuda.Device().synchronize
    handle = cp.cuda.device.get_cublas_handle()
    rows = []
    for label, mode in (("full float32", cp.cuda.cublas.CUBLAS_DEFAULT_MATH),
                        ("TF32 math mode", ef_cupy._TF32_TENSOR_OP_MATH)):
        cp.cuda.cublas.setMathMode(handle, mode)
        rows.append((f"CuPy x @ x, 1000^2, {label}", split_call(lambda: x @ x, sync, calls)))
    # (CuPy's other ways to the same cuBLAS call, in the handle's TF32 mode still set)
    rows.append(("CuPy cp.matmul(x, x), TF32 math mode",
                 split_call(lambda: cp.matmul(x, x), sync, calls)))
    rows.append(("CuPy x.dot(x), TF32 math mode", split_call(lambda: x.dot(x), sync, calls)))
    cp.cuda.cublas.setMathMode(handle, cp.cuda.cublas.CUBLAS_DEFAULT_MATH)
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:
        t = torch.from_numpy(host).cuda()
        for precision in ("highest", "high"):
            torch.set_float32_matmul_precision(precision)
            rows.append((f"PyTorch x @ x, 1000^2, {precision}",
                         split_call(lambda: t @ t, torch.cuda.synchronize, calls)))
        torch.set_float32_matmul_precision("highest")
    import eagerflow as tf

    e = tf.constant(host)
    for tf32 in (False, True):
        tf.config.experimental.enable_tensor_float_32_execution(tf32)
        rows.append((f"eagerflow tf.matmul, 1000^2, TF32 {'on' if tf32 else 'off'}",
                     split_call(lambda: tf.matmul(e, e), sync, calls)))
    return rows  # (TF32 left on: TF's default)


def cupy_rows(calls: int) -> list:
    import cupy as cp

    a = cp.ones((2, 2), cp.float32)
    b = cp.ones((2, 2), cp.float32)
    out = cp.empty_like(a)
    add = cp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "ef_probe_add")
    raw = cp.RawKernel(r'''extern "C" __global__ void ef_probe_raw(const float* x,
        const float* y, float* z, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) z[i] = x[i] + y[i]; }''', "ef_probe_raw")
    sync = cp.cuda.Device().synchronize
    return [
        ("CuPy cp.add(a, b)", per_call(lambda: cp.add(a, b), sync, calls)),
        ("CuPy a + b", per_call(lambda: a + b, sync, calls)),
        ("CuPy cp.add(a, b, out=c)", per_call(lambda: cp.add(a, b, out=out), sync, calls)),
        ("CuPy ElementwiseKernel(a, b)", per_call(lambda: add(a, b), sync, calls)),
        ("CuPy ElementwiseKernel(a, b, c)", per_call(lambda: add(a, b, out), sync, calls)),
        ("CuPy RawKernel into c", per_call(
            lambda: raw((1,), (32,), (a, b, out, cp.int32(4))), sync, calls)),
        ("CuPy cp.empty((2, 2))", per_call(lambda: cp.empty((2, 2), cp.float32), sync,
                                           calls)),
        ("CuPy cp.tanh(a)", per_call(lambda: cp.tanh(a), sync, calls)),
        ("CuPy a @ b", per_call(lambda: a @ b, sync, calls)),
        *driver_query_rows(cp, sync, calls),
    ]


def driver_query_rows(cp: object, sync: Callable, calls: int) -> list:
    """The driver's free-memory query (cudaMemGetInfo), which CupyBackend.too_big makes
    for an allocation its pool cannot cover, against the pool's own figure: idle, and
    right after a product of ~20 ms was queued (near that product's time, it waited for
    the device: a synchronization)."""
    query = cp.cuda.runtime.memGetInfo
    pool = cp.get_default_memory_pool()
    rows = [("CuPy memGetInfo(), device idle", per_call(query, sync, calls)),
            ("CuPy pool.free_bytes()", per_call(pool.free_bytes, sync, calls))]
    big = cp.ones((8192, 8192), cp.float32)
    big @ big
    sync()
    queued = time.perf_counter()
    big @ big
    start = time.perf_counter()
    query()
    queried = time.perf_counter()
    sync()
    rows += [("CuPy memGetInfo() behind a queued product", queried - start),
             ("  (that product, launch to end)", time.perf_counter() - queued)]
    return rows


def cudnn_rows(calls: int, xp: object = None, sync: Callable | None = None) -> list:
    """A small convolution's forward through eagerflow's cuDNN engine (backend/cudnn.py),
    and its built graph executed with the variant pack in the frontend's other forms:
    what one convolution costs the host. `xp` and `sync`: CuPy's and its device's
    synchronize by default; the stand-in's module (its cuDNN the tests' fake binding,
    --device standin) checks this code against the engine's current API."""
    import numpy as np

    from eagerflow._src import backend as B
    from eagerflow._src.backend.cudnn import filter_krsc as engine_filter

    if xp is None:
        import cupy as xp

        sync = xp.cuda.Device().synchronize
    engine = B.conv_engine(xp, np.float32, 2, 1)
    if engine is None:
        return [("cuDNN: no binding", float("nan"))]
    x = xp.ones((32, 28, 28, 8), np.float32)
    w = xp.ones((3, 3, 8, 16), np.float32)
    wk = xp.ones((16, 3, 3, 8), np.float32)
    out = xp.empty((32, 26, 26, 16), np.float32)
    geo = ((1, 1), (1, 1), ((0, 0), (0, 0)))
    # (the graph Engine.forward runs: (graph, the uids of x, w, y and the bias, its
    # workspace's bytes, the output's shape and dtype); bias and relu off)
    built = engine._built("fprop", x, w, (26, 26), *geo, False, False)
    if built is None:
        why = next(iter(engine.refused.values()), "")
        return [(f"cuDNN: graph refused: {why[:60]}", float("nan"))]
    g, ua, ub, uy, _, workspace_bytes, _, _ = built
    ws = xp.empty(workspace_bytes, np.uint8)
    h = engine.handle
    forms = {
        "cuDNN eagerflow Engine.forward": lambda: engine.forward(x, w, (26, 26), *geo),
        "cuDNN execute({uid: pointer})": lambda: g.execute(
            {ua: x.data.ptr, ub: wk.data.ptr, uy: out.data.ptr}, ws.data.ptr, handle=h),
        "cuDNN execute({uid: array})": lambda: g.execute({ua: x, ub: wk, uy: out}, ws,
                                                         handle=h),
        "cuDNN execute((pointers), tensor_uids=)": lambda: g.execute(
            (x.data.ptr, wk.data.ptr, out.data.ptr), ws.data.ptr, handle=h,
            tensor_uids=(ua, ub, uy)),
        "cuDNN execute((arrays), tensor_uids=)": lambda: g.execute(
            (x, wk, out), ws, handle=h, tensor_uids=(ua, ub, uy)),
        "cuDNN filter copy (O, *K, C)": lambda: engine_filter(xp, w),
        "cuDNN set_stream": lambda: engine.cudnn.set_stream(handle=h,
                                                            stream=engine.stream_ptr()),
    }
    rows = []
    x[...] = xp.asarray(np.random.default_rng(0).standard_normal(x.shape, np.float32))
    wk[...] = xp.asarray(np.random.default_rng(1).standard_normal(wk.shape, np.float32))
    # (the first form: the one eagerflow's engine uses, the others against its result)
    engine.cudnn.set_stream(handle=h, stream=engine.stream_ptr())
    forms["cuDNN execute({uid: pointer})"]()
    want = out.copy()
    for name in ("cuDNN execute({uid: array})", "cuDNN execute((pointers), tensor_uids=)",
                 "cuDNN execute((arrays), tensor_uids=)"):
        try:  # (each form's result against the first's: the largest difference, as "us")
            out[...] = 0
            forms[name]()
            rows.append((f"{name}: max difference", float(xp.abs(out - want).max()) * 1e-6))
        except Exception as e:  # noqa: BLE001 - (as below)
            rows.append((f"{name}: {type(e).__name__}: {str(e)[:60]}", float("nan")))
    for name, fn in forms.items():
        try:
            rows.append((name, per_call(fn, sync, calls // 10)))
        except Exception as e:  # noqa: BLE001 - a form this binding refuses: say so
            rows.append((f"{name}: {type(e).__name__}: {str(e)[:60]}", float("nan")))
    return rows


def standin_cudnn_rows(calls: int) -> list:
    """cudnn_rows on the stand-in, its cuDNN the tests' fake binding (launches.py's
    fake_cudnn: cuDNN's semantics computed with NumPy)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from launches import fake_cudnn

    from eagerflow._src.backend import strict

    fake_cudnn(strict)
    return cudnn_rows(max(calls, 10), strict.xp, lambda: None)


def torch_rows(calls: int) -> list:
    try:
        import torch
    except ImportError:
        return []
    a = torch.ones((2, 2), device="cuda")
    b = torch.ones((2, 2), device="cuda")
    sync = torch.cuda.synchronize
    x = torch.ones((32, 8, 28, 28), device="cuda").to(memory_format=torch.channels_last)
    w = torch.ones((16, 8, 3, 3), device="cuda").to(memory_format=torch.channels_last)
    conv = torch.nn.functional.conv2d
    return [("PyTorch a + b", per_call(lambda: a + b, sync, calls)),
            ("PyTorch torch.relu(a)", per_call(lambda: torch.relu(a), sync, calls)),
            ("PyTorch 0.01 * a", per_call(lambda: 0.01 * a, sync, calls)),
            ("PyTorch a.sum(0)", per_call(lambda: a.sum(0), sync, calls)),
            ("PyTorch MLP 8-16-4 autograd step, batch 4",
             per_call(_torch_mlp_step(torch), sync, max(calls // 50, 10))),
            ("PyTorch torch.tanh(a)", per_call(lambda: torch.tanh(a), sync, calls)),
            ("PyTorch a @ b", per_call(lambda: a @ b, sync, calls)),
            ("PyTorch conv2d (cuDNN, channels_last)", per_call(lambda: conv(x, w), sync,
                                                               calls // 10))]


def op_workloads(tf: object) -> dict:
    """name -> (call, calls per loop, as a fraction of --calls): single eager ops on tiny
    tensors, whose kernels take ~nothing, so that a loop of them times the host's cost per
    op (dispatch, placement, checks, the result's wrapping, the launch), and a tiny dense
    model's GradientTape step; the tensors made under the device scope it is called in."""
    import numpy as np
    from launches import mlp_step

    a = tf.constant([[1.0, -2.0], [3.0, 4.0]])
    c = tf.constant(np.ones((8, 8), "float32"))
    x = tf.constant(np.full((2, 8, 8, 4), 0.5, "float32"))
    k = tf.constant(np.full((3, 3, 4, 8), 0.1, "float32"))
    step, args = mlp_step(tf, 4, 8, 16, 4)
    h = tf.ones([32, 128])
    dropout = tf.keras.layers.Dropout(0.5)
    return {"a + b": (lambda: a + a, 1), "tf.nn.relu(a)": (lambda: tf.nn.relu(a), 1),
            # (random draws: Philox and its conversion are one kernel on a device)
            "tf.random.normal([32, 128])": (lambda: tf.random.normal([32, 128]), 0.1),
            "tf.nn.dropout(32x128, 0.5)": (lambda: tf.nn.dropout(h, 0.5), 0.1),
            "keras Dropout(0.5) 32x128 training": (lambda: dropout(h, training=True), 0.1),
            "tf.matmul(a, a)": (lambda: tf.matmul(a, a), 1),
            "0.01 * c": (lambda: 0.01 * c, 1),
            "tf.reduce_sum(c, axis=0)": (lambda: tf.reduce_sum(c, axis=0), 1),
            "tf.nn.conv2d 2x8x8x4, 3x3x4x8": (lambda: tf.nn.conv2d(x, k, 1, "SAME"), 0.1),
            "MLP 8-16-4 tape step, batch 4": (lambda: step(*args), 0.02)}


def op_rows(calls: int) -> list:
    """(name, seconds per call on the default device, on CPU:0) of each op_workloads row:
    what the device's path costs the host beyond the CPU's, op by op."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import eagerflow as tf

    times = {}
    for device in (None, "CPU:0"):
        with tf.device(device):
            probe = tf.constant(0.0)
            for name, (fn, share) in op_workloads(tf).items():
                times.setdefault(name, []).append(
                    per_call(fn, lambda: probe.numpy(), max(int(calls * share), 10)))
    return [(name, *t) for name, t in times.items()]


def _torch_mlp_step(torch: object) -> Callable:
    """op_workloads' MLP step in PyTorch: the forward, the gradients by autograd, SGD by
    in-place subtraction."""
    gen = torch.Generator(device="cuda").manual_seed(0)
    params = [torch.randn(shape, device="cuda", generator=gen).requires_grad_()
              for shape in ((8, 16), (16,), (16, 4), (4,))]
    x = torch.randn((4, 8), device="cuda", generator=gen)
    y = torch.randint(0, 4, (4,), device="cuda", generator=gen)
    xent = torch.nn.functional.cross_entropy

    def step() -> None:
        w1, b1, w2, b2 = params
        loss = xent(torch.relu(x @ w1 + b1) @ w2 + b2, y)
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p.sub_(0.01 * g)
    return step


def eagerflow_rows(calls: int) -> tuple:
    import eagerflow as tf

    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    b = tf.constant([[0.5, -0.5], [0.25, 1.0]])
    sync = (lambda: a.numpy())
    rows = [(f"eagerflow a + b ({a.device})", per_call(lambda: a + b, sync, calls)),
            ("eagerflow tf.add(a, b)", per_call(lambda: tf.add(a, b), sync, calls)),
            ("eagerflow tf.tanh(a)", per_call(lambda: tf.tanh(a), sync, calls)),
            ("eagerflow tf.matmul(a, b)", per_call(lambda: tf.matmul(a, b), sync, calls))]
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        a + b
    prof.disable()
    text = io.StringIO()
    pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(15)
    lines = text.getvalue().splitlines()
    head = next((i for i, ln in enumerate(lines) if "ncalls" in ln), 0)
    return rows, "\n".join(ln[:160] for ln in lines[head:head + 16])


def main(argv: list | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=20000)
    p.add_argument("--device", default="cuda", choices=["cuda", "standin"])
    a = p.parse_args(argv)
    rows = []
    if a.device == "standin":
        os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
        rows += standin_cudnn_rows(a.calls)
    else:
        rows += cupy_rows(a.calls) + cudnn_rows(a.calls) + torch_rows(a.calls)
    ef, profile = eagerflow_rows(a.calls)
    for name, seconds in rows + ef:
        print(f"{name:42s} {seconds * 1e6:8.2f} us", flush=True)
    if a.device == "cuda":
        print("-- products (host: to the last launch; total: to the device's end):")
        try:
            products = product_rows(max(a.calls // 100, 20))
        except Exception as e:  # noqa: BLE001 - a diagnostic: the other rows stand
            products = [(f"failed: {type(e).__name__}: {str(e)[:80]}", (0.0, 0.0))]
        for name, (host, total) in products:
            print(f"{name:42s} host {host * 1e6:8.2f} us  total {total * 1e6:8.2f} us",
                  flush=True)
    print("-- eagerflow's eager ops, host time per call: on the default device, on CPU:0, "
          "and what the device's path adds:")
    for name, device, cpu in op_rows(a.calls // 4):
        print(f"{name:36s} {device * 1e6:8.2f} us {cpu * 1e6:8.2f} us "
              f"{(device - cpu) * 1e6:+8.2f} us", flush=True)
    print(f"-- cProfile, eagerflow a + b x{a.calls}:\n{profile}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
