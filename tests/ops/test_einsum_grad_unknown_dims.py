"""The gradient of einsum inside a tf.function traced with several unknown sizes (a
batch and a length, as a Keras train step traces GroupQueryAttention's projections): an
operand's summed-out axes are put back however many of its other sizes are unknown, and
the traced gradients equal the eager ones (which the registry suites check against finite
differences)."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

CASES = [
    # (equation, operand shapes, the traced signatures' shapes)
    ("abc,d->abd", [(2, 3, 4), (5,)], [(None, None, 4), (None,)]),
    ("bqm,muh->bquh", [(2, 3, 8), (8, 4, 2)], [(None, None, 8), (8, 4, 2)]),
    ("abcd,de->abe", [(2, 3, 2, 4), (4, 5)], [(None, None, None, 4), (4, None)]),
    ("abc,cd->ad", [(2, 3, 4), (4, 5)], [(None, None, 4), (4, 5)]),
]


def _grads(eq: str, *xs: tf.Tensor) -> list:
    with tf.GradientTape() as tape:
        tape.watch(list(xs))
        z = tf.einsum(eq, *xs)
        loss = tf.reduce_sum(z * z)
    return tape.gradient(loss, list(xs))


@pytest.mark.parametrize("eq,shapes,specs", CASES)
def test_traced_gradient_equals_eager(eq: str, shapes: list, specs: list) -> None:
    xs = [tf.constant(np.sin(np.arange(np.prod(s), dtype="float32")).reshape(s))
          for s in shapes]
    eager = _grads(eq, *xs)
    traced = tf.function(lambda *a: _grads(eq, *a),
                         input_signature=[tf.TensorSpec(s) for s in specs])(*xs)
    for e, t, s in zip(eager, traced, shapes):
        assert tuple(t.shape) == s
        np.testing.assert_allclose(t.numpy(), e.numpy(), rtol=1e-5, atol=1e-5)
