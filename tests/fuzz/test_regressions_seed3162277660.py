"""Regression tests for the leftovers of the API fuzz round of seeds 3162277660 (odd inputs)
and its plain calls: each input with TF 2.21's answer to it recorded as data (its error
class and message, or its values)."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

_NODE = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
_SPLIT_V_SIG = ("\n\t; NodeDef: {{node SplitV}}; Op<name=SplitV; signature=value:T, "
                "size_splits:Tlen, split_dim:int32 -> output:num_split*T; attr=num_split:int,"
                "min=1; attr=T:type; attr=Tlen:type,default=DT_INT64,allowed=[DT_INT8, "
                "DT_INT32, DT_INT64]> [Op:SplitV]")


# -- tf.split by sizes with a `num` that is not their count ------------------------------------
# `num` is SplitV's num_split attr, its count of outputs: TF's kernel refuses sizes of another
# length (its function named after the count), its graph's shape function too (a ValueError
# naming the node); a count below 1 is the attr's minimum. eagerflow returned the parts.
@pytest.mark.parametrize("sizes,num,n", [
    ([2, 4], 3, 2), ([2, 4], 1, 2), ([6], 2, 1), ([2, -1], 3, 2)])
def test_split_num_not_the_count_of_sizes(sizes, num, n):
    x = tf.constant(np.arange(6.0))
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.split(x, sizes, num=num)
    assert str(e.value) == (
        _NODE % f"SplitV_num_split_{num}" + "size of the split_tensor must be 1-D and have "
        f"the same elements as outputs got 1 -D and {n} elements [Op:SplitV] name: split")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:  # (sizes given as a tensor)
        tf.split(x, tf.constant(sizes), num=num)
    assert f"SplitV_num_split_{num}_device" in str(e.value)


def test_split_num_equal_to_the_count_splits():
    parts = tf.split(tf.constant(np.arange(6.0)), [2, 4], num=2)
    assert [p.numpy().tolist() for p in parts] == [[0.0, 1.0], [2.0, 3.0, 4.0, 5.0]]


@pytest.mark.parametrize("num,tail", [(0, " name: split"), (-1, "")])
def test_split_num_below_one(num, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.split(tf.constant(np.arange(6.0)), [2, 4], num=num)
    assert str(e.value) == (f"Value for attr 'num_split' of {num} must be at least minimum 1"
                            + _SPLIT_V_SIG + tail)


def test_split_num_not_the_count_in_a_graph():
    @tf.function
    def f(x):
        return tf.split(x, [2, 4], num=3)

    with pytest.raises(ValueError) as e:
        f(tf.constant(np.arange(6.0)))
    assert str(e.value).endswith(
        "ValueError: Length of size_splits should be equal to num_outputs for '{{node split}} "
        "= SplitV[T=DT_DOUBLE, Tlen=DT_INT32, num_split=3](x, Const, split/split_dim)' with "
        "input shapes: [6], [2], [] and with computed input tensors: input[1] = <2 4>, "
        "input[2] = <0>.\n")


@pytest.mark.parametrize("num", [0, -1])
def test_split_num_below_one_in_a_graph(num):
    @tf.function
    def f(x):
        return tf.split(x, [2, 4], num=num)

    with pytest.raises(ValueError) as e:
        f(tf.constant(np.arange(6.0)))
    assert f"Attr 'num_split' of 'SplitV' Op passed {num} less than minimum 1." in str(e.value)


# -- complex division past the last whole packet -----------------------------------------------
# TF's CPU divides whole packets (4 complex64, 2 complex128 values) by Eigen's packet quotient
# (x / 0 is NaN + NaN i) and the values past the last one by std::complex's, C's division
# (x / 0 is a signed infinity): a scalar's quotient, the last of 5 complex128 values.
def _parts(v):
    return [(float(z.real), float(z.imag)) for z in np.asarray(v).ravel()]


def _same(got, want):
    got, want = _parts(got), _parts(want)
    for (a, b), (c, d) in zip(got, want):
        for p, q in ((a, c), (b, d)):
            assert (np.isnan(p) and np.isnan(q)) or (p == q and np.signbit(p) == np.signbit(q)), \
                (got, want)


def test_complex_division_past_the_last_packet():
    got = tf.divide(np.array(-1.24597612 + 1.58091813j), np.array([7, 5, 6, 0, 2], np.uint8))
    _same(got, [-0.17799658857142855 + 0.22584544714285712j, -0.249195224 + 0.316183626j,
                -0.20766268666666665 + 0.263486355j, complex(np.nan, np.nan),
                -0.62298806 + 0.790459065j])
    _same(tf.divide(np.array(-3.14486039 + 1.79821161j), -0.0), [complex(np.inf, -np.inf)])
    x = np.array([2.5 - 1.5j] * 3, np.complex64)
    _same(tf.divide(x, np.array([0j, 1 + 1j, 0j], np.complex64)),
          [complex(np.inf, -np.inf), 0.5 - 2j, complex(np.inf, -np.inf)])


def test_complex_reciprocal_past_the_last_packet():
    _same(tf.math.reciprocal(np.array([1e-30 + 1e-30j], np.complex64)),
          [np.complex64(5.000000075237331e+29 - 5.000000075237331e+29j)])
    _same(tf.math.reciprocal(np.zeros(5, np.complex64)),
          [complex(np.nan, np.nan)] * 4 + [complex(np.inf, np.nan)])


# -- reciprocal_no_nan and div_no_nan of complex values ----------------------------------------
# DivNoNan's complex quotient is TF's (infinite divisors give NaN, not NumPy's zeros), and a
# denormal divisor is a zero (TF's threads flush it): TF 2.21's values, recorded.
def test_complex_reciprocal_no_nan():
    x = np.array([-1j, -0.5j, complex(0, np.inf), complex(0, -np.inf), 0j, 1e-40j, 2 + 1j,
                  complex(np.inf, 1)], np.complex64)
    nan = complex(np.nan, np.nan)
    _same(tf.math.reciprocal_no_nan(x),
          np.array([complex(-0.0, 1.0), complex(-0.0, 2.0), nan, nan, 0j, 0j,
                    complex(float.fromhex("0x1.99999ap-2"), -float.fromhex("0x1.99999ap-3")),
                    nan], np.complex64))
