"""TF's fused LSTM and GRU ops (ops/rnn_blocks.py) against TF 2.21's results
(rnn_blocks_golden.json, by record_rnn_blocks_golden.py from rnn_blocks_cases.py), and
their gradient ops against float64 central finite differences of the forward kernels (the
ops take float16 and float32 only, so the registry's float64 gradient checks cannot run
them)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import rnn_blocks as R
from tests.ops.rnn_blocks_cases import CASES, GRU_CASES, inputs, run, run_gru

with open(os.path.join(os.path.dirname(__file__), "rnn_blocks_golden.json")) as f:
    GOLDEN = json.load(f)


def _close(got, want, half):
    tol = 4e-3 if half else 2e-5
    np.testing.assert_allclose(np.array(got, np.float64), np.array(want, np.float64),
                               rtol=tol, atol=tol)


@pytest.mark.parametrize("i", range(len(CASES)), ids=[str(c[:3]) for c in CASES])
def test_matches_tf(i):
    got, want = run(tf, np, CASES[i], i), GOLDEN["cases"][i]
    half = CASES[i][1] == "float16"
    assert got.keys() == want.keys()
    for key in want:
        assert len(got[key]) == len(want[key])
        for g, w in zip(got[key], want[key]):
            _close(g, w, half)


def _numeric(f, args, pos, eps=1e-6):
    x = args[pos]
    g = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        hi, lo = [a.copy() for a in args], [a.copy() for a in args]
        hi[pos][idx] += eps
        lo[pos][idx] -= eps
        g[idx] = (f(hi) - f(lo)) / (2 * eps)
    return g


def _f64(n, seed, lead):
    rng = np.random.default_rng(seed)
    shapes = (lead + (3,), (2, n), (2, n), (3 + n, 4 * n), (n,), (n,), (n,), (4 * n,))
    return [rng.uniform(-1, 1, s) for s in shapes]


@pytest.mark.parametrize("peep", [False, True])
def test_cell_grad_op_is_the_derivative(peep):
    """LSTMBlockCellGrad: cs_prev's, the gate pre-activations' (icfo, through z = xh w + b)
    and the peepholes' gradients, against finite differences (no clipping reached)."""
    args = _f64(3, 5, (2,))
    attrs = {"use_peephole": peep, "cell_clip": 0.0, "forget_bias": 0.4}
    rng = np.random.default_rng(6)
    dcs, dh = rng.uniform(-1, 1, (2, 2, 3))

    def loss(a):
        out = R._cell_kernel(np, *a, **attrs)
        return float((out[1] * dcs).sum() + (out[6] * dh).sum())

    fw = R._cell_kernel(np, *args, **attrs)
    # (the kernel computes in float32: float64 arrays here keep float64)
    dprev, dz, dwci, dwcf, dwco = R._cell_grad_kernel(np, *args, *fw[:6], dcs, dh, peep)
    np.testing.assert_allclose(dprev, _numeric(loss, args, 1), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(dz.sum(0), _numeric(loss, args, 7), rtol=1e-5, atol=1e-6)
    for got, pos in ((dwci, 4), (dwcf, 5), (dwco, 6)):
        np.testing.assert_allclose(got, _numeric(loss, args, pos), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("op", ["BlockLSTM", "BlockLSTMV2"])
@pytest.mark.parametrize("peep", [False, True])
def test_block_grad_op_is_the_derivative(op, peep):
    """BlockLSTMGrad (V2: BlockLSTMGradV2, its ifco gates) against finite differences of
    sum(cs * cs_grad + h * h_grad) for every input, over all steps and over fewer."""
    for seq_len in (3, 2):
        args = [np.int64(seq_len)] + _f64(2, 7, (3, 2))
        attrs = {"use_peephole": peep, "cell_clip": 0.0}
        rng = np.random.default_rng(8)
        dcs, dh = rng.uniform(-1, 1, (2, 3, 2, 2))
        fwd = R._block_kernel(op)

        def loss(a):
            out = fwd(np, *a, **attrs)
            return float((out[1] * dcs).sum() + (out[6] * dh).sum())

        grads = R._block_grad_kernel(op.replace("LSTM", "LSTMGrad"))(
            np, *args, *fwd(np, *args, **attrs), dcs, dh, peep)
        for pos, got in zip(range(1, 9), grads):
            if pos in (5, 6, 7) and not peep:
                assert not got.any()  # (TF's zeros)
                continue
            np.testing.assert_allclose(got, _numeric(loss, args, pos), rtol=1e-5, atol=1e-6,
                                       err_msg=f"{op} input {pos}")


def test_block_lstm_v2_tape_gradient_is_tf_block_lstm_grad():
    """TF 2.21 differentiates BlockLSTMV2 with BlockLSTMGrad (icfo), not its own V2 op."""
    case = next(i for i, c in enumerate(CASES) if c[0] == "BlockLSTMV2")
    args, (dcs, dh) = inputs(np, CASES[case], case)
    sl = np.int64(3)
    outs = tf.raw_ops.BlockLSTMV2(seq_len_max=sl, **args)
    want = tf.raw_ops.BlockLSTMGrad(seq_len_max=sl, **args, **dict(zip(
        ("i", "cs", "f", "o", "ci", "co", "h"), outs)), cs_grad=dcs, h_grad=dh,
        use_peephole=False)
    np.testing.assert_allclose(np.array(run(tf, np, CASES[case], case)["tape"][1]),
                               want[1].numpy(), rtol=1e-6)


def test_steps_past_seq_len_max_are_zeros_and_too_many_refused():
    args, _ = inputs(np, CASES[4], 4)
    outs = tf.raw_ops.BlockLSTM(seq_len_max=np.int64(1), **args)
    assert not outs[1].numpy()[1:].any() and not outs[6].numpy()[1:].any()
    assert outs[6].numpy()[0].any()
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"seq_len_max must be in"):
        tf.raw_ops.BlockLSTM(seq_len_max=np.int64(4), **args)


def test_no_gradient_for_the_cell_as_in_tf():
    args, _ = inputs(np, CASES[0], 0)
    x = tf.constant(args.pop("x"))
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = tf.raw_ops.LSTMBlockCell(x=x, **args)[6]
    with pytest.raises(LookupError, match="gradient registry has no entry for: LSTMBlockCell"):
        tape.gradient(h, x)


@pytest.mark.parametrize("i", range(len(GRU_CASES)), ids=[str(c) for c in GRU_CASES])
def test_gru_matches_tf(i):
    got, want = run_gru(tf, np, GRU_CASES[i], i), GOLDEN["gru"][i]
    for key in want:
        for g, w in zip(got[key], want[key]):
            _close(g, w, False)


def test_gru_grad_op_is_the_derivative():
    """GRUBlockCellGrad: x's and h_prev's gradients, and the pre-activations' (c's and
    r, u's) through their biases, against finite differences of sum(h * d_h)."""
    rng = np.random.default_rng(9)
    shapes = ((2, 3), (2, 4), (7, 8), (7, 4), (8,), (4,))
    args = [rng.uniform(-1, 1, s) for s in shapes]
    d_h = rng.uniform(-1, 1, (2, 4))

    def loss(a):
        return float((R._gru_kernel(np, *a)[3] * d_h).sum())

    d_x, d_h_prev, d_c, d_ru = R._gru_grad_kernel(np, *args, *R._gru_kernel(np, *args)[:3],
                                                  d_h)
    for got, pos in ((d_x, 0), (d_h_prev, 1), (d_ru.sum(0), 4), (d_c.sum(0), 5)):
        np.testing.assert_allclose(got, _numeric(loss, args, pos), rtol=1e-5, atol=1e-6)


def test_no_gradient_for_the_gru_cell_as_in_tf():
    rng = np.random.default_rng(1)
    shapes = ((2, 3), (2, 4), (7, 8), (7, 4), (8,), (4,))
    x, *rest = [rng.uniform(-1, 1, s).astype(np.float32) for s in shapes]
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = tf.raw_ops.GRUBlockCell(x=x, **dict(zip(("h_prev", "w_ru", "w_c", "b_ru", "b_c"),
                                                   rest)))[3]
    with pytest.raises(LookupError, match="no entry for: GRUBlockCell"):
        tape.gradient(h, x)
