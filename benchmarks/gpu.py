"""GPU benchmarks: eagerflow on CuPy side by side with PyTorch CUDA on the same GPU.

    python benchmarks/gpu.py [--rounds N] [-k PATTERN]... [--peers-python PATH]
    python benchmarks/gpu.py --device standin --quick     # the code paths, without a GPU

Each framework runs in its own worker process (this file with `--worker NAME`); the
driver sends every row to both workers in interleaved rounds (A/B, B/A, ...), each
worker times the row's step `repeat` times after a warm-up and waits for the device at
the end of the timed loop (a `.numpy()` / `.item()`, as the eager guide's `measure`
does), and the driver prints medians and, per row, the median ratio of eagerflow's time
to PyTorch's against issue #17's target:

- the eager guide's `measure` loop (1000x1000 matmuls): within 1.2x of PyTorch;
- the guide CNN train step, batch 32 and 256: eager within 1.2x of PyTorch eager, and
  in tf.function faster than PyTorch eager;
- a ResNet-50 train step, batch 64 at 224x224: eager within 1.5x of PyTorch eager;
- eager `a + b`: within 2x of PyTorch.

Both sides run float32 matmuls and convolutions in TensorFloat-32 on GPUs that have it
(`--tf32 on`, TF's default; PyTorch's own default is TF32 for convolutions only), or
neither does (`--tf32 off`).

The guide CNN's batch-256 step in Keras's `mixed_bfloat16` (against PyTorch's bfloat16
autocast) has no target: its rows are measured, not judged.

`--device cpu` or `--device standin` (the strict stand-in posing as a GPU) runs the same
rows on small sizes where no GPU is (tests/test_benchmarks_gpu.py does, so this file's
code paths stay correct in CI); the figures then mean nothing. PyTorch comes from
`--peers-python` (default: this Python) and its rows are skipped when it is absent.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# (row, eagerflow variant, PyTorch variant, target: the largest eagerflow/PyTorch ratio,
# None: measured only)
ROWS = [
    ("eager a + b", "add", "add", 2.0),
    ("measure: 1000x1000 matmul", "matmul", "matmul", 1.2),
    ("guide CNN step, batch 32, eager", "cnn32", "cnn32", 1.2),
    ("guide CNN step, batch 32, tf.function", "cnn32_fn", "cnn32", 1.0),
    ("guide CNN step, batch 256, eager", "cnn256", "cnn256", 1.2),
    ("guide CNN step, batch 256, tf.function", "cnn256_fn", "cnn256", 1.0),
    ("ResNet-50 step, batch 64, 224x224, eager", "resnet50", "resnet50", 1.5),
    ("guide CNN step, batch 256, mixed_bfloat16, eager", "cnn256_bf16", "cnn256_bf16", None),
    ("guide CNN step, batch 256, mixed_bfloat16, tf.function", "cnn256_bf16_fn",
     "cnn256_bf16", None),
    # (last: its trace and capture take longest, and no row waits on it)
    ("ResNet-50 step, batch 64, 224x224, tf.function", "resnet50_fn", "resnet50", None),
]
# Sizes where the figures matter (a GPU), and small ones for the code paths (--quick).
FULL = {"add": 2, "matmul": 1000, "cnn32": (32, 28), "cnn256": (256, 28),
        "resnet50": (64, 224)}
QUICK = {"add": 2, "matmul": 64, "cnn32": (4, 12), "cnn256": (8, 12), "resnet50": (2, 32)}


# ---------------------------------------------------------------------------------------
# eagerflow's side.
# ---------------------------------------------------------------------------------------

def eagerflow_case(variant: str, sizes: dict) -> tuple:
    """(step, sync): `step()` runs the row once; `sync()` waits for the device."""
    import numpy as np

    import eagerflow as tf

    rng = np.random.default_rng(0)
    if variant == "add":
        a = tf.constant(rng.normal(size=(sizes["add"],) * 2).astype("float32"))
        b = tf.constant(rng.normal(size=(sizes["add"],) * 2).astype("float32"))
        out = [a]
        return (lambda: out.__setitem__(0, a + b)), (lambda: out[0].numpy())
    if variant == "matmul":
        n = sizes["matmul"]
        x = [tf.constant(rng.normal(size=(n, n)).astype("float32") / n ** 0.5)]
        return (lambda: x.__setitem__(0, tf.matmul(x[0], x[0]))), (lambda: x[0].numpy())
    if variant.startswith("cnn"):
        batch, side = sizes[variant.split("_")[0]]
        sys.path.insert(0, str(HERE))
        from guide import guide_model, guide_train_step

        if "_bf16" in variant:  # (a layer's policy is the one set when it is made)
            tf.keras.mixed_precision.set_global_policy("mixed_bfloat16")
        try:
            step = guide_train_step(tf, guide_model(tf, (side, side, 1)))
        finally:
            tf.keras.mixed_precision.set_global_policy("float32")
        images = tf.constant(rng.normal(size=(batch, side, side, 1)).astype("float32"))
        labels = tf.constant(rng.integers(0, 10, size=(batch,)).astype("int64"))
        if variant.endswith("_fn"):
            step = tf.function(step)
            GRAPHS[variant] = lambda: graph_state(step, images, labels)
        loss = [None]
        return (lambda: loss.__setitem__(0, step(images, labels))), (lambda: loss[0].numpy())
    if variant.startswith("resnet50"):
        batch, side = sizes["resnet50"]
        model = tf.keras.applications.ResNet50(weights=None, input_shape=(side, side, 3),
                                               classes=10)
        step = _keras_step(tf, model)
        images = tf.constant(rng.normal(size=(batch, side, side, 3)).astype("float32"))
        labels = tf.constant(rng.integers(0, 10, size=(batch,)).astype("int64"))
        if variant.endswith("_fn"):
            step = tf.function(step)
            GRAPHS[variant] = lambda: graph_state(step, images, labels)
        loss = [None]
        return (lambda: loss.__setitem__(0, step(images, labels))), (lambda: loss[0].numpy())
    raise ValueError(variant)


# variant -> what its tf.function's CUDA graph replay did (on unless EAGERFLOW_CUDA_GRAPHS=0)
GRAPHS: dict = {}


def graph_state(fn: object, *args: object) -> str | None:
    """Whether calls of the tf.function `fn` on `args` were replayed as a CUDA graph:
    None when graphs are off, else its captures and launches, or why it was refused."""
    from eagerflow._src.core import device

    cf = fn.get_concrete_function(*args)
    prog = cf._on_device.get((device.current_device().canonical, False))
    replay = getattr(prog, "replay", None)
    if replay is None:
        return None
    if replay.refused:
        return f"CUDA graph refused: {replay.refused}"
    return f"CUDA graph: {replay.captures} captured, {replay.launches} replays"


def _keras_step(tf, model: object) -> Callable:
    optimizer = tf.keras.optimizers.SGD(0.01, momentum=0.9)
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy()

    def step(images, labels):
        with tf.GradientTape() as tape:
            loss = loss_object(labels, model(images, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return step


# ---------------------------------------------------------------------------------------
# PyTorch's side (the same models, NCHW as PyTorch has them).
# ---------------------------------------------------------------------------------------

def torch_case(variant: str, sizes: dict, device: str) -> tuple:
    import torch
    from torch import nn

    gen = torch.Generator().manual_seed(0)

    def randn(*shape: int) -> object:
        return torch.randn(*shape, generator=gen).to(device)

    def sync() -> None:
        if device.startswith("cuda"):
            torch.cuda.synchronize()

    if variant == "add":
        a, b = randn(sizes["add"], sizes["add"]), randn(sizes["add"], sizes["add"])
        return (lambda: a + b), sync
    if variant == "matmul":
        n = sizes["matmul"]
        x = [randn(n, n) / n ** 0.5]
        return (lambda: x.__setitem__(0, torch.matmul(x[0], x[0]))), \
            (lambda: x[0].cpu().numpy())
    autocast = None
    if variant.startswith("cnn"):
        batch, side = sizes[variant.split("_")[0]]
        if "_bf16" in variant:
            autocast = torch.bfloat16
        model = nn.Sequential(nn.Conv2d(1, 16, 3), nn.ReLU(), nn.Conv2d(16, 16, 3), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
        opt = torch.optim.Adam(model.to(device).parameters())
        images = randn(batch, 1, side, side)
    else:
        batch, side = sizes["resnet50"]
        model = _torch_resnet50(nn, 10).to(device)
        opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        images = randn(batch, 3, side, side)
    labels = torch.randint(0, 10, (batch,), generator=gen).to(device)
    loss_fn = nn.CrossEntropyLoss()
    loss = [None]

    def step() -> None:
        opt.zero_grad()
        if autocast is None:
            out = loss_fn(model(images), labels)
        else:  # (PyTorch's mixed precision: the forward in bfloat16, float32 weights)
            with torch.autocast(device.split(":")[0], dtype=autocast):
                out = loss_fn(model(images), labels)
        out.backward()
        opt.step()
        loss[0] = out

    return step, (lambda: loss[0].item())


def _torch_resnet50(nn: object, classes: int) -> object:
    """ResNet-50 (v1.5 strides, as Keras' ResNet50 puts the stride in the 1x1: v1)."""
    try:
        import torchvision

        return torchvision.models.resnet50(num_classes=classes)
    except ImportError:
        pass

    class Bottleneck(nn.Module):
        def __init__(self, cin: int, width: int, stride: int) -> None:
            super().__init__()
            cout = width * 4
            self.body = nn.Sequential(
                nn.Conv2d(cin, width, 1, stride), nn.BatchNorm2d(width), nn.ReLU(),
                nn.Conv2d(width, width, 3, 1, 1), nn.BatchNorm2d(width), nn.ReLU(),
                nn.Conv2d(width, cout, 1), nn.BatchNorm2d(cout))
            self.short = nn.Identity() if cin == cout and stride == 1 else nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride), nn.BatchNorm2d(cout))

        def forward(self, x: object) -> object:
            return (self.body(x) + self.short(x)).relu()

    layers: list = [nn.Conv2d(3, 64, 7, 2, 3), nn.BatchNorm2d(64), nn.ReLU(),
                    nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for width, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        for i in range(blocks):
            layers.append(Bottleneck(cin, width, stride if i == 0 else 1))
            cin = width * 4
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, classes)]
    return nn.Sequential(*layers)


# ---------------------------------------------------------------------------------------
# Workers and the driver.
# ---------------------------------------------------------------------------------------

def time_case(step: Callable, sync: Callable, repeat: int) -> float:
    """Seconds per step: `repeat` steps, then one wait for the device."""
    for _ in range(2):  # warm-up: kernels compiled, memory pools grown, slots made
        step()
    sync()
    start = time.perf_counter()
    for _ in range(repeat):
        step()
    sync()
    return (time.perf_counter() - start) / repeat


def set_tf32(name: str, on: bool) -> None:
    """TensorFloat-32 on or off for every float32 matmul and convolution, alike on both
    sides (TF's default is on; PyTorch's is on for convolutions only)."""
    if name == "eagerflow":
        import eagerflow as tf

        tf.config.experimental.enable_tensor_float_32_execution(on)
    else:
        import torch

        torch.set_float32_matmul_precision("high" if on else "highest")
        torch.backends.cudnn.allow_tf32 = on


def worker(name: str, device: str, quick: bool, tf32: bool = True) -> None:
    """Answers `{"variant": ..., "repeat": n}` lines with `{"seconds": t}` lines."""
    sizes = QUICK if quick else FULL
    if name == "eagerflow" and device == "standin":
        os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
    set_tf32(name, tf32)
    cases: dict = {}
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        variant = req["variant"]
        try:
            if variant not in cases:
                cases[variant] = eagerflow_case(variant, sizes) if name == "eagerflow" else \
                    torch_case(variant, sizes, "cuda" if device == "cuda" else "cpu")
            out = {"seconds": time_case(*cases[variant], req["repeat"])}
            if variant in GRAPHS:
                out["graphs"] = GRAPHS[variant]()
        except Exception as e:  # noqa: BLE001 - reported as the row's failure
            out = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps(out), flush=True)


# ---------------------------------------------------------------------------------------
# --profile: where a step's time goes (Python, copies and host ops, or kernels).
# ---------------------------------------------------------------------------------------

PROFILED = ("cnn256", "resnet50")


def profile(device: str, quick: bool, variants: list) -> None:
    """For these eagerflow steps (by default the CNN b256 and ResNet-50 ones; `-k` picks
    rows): the step's wall time; cProfile's top 25 functions by own time over enough
    steps to fill a second; each op's host time and device time (CUDA events around its
    kernel on a GPU, so the device's queue is never drained; the device synchronized
    after each op on the stand-in), by op and by op and input shapes, with the ops soft
    placement ran on CPU:0 marked; and where the step first waits for the device."""
    import cProfile
    import io
    import pstats

    from eagerflow._src.ops import dispatch

    for variant in variants:
        step, sync = eagerflow_case(variant, QUICK if quick else FULL)
        each = []
        for _ in range(8):
            start = time.perf_counter()
            step()
            sync()
            each.append(time.perf_counter() - start)
        once = min(each)
        print(f"== {variant}: 8 steps from the first, each waited for, ms: "
              f"{' '.join(f'{1e3 * t:.1f}' for t in each)}", flush=True)
        steps = max(1, min(50, int(1.0 / max(once, 1e-4))))
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(steps):
            step()
        sync()
        prof.disable()
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(25)
        lines = text.getvalue().splitlines()
        head = next((i for i, ln in enumerate(lines) if "ncalls" in ln), 0)
        print(f"-- cProfile over {steps} steps (seconds are the whole run's)")
        print("\n".join(ln[:150] for ln in lines[head:head + 26]))
        print(_op_times(dispatch, step, sync, device), flush=True)
        if device == "cuda":
            print(_first_wait(step, sync), flush=True)


def _op_times(dispatch: object, step: Callable, sync: Callable, device: str) -> str:
    """One step with every op's kernel timed: host time around the call, and device time
    between CUDA events recorded before and after it on the current stream (on the
    stand-in, the device synchronized after the call). Each loaded OpDef's kernel is
    wrapped (the fast device path calls it directly, not through run_on); kernels NumPy
    ran are soft placement's. A kernel that calls another op's kernel counts once."""
    import numpy as np

    depth = [0]
    records: list = []  # (op, host, input shapes, host seconds, start event, end event)
    state = dispatch._state
    events = None
    if device == "cuda":
        import cupy

        events = cupy.cuda.Event

    def timed(op: object, kernel: Callable) -> Callable:
        def run(xp: object, *args: object, **kwargs: object) -> object:
            if depth[0]:  # (inside another op's kernel: timed as part of it)
                return kernel(xp, *args, **kwargs)
            host = xp is np
            before = events() if events and not host else None
            if before is not None:
                before.record()
            start = time.perf_counter()
            depth[0] += 1
            try:
                out = kernel(xp, *args, **kwargs)
            finally:
                depth[0] -= 1
            took = time.perf_counter() - start
            after = None
            if before is not None:
                after = events()
                after.record()
            elif not host:
                state.place.backend.synchronize(state.place.physical)
                took = time.perf_counter() - start
            shapes = tuple(tuple(getattr(a, "shape", ())) for a in args)
            records.append((op.name, host, shapes, took, before, after))
            return out
        return run

    with wrapped_kernels(timed):
        start = time.perf_counter()
        step()
        sync()
        wall = time.perf_counter() - start
    by_op: dict = {}
    by_shape: dict = {}
    for name, host, shapes, took, before, after in records:
        dev = cupy_elapsed(before, after) if after is not None else (0.0 if host else took)
        for table, key in ((by_op, (name, host)), (by_shape, (name, host, shapes))):
            n, h, d = table.get(key, (0, 0.0, 0.0))
            table[key] = (n + 1, h + took, d + dev)
    host_total = sum(v[1] for v in by_op.values())
    dev_total = sum(v[2] for v in by_op.values())
    out = [f"-- ops: {wall * 1e3:.1f} ms wall; {len(records)} kernel calls, "
           f"{host_total * 1e3:.1f} ms of host time in them, {dev_total * 1e3:.1f} ms of "
           f"device time{' (events)' if events else ' (synchronized)'}",
           f"{'op':36s} {'calls':>6s} {'host ms':>9s} {'device ms':>10s}  where"]
    for (name, host), (n, h, d) in sorted(by_op.items(), key=lambda kv: -kv[1][2])[:40]:
        out.append(f"{name:36s} {n:6d} {h * 1e3:9.2f} {d * 1e3:10.2f}  "
                   f"{'CPU:0 (soft placement)' if host else ''}")
    out.append("-- the 25 costliest (op, input shapes) by device time")
    for (name, _, shapes), (n, h, d) in sorted(by_shape.items(),
                                                  key=lambda kv: -kv[1][2])[:25]:
        out.append(f"{name:28s} {n:4d} {h * 1e3:8.2f} {d * 1e3:9.2f}  {str(shapes)[:90]}")
    return "\n".join(out)


@contextlib.contextmanager
def wrapped_kernels(wrap: Callable) -> Iterator[None]:
    """Every loaded op's kernel replaced by `wrap(op, kernel)` inside the block (the
    loaded ops are a step's; OpDefs are frozen, so set past their __setattr__). The fast
    device path calls op.kernel itself, so every eager kernel call goes through it."""
    from eagerflow._src.ops.registry import REGISTRY

    kernels = {op: op.kernel for op in dict.values(REGISTRY)}
    for op, kernel in kernels.items():
        object.__setattr__(op, "kernel", wrap(op, kernel))
    try:
        yield
    finally:
        for op, kernel in kernels.items():
            object.__setattr__(op, "kernel", kernel)


def cupy_elapsed(before: object, after: object) -> float:
    """Seconds between two recorded CUDA events (waits for the later one)."""
    import cupy

    after.synchronize()
    return cupy.cuda.get_elapsed_time(before, after) / 1e3


def _first_wait(step: Callable, sync: Callable) -> str:
    """Where one step first waits for the device as CuPy's synchronization guard sees
    it (CuPy deprecates the guard: it misses some waits), as the innermost frames of
    eagerflow's code that led there."""
    import traceback

    import cupyx

    sync()
    try:
        with cupyx.allow_synchronize(False):
            step()
    except Exception as e:  # noqa: BLE001 - the guard's DeviceSynchronized, or other
        frames = [f for f in traceback.extract_tb(e.__traceback__) if "eagerflow" in f.filename]
        where = "\n".join(f"  {f.filename.split('eagerflow/', 1)[-1]}:{f.lineno} {f.name}"
                          for f in frames[-6:])
        return f"-- first wait for the device in a step: {type(e).__name__}\n{where}"
    finally:
        sync()
    return ("-- CuPy's synchronization guard saw no wait for the device in a step (it "
            "cannot see every kind)")


class Worker:
    def __init__(self, name: str, python: str, device: str, quick: bool, tf32: str) -> None:
        args = [python, str(Path(__file__).resolve()), "--worker", name, "--device", device,
                "--tf32", tf32]
        self.proc = subprocess.Popen(args + (["--quick"] if quick else []),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONPATH": os.pathsep.join(
                                         p for p in (str(ROOT), os.environ.get("PYTHONPATH"))
                                         if p)})
        first = self.proc.stdout.readline()
        self.ok = bool(first) and json.loads(first).get("ready", False)

    def run(self, variant: str, repeat: int) -> dict:
        self.proc.stdin.write(json.dumps({"variant": variant, "repeat": repeat}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        return json.loads(line) if line else {"error": "the worker process died"}

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def _has_torch(python: str) -> bool:
    return subprocess.run([python, "-c", "import torch"], capture_output=True).returncode == 0


def main(argv: list | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--worker")
    p.add_argument("--device", default="cuda", choices=["cuda", "cpu", "standin"])
    p.add_argument("--quick", action="store_true", help="small sizes: the code paths only")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--repeat", type=int, default=0, help="steps per timing (0: by row)")
    p.add_argument("-k", action="append", default=[], help="rows whose name has this")
    p.add_argument("--peers-python", default=sys.executable)
    p.add_argument("--tf32", choices=["on", "off"], default="on",
                   help="TensorFloat-32 for float32 matmuls and convolutions, both sides "
                        "(on: TF's default)")
    p.add_argument("--profile", action="store_true",
                   help="profile the CNN b256 and ResNet-50 steps, or the rows -k names "
                        "(no timing rows)")
    args = p.parse_args(argv)
    if args.profile:
        if args.device == "standin":  # (before set_tf32 imports eagerflow)
            os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
        chosen = [r[1] for r in ROWS if any(k in r[0] for k in args.k)]
        set_tf32("eagerflow", args.tf32 == "on")
        profile(args.device, args.quick, chosen or list(PROFILED))
        return 0
    if args.worker:
        worker(args.worker, args.device, args.quick, args.tf32 == "on")
        return 0
    rows = [r for r in ROWS if not args.k or any(k in r[0] for k in args.k)]
    ef = Worker("eagerflow", sys.executable, args.device, args.quick, args.tf32)
    pt = Worker("torch", args.peers_python, args.device, args.quick, args.tf32) \
        if _has_torch(args.peers_python) else None
    print(f"device: {args.device}{' (quick sizes)' if args.quick else ''}; PyTorch: "
          f"{'yes' if pt else 'absent, its rows skipped'}; {args.rounds} rounds; "
          f"TF32 {args.tf32} on both sides")
    failed = errors = 0
    try:
        for name, ef_variant, pt_variant, target in rows:
            repeat = args.repeat or (1000 if ef_variant == "add" else
                                     20 if ef_variant == "matmul" else 5)
            times: dict = {"eagerflow": [], "torch": []}
            ratios = []
            error = graphs = None
            for r in range(args.rounds):
                order = [("eagerflow", ef, ef_variant), ("torch", pt, pt_variant)]
                for who, w, variant in (order if r % 2 == 0 else order[::-1]):
                    if w is None or error:
                        continue
                    res = w.run(variant, repeat)
                    if "error" in res:
                        error = f"{who}: {res['error']}"
                    else:
                        times[who].append(res["seconds"])
                        graphs = res.get("graphs") or graphs
                if pt is not None and not error:
                    ratios.append(times["eagerflow"][-1] / times["torch"][-1])
            if error:  # the row fails; the others still run
                errors += 1
                print(f"{name:56s} ERROR ({error})", flush=True)
                continue
            line = f"{name:56s} eagerflow {statistics.median(times['eagerflow']) * 1e3:9.3f} ms"
            if ratios:
                ratio = statistics.median(ratios)
                line += (f"  PyTorch {statistics.median(times['torch']) * 1e3:9.3f} ms  ratio "
                         f"{ratio:5.2f}x ({min(ratios):.2f}-{max(ratios):.2f})")
                if target is not None:
                    met = ratio <= target
                    failed += not met
                    line += f", target <= {target}x: {'met' if met else 'NOT met'}"
            print(line + (f"  [{graphs}]" if graphs else ""), flush=True)
    finally:
        ef.close()
        if pt is not None:
            pt.close()
    return 1 if errors or (failed and args.device == "cuda") else 0


if __name__ == "__main__":
    sys.exit(main())
