"""The bytes each kernel of a traced training step reads and writes, from the graph's static
shapes alone: where a device-bound step's time goes, without a GPU.

    python benchmarks/graph_traffic.py [--model resnet50|cnn] [--batch 64] [--side 224]
                                       [--top 30]

A step replayed as one CUDA graph has no host cost left: it takes its kernels' device time,
which for everything but the convolutions and products is memory traffic. This traces
benchmarks/gpu.py's step (Keras's ResNet-50 with SGD and momentum, or the guide's CNN with
Adam) at the given sizes without running it, plans the GPU's fusion over the optimized
graph as a device program would (graph/fusion.py), and counts for each kernel the bytes
of its inputs and outputs: a fused group's external inputs and its one output, any other
op's inputs and outputs (a read of a broadcast or a small operand counts in full: an upper
bound). At an H200's ~4 TB/s, 4 GB is about a millisecond.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def traced_graph(tf: object, model: str, batch: int, side: int) -> object:
    """The optimized graph of the model's training step, traced for these sizes."""
    import gpu
    from guide import guide_model, guide_train_step

    if model == "resnet50":
        net = tf.keras.applications.ResNet50(weights=None, input_shape=(side, side, 3),
                                             classes=10)
        step, shape = gpu._keras_step(tf, net), (batch, side, side, 3)
    else:
        step, shape = guide_train_step(tf, guide_model(tf)), (batch, 28, 28, 1)
    fn = tf.function(step)
    cf = fn.get_concrete_function(tf.TensorSpec(shape, tf.float32),
                                  tf.TensorSpec((batch,), tf.int64))
    return cf.optimized_graph()


def _bytes(t: object) -> int:
    shape, dtype = getattr(t, "_shape", None), getattr(t, "_dtype", None)
    if shape is None or None in shape or dtype is None or dtype._np is None:
        return 0
    return int(np.prod(shape)) * dtype._np.itemsize


def traffic(graph: object) -> tuple:
    """({kernel kind: bytes}, {kernel kind: count}): fused groups by their ops, the other
    ops by name; placeholders and constants are no kernels."""
    from eagerflow._src.graph import fusion
    from eagerflow._src.graph.ir import CONST, PLACEHOLDER

    group_of = {}
    for g in fusion.plan(graph):
        for node in g.nodes + ([g.reduction] if g.reduction is not None else []):
            group_of[id(node)] = g
    moved, count, done = collections.Counter(), collections.Counter(), set()
    for node in graph.operations:
        if node.op is CONST or node.op is PLACEHOLDER:
            continue
        g = group_of.get(id(node))
        if g is None:
            kind = node.op.name
            n = sum(map(_bytes, node.inputs)) + sum(map(_bytes, node.outputs))
        elif id(g) in done:
            continue
        else:
            done.add(id(g))
            kind = "fused " + "+".join(g.ops)
            n = sum(map(_bytes, g.inputs)) + _bytes(g.output)
        moved[kind] += n
        count[kind] += 1
    return moved, count


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", choices=["resnet50", "cnn"], default="resnet50")
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--side", type=int, default=224, help="ResNet-50's image side")
    p.add_argument("--top", type=int, default=30)
    a = p.parse_args()
    import eagerflow as tf

    graph = traced_graph(tf, a.model, a.batch, a.side)
    moved, count = traffic(graph)
    total = sum(moved.values())
    print(f"{a.model}, batch {a.batch}: {len(graph.operations)} ops, "
          f"{sum(count.values())} kernels, {total / 1e9:.2f} GB read and written a step")
    for kind, n in moved.most_common(a.top):
        print(f"{n / 1e9:9.3f} GB {100 * n / max(total, 1):5.1f}% {count[kind]:6d}  {kind}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
