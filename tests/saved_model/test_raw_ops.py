"""tf.raw_ops: TF's keyword-only op functions, run as the registry's ops.

The calls of raw_ops_cases.CASES give TF 2.21's recorded values, structures and errors;
every registered op whose TF node maps onto it name for name runs through its raw op on
its own samples and gives what the op gives; the functions' names and parameters are
TF's; gradients flow and tf.function traces them.
"""

import inspect
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.saved_model import raw_ops, tf_ops
from eagerflow._src.testing.op_harness import sample_device
from tests.gpu_target import on_recording_device
from tests.saved_model.raw_ops_cases import CASES, error, record

GOLDEN = json.loads((Path(__file__).parent / "golden" / "raw_ops.json").read_text())


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_calls_give_tf_results_and_errors(expr):
    try:
        with on_recording_device(GOLDEN[expr]):  # (TF's CPU checks a GPU's kernels skip)
            got = record(eval(expr, {"tf": tf, "np": np}))
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        got = error(e)
    _same(got, GOLDEN[expr])


def _same(got, want):
    """Equal, but float values to a few ulps (kernels may round differently from TF's)."""
    if isinstance(want, dict) and "value" in want and want["dtype"].startswith("float"):
        assert {k: got[k] for k in ("dtype", "shape")} == {k: want[k] for k in ("dtype", "shape")}
        np.testing.assert_allclose(got["value"], want["value"], rtol=1e-6)
    elif isinstance(want, dict) and "fields" in want:
        assert got["type"] == want["type"] and list(got["fields"]) == list(want["fields"])
        for k in want["fields"]:
            _same(got["fields"][k], want["fields"][k])
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
    else:
        assert got == want


def _direct_kwargs(op, sample):
    """tf.raw_ops kwargs for a sample of an op whose TF node is the op, name for name: its
    inputs in order, its attrs by name (None where that does not hold)."""
    if op.tf is not None:
        return None
    fn = raw_ops.raw_op(op.name)
    tf_inputs = tf_ops.op_def(op.name).input_arg
    if len(tf_inputs) != len(sample.inputs) or \
            any(a.number_attr or a.type_list_attr for a in tf_inputs):
        return None
    by_arg = {arg: p for p, arg in fn.params.items()}
    if any(k not in by_arg for k in sample.attrs):
        return None
    kwargs = {by_arg[a.name]: tf.constant(x) for a, x in zip(tf_inputs, sample.inputs)}
    kwargs.update({by_arg[k]: v for k, v in sample.attrs.items()})
    return kwargs


def test_registered_ops_run_as_their_raw_ops():
    covered = 0
    for name in raw_ops.names():
        op = REGISTRY.get(name)
        if op is None or not op.samples:
            continue
        sample = op.samples[0]
        kwargs = _direct_kwargs(op, sample)
        if kwargs is None:
            continue
        with sample_device(sample):  # (a GPU's for an op TF's CPU has no kernel for)
            want = bind(op, tuple(tf.constant(x) for x in sample.inputs), sample.attrs)
            got = getattr(tf.raw_ops, name)(**kwargs)
        got = list(got) if isinstance(got, tuple) else got
        want = list(want) if isinstance(want, tuple) else want
        for g, w in zip(tf.nest.flatten(got), tf.nest.flatten(want)):
            assert g.dtype == w.dtype, name
            if w.dtype == tf.variant:  # (a TensorMap's value: no NumPy form)
                assert g._arr[()] == w._arr[()], name
            elif not op.stateful:
                np.testing.assert_array_equal(g.numpy(), w.numpy(), err_msg=name)
        covered += 1
    assert covered >= 150, covered


def test_ops_registered_above_ops_are_raw_ops_in_a_fresh_process():
    """The summary ops (registered by summary/, which the registry cannot load by name)
    are tf.raw_ops functions before anything imported tf.summary (tests/conftest.py
    imports it here, so a fresh interpreter asks)."""
    code = ("import eagerflow as tf\n"
            "names = ('TensorSummaryV2', 'ScalarSummary', 'HistogramSummary', 'MergeSummary',"
            " 'ImageSummary', 'AudioSummaryV2')\n"
            "print([n for n in names if n not in dir(tf.raw_ops)])\n"
            "print(tf.raw_ops.ScalarSummary(tags='a', values=1.5).numpy())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()
    assert out == ["[]", repr(b"\n\x08\n\x01a\x15\x00\x00\xc0?")]


def test_names_and_signatures_are_tfs():
    assert len(dir(tf.raw_ops)) == len(raw_ops.names()) > 250
    assert "AddV2" in dir(tf.raw_ops) and "ReadVariableOp" in dir(tf.raw_ops)
    assert "ResourceGather" in dir(tf.raw_ops)  # (on a handle: v.handle)
    assert str(inspect.signature(tf.raw_ops.Sum)) == "(input, axis, keep_dims=False, name=None)"
    assert tf.raw_ops.Sum.__name__ == "_sum" and tf.raw_ops.Conv2D.__name__ == "conv2d"
    assert str(inspect.signature(tf.raw_ops.TopKV2)) == \
        "(input, k, sorted=True, index_type=tf.int32, name=None)"


def test_gradients_and_tf_function():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.raw_ops.Sum(input=tf.raw_ops.Mul(x=x, y=x), axis=0)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [2.0, 4.0])

    @tf.function
    def f(a):
        top = tf.raw_ops.TopKV2(input=a, k=2)
        return tf.raw_ops.AddV2(x=top.values, y=tf.cast(top.indices, tf.float32), name="s")
    np.testing.assert_array_equal(f(tf.constant([1.0, 5.0, 3.0])).numpy(), [6.0, 5.0])
    np.testing.assert_array_equal(f(tf.constant([4.0, 0.0, 3.0, 9.0])).numpy(), [12.0, 4.0])


def test_variables_are_read_as_inputs():
    v = tf.Variable([1.0, 2.0])
    np.testing.assert_array_equal(tf.raw_ops.Mul(x=v, y=2.0).numpy(), [2.0, 4.0])


def test_host_inputs_are_placed_among_tf_s_inputs():
    """A registered op's host_inputs count its own tensor inputs; TF's raw call counts the
    inputs the op takes as attrs too (a shape: read on the host, so made there): the alg of
    StatelessRandomGammaV3 is TF's input 3 (the op's 2), its shape TF's 0."""
    from eagerflow._src.saved_model.raw_ops import raw_op

    assert raw_op("StatelessRandomGammaV3")._host_inputs == (0, 3)
    # (shape, key, counter, alg, minval, maxval: TF's HostMemory shape, alg and bounds)
    assert raw_op("StatelessRandomUniformIntV2")._host_inputs == (0, 3, 4, 5)
    assert raw_op("ParameterizedTruncatedNormal")._host_inputs == (0,)
