"""tf.nn.ctc_beam_search_decoder: TF 2.21's paths and scores (recorded from it), its pruning
(a prefix pushed out of a full beam loses its probability), SparseTensor outputs, and the
shapes a traced call gives."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf

# two steps of [label 0, label 1, blank] logits
X = np.array([[2.0, 0.5, 0.0], [0.3, 1.0, 0.0]], np.float32)[:, None, :]


def _paths(decoded):
    return [tf.sparse.to_dense(d, default_value=-1).numpy().tolist() for d in decoded]


def test_wide_beam_gives_tf_paths_and_log_probabilities():
    decoded, logp = tf.nn.ctc_beam_search_decoder(X, [2], beam_width=3, top_paths=3)
    assert _paths(decoded) == [[[0, 1]], [[0]], [[1]]]
    # TF 2.21: [-0.9293297529220581, -1.0001060962677002, -1.7490601539611816]
    np.testing.assert_allclose(logp.numpy(), [[-0.92932975, -1.0001061, -1.74906015]],
                               rtol=1e-6)
    assert logp.dtype == tf.float32 and decoded[0].dense_shape.numpy().tolist() == [1, 2]
    assert decoded[0].indices.dtype == tf.int64 and decoded[0].values.dtype == tf.int64


def test_a_prefix_pushed_out_of_the_beam_loses_its_probability():
    # beam 1: the empty prefix is pushed out at step 0, so [0] no longer gathers the
    # paths through it and [0, 1] wins (TF 2.21: [[0, 1]], -0.9293297529220581)
    decoded, logp = tf.nn.ctc_beam_search_decoder(X, [2], beam_width=1, top_paths=1)
    assert _paths(decoded) == [[[0, 1]]]
    np.testing.assert_allclose(logp.numpy(), [[-0.92932975]], rtol=1e-6)


def test_bad_requests_raise_tf_errors():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Less leaves in the beam search than requested"):
        tf.nn.ctc_beam_search_decoder(np.zeros((1, 1, 2), np.float32), [1], beam_width=5,
                                      top_paths=3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="requested more paths than"):
        tf.nn.ctc_beam_search_decoder(X, [2], beam_width=1, top_paths=2)
    with pytest.raises(tf.errors.FailedPreconditionError, match=r"len\(sequence_length\)"):
        tf.nn.ctc_beam_search_decoder(X, [2, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match="inputs must not be empty"):
        tf.nn.ctc_beam_search_decoder(np.zeros((0, 1, 3), np.float32), [0])


def test_traced_decoder_shapes():
    @tf.function(input_signature=[tf.TensorSpec([None, None, 4]),
                                  tf.TensorSpec([None], tf.int32)])
    def f(x, lengths):
        decoded, logp = tf.nn.ctc_beam_search_decoder(x, lengths, beam_width=3, top_paths=2)
        assert decoded[1].indices.shape.as_list() == [None, 2]
        assert decoded[1].values.shape.as_list() == [None]
        assert logp.shape.as_list() == [None, 2]
        return logp

    x = np.random.RandomState(0).randn(3, 2, 4).astype(np.float32)
    # TF 2.21 (eager): [[-1.43041, -2.25381], [-0.9520836, -1.848691]]
    np.testing.assert_allclose(f(x, [3, 2]).numpy(), [[-1.43041, -2.25381],
                                                      [-0.9520836, -1.848691]], rtol=1e-5)
    decoded, _ = tf.nn.ctc_beam_search_decoder(x, [3, 2], beam_width=3, top_paths=2)
    assert _paths(decoded) == [[[0], [0]], [[2, 0], [0, 2]]]


@pytest.mark.parametrize("key,dtype", [("problems", np.float32), ("problems64", np.float64)])
def test_pruned_searches_match_tf_golden(key, dtype):
    """150 small problems recorded from TF 2.21 (record_ctc_golden.py): the same labellings
    survive narrow beams, with the same log probabilities bit for bit (float64 ones carry
    the float32 rounding of TF's log-add), and the same errors."""
    from tests.ops.record_ctc_golden import problems

    with open(os.path.join(os.path.dirname(__file__), "ctc_golden.json")) as f:
        golden = json.load(f)[key]
    for (x, lengths, width, top), want in zip(problems(dtype=dtype), golden, strict=True):
        x = tf.constant(x)  # (as recorded: a NumPy array would be converted to float32)
        if "error" in want:
            with pytest.raises(getattr(tf.errors, want["error"])):
                tf.nn.ctc_beam_search_decoder(x, lengths, beam_width=width, top_paths=top)
            continue
        decoded, logp = tf.nn.ctc_beam_search_decoder(x, lengths, beam_width=width,
                                                      top_paths=top)
        assert _paths(decoded) == want["paths"]
        assert logp.dtype == dtype
        np.testing.assert_array_equal(logp.numpy(), np.array(want["log_probability"], dtype))


# Tie problems whose order eagerflow does not reproduce yet: equally probable labellings
# listed in another order (13: another one kept at rank 5); TF's Step and TopPaths as
# modelled (gtl::TopN over libstdc++'s heap and sort, each checked against g++'s) put them
# otherwise, so some move of TF's beam is still missing from the model.
TIE_ORDER_KNOWN = {13, 31, 32, 104, 138}


def test_tied_searches_keep_and_list_labellings_as_tf():
    """150 problems with exactly tied probabilities recorded from TF 2.21
    (record_ctc_golden.py's tie_problems): which of equally probable prefixes stays in a
    full beam and which is listed first follow TF's gtl::TopN (stl_topn.py); all but
    TIE_ORDER_KNOWN give TF's paths and log probabilities bit for bit (21 of 150 differed
    before the TopN model), and those still differ (take one off when it matches)."""
    from tests.ops.record_ctc_golden import tie_problems

    with open(os.path.join(os.path.dirname(__file__), "ctc_golden.json")) as f:
        golden = json.load(f)["ties"]
    differ = set()
    for i, ((x, lengths, width, top), want) in enumerate(zip(tie_problems(), golden,
                                                             strict=True)):
        try:
            decoded, logp = tf.nn.ctc_beam_search_decoder(tf.constant(x), lengths,
                                                          beam_width=width, top_paths=top)
            got = {"paths": _paths(decoded),
                   "log_probability": logp.numpy().astype(float).tolist()}
        except tf.errors.OpError as e:
            got = {"error": type(e).__name__}
        if got != want:
            differ.add(i)
    assert differ == TIE_ORDER_KNOWN


def test_greedy_decoder_takes_the_maximum_as_tfs_kernel_on_nan():
    # TF 2.21 (Eigen's maxCoeff): from the first class, a class replacing it only when
    # greater: a first NaN stays (class 0, score NaN), a later NaN never wins, a row of -inf
    # is class 0; ties go to the first (recorded)
    nan, inf = np.nan, np.inf
    rows = [([nan, 1, 2, 0.5], 0, nan), ([1, nan, 2, 0], 2, -2.0), ([3, nan, 2, 0], 0, -3.0),
            ([-inf, -inf, nan, -inf], 0, inf), ([1, 5, 5, nan], 1, -5.0)]
    for row, cls, score in rows:
        x = np.array([[row]], np.float32)
        r = tf.raw_ops.CTCGreedyDecoder(inputs=x, sequence_length=[1], merge_repeated=False,
                                        blank_index=-1)
        np.testing.assert_array_equal(r[1].numpy(), [cls])
        np.testing.assert_array_equal(r[3].numpy().ravel(), [score])
