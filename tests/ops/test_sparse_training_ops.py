"""TF's sparse training ops (ops/sparse_training_ops.py) and ResourceScatterAdd: each kernel
bit for bit against TF 2.21 (float16 where TF has a kernel, float32, float64; rows of three
values and of one, TF's loop of scalars; unique and repeated indices; two steps), TF's kernel
errors word for word with the variables left as TF leaves them (rows before a bad index
updated by the kernels that check in turn), and TF 1's optimizers emitting TF's sparse nodes
for IndexedSlices gradients, node for node, their variables and slots TF's to the bit
(sparse_training_ops_golden.json, recorded by record_sparse_training_ops_golden.py from
sparse_training_ops_cases.py)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded
from tests.gpu_target import gpu_kernels_differ
from tests.ops import sparse_training_ops_cases as C

GOLDEN = json.loads((Path(__file__).parent / "sparse_training_ops_golden.json").read_text())
KERNELS = sorted(GOLDEN["kernels"])


def _values(recorded: dict) -> np.ndarray:
    view = {"float16": np.uint16, "float32": np.uint32, "float64": np.uint64}
    return np.asarray(recorded["bits"], view[recorded["dtype"]]).view(
        recorded["dtype"]).reshape(recorded["shape"])


@pytest.mark.parametrize("key", KERNELS)
def test_kernel_is_tfs_bit_for_bit(key):
    op, i = key.split("-")[:2]
    power, shape, ids, dtype = key[len(op) + len(i) + 2:].rsplit("-", 3)
    i, power = int(i), float(power)
    flags = C.FLAGS.get(op, [{}])[i]
    got = C.apply(tf, op, dtype, C.SHAPES[shape], C.INDICES[ids], flags, power)
    want = GOLDEN["kernels"][key]
    if power == -0.5 or dtype == "float16" or shape == "scalars":
        assert got == want
        return
    # Eigen's own pow over a row's whole packets is not reproduced; rows of 3 values have
    # none, so TF's bits here too
    for k in got:
        assert got[k] == want[k], k


def test_kernel_errors_are_tfs():
    ours = C.record_errors(tf)
    for key, (want, after) in GOLDEN["errors"].items():
        got, got_after = ours[key]
        assert as_recorded(got) == want, (key, got, want)
        assert got_after == after, key


def test_scatter_add_is_tfs():
    ours = C.record_scatter(tf)
    for key, want in GOLDEN["scatter"].items():
        if gpu_kernels_differ(want):  # (TF's CPU kernel's check: its GPU kernel skips)
            with tf.device("/CPU:0"):
                got = C.record_scatter(tf)[key]
            assert [as_recorded(got[0]), got[1]] == want, key
        elif isinstance(want, list):
            assert [as_recorded(ours[key][0]), ours[key][1]] == want, key
        else:
            assert ours[key] == want, key


@pytest.mark.parametrize("key", sorted(GOLDEN["graphs"]))
def test_v1_optimizer_sparse_graphs_are_tfs(key):
    ours = C.record_graphs(tf, {key: C.OPTIMIZERS[key]})[key]
    want = GOLDEN["graphs"][key]
    assert ours["nodes"] == want["nodes"]
    if not key.startswith("adam"):
        assert ours["vars"] == want["vars"]
        assert ours["slots"] == want["slots"]
        return
    # TF's Grappler (its constant folding) rewrites sparse Adam's graph so that its table
    # and v land 2 ulps from what the graph says (with constant folding off, TF's graph
    # gives its eager values): ours are TF's eager values to the bit, and within float32
    # rounding of TF's rewritten graph's
    eager = GOLDEN["eager"][key]
    assert ours["vars"] == {"table": eager["table"], "bias": eager["bias"]}
    for name, got in {**ours["vars"], **ours["slots"]}.items():
        recorded = {**want["vars"], **want["slots"]}[name]
        np.testing.assert_allclose(_values(got), _values(recorded), rtol=1e-6, atol=1e-7)


def test_v1_optimizers_sparse_steps_eagerly_are_tfs():
    assert C.record_eager(tf) == GOLDEN["eager"]


def test_graph_build_refusals_are_tfs_shape_errors():
    assert C.record_graph_errors(tf) == GOLDEN["graph_errors"]


def test_in_tf_function_and_session():
    """Traced in a tf.function, and in a TF 1 graph whose Session runs it, the op updates
    as eagerly; an index out of range is the kernel's error when the graph runs."""
    var, ten = C.inputs("ResourceSparseApplyAdagrad", "float32", (6, 3), [4, 0, 2])
    want = C.apply(tf, "ResourceSparseApplyAdagrad", "float32", (6, 3), [4, 0, 2], {},
                   steps=1)
    v, a = tf.Variable(var["var"]), tf.Variable(var["accum"])

    @tf.function
    def step(grad, ids):
        tf.raw_ops.ResourceSparseApplyAdagrad(var=v.handle, accum=a.handle, lr=ten["lr"],
                                              grad=grad, indices=ids)

    step(tf.constant(ten["grad"]), tf.constant(ten["indices"]))
    assert C.bits(v.numpy()) == want["var"] and C.bits(a.numpy()) == want["accum"]
    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        gv = tf1.get_variable("v", initializer=var["var"])
        ga = tf1.get_variable("a", initializer=var["accum"])
        ids = tf1.placeholder(tf.int32, [None])
        op = tf.raw_ops.ResourceSparseApplyAdagrad(var=gv.handle, accum=ga.handle,
                                                   lr=ten["lr"], grad=ten["grad"], indices=ids)
        assert op.type == "ResourceSparseApplyAdagrad"
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            sess.run(op, {ids: ten["indices"]})
            assert C.bits(sess.run(gv)) == want["var"]
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="Index 9 at offset 1 in indices is out of range"):
                sess.run(op, {ids: [1, 9, 2]})


@pytest.mark.parametrize("op", ["ResourceSparseApplyMomentum", "ResourceSparseApplyFtrl"])
def test_kernels_run_where_the_variable_lives(op):
    """With a GPU as the default device (the strict stand-in), the rows are updated on the
    variables' device, TF's values either way."""
    from eagerflow._src.backend.strict import StrictArray
    from eagerflow._src.core import device

    var, ten = C.inputs(op, "float32", (6, 3), [1, 3, 1, 5, 1])
    want = C.apply(tf, op, "float32", (6, 3), [1, 3, 1, 5, 1], {}, steps=1)
    with device.standin_gpus(1):
        for scope, kind in (("/GPU:0", StrictArray), ("/CPU:0", np.ndarray)):
            with tf.device(scope):
                vs = {n: tf.Variable(a) for n, a in var.items()}
            getattr(tf.raw_ops, op)(**{n: v.handle for n, v in vs.items()}, **ten)
            for n, v in vs.items():
                assert type(v._arr) is kind and v.device.endswith(scope[1:]), (scope, n)
                assert C.bits(v.numpy()) == want[n], (scope, n)
