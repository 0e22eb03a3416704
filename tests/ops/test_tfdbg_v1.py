"""tfdbg v1's debug ops (ops/tfdbg_v1.py) as TF 2.21 runs them eagerly: values and errors
asked of TF 2.21 with the same calls."""

import numpy as np
import pytest

import eagerflow as tf

R = tf.raw_ops
CPU0 = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


@pytest.mark.parametrize("values,dtype,attrs,want", [
    ([np.nan, 1., -np.inf, 0., 2., np.inf, -3.], tf.float32, {},
     [1, 7, 1, 1, 1, 1, 2, 1, -3, 2, 0, 3.5, 1, 1, 7]),
    ([0.1, 0.2, 0.7], tf.float32, {},
     [1, 3, 0, 0, 0, 0, 3, 0, 0.10000000149011612, 0.699999988079071, 0.3333333308498065,
      0.0688888854781787, 1, 1, 3]),
    ([1, 0, -2], tf.int32, {}, [1, 3, 0, 0, 1, 1, 1, 0, -2, 1, -1 / 3, 1.5555555555555556, 3,
                                1, 3]),
    ([True, False, True], tf.bool, {},
     [1, 3, 0, 0, 0, 1, 2, 0, 0, 1, 2 / 3, 0.22222222222222224, 10, 1, 3]),
    ([2**63 + 5, 0], tf.uint64, {},
     [1, 2, 0, 0, 0, 1, 1, 0, 0, 9.223372036854776e+18, 4.611686018427388e+18,
      2.1267647932558654e+37, 23, 1, 2]),
    ([1., 5., -5., np.inf, -np.inf], tf.float32, {"lower_bound": -2., "upper_bound": 2.},
     [1, 5, 0, 2, 0, 0, 1, 2, -5, 5, 1 / 3, 16.88888888888889, 1, 1, 5]),
    ([-2., 2., 0.], tf.float32, {"lower_bound": -2., "upper_bound": 2.},
     [1, 3, 0, 1, 0, 1, 0, 1, -2, 2, 0, 2.6666666666666665, 1, 1, 3]),
    ([1., 3.], tf.float32, {"lower_bound": 5., "upper_bound": 2.},
     [1, 2, 0, 2, 0, 0, 0, 0, 1, 3, 2, 1, 1, 1, 2]),
    ([1., 5.], tf.float32, {"mute_if_healthy": True},
     [1, 2, 0, 0, 0, 0, 2, 0, 1, 5, 3, 4, 1, 1, 2]),
    ([np.inf, np.nan], tf.float32, {},
     [1, 2, 1, 0, 0, 0, 0, 1, np.inf, -np.inf, np.nan, np.nan, 1, 1, 2]),
])
def test_numeric_summary(values, dtype, attrs, want):
    got = R.DebugNumericSummary(input=tf.constant(values, dtype), tensor_name="x:0", **attrs)
    assert got.dtype == tf.float64
    np.testing.assert_array_equal(got.numpy(), np.array(want, np.float64))


def test_numeric_summary_shapes():
    np.testing.assert_array_equal(
        R.DebugNumericSummary(input=tf.zeros((0, 3)), tensor_name="x:0").numpy(),
        [1, 0, 0, 0, 0, 0, 0, 0, np.inf, -np.inf, np.nan, np.nan, 1, 2, 0, 3])
    np.testing.assert_array_equal(
        R.DebugNumericSummary(input=tf.constant(5, tf.int64), tensor_name="x:0").numpy(),
        [1, 1, 0, 0, 0, 0, 1, 0, 5, 5, 5, 0, 9, 0])
    np.testing.assert_array_equal(
        R.DebugNumericSummary(input=tf.ones((1, 2, 1, 3, 1)), tensor_name="x:0").numpy(),
        [1, 6, 0, 0, 0, 0, 6, 0, 1, 1, 1, 0, 1, 5, 1, 2, 1, 3, 1])


def test_nan_count_and_identities():
    got = R.DebugNanCount(input=tf.constant([np.nan, 1., np.nan]), tensor_name="x:0")
    assert got.dtype == tf.int64 and got.numpy().tolist() == [2]
    assert R.DebugNanCount(input=tf.constant([np.nan, 1.], tf.bfloat16),
                           tensor_name="x:0").numpy().tolist() == [1]
    assert R.DebugNanCount(input=tf.constant([1, 2]), tensor_name="x:0").numpy().tolist() == [0]
    x = tf.constant([[1., 2.], [3., 4.]])
    for op in (R.DebugIdentity, R.DebugIdentityV3):
        np.testing.assert_array_equal(op(input=x, tensor_name="x:0").numpy(), x.numpy())
        # (gated on gRPC debuggers, none of which enabled it)
        assert op(input=x, tensor_name="x:0", gated_grpc=True).shape == (0,)
    assert R.DebugNanCount(input=x, tensor_name="x:0", gated_grpc=True).shape == (0,)
    assert R.DebugIdentityV3(input=tf.constant(["a"]), tensor_name="x:0", io_of_node="n",
                             is_input=True, io_index=2).numpy().tolist() == [b"a"]
    for name in (":0", "x:-1", "x:01", "x: 1", "a/b:3", " x", "x"):
        assert R.DebugIdentity(input=x, tensor_name=name).shape == (2, 2)
    v = tf.Variable(1.)
    assert R.DebugGradientIdentity(input=v.handle).dtype == tf.resource


@pytest.mark.parametrize("name,words", [
    ("", 'Failed to parse tensor name: ""'), ("x:0:1", 'Failed to parse tensor name: "x:0:1"'),
    ("x:", 'Invalid string value for output_slot: ""'),
    (":", 'Invalid string value for output_slot: ""'),
    ("x:1a", 'Invalid string value for output_slot: "1a"'),
    ("x:99999999999", 'Invalid string value for output_slot: "99999999999"')])
def test_tensor_names(name, words):
    for op, fn in (("DebugIdentity", R.DebugIdentity), ("DebugNumericSummary",
                                                        R.DebugNumericSummary)):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            fn(input=tf.constant([1.]), tensor_name=name)
        assert str(e.value) == f"{CPU0 % op}{words} [Op:{op}] name: "


def test_errors():
    with pytest.raises(tf.errors.UnavailableError) as e:
        R.DebugIdentity(input=tf.constant([1.]), tensor_name="x:0", debug_urls=["foo://bar"])
    assert str(e.value) == f"{CPU0 % 'DebugIdentity'}Invalid debug target URL: foo://bar " \
                           "[Op:DebugIdentity] name: "
    with pytest.raises(tf.errors.NotFoundError) as e:
        R.DebugNumericSummary(input=tf.constant([1j]), tensor_name="x:a", debug_urls=["foo://x"])
    assert str(e.value).startswith(
        "Could not find device for node: {{node DebugNumericSummary}} = DebugNumericSummary["
        'T=DT_COMPLEX128, debug_urls=["foo://x"], device_name="", gated_grpc=false, '
        'lower_bound=-inf, mute_if_healthy=false, tensor_name="x:a", upper_bound=inf]\nAll '
        "kernels registered for op DebugNumericSummary:\n  device='DEFAULT'; T in [DT_DOUBLE]")
    assert str(e.value).endswith("\n  device='CPU'; T in [DT_BOOL]\n [Op:DebugNumericSummary] "
                                 "name: ")

    @tf.function
    def f():
        return R.DebugIdentity(input=tf.constant([1.]), tensor_name="x:a")

    with pytest.raises(tf.errors.InvalidArgumentError) as e:  # (when the graph runs)
        f()
    assert 'Invalid string value for output_slot: "a"\n\t [[{{node DebugIdentity}}]]' in \
        str(e.value)


def test_gradients():
    x = tf.constant([1., 2.])
    for fn, err, words in (
            (lambda: R.DebugIdentity(input=x, tensor_name="x:0"), LookupError,
             "gradient registry has no entry for: DebugIdentity"),
            (lambda: R.DebugNanCount(input=x, tensor_name="x:0"), LookupError,
             "gradient registry has no entry for: DebugNanCount"),
            (lambda: R.DebugGradientIdentity(input=x), AttributeError,
             "'_MockOp' object has no attribute 'name'")):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn()
        with pytest.raises(err) as e:
            tape.gradient(y, x)
        assert str(e.value) == words
