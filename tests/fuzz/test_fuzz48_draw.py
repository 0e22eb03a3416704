"""fuzz48_draw.py's draws under eagerflow alone (its comparison with TF 2.21 is a campaign:
`python tests/fuzz/fuzz48_draw.py SEED N OUT`): the draws are the same for a seed, every
drawn source is a call (no name the scope lacks: a NameError on both sides would compare
equal), and eagerflow answers each with a result or one of the errors TF raises."""

from __future__ import annotations

import fuzz48_draw as D
import pytest

import eagerflow as tf

# TF's error classes for bad input, and TF's bare assertion (dct of complex types II-IV)
ALLOWED = (tf.errors.OpError, TypeError, ValueError, AssertionError)


def test_a_seed_draws_the_same_calls():
    assert D.draw(3, 50) == D.draw(3, 50)
    assert D.draw(3, 50) != D.draw(4, 50)


@pytest.mark.parametrize("seed", [0, 1])
def test_every_draw_answers_as_tf_might(seed):
    cases = D.draw(seed, 300)
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
    assert sum("complex(" in src for src in cases) > 10  # (complex values drawn as calls)
