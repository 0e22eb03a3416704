"""Conv2D speed: the eager guide's two conv layers, forward + backward, against a matmul.

    python benchmarks/conv.py [--repeats N] [--peers-python PATH] [--no-peers]
    OPENBLAS_NUM_THREADS=1 python benchmarks/conv.py    # single-threaded BLAS

The model is the eager guide's MNIST CNN (Conv2D(16, 3x3, relu) -> Conv2D(16, 3x3, relu)
-> GlobalAveragePooling2D -> Dense(10)), batch 32 of 28x28x1 float32. Timed here:

- "conv layers": forward and backward (gradients for both kernels and biases) of the
  two conv layers (conv2d + bias_add + relu) under a GradientTape;
- "convs only": the same with bare conv2d (what the FLOP count below describes);
- "matmul, same FLOPs": one square float32 matmul with the FLOP count of the convs'
  forward and backward (2 forward convs, 2 filter gradients, 1 input gradient),
  through eagerflow and through raw NumPy, on the same machine in the same process.

- "train step": the whole guide CNN train step (GradientTape + Adam, batch 32), eager
  and in tf.function.

The targets: conv time / matmul time <= 3; the tf.function train step at least as fast
as TensorFlow's, and within 2x of the FLOP limit (NumPy's matmul of the convs' FLOPs);
the eager step no slower than TensorFlow's tf.function step. The same steps also run
under real TensorFlow (and PyTorch when installed) in separate processes. Rows are
timed round-robin within a process, and the frameworks take turns over several rounds;
medians, minimums and median CPU times (the process's, all threads) are reported: on a
shared machine the minimum is the closest to an unloaded time, and CPU time is what a
call costs whatever the load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from guide import guide_model, guide_train_step

ROOT = Path(__file__).resolve().parent.parent
N, H, W, C1, F = 32, 28, 28, 1, 16
FLOPS = 2 * N * 26 * 26 * 9 * C1 * F * 2 + 2 * N * 24 * 24 * 9 * F * F * 3


def _interleaved(fns: dict, repeats: int) -> dict:
    """Times each function `repeats` times, round-robin, so that load from other
    processes hits every row alike; returns median and min per row, of wall time and
    of the process's CPU time (all its threads: what the call cost the machine, which
    other processes' load barely changes)."""
    for fn in fns.values():
        fn()
        fn()
    times: dict = {k: [] for k in fns}
    cpu: dict = {k: [] for k in fns}
    for _ in range(repeats):
        for k, fn in fns.items():
            c = time.process_time()
            t = time.perf_counter()
            fn()
            times[k].append(time.perf_counter() - t)
            cpu[k].append(time.process_time() - c)
    return {k: {"wall": v, "cpu": cpu[k]} for k, v in times.items()}


def _summary(samples: dict) -> dict:
    """Raw samples (one row's, merged over rounds) -> median, min and median CPU."""
    if "error" in samples:
        return samples
    return {"median": float(np.median(samples["wall"])), "min": float(min(samples["wall"])),
            "cpu": float(np.median(samples["cpu"]))}


def _train_step(tf) -> tuple:
    """The eager guide's CNN train step (GradientTape + Adam) on batch 32, and its data."""
    rng = np.random.default_rng(2)
    x = tf.constant(rng.random((N, H, W, C1), dtype=np.float32))
    y = tf.constant(rng.integers(0, 10, N).astype(np.int64))
    return guide_train_step(tf, guide_model(tf, (H, W, C1))), x, y


def _data() -> tuple:
    rng = np.random.default_rng(0)
    x = rng.random((N, H, W, C1), dtype=np.float32)
    k1 = rng.normal(0, 0.3, (3, 3, C1, F)).astype(np.float32)
    k2 = rng.normal(0, 0.1, (3, 3, F, F)).astype(np.float32)
    return x, k1, k2


def bench_tf_like(tf, repeats: int) -> dict:
    """Runs on eagerflow or TensorFlow (the same code)."""
    x0, k1_0, k2_0 = _data()
    x = tf.constant(x0)
    k1, k2 = tf.Variable(k1_0), tf.Variable(k2_0)
    b1, b2 = tf.Variable(np.zeros(F, np.float32)), tf.Variable(np.zeros(F, np.float32))

    def layers() -> list:
        with tf.GradientTape() as tape:
            h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k1, 1, "VALID"), b1))
            h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, k2, 1, "VALID"), b2))
            loss = tf.reduce_mean(h)
        return tape.gradient(loss, [k1, b1, k2, b2])

    def convs() -> list:
        with tf.GradientTape() as tape:
            h = tf.nn.conv2d(tf.nn.conv2d(x, k1, 1, "VALID"), k2, 1, "VALID")
            loss = tf.reduce_sum(h)
        return tape.gradient(loss, [k1, k2])

    n = round((FLOPS / 2) ** (1 / 3))
    a = tf.constant(np.random.default_rng(1).random((n, n), dtype=np.float32))
    fns = {"conv layers": layers, "convs only": convs,
           "matmul, same FLOPs": lambda: tf.matmul(a, a)}
    errors = {}
    try:
        traced = tf.function(layers)
        traced()
        fns["conv layers, tf.function"] = traced
    except Exception as e:  # report, do not hide, a tf.function failure
        errors["conv layers, tf.function"] = {"error": f"{type(e).__name__}: {e}"[:120]}
    step, sx, sy = _train_step(tf)
    fns["train step, eager"] = lambda: step(sx, sy)
    fstep = tf.function(step)
    fns["train step, tf.function"] = lambda: fstep(sx, sy)
    return {**_interleaved(fns, repeats), **errors}


def bench_numpy(repeats: int) -> dict:
    n = round((FLOPS / 2) ** (1 / 3))
    a = np.random.default_rng(1).random((n, n), dtype=np.float32)
    return _interleaved({"matmul, same FLOPs": lambda: a @ a}, repeats)


def bench_torch(repeats: int) -> dict:
    import torch

    x0, k1_0, k2_0 = _data()
    x = torch.tensor(x0).permute(0, 3, 1, 2).contiguous()
    k1 = torch.tensor(k1_0).permute(3, 2, 0, 1).contiguous().requires_grad_()
    k2 = torch.tensor(k2_0).permute(3, 2, 0, 1).contiguous().requires_grad_()
    b1, b2 = torch.zeros(F, requires_grad=True), torch.zeros(F, requires_grad=True)
    conv = torch.nn.functional.conv2d

    def layers() -> tuple:
        h = torch.relu(conv(x, k1, b1))
        h = torch.relu(conv(h, k2, b2))
        return torch.autograd.grad(h.mean(), [k1, b1, k2, b2])

    def convs() -> tuple:
        return torch.autograd.grad(conv(conv(x, k1), k2).sum(), [k1, k2])

    n = round((FLOPS / 2) ** (1 / 3))
    a = torch.rand(n, n)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(C1, F, 3), torch.nn.ReLU(), torch.nn.Conv2d(F, F, 3), torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(F, 10))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    rng = np.random.default_rng(2)
    sx = torch.tensor(rng.random((N, H, W, C1), dtype=np.float32)).permute(0, 3, 1, 2)
    sx = sx.contiguous()
    sy = torch.tensor(rng.integers(0, 10, N).astype(np.int64))

    def step() -> None:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(model(sx), sy).backward()
        opt.step()

    return _interleaved({"conv layers": layers, "convs only": convs,
                         "matmul, same FLOPs": lambda: a @ a, "train step, eager": step},
                        repeats)


def _peer(python: str, impl: str, repeats: int) -> dict | None:
    if not python or not Path(python).exists():
        return None
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}
    r = subprocess.run([python, __file__, "--worker", impl, "--repeats", str(repeats)],
                       capture_output=True, text=True, env=env, cwd=str(ROOT))
    if r.returncode != 0:
        return {"all rows": {"error": (r.stderr.strip().splitlines() or ["failed"])[-1][:200]}}
    return json.loads(r.stdout.strip().splitlines()[-1])


def _ms(d: dict) -> str:
    if "error" in d:
        return f"error ({d['error']})"
    return f"{d['median'] * 1e3:8.2f} ms (min {d['min'] * 1e3:6.2f}; CPU {d['cpu'] * 1e3:6.2f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=30, help="timed calls per row in all")
    ap.add_argument("--rounds", type=int, default=3, help="turns each framework takes")
    ap.add_argument("--peers-python", help="one interpreter with TensorFlow and PyTorch "
                    "(sets both of the next two)")
    ap.add_argument("--tf-python", default=os.environ.get("TF_PYTHON", "/work/tfref/bin/python"))
    ap.add_argument("--torch-python", default=sys.executable)
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.peers_python:
        args.tf_python = args.torch_python = args.peers_python

    if args.worker == "tensorflow":
        import tensorflow as tf

        print(json.dumps(bench_tf_like(tf, args.repeats)))
        return 0
    if args.worker == "torch":
        print(json.dumps(bench_torch(args.repeats)))
        return 0

    sys.path.insert(0, str(ROOT))
    import eagerflow as ef

    print(f"eager guide CNN conv layers, batch {N}, {H}x{W}x{C1}, float32; "
          f"{os.cpu_count()} CPUs; conv FLOPs fwd+bwd = {FLOPS / 1e6:.1f} M")
    runners = {"eagerflow": lambda k: bench_tf_like(ef, k), "numpy": bench_numpy}
    if not args.no_peers:
        if Path(args.tf_python).exists():
            runners["tensorflow"] = lambda k: _peer(args.tf_python, "tensorflow", k)
        has_torch = Path(args.torch_python).exists() and subprocess.run(
            [args.torch_python, "-c", "import torch"], capture_output=True).returncode == 0
        if has_torch:
            runners["torch"] = lambda k: _peer(args.torch_python, "torch", k)
        else:
            print("PyTorch: not installed, skipped")
    # Frameworks take turns, `rounds` times in rotated order, so that a change in the
    # machine's load over the run reaches every framework alike; samples are merged.
    raw: dict = {impl: {} for impl in runners}
    per_round = max(1, args.repeats // args.rounds)
    order = list(runners)
    for k in range(args.rounds):
        for impl in order[k % len(order):] + order[:k % len(order)]:
            got = runners[impl](per_round)
            for row, d in got.items():
                if "error" in d or "error" in raw[impl].get(row, {}):
                    raw[impl][row] = d if "error" in d else raw[impl][row]
                    continue
                acc = raw[impl].setdefault(row, {"wall": [], "cpu": []})
                acc["wall"] += d["wall"]
                acc["cpu"] += d["cpu"]
    results = {impl: {row: _summary(d) for row, d in rows.items()} for impl, rows in raw.items()}
    for impl, rows in results.items():
        for row, d in rows.items():
            print(f"  {impl:11s} {row:28s} {_ms(d)}")
    ef_res = results["eagerflow"]
    print("ratios, from medians (from minimums):")
    for row in ("convs only", "conv layers"):
        r_med = ef_res[row]["median"] / ef_res["matmul, same FLOPs"]["median"]
        r_min = ef_res[row]["min"] / ef_res["matmul, same FLOPs"]["min"]
        r_np = ef_res[row]["min"] / results["numpy"]["matmul, same FLOPs"]["min"]
        r_cpu = ef_res[row]["cpu"] / ef_res["matmul, same FLOPs"]["cpu"]
        print(f"  eagerflow {row} / eagerflow matmul of the same FLOPs: {r_med:.2f}x "
              f"(min {r_min:.2f}x; CPU {r_cpu:.2f}x; target <= 3); / NumPy matmul: "
              f"(min {r_np:.2f}x)")
    tfr = results.get("tensorflow") or {}
    if "train step, tf.function" in tfr and "error" not in tfr["train step, tf.function"]:
        ref = tfr["train step, tf.function"]
        for row in ("train step, eager", "train step, tf.function"):
            print(f"  TF tf.function train step / eagerflow {row}: "
                  f"{ref['median'] / ef_res[row]['median']:.2f}x wall "
                  f"(min {ref['min'] / ef_res[row]['min']:.2f}x; CPU "
                  f"{ref['cpu'] / ef_res[row]['cpu']:.2f}x; target >= 1)")
    for peer in ("tensorflow", "torch"):
        pr = (results.get(peer) or {}).get("train step, eager", {"error": ""})
        if "error" not in pr:
            ef_step = ef_res["train step, eager"]
            print(f"  {peer} eager train step / eagerflow eager train step: "
                  f"{pr['median'] / ef_step['median']:.2f}x wall (min "
                  f"{pr['min'] / ef_step['min']:.2f}x; CPU {pr['cpu'] / ef_step['cpu']:.2f}x)")
    # The FLOP limit: the faster of NumPy's own matmul and eagerflow's (which holds
    # OpenBLAS to one thread on a busy machine, where NumPy's threads can be 30x slower).
    flop_limit = min((results["numpy"]["matmul, same FLOPs"], ef_res["matmul, same FLOPs"]),
                     key=lambda d: d["median"])
    fstep = ef_res["train step, tf.function"]
    print(f"  eagerflow train step, tf.function / 2x the FLOP limit (same-FLOP matmul): "
          f"{fstep['median'] / (2 * flop_limit['median']):.2f} (min "
          f"{fstep['min'] / (2 * flop_limit['min']):.2f}; CPU "
          f"{fstep['cpu'] / (2 * flop_limit['cpu']):.2f}; target <= 1)")
    for peer in ("tensorflow", "torch"):
        pr = results.get(peer)
        if pr and "conv layers" in pr and "error" not in pr["conv layers"]:
            for row in ("convs only", "conv layers"):
                print(f"  {peer} {row} / eagerflow {row}: "
                      f"{pr[row]['median'] / ef_res[row]['median']:.2f}x "
                      f"({pr[row]['min'] / ef_res[row]['min']:.2f}x; above 1: eagerflow is "
                      f"faster)")
            print(f"  {peer} conv layers / its own matmul of the same FLOPs: "
                  f"{pr['conv layers']['median'] / pr['matmul, same FLOPs']['median']:.2f}x "
                  f"({pr['conv layers']['min'] / pr['matmul, same FLOPs']['min']:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
