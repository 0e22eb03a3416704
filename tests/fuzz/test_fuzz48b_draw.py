"""fuzz48b_draw.py's draws under eagerflow alone (its comparison with TF 2.21 is a
campaign: `python tests/fuzz/fuzz48b_draw.py SEED N OUT`): the draws are the same for a
seed, every drawn source is a call of a name eagerflow has, and eagerflow answers each with
a result or one of the errors TF raises."""

from __future__ import annotations

import fuzz48_draw as D
import fuzz48b_draw as B
import pytest

import eagerflow as tf

ALLOWED = (tf.errors.OpError, TypeError, ValueError)


def test_a_seed_draws_the_same_calls():
    assert B.draw(3, 50) == B.draw(3, 50)
    assert B.draw(3, 50) != B.draw(4, 50)


@pytest.mark.parametrize("seed", [0, 1])
def test_every_draw_answers_as_tf_might(seed):
    cases = B.draw(seed, 150)
    scope = {"tf": tf, "np": D.np, "nan": D.math.nan, "inf": D.math.inf,
             "T": lambda *a: D.T(tf, *a)}
    errors = {}
    for src in cases:
        try:
            eval(src, scope)  # noqa: S307
        except ALLOWED:
            continue
        except Exception as e:  # noqa: BLE001 - the failure is the finding
            errors[src[:160]] = f"{type(e).__name__}: {e}"[:200]
    assert not errors, errors
