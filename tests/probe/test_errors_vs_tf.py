"""Common mistakes below Keras raise TF 2.21's errors: the class and the first line of the
message recorded from TF (errors_golden.json, by record_errors_golden.py) for each of
error_cases.py's expressions, eager and traced."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.gpu_target import on_recording_device
from tests.probe.error_cases import CASES, outcome

GOLDEN = json.loads(Path(__file__).with_name("errors_golden.json").read_text())["cases"]


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


def _either_attr(case: dict) -> dict:
    """TF names either list attr of an empty dataset function's output, from run to run
    (its op's attrs are checked in no fixed order): the two words read as one."""
    if "message" in case:
        case = dict(case, message=case["message"].replace("'output_types'", "'output_shapes'"))
    return case


@pytest.mark.parametrize("expr", CASES)
def test_raises_tf_error(expr):
    with on_recording_device(expr, GOLDEN[expr]):  # (by its code too: saturate_cast)
        got = outcome(tf, np, expr)
    # (an eager op's error names the device it ran on)
    assert _either_attr(recorded_outcome(got)) == _either_attr(GOLDEN[expr])


def test_sparse_times_dense_differentiates_by_the_dense_operand():
    # TF 2.21: d sum(sp * v) / dv = [0, 1, 0, 2] (SparseDenseCwiseMul's gradient)
    st = tf.sparse.SparseTensor([[0, 1], [2, 3]], [1.0, 2.0], [3, 4])
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    with tf.GradientTape() as tape:
        y = tf.sparse.reduce_sum(st * v)
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [0.0, 1.0, 0.0, 2.0])


def test_bool_of_a_symbolic_tensor_keeps_its_class_through_autograph():
    # TF 2.21 restates it "in user code" as OperatorNotAllowedInGraphError (a TypeError),
    # not as a StagingError
    @tf.function
    def f(x):
        return bool(x)

    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as info:
        f(tf.constant(True))
    assert str(info.value).startswith("in user code:")
    assert "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed" in str(info.value)


def test_a_ragged_tensor_is_watched_and_differentiated_as_tf_does():
    # TF 2.21: <tf.RaggedTensor [[2.0, 4.0], [6.0]]> for d sum(rt * rt) / d rt, and None
    # for a ragged source the target does not depend on
    rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(rt)
        y = tf.reduce_sum(rt * rt)
    g = tape.gradient(y, rt)
    assert isinstance(g, tf.RaggedTensor)
    assert g.to_list() == [[2.0, 4.0], [6.0]]
    assert tape.gradient(y, tf.ragged.constant([[1.0]])) is None
    both = tape.gradient(y, {"r": rt, "flat": rt.flat_values})
    assert both["r"].to_list() == [[2.0, 4.0], [6.0]]
    np.testing.assert_array_equal(both["flat"].numpy(), [2.0, 4.0, 6.0])
