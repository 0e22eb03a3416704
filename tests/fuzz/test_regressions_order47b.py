"""order47b's fixes against TF 2.21 (order47b_golden.json, recorded by record_cases.py order47b
from order47b_cases.py, TF's own kernels): tf.nn.depthwise_conv2d of one or two bad
arguments refused by the check TF makes first: the input and the filter converted each as
it is, the rates iterated as given (Python's TypeErrors), the strides too where a rate is
over 1, then with_space_to_batch's checks (the rates as int32, the input's rank: one less
channels-first, their signs), the op last: its wrapper's attrs (the strides, the padding's
and the data format's types), eagerly its strings' allowed values, then its inputs' dtypes;
DepthwiseConv2dNative's batch strides are its InvalidArgumentError. tf.nn.convolution
undilated: its Conv2D/Conv3D wrapper's attrs (the strides as ints, named `strides` for a
1-D call too, the padding's and the format's types, a format not a string channels first)
and eagerly their allowed values before the inputs' dtypes; a float among the strides or
dilations, or a dilated call, runs the op by TF's fallback, whose errors name no name.
Dilated: the filter's rank, the rates and strides as positive ints (not both over 1), the
padding, then the format's value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.order47b_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "order47b_golden.json").read_text())
GOT: dict = {}


_CONV = "tf.nn.convolution(input={}, filters={}{})"
_X, _W = "tf.ones([1, 5, 5, 2])", "tf.ones([3, 3, 2, 2])"
# Known differences, tf.nn.convolution's, where TF's errors are odd: a rank-2 Python
# input strided (TF refuses the batch stride).
KNOWN = {*(_CONV.format("[[1.]]", _W, f", strides={s}") for s in ("2", "[1, 2]"))}


def _got(case: str):
    if not GOT:
        GOT.update(run(tf))
    return GOT[case]


@pytest.mark.parametrize("case", sorted(set(GOLDEN) - KNOWN))
def test_outcome_is_tf_2_21s(case):
    assert _got(case) == GOLDEN[case]


@pytest.mark.parametrize("case", sorted(KNOWN))
@pytest.mark.xfail(strict=True, reason="a check made in another order, listed above")
def test_known_differences(case):
    assert _got(case) == GOLDEN[case]


_NO_STRIDES = "Expected list for 'strides' argument to 'depthwise_conv2d_native' Op, not None."


# Traced, TF's wrapper refuses strides None whatever the padding, and its op-def library
# checks the inputs' dtypes before the strings' allowed values (TF 2.21's own texts).
@pytest.mark.parametrize("args,error,message", [
    (f"{_X}, {_W}, None, 'SAME'", TypeError, _NO_STRIDES),
    (f"{_X}, {_W}, None, 3", TypeError, _NO_STRIDES),
    (f"{_X}, tf.ones([3, 3, 2, 2], tf.float64), [1, 1, 1, 1], 'FOO'", TypeError,
     "Input 'filter' of 'DepthwiseConv2dNative' Op has type float64 that does not match "
     "type float32 of argument 'input'."),
    (f"{_X}, {_W}, [1, 1, 1, 1], 'FOO'", ValueError,
     "Attr 'padding' of 'DepthwiseConv2dNative' Op passed string 'FOO' not in: \"SAME\", "
     "\"VALID\", \"EXPLICIT\"."),
    (f"{_X}, {_W}, [1, 1, 1, 1], 'SAME', data_format='junk'", ValueError,
     "Attr 'data_format' of 'DepthwiseConv2dNative' Op passed string 'junk' not in: "
     "\"NHWC\", \"NCHW\"."),
])
def test_traced_depthwise_conv2d_checks_as_tf(args, error, message):
    call = eval(f"lambda: tf.nn.depthwise_conv2d({args})")  # noqa: S307
    with pytest.raises(error) as e:
        tf.function(call)()
    assert str(e.value) == message


_I3 = "tf.ones([1, 5, 5, 5, 2]), tf.ones([3, 3, 3, 2, 2])"


# A dilated tf.nn.convolution's own checks, in TF 2.21's order and words: the filter's
# rank (num_spatial_dims the input's), the rates then the strides as positive ints, not
# both over 1, then the padding, the format last.
@pytest.mark.parametrize("args,message", [
    ("tf.ones([5, 5, 2]), 'a', dilations=2",
     "`filters.shape.rank` must be `num_spatial_dims + 2`. Received: filters.shape=() of "
     "rank 0 and num_spatial_dims=1"),
    (f"{_X}, {_W}, dilations=2, padding='FOO', data_format='junk'",
     "`padding` must be one of 'SAME' or 'VALID'. Received: padding=FOO"),
    (f"{_X}, {_W}, dilations=2, padding='FOO', strides=2",
     "`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
     "strides=[2 2] and dilation_rate=[2 2]"),
    (f"{_X}, {_W}, dilations=2, strides=0",
     "all values of `strides` must be positive. Received: strides=[0 0]"),
    (f"{_X}, {_W}, dilations=2, padding='EXPLICIT'",
     "'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` "
     "must be a list."),
    (f"{_I3}, dilations=0, data_format='junk'",
     "all values of `dilation_rate` must be positive. Received: dilation_rate=[0 0 0]"),
    (f"{_I3}, dilations=2, data_format='junk'",
     "`data_format` must be 'NDHWC' or 'NCDHW'. Received: data_format=junk"),
])
def test_dilated_convolution_checks_as_tf(args, message):
    with pytest.raises(ValueError) as e:
        eval(f"tf.nn.convolution({args})")  # noqa: S307
    assert str(e.value) == message


_CONV_NODE = ("for '{{node Conv}} = Conv[T=DT_FLOAT, batch_dims=1, data_format=\"CHANNELS_LAST\", "
              "dilations=[], explicit_paddings=[], groups=%d, padding=\"SAME\", "
              "strides=[1, 1, 1, 1]](%s)' with input shapes: %s.")


# The N-D Conv traced: its shape function's depth checks in TF 2.21's words and order (the
# filter's depth dividing the input's, then their ratio against the groups).
@pytest.mark.parametrize("c,cf,groups,reason", [
    (3, 2, 1, "Depth of input (3) is not a multiple of input depth of filter (2)"),
    (6, 4, 2, "Depth of input (6) is not a multiple of input depth of filter (4)"),
    (6, 2, 2, "Input depth divided by filter input depth does not match with groups "
              "parameter (2)"),
])
def test_traced_conv_depths_as_tf(c, cf, groups, reason):
    x, w = tf.ones([1, 5, 5, c]), tf.ones([3, 3, cf, 2])

    @tf.function
    def f():
        return tf.raw_ops.Conv(input=x, filter=w, strides=[1] * 4, padding="SAME",
                               groups=groups)

    with pytest.raises(ValueError) as e:
        f()
    shapes = f"[1,5,5,{c}], [3,3,{cf},2]"
    assert str(e.value).endswith(f"ValueError: {reason} " +
                                 _CONV_NODE % (groups, "Conv/input, Conv/filter", shapes) +
                                 "\n")
