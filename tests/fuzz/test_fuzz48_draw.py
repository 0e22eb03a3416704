"""fuzz48_draw.py's, fuzz48b_draw.py's and fuzz49_draw.py's draws under eagerflow alone
(their comparison with TF 2.21 is a campaign: `python tests/fuzz/fuzz48_draw.py SEED N OUT`,
and the others' alike): the draws are the same for a seed, every drawn source is a call
(no name the scope lacks: a NameError on both sides would compare equal), and eagerflow
answers each with a result or one of the errors TF raises."""

from __future__ import annotations

import fuzz48_draw as D
import fuzz48b_draw as B
import fuzz49_draw as F
import pytest

import eagerflow as tf

# TF's error classes for bad input
ALLOWED = (tf.errors.OpError, TypeError, ValueError)
# each drawer, its draws a seed, and the errors it may meet: fuzz48's also TF's bare
# assertion (dct of complex types II-IV)
DRAWERS = {"fuzz48": (D, 300, ALLOWED + (AssertionError,)), "fuzz48b": (B, 150, ALLOWED),
           "fuzz49": (F, 200, ALLOWED)}


@pytest.mark.parametrize("drawer", sorted(DRAWERS))
def test_a_seed_draws_the_same_calls(drawer):
    draws = DRAWERS[drawer][0]
    assert draws.draw(3, 50) == draws.draw(3, 50)
    assert draws.draw(3, 50) != draws.draw(4, 50)


def _failures(cases: list, allowed: tuple) -> dict:
    scope = {"tf": tf, "np": D.np, "nan": D.math.nan, "inf": D.math.inf,
             "T": lambda *a: D.T(tf, *a)}
    errors = {}
    for src in cases:
        try:
            eval(src, scope)  # noqa: S307
        except allowed:
            continue
        except Exception as e:  # noqa: BLE001 - the failure is the finding
            errors[src[:160]] = f"{type(e).__name__}: {e}"[:200]
    return errors


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("drawer", sorted(DRAWERS))
def test_every_draw_answers_as_tf_might(drawer, seed):
    draws, n, allowed = DRAWERS[drawer]
    cases = draws.draw(seed, n)
    failures = _failures(cases, allowed)
    assert not failures, failures
    if drawer == "fuzz48":
        assert sum("complex(" in src for src in cases) > 10  # (complex values drawn as calls)
