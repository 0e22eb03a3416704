"""benchmarks/graph_traffic.py: the bytes each kernel of a traced step moves, from the
graph's static shapes (fused groups as one kernel each)."""

import importlib.util
from pathlib import Path

import eagerflow as tf

_SPEC = importlib.util.spec_from_file_location(
    "graph_traffic", Path(__file__).resolve().parents[2] / "benchmarks" / "graph_traffic.py")
graph_traffic = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(graph_traffic)


def _graph(fn, *specs):
    return tf.function(fn).get_concrete_function(*specs).optimized_graph()


def test_a_fused_chain_is_one_kernel_reading_its_inputs_and_writing_its_output():
    g = _graph(lambda x, y: tf.exp(x) * 2.0 + y, tf.TensorSpec((1000,), tf.float32),
               tf.TensorSpec((1000,), tf.float32))
    moved, count = graph_traffic.traffic(g)
    assert dict(moved) == {"fused Exp+Mul+AddV2": 3 * 4000}
    assert dict(count) == {"fused Exp+Mul+AddV2": 1}


def test_other_ops_count_their_inputs_and_outputs():
    g = _graph(lambda x, w: tf.matmul(x, w), tf.TensorSpec((8, 16), tf.float64),
               tf.TensorSpec((16, 4), tf.float64))
    moved, count = graph_traffic.traffic(g)
    assert moved["MatMul"] == (8 * 16 + 16 * 4 + 8 * 4) * 8 and count["MatMul"] == 1


def test_the_guide_cnn_step_is_traced_without_running():
    moved, count = graph_traffic.traffic(graph_traffic.traced_graph(tf, "cnn", 4, 0))
    assert count["_FusedConv2D"] == 2 and count["Conv2DBackpropFilter"] == 2
    # conv 1's forward: the (4, 28, 28, 1) images, its (3, 3, 1, 32) kernel and (32,)
    # bias read, its (4, 26, 26, 32) output written (float32)
    assert moved["_FusedConv2D"] >= (4 * 28 * 28 + 9 * 32 + 32 + 4 * 26 * 26 * 32) * 4
