"""The host's cost of one tf.function call on a GPU: what bounds steps of small kernels.

    python benchmarks/device_overhead.py [--ops 200] [--calls 2000] [--device standin]

A function of `--ops` small elementwise and matmul ops on 2x2 tensors (chained so no two
elementwise neighbours fuse, and every op is a kernel call) is traced once, then called
`--calls` times; the figures are the CPU time per call and the Python bytecodes executed
per call (counted with sys.settrace's opcode events over one call), both per op too.
On the strict stand-in (`--device standin`, the default: no GPU needed) the kernels are
NumPy's, so the figures are the device program's own overhead plus NumPy's small-array
cost; on a GPU (`--device cuda`) kernel launches are asynchronous and the CPU time per
call is what the host spends launching them.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def build(tf: object, n_ops: int, elementwise: bool = False) -> tuple:
    """The traced function and its arguments: `n_ops` ops, each feeding the next (with
    `elementwise`, a product by `w` instead of the matmul: no cuBLAS; a captured CUDA
    graph takes either, its matmuls as the captured product kernel)."""
    w = tf.constant([[0.5, -0.25], [0.125, 0.75]])

    @tf.function
    def f(x: object) -> object:
        for i in range(n_ops // 4):
            # a library call (cuBLAS on a GPU): never fused
            x = x * w if elementwise else tf.matmul(x, w)
            x = tf.tanh(x)
            x = tf.reduce_max(x, axis=0, keepdims=True) + x  # Max: not fusable, splits chains
            x = x * (1.0 + 0.01 * i)
        return x

    return f, (tf.constant([[1.0, 2.0], [3.0, 4.0]]),)


def place_of(f: str) -> str:
    """Where code of file `f` belongs: the generated step, the strict stand-in's array
    wrapper (CuPy's C code on a GPU), the rest of eagerflow (kernels, the call's own
    plumbing), other Python."""
    return "generated" if f.startswith("<tf.function") else \
        "stand-in" if "backend/strict" in f else \
        "eagerflow" if "eagerflow" in f else "other"


def count_bytecodes(fn: object, args: tuple, place: object = place_of,
                    places: tuple = ("generated", "stand-in", "eagerflow", "other")) -> dict:
    """Bytecodes executed by one call of fn(*args) (NumPy's C code not), by `place` of
    the file they ran in (one of `places`)."""
    n = dict.fromkeys(places, 0)
    for code, k in bytecodes_by_code(fn, args).items():
        n[place(code.co_filename)] += k
    return n


def bytecodes_by_code(fn: object, args: tuple) -> collections.Counter:
    """The bytecodes one call of fn(*args) executes, by code object: sys.settrace's opcode
    events, or sys.monitoring's INSTRUCTION events on Python 3.12+, whose sys.settrace
    sends opcode events only where some frame asked for them before it was called (a GPU
    machine's 3.12 counted 0)."""
    by_code: collections.Counter = collections.Counter()
    if sys.version_info >= (3, 12):
        return _count_monitored(fn, args, by_code)

    def tracer(frame: object, event: str, arg: object) -> object:
        frame.f_trace_opcodes = True
        if event == "opcode":
            by_code[frame.f_code] += 1
        return tracer

    sys.settrace(tracer)
    try:
        fn(*args)
    finally:
        sys.settrace(None)
    return by_code


def _count_monitored(fn: object, args: tuple,
                     by_code: collections.Counter) -> collections.Counter:
    """bytecodes_by_code through sys.monitoring's INSTRUCTION events (Python 3.12+)."""
    mon = sys.monitoring
    tool = next(i for i in range(6) if mon.get_tool(i) is None)
    event = mon.events.INSTRUCTION

    def instruction(code: object, offset: int) -> None:
        by_code[code] += 1

    mon.use_tool_id(tool, "eagerflow bytecode count")
    mon.register_callback(tool, event, instruction)
    mon.set_events(tool, event)
    try:
        fn(*args)
    finally:
        mon.set_events(tool, 0)
        mon.register_callback(tool, event, None)
        mon.free_tool_id(tool)
    return by_code


def main(argv: list | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ops", type=int, default=200)
    p.add_argument("--calls", type=int, default=2000)
    p.add_argument("--device", default="standin", choices=["standin", "cuda"])
    p.add_argument("--elementwise", action="store_true", help="no matmul (no cuBLAS)")
    p.add_argument("--cuda-graphs", action="store_true",
                   help="replay calls as CUDA graphs, tf.function's default on a GPU (the "
                   "stand-in's emulation without one); without it they are off, and the "
                   "generated code's cost per op is measured")
    a = p.parse_args(argv)
    if a.device == "standin":
        os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
    os.environ["EAGERFLOW_CUDA_GRAPHS"] = "1" if a.cuda_graphs else "0"
    import eagerflow as tf

    f, args = build(tf, a.ops, a.elementwise)
    out = f(*args)
    out.numpy()
    for _ in range(20):  # warm: compiled, caches filled
        f(*args)
    by_place = count_bytecodes(f, args)
    codes = sum(by_place.values())
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(a.calls):
            out = f(*args)
        out.numpy()
        best = min(best, (time.process_time() - t0) / a.calls)
    print(f"device {out.device}, {a.ops} ops: {best * 1e6:.0f} us CPU per call "
          f"({best * 1e6 / a.ops:.2f} us per op), {codes} bytecodes per call "
          f"({codes / a.ops:.0f} per op; by where: "
          f"{', '.join(f'{k} {v / a.ops:.0f}' for k, v in by_place.items())})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
