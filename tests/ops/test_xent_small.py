"""tf.nn.sparse_softmax_cross_entropy_with_logits on float32 logits of fewer than 8 values
bit for bit with TF 2.21's CPU kernel, which computes them with the C library's expf and
logf (Eigen's scalar path; nn_loss.py): the loss and the backprop, eagerly and traced;
recorded from TF by record_xent_small_golden.py (xent_small_golden.json). The C library
is this machine's, as TF's is: the values hold where it is the glibc they were recorded
with (x86-64)."""

import json
import platform
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.backend import c_float_function
from tests.ops.xent_small_cases import bits, cases

pytestmark = [pytest.mark.usefixtures("cpu_kernels"), pytest.mark.skipif(
    platform.system() != "Linux" or platform.machine() not in ("x86_64", "AMD64") or
    platform.libc_ver()[0] != "glibc" or c_float_function("expf") is None,
    reason="golden values of x86-64 glibc's float functions")]

GOLDEN = json.loads((Path(__file__).resolve().parent / "xent_small_golden.json").read_text())
CASES = cases()


def _loss_and_backprop(fn, logits, labels):
    x = tf.constant(logits)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = fn(x, tf.constant(labels))
    return bits(loss.numpy()), bits(tape.gradient(loss, x).numpy())


def _xent(x, labels):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=x)


@pytest.mark.parametrize("traced", [False, True])
def test_small_logits_are_tfs(traced):
    fn = tf.function(_xent) if traced else _xent
    got = [_loss_and_backprop(fn, logits, labels) for logits, labels in CASES]
    want = [(c["loss"], c["backprop"]) for c in GOLDEN["cases"]]
    assert got == want
