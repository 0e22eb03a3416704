"""Where a training step's device time goes, kernel by kernel, as the GPU ran them.

    python benchmarks/gpu_kernels.py [-k resnet50] [-k cnn32] [--steps 3] [--quick]
    python benchmarks/gpu_kernels.py --device standin --quick   # the code paths, no GPU

`gpu.py --profile` times each op between CUDA events recorded around its kernel call;
where an op makes several launches with Python between them (a batch norm: five) and
the device waits for the host, those events count the wait too. This tool asks the
device instead: PyTorch's profiler (Kineto over NVIDIA's CUPTI) records every kernel,
copy and fill the process runs on the GPU, CuPy's, cuBLAS's and cuDNN's as well as
PyTorch's, with their start and end on the device. For each row (gpu.py's variants:
cnn32, cnn256, resnet50 by default), eagerflow's step and PyTorch's, in this process one
after the other, with TF32 as gpu.py sets it (`--tf32`), it prints:
- the wall time of a step (timed without the profiler), the device's busy time in a
  step (the union of its kernels' intervals over the profiled steps), and the rest: the
  device idle, waiting for the host;
- the kernels by device time, and the same summed by family (convolutions, products,
  batch norm, copies and fills, ...: by the kernels' names, so a rough grouping);
- for eagerflow, a second profiled pass with each op's kernel call annotated
  (`torch.profiler.record_function`): the device time of the kernels each op launched,
  found through the launch that made each kernel (CUPTI's correlation id). Annotations
  cost host time, so that pass's wall time is not the step's.

It needs PyTorch (the device tool's machine has it; a CPU build runs the code paths,
recording no device activity). eagerflow never imports PyTorch: only this tool does.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import gpu  # noqa: E402

# Chrome-trace categories of what runs on the device, and of the host calls that launch it
DEVICE_CATEGORIES = frozenset(("kernel", "gpu_memcpy", "gpu_memset"))
LAUNCH_CATEGORIES = frozenset(("cuda_runtime", "cuda_driver"))
# Kernel families by words in their (lowercased) names, first match wins; copies and
# fills by category first. A kernel's name is its library's, so this is a rough grouping.
FAMILIES = (
    ("batch norm", ("batch_norm", "batchnorm", "eagerflow_bn_", "welford")),
    # (cuBLAS's Hopper kernels are xmma_gemm too: a convolution's name says which pass)
    ("convolutions", ("conv", "implicit_gemm", "dgrad", "wgrad", "fprop", "cudnn",
                      "winograd", "nchwtonhwc", "nhwctonchw")),
    ("matmuls", ("gemm", "gemv", "cublas", "cutlass", "splitk")),
    ("copies and fills", ("copy", "fill", "memset", "memcpy")),
    ("pooling", ("pool",)),
    ("reductions", ("reduce", "_sum", "softmax", "norm")),
    ("optimizer", ("adam", "sgd", "momentum", "foreach", "multi_tensor")),
)
NOT_IN_AN_OP = "(launched outside any op)"
UNTRACED = "(its launch not traced)"


def family(name: str, category: str = "kernel") -> str:
    if category != "kernel":
        return "copies and fills"
    low = name.lower()
    for label, words in FAMILIES:
        if any(w in low for w in words):
            return label
    return "elementwise and other"


def _innermost(spans: list, ts: float) -> str | None:
    """The name of the shortest (start, end, name) span holding `ts`."""
    best = None
    for start, end, name in spans:
        if start <= ts <= end and (best is None or end - start < best[1] - best[0]):
            best = (start, end, name)
    return None if best is None else best[2]


def summarize(events: list, steps: int) -> dict:
    """What a chrome trace's `events` say about `steps` steps, per step (microseconds):
    the device's busy time (the union of its activities' intervals) and kernel count;
    by kernel name, by family and by the annotated op that launched each kernel (the
    innermost `user_annotation` on the launching thread around the launch of the same
    correlation id), [count, device time, wait]: a kernel's wait is the device's idle
    time just before it started, the host not having launched it yet."""
    device = sorted((e for e in events
                     if e.get("ph") == "X" and e.get("cat") in DEVICE_CATEGORIES),
                    key=lambda e: e["ts"])
    launches = {e["args"]["correlation"]: (e.get("tid"), e["ts"]) for e in events
                if e.get("cat") in LAUNCH_CATEGORIES and "correlation" in e.get("args", {})}
    spans: dict = {}
    for e in events:
        if e.get("cat") == "user_annotation" and e.get("ph") == "X":
            spans.setdefault(e.get("tid"), []).append((e["ts"], e["ts"] + e["dur"], e["name"]))
    tables: dict = {"by_name": {}, "by_family": {}, "by_op": {}}
    reach = waited = 0.0
    for i, e in enumerate(device):
        start, dur = e["ts"], float(e.get("dur", 0.0))
        wait = max(0.0, start - reach) if i else 0.0
        reach = max(reach, start + dur) if i else start + dur
        waited += wait
        keys = [("by_name", e["name"]), ("by_family", family(e["name"], e["cat"]))]
        if spans:
            launch = launches.get(e.get("args", {}).get("correlation"))
            keys.append(("by_op", UNTRACED if launch is None else
                         _innermost(spans.get(launch[0], []), launch[1]) or NOT_IN_AN_OP))
        for table, key in keys:
            row = tables[table].setdefault(key, [0, 0.0, 0.0])
            row[0] += 1
            row[1] += dur
            row[2] += wait
    span = reach - device[0]["ts"] if device else 0.0
    out = {name: {k: [v / steps for v in row] for k, row in table.items()}
           for name, table in tables.items()}
    return {"busy_us": (span - waited) / steps, "kernels": len(device) / steps, **out}


def trace(step: Callable, sync: Callable, steps: int) -> list:
    """The chrome-trace events of `steps` calls of `step` (then `sync`), with the host's
    calls and the device's activity recorded."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    activities = [ProfilerActivity.CPU]
    if torch.cuda.is_available():
        activities.append(ProfilerActivity.CUDA)
    with profile(activities=activities) as prof:
        for _ in range(steps):
            step()
        sync()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "trace.json")
        prof.export_chrome_trace(path)
        with open(path) as f:
            return json.load(f).get("traceEvents", [])


@contextlib.contextmanager
def annotated_ops() -> Iterator[None]:
    """Every eagerflow op's kernel call inside a record_function range of the op's name."""
    from torch.profiler import record_function

    def wrap(op: object, kernel: Callable) -> Callable:
        def run(*args: object, **kwargs: object) -> object:
            with record_function(op.name):
                return kernel(*args, **kwargs)
        return run

    with gpu.wrapped_kernels(wrap):
        yield


def _table(title: str, table: dict, top: int) -> list:
    rows = sorted(table.items(), key=lambda kv: -kv[1][1])
    out = [f"-- {title}, a step: device ms, ms the device waited just before, count"]
    for name, (n, t, w) in rows[:top]:
        out.append(f"  {t / 1e3:9.3f} {w / 1e3:9.3f} {n:7.1f}  {name[:100]}")
    if len(rows) > top:
        n, t, w = (sum(r[k] for _, r in rows[top:]) for k in range(3))
        out.append(f"  {t / 1e3:9.3f} {w / 1e3:9.3f} {n:7.1f}  ({len(rows) - top} more)")
    return out


def report(label: str, wall: float, s: dict, top: int) -> list:
    busy = s["busy_us"] / 1e3
    ms = wall * 1e3
    head = (f"{label}: {ms:.3f} ms a step (wall), the device busy {busy:.3f} ms "
            f"({100 * busy / ms if ms else 0:.0f}%), idle {max(ms - busy, 0):.3f} ms; "
            f"{s['kernels']:.0f} kernels, copies and fills a step")
    if not s["kernels"]:
        return [head + " (no device activity recorded: no CUDA, or no CUPTI, here)"]
    return [head, *_table(f"{label}'s kernels by family", s["by_family"], len(FAMILIES) + 1),
            *_table(f"{label}'s kernels", s["by_name"], top)]


def _at_least(low: int) -> Callable:
    def parse(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        return value
    return parse


def main(argv: list | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-k", action="append", default=[], choices=sorted({r[1] for r in gpu.ROWS}),
                   help="gpu.py's variants to profile (default: cnn32, cnn256, resnet50)")
    p.add_argument("--steps", type=_at_least(1), default=3, help="profiled steps a row")
    p.add_argument("--top", type=_at_least(1), default=15, help="kernels listed a side")
    p.add_argument("--device", default="cuda", choices=["cuda", "standin"])
    p.add_argument("--quick", action="store_true", help="small sizes: the code paths only")
    p.add_argument("--tf32", choices=["on", "off"], default="on")
    p.add_argument("--no-torch-side", action="store_true", help="eagerflow's steps only")
    a = p.parse_args(argv)
    try:
        import torch
    except ImportError:
        print("gpu_kernels.py needs PyTorch (its profiler reads the device's activity)",
              file=sys.stderr)
        return 2
    if a.device == "standin":
        os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
    torch_device = "cuda" if a.device == "cuda" and torch.cuda.is_available() else "cpu"
    sizes = gpu.QUICK if a.quick else gpu.FULL
    gpu.set_tf32("eagerflow", a.tf32 == "on")
    gpu.set_tf32("torch", a.tf32 == "on")
    print(f"device: {a.device} (PyTorch's side on {torch_device}); TF32 {a.tf32}; "
          f"{a.steps} profiled steps a row{' (quick sizes)' if a.quick else ''}", flush=True)
    for variant in a.k or ["cnn32", "cnn256", "resnet50"]:
        print(f"== {variant}", flush=True)
        sides = [("eagerflow", lambda v=variant: gpu.eagerflow_case(v, sizes))]
        if not a.no_torch_side:
            sides.append(("PyTorch", lambda v=variant: gpu.torch_case(
                v.removesuffix("_fn"), sizes, torch_device)))
        for label, make in sides:
            step, sync = make()
            wall = gpu.time_case(step, sync, a.steps)
            s = summarize(trace(step, sync, a.steps), a.steps)
            print("\n".join(report(label, wall, s, a.top)), flush=True)
            if label == "eagerflow":
                with annotated_ops():
                    by_op = summarize(trace(step, sync, a.steps), a.steps)["by_op"]
                if by_op:
                    print("\n".join(_table("eagerflow's device time by op (annotated pass)",
                                           by_op, a.top)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
