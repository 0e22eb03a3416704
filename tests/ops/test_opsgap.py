"""tf.conv, Conv2DBackpropFilterV2 / InputV2 and RaggedFillEmptyRows / Grad against TF
2.21's recorded results and errors (opsgap_golden.json, by record_opsgap_golden.py from
opsgap_cases.py), traced
shapes, and the gradients TF registers for them (none)."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import eager_body
from tests.ops.opsgap_cases import batch_cases, conv_cases, io_cases, iterator_facts, ragged_cases

_OP = re.compile(r"\s*\[Op:\w+\]$")
GOLDEN = json.loads((Path(__file__).parent / "opsgap_golden.json").read_text())["cases"]


def _run(call):
    try:
        return call()
    except (tf.errors.OpError, ValueError, TypeError, AttributeError, LookupError) as e:
        return e


@pytest.fixture(scope="module")
def conv_results():
    cases = conv_cases(tf, tf.conv2d_backprop_filter_v2, tf.conv2d_backprop_input_v2)
    cases.update(ragged_cases(tf))
    return {k: _run(call) for k, call in cases.items()}


def _same_value(want, got):
    v = got.numpy()
    assert (v.dtype.name, list(v.shape)) == (want["dtype"], want["shape"])
    if v.dtype == object:
        assert [b.decode() for b in v.ravel()] == want["values"]
        return
    expect = np.array(want["values"]).reshape(want["shape"])
    tol = 1e-2 if v.dtype == np.float16 else 1e-5
    np.testing.assert_allclose(v.astype(np.float64), expect, rtol=tol, atol=tol)


def _check(key, got):
    want = GOLDEN[key]
    if "error" in want:
        assert isinstance(got, Exception), (key, got)
        msg = eager_body(str(got))
        if want["error"] == "ValueError" and "{{node" in want["message"]:  # TF's shape fn
            assert type(got) is ValueError
            reason = re.search(r"ValueError: (.*?) for '\{\{node", want["message"]).group(1)
            shapes = want["message"].rsplit(" with input shapes: ", 1)[1].strip()
            # (eagerflow's node text leaves out Conv's attrs, which TF lists)
            assert f"{reason} for '{{{{node Conv}}}} = Conv" in msg
            assert msg.rstrip().endswith(f" with input shapes: {shapes}")
        else:
            assert type(got).__name__ == want["error"]
            # (TF names the node after an attr's message, eagerflow the op: the text before)
            assert _OP.sub("", msg.split("\n\t;")[0]) == _OP.sub("", want["message"])
        return
    assert not isinstance(got, Exception), (key, got)
    if "outputs" in want:
        assert type(got).__name__ == want["type"]
        assert list(getattr(got, "_fields", ())) == want["fields"]
        assert len(got) == len(want["outputs"])
        for w, g in zip(want["outputs"], got):
            _same_value(w, g)
        return
    _same_value(want, got)


_OPS_KEYS = sorted(k for k in GOLDEN if k.split("/")[0] in
                   ("conv", "conv_error", "filter_v2", "input_v2", "fill", "grad", "fill_error"))


@pytest.mark.parametrize("key", _OPS_KEYS)
def test_matches_tf(conv_results, key):
    _check(key, conv_results[key])


def test_every_case_recorded(conv_results):
    assert set(conv_results) == set(_OPS_KEYS)


def test_traced_shapes():
    @tf.function
    def f(x, w):
        return tf.conv(x, w, [1, 2, 1, 1], "VALID", batch_dims=2)

    # (TF 2.21 infers these static shapes: its shape function's)
    spec = tf.TensorSpec
    assert f.get_concrete_function(spec([None, None, 5, 5, 4]), spec([3, 3, 4, 6])) \
        .structured_outputs.shape.as_list() == [None, None, 2, 3, 6]
    assert f.get_concrete_function(spec(None), spec([3, 3, 4, 6])) \
        .structured_outputs.shape.rank is None

    @tf.function
    def g(x, w, dy):
        return tf.conv2d_backprop_filter_v2(x, w, dy, [1, 1, 1, 1], "SAME")

    assert g.get_concrete_function(spec([None, 5, 5, 4]), spec([3, None, 4, 6]), spec(None)) \
        .structured_outputs.shape.as_list() == [3, None, 4, 6]


@pytest.mark.parametrize("op", ["conv", "filter_v2", "input_v2"])
def test_no_gradient_registered(op):
    # TF 2.21 registers no gradient for Conv nor the V2 backprops: a tape says so
    x = tf.ones((1, 4, 4, 2))
    w = tf.ones((2, 2, 2, 3))
    dy = tf.ones((1, 3, 3, 3))
    with tf.GradientTape() as tape:
        tape.watch(x)
        if op == "conv":
            y = tf.conv(x, w, [1, 1, 1, 1], "VALID")
        elif op == "filter_v2":
            y = tf.conv2d_backprop_filter_v2(x, w, dy, [1, 1, 1, 1], "VALID")
        else:
            y = tf.conv2d_backprop_input_v2(x, w, dy, [1, 1, 1, 1], "VALID")
    name = {"conv": "Conv", "filter_v2": "Conv2DBackpropFilterV2",
            "input_v2": "Conv2DBackpropInputV2"}[op]
    with pytest.raises(LookupError, match=f"gradient registry has no entry for: {name}$"):
        tape.gradient(y, x)


def test_raw_ops():
    x = np.arange(2 * 4 * 4 * 2, dtype=np.float32).reshape(2, 4, 4, 2)
    w = np.ones((2, 2, 2, 3), np.float32)
    got = tf.raw_ops.Conv(input=x, filter=w, strides=[1, 1, 1, 1], padding="VALID")
    np.testing.assert_array_equal(got.numpy(), tf.nn.conv2d(x, w, 1, "VALID").numpy())
    dy = np.ones((2, 3, 3, 3), np.float32)
    got = tf.raw_ops.Conv2DBackpropFilterV2(input=x, filter=w, out_backprop=dy,
                                            strides=[1, 1, 1, 1], padding="VALID")
    want = tf.raw_ops.Conv2DBackpropFilter(input=x, filter_sizes=[2, 2, 2, 3],
                                           out_backprop=dy, strides=[1, 1, 1, 1],
                                           padding="VALID")
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_ragged_fill_traced_shapes():
    @tf.function
    def f(rows, values, nrows, default):
        return tf.ragged_fill_empty_rows(rows, values, nrows, default)

    spec = tf.TensorSpec
    out = f.get_concrete_function(spec([4], tf.int64), spec([4]), spec([], tf.int64),
                                  spec([])).structured_outputs
    # (TF 2.21's shape function: only the reverse map's length is known)
    assert [o.shape.as_list() for o in out] == [[None], [None], [None], [4]]
    rows = tf.constant([2, 0, 2], tf.int64)
    got = f(rows, tf.constant([1.0, 2.0, 3.0]), tf.constant(4, tf.int64), tf.constant(0.5))
    want = tf.ragged_fill_empty_rows(rows, [1.0, 2.0, 3.0], tf.constant(4, tf.int64), 0.5)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g.numpy(), w.numpy())


# ---------------------------------------------------------------------------------------
# tf.io.decode_webp, tf.check_pinned, tf.io.match_filenames_once
# ---------------------------------------------------------------------------------------

def _io_keys():
    return sorted(k for k in GOLDEN if k.split("/")[0] in
                  ("webp", "webp_error", "pinned_error", "match", "match_error"))


@pytest.fixture(scope="module")
def io_results(tmp_path_factory):
    import base64

    pytest.importorskip("PIL", reason="decoding WebP needs Pillow (the image extra)")
    raw = json.loads((Path(__file__).parent / "opsgap_golden.json").read_text())
    files = {k: base64.b64decode(v) for k, v in raw["webp_inputs"].items()}
    root = tmp_path_factory.mktemp("match")
    for f in ("a1.txt", "a2.txt", "b.txt", "c.csv"):
        (root / f).write_text("")
    return {k: _run(call) for k, call in io_cases(tf, files, str(root)).items()}, str(root)


@pytest.mark.parametrize("key", _io_keys())
def test_io_matches_tf(io_results, key):
    results, root = io_results
    got, want = results[key], GOLDEN[key]
    if "variable" in want:
        assert not isinstance(got, Exception), got
        # (NumPy wraps the repr's lines by the paths' length: compared without the breaks)
        assert "".join(repr(got).replace(root, "<root>").split()) == \
            "".join(want["variable"].split())
        assert (got.name, got.trainable, got.shape.as_list(), got.dtype.name) == \
            (want["name"], want["trainable"], want["shape"], want["dtype"])
        return
    if "error" in want and want["error"] == "TypeError":
        assert type(got) is TypeError and str(got) == want["message"]
        return
    _check(key, got)


def test_every_io_case_recorded(io_results):
    assert set(io_results[0]) == set(_io_keys())


def test_decode_webp_traced_shapes():
    pytest.importorskip("PIL", reason="decoding WebP needs Pillow (the image extra)")
    spec = tf.TensorSpec([], tf.string)
    # (TF 2.21's shape function: frames first, the channels when asked for)
    f = tf.function(lambda x: tf.io.decode_webp(x))
    assert f.get_concrete_function(spec).structured_outputs.shape.as_list() == [None] * 4
    g = tf.function(lambda x: tf.io.decode_webp(x, channels=3))
    assert g.get_concrete_function(spec).structured_outputs.shape.as_list() == \
        [None, None, None, 3]


def test_check_pinned_traced_refused_when_run():
    f = tf.function(lambda x: tf.check_pinned(x))
    f.get_concrete_function(tf.TensorSpec([2]))  # traces: TF refuses it only when it runs
    with pytest.raises(tf.errors.FailedPreconditionError, match="to check pinnedness"):
        f(tf.constant([1.0, 2.0]))


def test_match_filenames_once_is_not_trainable(tmp_path):
    (tmp_path / "x.txt").write_text("")
    v = tf.io.match_filenames_once(str(tmp_path / "*.txt"))
    with tf.GradientTape() as tape:  # a tape watches trainable variables only
        tf.identity(v)
    assert tape.watched_variables() == ()
    with pytest.raises(ValueError, match="Shape mismatch"):  # its shape is the matches'
        v.assign(["a", "b"])


def test_sysconfig_has_tf_names_and_build_info_keys():
    want = json.loads((Path(__file__).parent / "opsgap_golden.json").read_text())["sysconfig"]
    assert sorted(n for n in dir(tf.sysconfig) if not n.startswith("_")) == want["names"]
    info = tf.sysconfig.get_build_info()
    assert type(info).__name__ == want["build_info_type"]
    extra = {"cuda_version"} if info["is_cuda_build"] else set()
    assert set(info) == set(want["build_info"]) | extra  # (a CUDA build of TF adds it too)
    assert info["is_rocm_build"] is False and info["is_tensorrt_build"] is False
    assert info["is_cuda_build"] == tf.test.is_built_with_cuda()
    # no C++ library: the package directory, no flags, and ints of TF's kind
    assert Path(tf.sysconfig.get_lib()) == Path(tf.__file__).parent
    assert Path(tf.sysconfig.get_include()) == Path(tf.__file__).parent
    assert tf.sysconfig.get_compile_flags() == [] and tf.sysconfig.get_link_flags() == []
    assert all(isinstance(getattr(tf.sysconfig, n), int) for n in want["ints"])



# ---------------------------------------------------------------------------------------
# tf.nondifferentiable_batch_function
# ---------------------------------------------------------------------------------------

_BATCH_KEYS = sorted(k for k in GOLDEN if k.split("/")[0] in ("batch", "batch_error"))


@pytest.fixture(scope="module")
def batch_results():
    return {k: _run(call) for k, call in batch_cases(tf).items()}


@pytest.mark.parametrize("key", _BATCH_KEYS)
def test_batch_function_matches_tf(batch_results, key):
    got, want = batch_results[key], GOLDEN[key]
    if want.get("error") in ("AttributeError", "LookupError"):
        # (a KeyError-like LookupError's str() quotes its message)
        assert type(got).__name__ == want["error"]
        assert str(got) in (want["message"], repr(want["message"]))
        return
    _check(key, got)


def test_every_batch_case_recorded(batch_results):
    assert set(batch_results) == set(_BATCH_KEYS)



def test_iterator_spec_as_tf():
    want = json.loads((Path(__file__).parent / "opsgap_golden.json").read_text())["iterator"]
    got = iterator_facts(tf)
    assert got == want
