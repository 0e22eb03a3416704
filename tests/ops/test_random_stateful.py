"""tf.raw_ops' stateful generator ops and first stateless ops beyond their golden draws
(random_cases.py: stateful_raw_ops, stateless_v1_raw_ops): TF 2.21's eager errors in its
order, the state they leave, and the graphs a traced call makes."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device
from eagerflow._src.ops.random import clear_kernel_cache

R = tf.raw_ops


def _gen(state=(2002, 0, 7)):
    return tf.random.Generator.from_state(list(state), "philox")


def test_a_draw_is_the_v2_draw_at_the_state_and_moves_it_256_blocks_a_value():
    g = _gen()
    got = R.StatefulUniform(resource=g.state.handle, algorithm=1, shape=[2, 3])
    key = tf.constant([7], tf.uint64)
    counter = tf.constant([2002, 0], tf.uint64)
    want = R.StatelessRandomUniformV2(shape=[2, 3], key=key, counter=counter, alg=1)
    np.testing.assert_array_equal(got.numpy(), want.numpy())
    assert g.state.numpy().tolist() == [2002 + 6 * 256, 0, 7]
    R.StatefulUniformFullInt(resource=g.state.handle, algorithm=3, shape=[0, 5])
    assert g.state.numpy().tolist() == [2002 + 6 * 256, 0, 7]  # (an empty draw leaves it)


def test_a_state_longer_than_three_words_keeps_the_rest():
    v = tf.Variable([1, 2, 3, 4, 5], dtype=tf.int64)
    got = R.StatefulUniformFullInt(resource=v.handle, algorithm=1, shape=[2], dtype=tf.int64)
    assert got.numpy().tolist() == [-989587659704057627, -5270574581156201433]  # TF's
    assert v.numpy().tolist() == [513, 2, 3, 4, 5]


def test_the_first_stateless_ops_draw_what_v2_draws_from_the_seeds_key_and_counter():
    seed = tf.constant([-1, 7], tf.int32)
    key, counter, alg = R.StatelessRandomGetKeyCounterAlg(seed=seed)
    assert int(alg) == 1 and int(R.StatelessRandomGetAlg()) == 1
    np.testing.assert_array_equal(
        R.StatelessRandomNormal(shape=[4], seed=seed).numpy(),
        R.StatelessRandomNormalV2(shape=[4], key=key, counter=counter, alg=alg).numpy())
    np.testing.assert_array_equal(
        R.StatelessRandomGammaV2(shape=[3, 2], seed=seed, alpha=[0.5, 3.0]).numpy(),
        R.StatelessRandomGammaV3(shape=[3, 2], key=key, counter=counter, alg=alg,
                                 alpha=[0.5, 3.0]).numpy())


def _error(f):
    with pytest.raises(tf.errors.OpError) as e:
        f()
    return type(e.value).__name__, e.value.message


@pytest.mark.parametrize("call, error, text", [
    (lambda h: R.StatefulUniform(resource=h, algorithm=2, shape=[2]), "UnimplementedError",
     "Non-XLA devices don't support the ThreeFry algorithm."),
    (lambda h: R.StatefulUniform(resource=h, algorithm=0, shape=[2]), "InvalidArgumentError",
     "Unsupported algorithm id: 0"),
    (lambda h: R.StatefulUniform(resource=h, algorithm=[1], shape=[2]), "InvalidArgumentError",
     "input 1 (0-based) must have shape [], not [1]"),
    (lambda h: R.StatefulUniform(resource=h, algorithm=1, shape=[[2]]), "InvalidArgumentError",
     "shape must be a vector of {int32,int64}, got shape [1,1]"),
    (lambda h: R.StatefulUniformInt(resource=h, algorithm=2, shape=[0], minval=5, maxval=3),
     "InvalidArgumentError", "Need minval < maxval, got 5 >= 3"),
    (lambda h: R.StatefulUniformInt(resource=h, algorithm=1, shape=[-1], minval=[5], maxval=3),
     "InvalidArgumentError", "minval must be 0-D, got shape [1]"),
    (lambda h: R.StatefulUniform(resource=h, algorithm=1, shape=[2], dtype=tf.int32),
     "InvalidArgumentError", "No OpKernel was registered to support Op 'StatefulUniform' used "
                             "by {{node StatefulUniform}} with these attrs: ["),
    (lambda h: R.NonDeterministicInts(shape=[2], dtype=tf.float32), "NotFoundError",
     "Could not find device for node: {{node NonDeterministicInts}} = NonDeterministicInts["
     "dtype=DT_FLOAT, shape_dtype=DT_INT64]"),
    (lambda h: R.NonDeterministicInts(shape=tf.constant([2.0])), "InvalidArgumentError",
     "shape must be a vector of {int32,int64}."),
])
def test_eager_errors_are_tfs_and_leave_the_state(call, error, text):
    g = _gen()
    name, message = _error(lambda: call(g.state.handle))
    assert name == error and text in message
    assert g.state.numpy().tolist() == [2002, 0, 7]


@pytest.mark.parametrize("state, alg, text", [
    ([1, 2], 1, "For the Philox algorithm, the size of state must be at least 3; got 2"),
    ([[1, 2, 3]], 7, "Unsupported algorithm id: 7"),  # (the id before the rank)
    (5, 1, "RNG state must have one and only one dimension, not 0"),
])
def test_state_variables_of_other_shapes_are_refused(state, alg, text):
    v = tf.Variable(state, dtype=tf.int64)
    assert text in _error(lambda: R.StatefulUniform(resource=v.handle, algorithm=alg,
                                                    shape=[2]))[1]


def test_an_int32_state_is_refused_before_the_algorithm():
    v = tf.Variable([1, 2, 3], dtype=tf.int32)
    assert "dtype of RNG state variable must be int64, not int32" in _error(
        lambda: R.StatefulUniform(resource=v.handle, algorithm=2, shape=[2]))[1]


def test_a_traced_call_draws_from_the_variable_and_exports_tfs_node():
    g = _gen((3, 0, 9))

    @tf.function
    def f():
        return R.StatefulUniform(resource=g.state.handle, algorithm=1, shape=[2])

    a, b = f(), f()
    assert g.state.numpy().tolist() == [3 + 4 * 256, 0, 9]
    assert not np.array_equal(a.numpy(), b.numpy())
    types = {o.type for o in f.get_concrete_function().graph.get_operations()}
    assert "StatefulUniform" in types


def test_non_deterministic_ints_differ_call_to_call():
    a = R.NonDeterministicInts(shape=[2, 3])
    b = R.NonDeterministicInts(shape=tf.constant([4], tf.int32), dtype=tf.uint32)
    assert (a.dtype, a.shape, b.dtype, b.shape) == (tf.int64, [2, 3], tf.uint32, [4])
    assert not np.array_equal(a.numpy(), R.NonDeterministicInts(shape=[2, 3]).numpy())


def test_rng_read_and_skip_and_the_binomial_take_the_state_variables_handle():
    g = tf.random.Generator.from_seed(3)
    old = R.RngReadAndSkip(resource=g.state.handle, alg=1, delta=tf.constant(2, tf.uint64))
    assert (old.numpy().tolist(), g.state.numpy().tolist()) == ([3, 0, 0], [515, 0, 0])
    drawn = R.StatefulRandomBinomial(resource=g.state.handle, algorithm=1, shape=[3],
                                     counts=5.0, probs=0.5)
    assert (drawn.numpy().tolist(), g.state.numpy().tolist()) == ([2, 3, 5], [77315, 0, 0])

    @tf.function
    def f():
        return R.RngReadAndSkip(resource=g.state.handle, alg=1,
                                delta=tf.constant(2, tf.uint64))

    assert [f().numpy().tolist(), f().numpy().tolist()] == [[77315, 0, 0], [77827, 0, 0]]
    assert "expected to be a resource tensor but is a int64 tensor" in _error(
        lambda: R.RngReadAndSkip(resource=tf.constant([1, 2, 3], tf.int64), alg=1,
                                 delta=tf.constant(2, tf.uint64)))[1]


def test_means_and_stddevs_of_one_entry_still_draw_in_batches_of_100():
    """TF takes the scalar parameters' layout (batches of 100) when the means and stddevs
    have one entry and minvals and maxvals are scalars: TF 2.21's CPU numbers, and the
    stream it leaves for the next call."""
    clear_kernel_cache()
    c = [tf.constant(v, tf.float32) for v in ([0.0], 1.0, -1.0, 2.0)]
    with tf.device("/CPU:0"):
        draws = [R.ParameterizedTruncatedNormal(shape=[4, 30], means=c[0], stdevs=c[1],
                                                minvals=c[2], maxvals=c[3], seed=3, seed2=5)
                 for _ in range(2)]
    np.testing.assert_array_equal(draws[0].numpy().ravel()[25:35], np.array([
        0.4958665072917938, 0.5718989372253418, 0.960168719291687, -0.39126718044281006,
        -0.3080272674560547, -0.8551052212715149, 0.36396536231040955, 0.9406480193138123,
        1.1713624000549316, 0.6226081848144531], np.float32))
    np.testing.assert_array_equal(draws[1].numpy().ravel()[:5], np.array([
        1.0530985593795776, -0.49948084354400635, -0.942226231098175, 1.0273014307022095,
        0.4273545742034912], np.float32))


@pytest.mark.parametrize("op, inputs", [
    ("ParameterizedTruncatedNormal", {"means": [0.0], "stdevs": [1.0], "minvals": [-1.0],
                                      "maxvals": [2.0]}),
    ("RandomGamma", {"alpha": [0.5, 2.0]}),
    ("RandomPoissonV2", {"rate": [2.0, 9.0]})])
def test_a_draw_placed_on_the_cpu_from_gpu_inputs_moves_its_stream_once(op, inputs):
    """On CPU:0, a device's inputs make the kernel's first try raise (NumPy refuses them)
    and dispatch runs it again on host copies: the stream must not have moved on."""
    values = []
    with device.standin_gpus(1):
        for where in ("/GPU:0", "/CPU:0"):
            clear_kernel_cache()
            with tf.device(where):
                given = {k: tf.constant(v) for k, v in inputs.items()}
            with tf.device("/CPU:0"):
                out = getattr(R, op)(shape=[2, 3], seed=1, seed2=2, **given)
            assert out.device.endswith("CPU:0")
            values.append(out.numpy())
    assert values[0].tobytes() == values[1].tobytes()


def test_a_multinomial_draw_on_the_cpu_from_gpu_logits_moves_its_stream_once():
    values = []
    with device.standin_gpus(1):
        for where in ("/GPU:0", "/CPU:0"):
            clear_kernel_cache()
            with tf.device(where):
                logits = tf.constant([[0.5, 1.0, -2.0], [0.0, 0.0, 3.0]])
            with tf.device("/CPU:0"):
                out = [R.Multinomial(logits=logits, num_samples=6, seed=1, seed2=2)
                       for _ in range(2)]
            assert out[0].device.endswith("CPU:0")
            values.append(np.stack([o.numpy() for o in out]))
    assert values[0].tolist() == values[1].tolist()


def test_parameterized_truncated_normal_has_no_bfloat16_kernel():
    b = [tf.constant(v, tf.bfloat16) for v in (0.0, 1.0, -1.0, 1.0)]
    name, message = _error(lambda: R.ParameterizedTruncatedNormal(
        shape=[2], means=b[0], stdevs=b[1], minvals=b[2], maxvals=b[3], seed=3, seed2=4))
    assert name == "NotFoundError" and message.startswith(
        "Could not find device for node: {{node ParameterizedTruncatedNormal}} = "
        "ParameterizedTruncatedNormal[T=DT_INT32, dtype=DT_BFLOAT16, seed=3, seed2=4]")


def test_a_saved_draw_runs_again_after_loading(tmp_path):
    """The export writes TF's node on the state variable (TF 2.21 loads it and draws the
    same values); a shape known only when the function runs is its input."""
    class M(tf.Module):
        def __init__(self):
            self.g = tf.random.Generator.from_seed(3)

        @tf.function(input_signature=[tf.TensorSpec([2], tf.int32)])
        def f(self, shape):
            return (R.StatefulUniform(resource=self.g.state.handle, algorithm=1, shape=shape),
                    R.StatefulUniformInt(resource=self.g.state.handle, algorithm=1, shape=shape,
                                         minval=0, maxval=9))

    tf.saved_model.save(M(), str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    a, b = loaded.f(tf.constant([1, 2]))
    np.testing.assert_array_equal(a.numpy(), np.array([[0.13229859, 0.5348098]], np.float32))
    assert b.numpy().tolist() == [[1, 4]]
    assert loaded.g._state_var.numpy().tolist() == [1027, 0, 0]
