"""UniformQuantize, UniformDequantize, UniformRequantize, UniformQuantizedAdd and
UniformQuantizedClipByValue against TF 2.21's record (uniform_quant_golden.json, written
by record_uniform_quant_golden.py from uniform_quant_cases.py): quantized storage integers
and dequantized floats exactly, errors in TF's words; and a traced round trip."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import assert_raises_as_recorded, decode_array
from tests.ops.uniform_quant_cases import calls

GOLDEN = json.loads((Path(__file__).parent / "uniform_quant_golden.json").read_text())
CALLS = calls(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN["calls"]))
def test_as_tf(name: str) -> None:
    want = GOLDEN["calls"][name]
    if "error" in want:
        assert_raises_as_recorded(CALLS[name], want)
        return
    got = CALLS[name]().numpy()
    expected = decode_array(want["value"][0])
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


def test_traced_round_trip() -> None:
    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def round_trip(x: tf.Tensor) -> tf.Tensor:
        q = tf.raw_ops.UniformQuantize(input=x, scales=[0.5, 0.25, 1.0], zero_points=[0, 1, 2],
                                       Tout=tf.qint8, quantization_axis=1,
                                       quantization_min_val=-128, quantization_max_val=127)
        assert q.dtype == tf.qint8 and q.shape.as_list() == [None, 3]
        return tf.raw_ops.UniformDequantize(input=q, scales=[0.5, 0.25, 1.0],
                                            zero_points=[0, 1, 2], Tout=tf.float32,
                                            quantization_axis=1, quantization_min_val=-128,
                                            quantization_max_val=127)

    x = np.array([[1.2, -0.3, 7.6], [0.0, 1.0, -200.0]], np.float32)
    np.testing.assert_array_equal(round_trip(x).numpy(), [[1.0, -0.25, 8.0], [0, 1.0, -130.0]])


def test_a_traced_add_broadcasts_an_unknown_dim_to_the_known_one() -> None:
    # TF 2.21 (recorded): its shape function merges [None, 3] and [2, 1] into [2, 3], as a
    # binary op's (checks.broadcast_static)
    shapes = []
    bounds = dict(lhs_quantization_min_val=-2**31, lhs_quantization_max_val=2**31 - 1,
                  rhs_quantization_min_val=-2**31, rhs_quantization_max_val=2**31 - 1,
                  output_quantization_min_val=-2**31, output_quantization_max_val=2**31 - 1)

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.qint32),
                                  tf.TensorSpec([2, 1], tf.qint32)])
    def add(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
        s, z = tf.constant(1.0), tf.constant(0)
        y = tf.raw_ops.UniformQuantizedAdd(lhs=a, rhs=b, lhs_scales=s, lhs_zero_points=z,
                                           rhs_scales=s, rhs_zero_points=z, output_scales=s,
                                           output_zero_points=z, **bounds)
        shapes.append(y.shape.as_list())
        return y

    add.get_concrete_function()
    assert shapes == [[2, 3]]


def test_requantize_refuses_a_ratio_of_scales_not_finite():
    # TF 2.21 turns the ratio of the scales into a fixed-point multiplier only when it is
    # positive and finite; an infinite input scale is refused in its words (recorded)
    x = tf.bitcast(tf.constant([1, 2], tf.int32), tf.qint32)
    kw = dict(input_zero_points=0, output_zero_points=0, Tout=tf.qint8,
              input_quantization_min_val=-2**31, input_quantization_max_val=2**31 - 1,
              output_quantization_min_val=-128, output_quantization_max_val=127)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"double_multiplier must be a poisitive finite number\. Given inf "
                             r"\[Op:UniformRequantize\]"):
        tf.raw_ops.UniformRequantize(input=x, input_scales=np.float32(np.inf),
                                     output_scales=np.float32(1.0), **kw)
    out = tf.raw_ops.UniformRequantize(input=x, input_scales=np.float32(2.0),
                                       output_scales=np.float32(0.5), **kw)
    np.testing.assert_array_equal(tf.bitcast(out, tf.int8).numpy(), [4, 8])
