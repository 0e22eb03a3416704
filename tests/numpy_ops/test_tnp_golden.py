"""tf.experimental.numpy against TF 2.21's own results (tnp_golden.json, recorded by
make_tnp_golden.py from tnp_cases.py): values, dtypes, shapes, and errors' classes and
messages; with numpy behavior enabled (operators, methods) and with prefer_float32."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.numpy_ops import behavior
from tests.golden_io import as_recorded, decode_array
from tests.gpu_target import on_recording_device
from tests.numpy_ops.tnp_cases import (
    BEHAVIOR_CASES,
    CASES,
    MATRIX_CASES,
    PLAIN_CASES,
    PREFER_F32_CASES,
    scope,
)

tnp = tf.experimental.numpy
GOLDEN = json.loads((Path(__file__).parent / "tnp_golden.json").read_text())


@pytest.fixture
def numpy_behavior(request):
    behavior.experimental_enable_numpy_behavior(**request.param)
    yield
    behavior.disable_numpy_behavior()


def _check_array(got: object, want: dict, expr: str) -> None:
    got = np.asarray(got)
    ref = decode_array(want)
    assert got.dtype == ref.dtype, f"{expr}: dtype {got.dtype}, TF {ref.dtype}"
    assert got.shape == ref.shape, f"{expr}: shape {got.shape}, TF {ref.shape}"
    if ref.dtype.kind in "fc":
        np.testing.assert_allclose(got, ref, rtol=1e-6, atol=1e-12, equal_nan=True, err_msg=expr)
    else:
        np.testing.assert_array_equal(got, ref, err_msg=expr)


def _replay(expr: str, want: dict) -> None:
    with on_recording_device(expr, want):
        _replay_here(expr, want)


def _replay_here(expr: str, want: dict) -> None:
    if "error" in want:
        with pytest.raises(Exception) as info:
            eval(expr, scope(tf, tnp, np))
        assert type(info.value).__name__ == want["error"], (expr, info.value)
        assert as_recorded(str(info.value)) == want["message"], expr
        return
    got = eval(expr, scope(tf, tnp, np))
    if "tensor" in want:
        assert isinstance(got, tf.Tensor), expr
        _check_array(got, want["tensor"], expr)
    elif "tensors" in want:
        assert len(got) == len(want["tensors"]), expr
        for g, w in zip(got, want["tensors"]):
            _check_array(g, w, expr)
    else:
        assert repr(got) == want["repr"], expr


@pytest.mark.parametrize("expr", PLAIN_CASES)
def test_without_numpy_behavior_matches_tf(expr):
    _replay(expr, GOLDEN["plain"][expr])


@pytest.mark.parametrize("numpy_behavior", [{}], indirect=True)
@pytest.mark.parametrize("expr", CASES)
def test_tnp_matches_tf(numpy_behavior, expr):
    _replay(expr, GOLDEN["cases"][expr])


def _refused_by_kernel(want: dict) -> bool:
    """TF refuses a dtype its CPU kernel lacks as NotFoundError ("Could not find device for
    node"), or through the raw op's Python wrapper as ValueError ("Value for attr 'T'");
    eagerflow's ops refuse the same dtypes as InvalidArgumentError, or as TF's NotFoundError
    where they know TF's op takes the dtype without a kernel (an op-level difference of the
    error class only: both refuse)."""
    return want.get("error") == "NotFoundError" or (
        want.get("error") == "ValueError" and want["message"].startswith("Value for attr 'T'"))


# eagerflow's Pow computes unsigned integers, which TF's Pow kernel refuses (op-level): the
# pairs NumPy promotes to an unsigned type.
@pytest.mark.parametrize("numpy_behavior", [{}], indirect=True)
@pytest.mark.parametrize("expr", MATRIX_CASES)
def test_dtype_matrix_matches_tf(numpy_behavior, expr):
    want = GOLDEN["matrix"][expr]
    if _refused_by_kernel(want):
        with pytest.raises((tf.errors.InvalidArgumentError, tf.errors.NotFoundError)) as e:
            eval(expr, scope(tf, tnp, np))
        # (where eagerflow knows TF's op takes the dtype without a kernel, its class is TF's)
        assert not isinstance(e.value, tf.errors.NotFoundError) or want["error"] == e.typename
        return
    _replay(expr, want)


@pytest.mark.parametrize("numpy_behavior", [{}], indirect=True)
@pytest.mark.parametrize("expr", BEHAVIOR_CASES)
def test_numpy_behavior_matches_tf(numpy_behavior, expr):
    _replay(expr, GOLDEN["behavior"][expr])


@pytest.mark.parametrize("numpy_behavior", [{"prefer_float32": True}], indirect=True)
@pytest.mark.parametrize("expr", PREFER_F32_CASES)
def test_prefer_float32_matches_tf(numpy_behavior, expr):
    _replay(expr, GOLDEN["prefer_float32"][expr])


def test_signatures_are_tfs():
    """Every function of tnp and tnp.random takes TF's parameters: names, defaults, kinds."""
    for name, want in GOLDEN["signatures"].items():
        f = tnp
        for part in name.split("."):
            f = getattr(f, part)
        got = [[p.name, None if p.default is p.empty else repr(p.default), p.kind.name]
               for p in inspect.signature(f).parameters.values()]
        assert got == want, name


def test_every_case_recorded():
    assert set(GOLDEN["plain"]) == set(PLAIN_CASES)
    assert set(GOLDEN["cases"]) == set(CASES)
    assert set(GOLDEN["matrix"]) == set(MATRIX_CASES)
    assert set(GOLDEN["behavior"]) == set(BEHAVIOR_CASES)
    assert set(GOLDEN["prefer_float32"]) == set(PREFER_F32_CASES)
