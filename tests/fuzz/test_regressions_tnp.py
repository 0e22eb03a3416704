"""Regression tests for the fuzz survey of tf.experimental.numpy (seed 3141592653, 20
examples per function): each input the survey found, with TF 2.21's answer to it recorded
as data (its error class and message, or its result). Most were a scalar where a function
reads axes: TF's tnp adds the rank to a negative axis once and range-checks nothing itself,
so the op it reaches (Transpose, Range, TensorScatterUpdate, ReverseV2) refuses the axis."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

tnp = tf.experimental.numpy
T = tf.constant(True)
X = np.arange(6.0).reshape(2, 3)
IDX = np.array([[0, 2, 1], [1, 1, 0]])


def _node(op: str) -> str:
    device = "/job:localhost/replica:0/task:0/device:CPU:0"
    return f"{{{{function_node __wrapped__{op}_device_{device}}}}} "


def _transpose(want: int, got: int) -> str:
    return (_node("Transpose") + f"transpose expects a vector of size {want}. But input(1) is a "
            f"vector of size {got} [Op:Transpose]")


_EMPTY_SCATTER = (_node("TensorScatterUpdate") + "Indices and updates specified for empty "
                  "output shape [Op:TensorScatterUpdate]")


def _scatter(i: int, index: int, shape: int) -> str:
    return (_node("TensorScatterUpdate") + f"indices[{i}] = [{index}] does not index into "
            f"shape [{shape}] [Op:TensorScatterUpdate]")


def _range(start: int, limit: int) -> str:
    return (_node("Range") + f"Requires start <= limit when delta > 0: {start}/{limit} "
            "[Op:Range] name: ")


def _reverse(axis: int, rank: int) -> str:
    return (_node("ReverseV2") + f"'axis'[0] = {axis} is out of valid range [0, {rank} "
            "[Op:ReverseV2]")


_SCALAR_LAST = "index -1 is out of bounds for axis 0 with size 0"
_BOOL_SHAPE = (
    "Value for attr 'out_type' of bool is not in the list of allowed values: int32, int64\n\t; "
    "NodeDef: {{node Shape}}; Op<name=Shape; signature=input:T -> output:out_type; "
    "attr=T:type; attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> "
    "[Op:Shape] name: ")
IA = tf.errors.InvalidArgumentError

# (call, TF 2.21's error class, its message), all recorded from TF 2.21
FAILURES = {
    # the survey's: a scalar's diagonal and trace (ZeroDivisionError of `axis % rank`)
    "diagonal of nan": (lambda: tnp.diagonal(float("nan"), offset=1), IA, _transpose(0, 2)),
    "diagonal of int": (lambda: tnp.diagonal(3), IA, _transpose(0, 2)),
    "diagonal of a vector": (lambda: tnp.diagonal([1.0, 2.0]), IA, _transpose(1, 2)),
    "diagonal axis past": (lambda: tnp.diagonal(X, 0, 0, 5), IA,
                           _node("Transpose") + "transpose expects a vector of size 2. But "
                           "input(1) is a vector of size 3 [Op:Transpose]"),
    "trace of int16": (lambda: tnp.trace(np.array(-6, np.int16), offset=[[]]), IA,
                       _transpose(0, 2)),
    "trace of a scalar": (lambda: tnp.trace(1.0), IA, _transpose(0, 2)),
    "moveaxis past": (lambda: tnp.moveaxis(X, 5, 0), IA,
                      _node("Transpose") + "transpose expects a vector of size 2. But "
                      "input(1) is a vector of size 3 [Op:Transpose]"),
    "moveaxis dest past": (lambda: tnp.moveaxis(X, 0, 5), AssertionError, ""),
    # cross of scalars: Range's refusal of axis 0, TF's IndexError of the last axis
    "cross, axis 0": (lambda: tnp.cross(T, T, axisa=T, axisb=T, axisc=T, axis=0), IA,
                      _range(1, 0)),
    "cross of scalars": (lambda: tnp.cross(1.0, 2.0), IndexError, _SCALAR_LAST),
    "cross of a scalar a": (lambda: tnp.cross(1.0, [1.0, 2.0, 3.0]), IndexError, _SCALAR_LAST),
    "cross of a scalar b": (lambda: tnp.cross([1.0, 2.0, 3.0], 2), IndexError, _SCALAR_LAST),
    "cross axisa past": (lambda: tnp.cross(X, X, axisa=5), IA, _range(6, 2)),
    "cross axisb below": (lambda: tnp.cross(X, X, axisb=-5), IA, _range(0, -3)),
    # take_along_axis: Shape of bool indices, then the scatter of the taken axis
    "take_along_axis of bools": (lambda: tnp.take_along_axis(T, T, 0), IA, _BOOL_SHAPE),
    "take_along_axis of a scalar": (lambda: tnp.take_along_axis(1.0, 0, 0), IA,
                                    _EMPTY_SCATTER),
    "take_along_axis scalar idx": (lambda: tnp.take_along_axis([1.0, 2.0], 0, 0), IA,
                                   _EMPTY_SCATTER),
    "take_along_axis axis past": (lambda: tnp.take_along_axis(X, IDX, 2), IA, _scatter(0, 2, 2)),
    "take_along_axis vector idx": (lambda: tnp.take_along_axis(X, [0, 1], 1), IA,
                                   _scatter(0, 1, 1)),
    # rot90: TF's comparison of a None axis, the scatter of the permutation, ReverseV2
    "rot90 of a None axis": (lambda: tnp.rot90(np.ones((2, 1, 2, 1), np.int32), axes=[None]),
                             TypeError, "'<' not supported between instances of 'NoneType' "
                             "and 'int'"),
    "rot90 of a scalar": (lambda: tnp.rot90(1.0), IA, _EMPTY_SCATTER),
    "rot90 of a vector": (lambda: tnp.rot90([1.0, 2.0]), IA, _scatter(1, 1, 1)),
    "rot90 half of a vector": (lambda: tnp.rot90([1.0, 2.0], 2), IA, _reverse(1, 0)),
    "rot90 axis past": (lambda: tnp.rot90([[1.0, 2.0]], 1, (0, 5)), IA, _scatter(1, 5, 2)),
}


@pytest.mark.parametrize("case", FAILURES, ids=list(FAILURES))
def test_tf_answer(case):
    call, cls, message = FAILURES[case]
    with pytest.raises(cls) as info:
        call()
    assert type(info.value) is cls and str(info.value) == message


def test_rot90_results():
    # values recorded from TF 2.21 (NumPy's, too): k of any sign, axes of either order
    x = np.arange(24.0).reshape(2, 3, 4)
    for k in range(-2, 5):
        for axes in [(0, 1), (1, 0), (-1, 0), (2, -3), (1, 2)]:
            np.testing.assert_array_equal(tnp.rot90(x, k, axes), np.rot90(x, k, axes))
    # k == 0 (mod 4) gives the argument as given, as TF's (a Python float stays one)
    assert tnp.rot90(1.0, 0) == 1.0 and type(tnp.rot90(1.0, 0)) is float
    assert tnp.rot90([[1, 2]], 4) == [[1, 2]]
    # equal axes: the permutation is unchanged (TF 2.21: [[1., 2.]] of shape (1, 2))
    np.testing.assert_array_equal(tnp.rot90([[1.0, 2.0]], 1, (0, 0)), [[1.0, 2.0]])


def test_moveaxis_of_no_axes_is_the_argument():
    assert tnp.moveaxis(1.0, 0, 0) == 1.0 and type(tnp.moveaxis(1.0, 0, 0)) is float


def test_axis_results_unchanged():
    # the valid axes still give NumPy's values (TF 2.21 agrees)
    np.testing.assert_array_equal(tnp.take_along_axis(X, IDX, 1), np.take_along_axis(X, IDX, 1))
    np.testing.assert_array_equal(tnp.take_along_axis(X, IDX, -1),
                                  np.take_along_axis(X, IDX, -1))
    np.testing.assert_array_equal(tnp.take_along_axis(X, IDX[:, :1], 0),
                                  np.take_along_axis(X, IDX[:, :1], 0))
    np.testing.assert_array_equal(tnp.cross(X.T, X.T[::-1], axisa=0, axisb=0),
                                  np.cross(X.T, X.T[::-1], axisa=0, axisb=0))
    np.testing.assert_array_equal(tnp.cross(X, X[::-1]), np.cross(X, X[::-1]))
    np.testing.assert_array_equal(tnp.cross([1.0, 2.0], [3.0, 4.0]), -2.0)
    np.testing.assert_array_equal(tnp.diagonal(X, 0, 1, 0), np.diagonal(X, 0, 1, 0))
    np.testing.assert_array_equal(tnp.trace(X, 0, -3 + 1, 1), np.trace(X))
    np.testing.assert_array_equal(tnp.moveaxis(X, [0, 1], [1, 0]), X.T)
