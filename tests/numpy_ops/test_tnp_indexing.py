"""NumPy's indexing of tensors (tnp.experimental_enable_numpy_behavior) mixing index
tensors with ints, None, Ellipsis and partial slices, against TF 2.21's recording
(tnp_index_golden.json, make_tnp_index_golden.py over tnp_index_cases.py): values eagerly
and inside a tf.function, gradients both ways, static shapes traced with known and unknown
dimensions, errors' classes and messages; and against a NumPy model of TF's rule on drawn
shapes and indices."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import eagerflow as tf
from eagerflow._src.numpy_ops import behavior
from eagerflow._src.numpy_ops import indexing as NI
from tests.golden_io import decode_array, encode_array
from tests.gpu_target import INDEX_CHECKS, on_recording_device
from tests.numpy_ops.tnp_index_cases import CASES, OP_CASES, case_id, run_case, run_op_case

RECORDED = json.loads((Path(__file__).parent / "tnp_index_golden.json").read_text())
GOLDEN = RECORDED["cases"]


@pytest.fixture(scope="module", params=["host", "host_by_axis", "ops"])
def results(request):
    """Each case's results: eager tensors indexed by their positions on the host (all at
    once as small ones are, or each axis's share as large ones are), or by the ops as traced
    tensors are."""
    small = NI._SMALL
    behavior.experimental_enable_numpy_behavior()
    NI._HOST_PATH = request.param != "ops"
    NI._SMALL = 0 if request.param == "host_by_axis" else small
    try:
        out = {}
        for c in CASES:
            cid = case_id(c)
            # (WRAPS: eagerflow's CPU refusal where TF wraps, which its GPU's zeros replace)
            with on_recording_device(GOLDEN[cid], cid in WRAPS and INDEX_CHECKS):
                out[cid] = run_case(tf, c, _record)
        yield out
    finally:
        NI._HOST_PATH, NI._SMALL = True, small
        behavior.disable_numpy_behavior()


def _record(fn):
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        return {"error": type(e).__name__, "message": str(e)}
    if isinstance(value, list):
        return {"list": value}
    return {"tensor": encode_array(value.numpy())}


def core_message(text: str) -> str:
    """What an error says about the values, without where it ran: the op's message of a
    graph execution error, the error raised in user code while tracing (without the node
    text), an eager op's message without its function node and name; tensors' reprs
    (their graph names differ) as <tensor>."""
    found = re.search(r"\n\n([^\n]*)\n\t \[\[\{\{node", text)
    if text.startswith("Graph execution error:") and found:
        text = found.group(1)
    elif text.startswith("in user code:"):  # the error's words, up to the node's text
        text = re.search(r"\n    \w+: (.*)", text, re.S).group(1)
        text = re.sub(r" for '\{\{node .*$", "", text, flags=re.S)
        text = re.sub(r"\n\s+", " ", text.strip())
    text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", text)
    text = re.sub(r"\s*\[\[\{\{node [^}]*\}\}\]\] \[Op:__inference_\S+\]$", "", text)
    text = re.sub(r" name: \S*$", "", text).rstrip()
    text = re.sub(r", node name: \S+", "", text)
    text = text.replace("<unknown>", "unknown")
    text = re.sub(r"<tf\.Tensor[^>]*>|tf\.Tensor\(.*?\)$|Tensor\(\"[^\"]*\"[^)]*\)", "<tensor>",
                  text, flags=re.S)
    return text


# TF's flattened gather lets an index past its axis wrap into the next one (a silent wrong
# element); eagerflow refuses it with TF's GatherNd error for the row (indexing.py)
WRAPS = {"x[i, j] i=[0]:int32 j=[4]:int32"}
MODES = ("eager", "graph", "grad_eager", "grad_graph", "shape", "shape_unknown",
         "unknown_rank")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", [case_id(c) for c in CASES])
def test_matches_tf(results, case, mode):
    got, want = results[case][mode], GOLDEN[case][mode]
    if case in WRAPS and mode in ("eager", "graph", "grad_eager", "grad_graph",
                                  "unknown_rank"):
        assert got.get("error") == "InvalidArgumentError", got
        assert core_message(got["message"]).startswith(
            "indices[0] = [0, 4] does not index into param shape [2,3]"), got
        return
    if "error" in want and "Detected at node gradient_tape/" in want["message"]:
        # TF's traced gradient ran only the gradient's ops (the forward gather, whose
        # value the gradient does not need, pruned) and failed there; eagerflow's graph
        # runs the forward gather too, which refuses the index first
        assert got.get("error") == want["error"], (got, want)
        return
    _same(got, want)
    if "error" in want:
        assert _nodes(got["message"]) == _nodes(want["message"]), (got, want)
        if want["message"].startswith("in user code:"):
            assert _user_error(got["message"]) == _user_error(want["message"]), (got, want)


def _nodes(text: str) -> tuple:
    """The nodes a graph execution error names (where it was detected, where it failed)."""
    return tuple(re.findall(r"Detected at node (\S+)|\[\[\{\{node (\S+)\}\}\]\]", text))


def _user_error(text: str) -> str:
    """The whole error raised in user code while tracing (node text included)."""
    found = re.search(r"\n    \w+: (.*)", text, re.S)
    return re.sub(r"\s+", " ", found.group(1) if found else text).strip()


def _same(got: dict, want: dict) -> None:
    if "error" in want:
        assert "error" in got, (got, want["error"], want["message"])
        assert got["error"] == want["error"], (got, want)
        assert core_message(got["message"]) == core_message(want["message"]), (got, want)
    elif "list" in want:
        assert got == want
    else:
        assert "tensor" in got, got
        ref, value = decode_array(want["tensor"]), decode_array(got["tensor"])
        assert value.dtype == ref.dtype and value.shape == ref.shape, (value, ref)
        np.testing.assert_array_equal(value, ref)


@pytest.mark.parametrize("expr", OP_CASES)
def test_ops_under_it_match_tf(expr):
    got, want = run_op_case(tf, expr, _record), RECORDED["ops"][expr]
    assert sorted(got) == sorted(want)
    for mode in want:
        _same(got[mode], want[mode])
        if "error" in want[mode] and "for '{{node" in want[mode]["message"]:
            assert _user_error(got[mode]["message"]) == _user_error(want[mode]["message"])


# ---------------------------------------------------------------------------------------
# Drawn shapes and indices against NumPy.
# ---------------------------------------------------------------------------------------

class EmptyGather(Exception):
    """TF's GatherNd refuses to pick rows of an empty tensor (arrays apart, other axes
    sliced to nothing)."""


def tf_rule(x: np.ndarray, key: tuple) -> np.ndarray:
    """TF's rule in NumPy: the basic parts first (arrays taken whole), then the arrays on
    the axes of that result where they stood: in their place when their axes are adjacent
    (counted from the front before an Ellipsis, from the back after it), else first. This
    is NumPy's own indexing but where an int or an Ellipsis stands between arrays."""
    basic = tuple(slice(None) if isinstance(p, np.ndarray) else p for p in key)
    y = x[basic]
    dots = [n for n, p in enumerate(key) if p is Ellipsis]
    head, tail = (key[:dots[0]], key[dots[0] + 1:]) if dots else (key, ())
    dims, where = {}, 0
    for p in head:
        if isinstance(p, np.ndarray):
            dims[where] = p
        if not isinstance(p, int):
            where += 1
    where = 0
    for p in reversed(tail):
        if not isinstance(p, int):
            where -= 1
        if isinstance(p, np.ndarray):
            dims[where] = p
    order = sorted(dims)
    adjacent = not (order[0] < 0 <= order[-1]) and order == list(
        range(order[0], order[0] + len(order)))
    axes = [d % y.ndim for d in order]
    arrays = [dims[d] for d in order]
    if adjacent:
        second = [slice(None)] * y.ndim
        for axis, p in zip(axes, arrays):
            second[axis] = p
        return y[tuple(second)]
    if y.size == 0 and np.prod(np.broadcast_shapes(*(a.shape for a in arrays))):
        raise EmptyGather
    return np.moveaxis(y, axes, list(range(len(axes))))[tuple(arrays)]


@st.composite
def keys(draw):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=4, min_side=1, max_side=4))
    parts = []
    dots = draw(st.booleans())
    for size in shape:
        kind = draw(st.sampled_from(["array", "int", "slice", "full", "none"]))
        if kind == "none":  # a new axis, then this axis whole
            parts.append(None)
        if kind == "array":
            parts.append(draw(hnp.arrays(np.int32, draw(st.sampled_from([(2,), (1,), (2, 1)])),
                                         elements=st.integers(-size, size - 1))))
        elif kind == "int":
            parts.append(draw(st.integers(-size, size - 1)))
        elif kind == "slice":
            parts.append(slice(draw(st.one_of(st.none(), st.integers(-size, size))),
                               draw(st.one_of(st.none(), st.integers(-size, size))),
                               draw(st.sampled_from([None, 1, 2, -1]))))
        else:
            parts.append(slice(None))
    if not any(isinstance(p, np.ndarray) for p in parts):
        parts[-1] = np.array([shape[-1] - 1, 0], np.int32)  # (the last part takes an axis)
    if dots:  # an Ellipsis for some parts in the middle
        at = draw(st.integers(0, len(parts)))
        n = draw(st.integers(0, len(parts) - at))
        if not any(isinstance(p, np.ndarray) for p in parts[at:at + n]):
            parts[at:at + n] = [Ellipsis]
    return shape, tuple(parts)


@settings(max_examples=60, deadline=None)
@given(keys())
def test_drawn_indices_eagerly_and_traced_as_tfs_rule(drawn):
    shape, key = drawn
    x = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    arrays = [n for n, p in enumerate(key) if isinstance(p, np.ndarray)]
    ids = [tf.constant(key[n]) for n in arrays]
    try:
        want = tf_rule(x, key)
    except EmptyGather:
        behavior.experimental_enable_numpy_behavior()
        try:
            with pytest.raises(tf.errors.InvalidArgumentError, match="params is empty"):
                tf.constant(x)[key]
            with pytest.raises(tf.errors.InvalidArgumentError, match="params is empty"):
                tf.function(lambda t: t[key])(tf.constant(x))
        finally:
            behavior.disable_numpy_behavior()
        return
    if not any(isinstance(p, int) or p is Ellipsis for p in key):  # NumPy's own, then
        np.testing.assert_array_equal(want, x[key])

    def pick(t, *ids):
        parts = list(key)
        for n, a in zip(arrays, ids):
            parts[n] = a
        return t[tuple(parts)]

    def weighted(t, *ids):
        with tf.GradientTape() as tape:
            tape.watch(t)
            y = pick(t, *ids)
            s = tf.reduce_sum(y * tf.constant(w))
        return y, tape.gradient(s, t)

    w = np.arange(1.0, want.size + 1).reshape(want.shape)
    grad = np.zeros(x.size)
    np.add.at(grad, want.astype(np.int64).ravel(), w.ravel())  # (x holds its positions)
    small = NI._SMALL
    behavior.experimental_enable_numpy_behavior()
    try:  # eagerly by the host's positions (all at once, and by axis) and by the ops; traced
        for fn, NI._HOST_PATH, NI._SMALL in ((weighted, True, small), (weighted, True, 0),
                                             (weighted, False, small),
                                             (tf.function(weighted), True, small)):
            y, g = fn(tf.constant(x), *ids)
            np.testing.assert_array_equal(y.numpy(), want)
            np.testing.assert_array_equal(g.numpy(), grad.reshape(shape))
    finally:
        NI._HOST_PATH, NI._SMALL = True, small
        behavior.disable_numpy_behavior()
