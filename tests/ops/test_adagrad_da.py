"""TF's AdagradDA ops (ResourceApplyAdagradDA in ops/training_ops.py, ResourceSparseApplyAdagradDA
in ops/sparse_training_ops.py) bit for bit against TF 2.21 (float32, float64; rows of three
values and of one, TF's double loop; unique and repeated indices; with and without L1), TF's
errors word for word (the rows before a bad index updated, as TF's loop leaves them), and
TF 1's AdagradDAOptimizer emitting TF's nodes for dense and IndexedSlices gradients, its
variables and slots after three steps TF's to the bit (adagrad_da_golden.json, recorded by
record_adagrad_da_golden.py from adagrad_da_cases.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import as_recorded
from tests.ops import adagrad_da_cases as C

GOLDEN = json.loads((Path(__file__).parent / "adagrad_da_golden.json").read_text())


@pytest.fixture
def on_host():
    """TF's CPU kernels' bits: the variables on the host whatever the default device (the
    stand-in GPU of `make test-gpu`)."""
    with tf.device("/CPU:0"):
        yield


@pytest.mark.usefixtures("on_host")
@pytest.mark.parametrize("key", sorted(C.CASES))
def test_kernel_is_tfs_bit_for_bit(key):
    assert C.apply(tf, *C.CASES[key]) == GOLDEN["kernels"][key]


@pytest.mark.usefixtures("on_host")
def test_errors_are_tfs():
    ours = C.record_errors(tf)
    for key, (want, after) in GOLDEN["errors"].items():
        assert as_recorded(ours[key][0]) == want, (key, ours[key][0], want)
        assert ours[key][1] == after, key


@pytest.mark.usefixtures("on_host")
def test_optimizer_graph_and_steps_are_tfs():
    ours = C.record_graphs(tf)
    for key, want in GOLDEN["graphs"].items():
        assert ours[key]["nodes"] == want["nodes"], key
        assert ours[key]["vars"] == want["vars"], key
        assert ours[key]["slots"] == want["slots"], key


def test_initial_accumulator_must_be_positive():
    with pytest.raises(ValueError, match="initial_gradient_squared_accumulator_value must be "
                                         "positive: 0.0"):
        tf.compat.v1.train.AdagradDAOptimizer(0.1, None,
                                              initial_gradient_squared_accumulator_value=0.0)


@pytest.mark.parametrize("key", [k for k in sorted(C.CASES) if k.startswith("dense")])
def test_dense_op_on_a_device_is_the_cpus(key):
    """On the strict stand-in GPU (only what CuPy has) the dense op updates its variables
    on the device with the CPU's float operations."""
    from eagerflow._src.core import device as D

    with tf.device("/CPU:0"):
        want = C.apply(tf, *C.CASES[key])
    with D.standin_gpus(1):
        assert tf.constant(1.0).device.endswith("GPU:0")
        assert C.apply(tf, *C.CASES[key]) == want
