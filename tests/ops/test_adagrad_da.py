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


@pytest.mark.parametrize("key", sorted(C.CASES))
def test_kernel_is_tfs_bit_for_bit(key):
    assert C.apply(tf, *C.CASES[key]) == GOLDEN["kernels"][key]


def test_errors_are_tfs():
    ours = C.record_errors(tf)
    for key, (want, after) in GOLDEN["errors"].items():
        assert as_recorded(ours[key][0]) == want, (key, ours[key][0], want)
        assert ours[key][1] == after, key


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
