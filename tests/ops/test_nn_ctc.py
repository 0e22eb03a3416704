"""tf.nn.ctc_loss (dense and sparse labels, any blank, time- or batch-major), its gradient,
ctc_greedy_decoder, collapse_repeated and ctc_unique_labels: TF 2.21's values
(ctc_loss_golden.json, recorded by record_ctc_loss_golden.py; the CTCLoss and
CTCGreedyDecoder OpDefs are also checked against path enumeration by the registry
suites), traced == eager, and TF's errors."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.nn_ctc import _dense_ctc_loss
from tests.golden_io import decode_array
from tests.ops.ctc_loss_cases import run

# TF's dense ctc_loss as recorded by tests/saved_model/golden/make_ctc_dense_form.py (its
# cases, and what TF does with float64 logits and a second derivative)
DENSE = json.loads(open(os.path.join(os.path.dirname(__file__), "..", "saved_model", "golden",
                                     "ctc_dense_form.json")).read())

HERE = os.path.dirname(__file__)


def test_losses_gradients_and_greedy_paths_match_tf():
    with open(os.path.join(HERE, "ctc_loss_golden.json")) as f:
        golden = json.load(f)["cases"]
    got = run(tf)
    assert sorted(got) == sorted(golden)
    for key, want in golden.items():
        for g, w in zip(got[key], want):
            np.testing.assert_allclose(g, np.array(w), rtol=2e-5, atol=2e-6, err_msg=key)


def _problem():
    rng = np.random.RandomState(0)
    return rng.randn(5, 2, 4).astype(np.float32), np.array([[1, 2, 0], [3, 3, 0]], np.int32)


@pytest.mark.parametrize("blank", [0, 2, -1])
def test_gradient_matches_finite_differences(blank):
    rng = np.random.RandomState(blank + 3)
    logits = rng.randn(6, 3, 4)
    labels = np.array([[1, 1, 3], [3, 0, 0], [2, 1, 0]], np.int32) % 4
    labels = np.where(labels == blank % 4, (labels + 1) % 4, labels)
    # (in float64, which tf.nn.ctc_loss refuses for dense labels as TF does: the op under
    # it computes it)
    theoretical, numerical = tf.test.compute_gradient(
        lambda x: _dense_ctc_loss(labels, x, [3, 1, 2], tf.constant([6, 5, 4]), blank),
        [logits])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-7)


def test_traced_loss_and_gradient_equal_eager():
    logits, labels = _problem()

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.nn.ctc_loss(labels, x, [2, 2], [5, 4])
        return loss, tape.gradient(loss, x)

    loss, grad = f(tf.constant(logits))
    # TF 2.21: [3.8038669, 6.2873564]; its gradient's first row for batch 1
    np.testing.assert_allclose(loss.numpy(), [3.8038669, 6.2873564], rtol=1e-6)
    np.testing.assert_allclose(grad.numpy()[0, 1], [0.47565815, 0.03655759, 0.2512014,
                                                    -0.763417], atol=1e-6)


def test_an_impossible_alignment_costs_what_tf_dense_labels_cost():
    logits, labels = _problem()
    # [3, 3] needs three steps (a blank between the repeats): two are not enough. TF 2.21
    # computes dense labels with its ctc_loss_dense composite, whose log(1e-307) stand-in
    # for log 0 makes that loss finite and its gradient finite (recorded)
    x = tf.constant(logits)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.nn.ctc_loss(labels, x, [2, 2], [5, 2])
    np.testing.assert_allclose(loss.numpy(), [3.8038669, 707.79834], rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(loss, x).numpy()[:2, 1],
                               [[-0.25404847, 0.03655759, 0.25120139, -0.03373317],
                                [-0.26136294, 0.18143669, 0.25040886, -0.17046641]], atol=1e-6)
    # no label columns at all: TF's transition matrix counts start -> blank twice (recorded)
    lg = np.log(np.array([[[0.3, 0.7]], [[0.6, 0.4]]], np.float32))
    np.testing.assert_allclose(tf.nn.ctc_loss(np.zeros((1, 0), np.int32), lg, [0], [2]).numpy(),
                               [1.0216513], rtol=1e-6)
    np.testing.assert_allclose(tf.nn.ctc_loss(np.zeros((1, 1), np.int32), lg, [0], [2]).numpy(),
                               [1.7147985], rtol=1e-6)
    # sparse labels go to TF's CTCLoss kernel: there the loss is inf
    sparse = tf.sparse.from_dense(labels[:, :2] + 0)
    assert np.isinf(tf.nn.ctc_loss(sparse, logits, None, [5, 2], blank_index=-1).numpy()[1])
    half = tf.nn.ctc_loss(labels, logits.astype(np.float16), [2, 2], [5, 4])
    assert half.dtype == tf.float16
    np.testing.assert_allclose(half.numpy(), [3.8038669, 6.2873564], rtol=2e-3)


def test_second_derivative_is_refused_as_in_tf():
    # (sparse labels: TF's CTCLoss kernel refuses it with a LookupError. With dense labels
    # TF's composite gives NaNs: test_dense_second_derivative_is_nan_as_in_tf)
    logits, labels = _problem()
    x = tf.constant(logits)
    sparse = tf.sparse.from_dense(labels[:, :2] + 0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            loss = tf.reduce_sum(tf.nn.ctc_loss(sparse, x, None, [5, 4], blank_index=0))
        g = tf.reduce_sum(inner.gradient(loss, x) ** 2)
    with pytest.raises(LookupError, match="second derivative"):
        outer.gradient(g, x)


def test_collapse_repeated_and_unique_labels_as_tf():
    labels, lengths = tf.nn.collapse_repeated([[1, 1, 2, 2, 3], [4, 4, 4, 0, 0]], [5, 3])
    assert labels.numpy().tolist() == [[1, 2, 3], [4, 0, 0]]
    assert lengths.numpy().tolist() == [3, 1] and lengths.dtype == tf.int32
    unique, idx = tf.nn.ctc_unique_labels([[3, 4, 4, 3], [1, 1, 2, 0]])
    assert unique.dtype == tf.int64 and idx.dtype == tf.int32
    assert unique.numpy().tolist() == [[3, 4, 0, 0], [1, 2, 0, 0]]
    assert idx.numpy().tolist() == [[0, 1, 1, 0], [0, 0, 1, 2]]
    # `unique` only speeds TF up: the loss is the same with it
    logits, labels = _problem()
    with_unique = tf.nn.ctc_loss(labels, logits, [2, 2], [5, 4],
                                 unique=tf.nn.ctc_unique_labels(labels))
    np.testing.assert_allclose(with_unique.numpy(), [3.8038669, 6.2873564], rtol=1e-6)


def test_greedy_decoder_output_types():
    logits, _ = _problem()
    decoded, logp = tf.nn.ctc_greedy_decoder(logits, [5, 4])
    assert isinstance(decoded, list) and len(decoded) == 1
    assert decoded[0].values.dtype == tf.int64 and decoded[0].indices.dtype == tf.int64
    assert decoded[0].dense_shape.numpy().tolist() == [2, 3]
    np.testing.assert_allclose(logp.numpy(), [[-7.61535], [-5.025811]], rtol=1e-6)


@pytest.mark.parametrize("call, error, match", [
    (lambda lg, lb: tf.nn.ctc_loss(tf.sparse.from_dense(lb[:, :2]), lg, None, [5, 4]),
     ValueError, "`blank_index` must be provided"),
    (lambda lg, lb: tf.nn.ctc_loss(tf.sparse.from_dense(lb[:, :2]), lg, None, [6, 4],
                                   blank_index=0),
     tf.errors.InvalidArgumentError, r"sequence_length\(0\) <= 5"),
    (lambda lg, lb: tf.nn.ctc_loss(tf.sparse.from_dense(np.array([[1, 0], [0, 0]], np.int32)),
                                   lg, None, [5, 4], blank_index=0),
     tf.errors.InvalidArgumentError, "Labels length is zero in batch 1"),
    (lambda lg, lb: tf.nn.ctc_greedy_decoder(lg, [6, 4]), tf.errors.FailedPreconditionError,
     r"sequence_length\(0\) <= 5"),
    (lambda lg, lb: tf.nn.ctc_greedy_decoder(lg, [5, 4, 3]),
     tf.errors.FailedPreconditionError, r"len\(sequence_length\) != batch_size"),
    (lambda lg, lb: tf.nn.ctc_greedy_decoder(tf.constant(lg.astype(np.int32)), [5, 4]),
     tf.errors.InvalidArgumentError, "Value for attr 'T' of int32"),
])
def test_bad_input_raises_tf_errors(call, error, match):
    logits, labels = _problem()
    with pytest.raises(error, match=match):
        call(logits, labels)


def test_ctc_loss_gradient_of_a_nan_likelihood_is_nan_over_the_sequence():
    # TF 2.21: an inf logit makes the second sequence's likelihood NaN, and TF's posteriors
    # divide by it: that sequence's gradient is NaN at each of its steps, zero after them;
    # the first sequence is untouched (recorded)
    x = np.array([[[0.5, 0.2, -0.1], [0.3, 0.1, 0.2]], [[0.1, 0.4, 0.0], [np.inf, 0.2, 0.1]],
                  [[0.2, 0.1, 0.3], [0.5, 0.5, 0.5]]], np.float32)
    loss, grad = tf.raw_ops.CTCLoss(
        inputs=x, labels_indices=np.array([[0, 0], [1, 0]], np.int64),
        labels_values=np.array([1, 0], np.int32), sequence_length=np.array([3, 2], np.int32))
    np.testing.assert_allclose(loss.numpy(), [1.5651686, np.nan], rtol=1e-6)
    grad = grad.numpy()
    assert np.isnan(grad[:2, 1]).all()
    np.testing.assert_array_equal(grad[2, 1], [0, 0, 0])
    np.testing.assert_allclose(grad[:, 0], [[0.4367518, -0.26307577, -0.17367606],
                                            [0.30724832, -0.3314525, 0.02420413],
                                            [0.332225, -0.13112357, -0.20110133]], atol=2e-7)


def _dense_case(name: str) -> list:
    return [decode_array(DENSE["cases"][name][k])
            for k in ("logits", "labels", "label_length", "logit_length")]


def test_dense_second_derivative_is_nan_as_in_tf():
    logits, labels, label_length, logit_length = _dense_case("mixed")
    x = tf.constant(logits)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            loss = tf.nn.ctc_loss(labels, x, label_length, logit_length)
        g = tf.reduce_sum(inner.gradient(loss, x))
    got = outer.gradient(g, x).numpy()
    want = decode_array(DENSE["second"])
    assert got.shape == want.shape and np.isnan(want).all() and np.isnan(got).all()


def test_dense_float64_logits_are_refused_as_in_tf():
    logits, labels, label_length, logit_length = _dense_case("mixed")
    want = DENSE["float64"]
    with pytest.raises(getattr(tf.errors, want["class"])) as e:
        tf.nn.ctc_loss(labels, logits.astype(np.float64), label_length, logit_length)
    assert str(e.value).split("\n")[0] == want["message"]
    # traced, TF's Mul refuses its float32 input when the graph is built
    f = tf.function(lambda x: tf.nn.ctc_loss(labels, x, label_length, logit_length))
    with pytest.raises(TypeError, match="Input 'y' of 'Mul' Op has type float32 that does "
                                        "not match type float64 of argument 'x'"):
        f(logits.astype(np.float64))


def test_greedy_scores_of_empty_or_zero_sums_are_positive_zero():
    # TF adds each step's negated score to a zero: TF 2.21 gives [[0.0], [0.0]] for
    # lengths [0, 2] over steps of log(1) = 0 in the second sequence (no -0.0)
    x = np.log(np.array([[[0.6, 0.4], [1.0, 1e-30]], [[0.3, 0.7], [1.0, 1e-30]]],
                        np.float32))
    _, logp = tf.nn.ctc_greedy_decoder(x, np.array([0, 2], np.int32))
    assert logp.numpy().tolist() == [[0.0], [0.0]]
    assert not np.signbit(logp.numpy()).any()
