"""Regression tests for the fuzz campaign of seed 1357924680 (EAGERFLOW_FUZZ=long with
EAGERFLOW_FUZZ_EXAMPLES=100, the op and public-API suites in survey mode): each input the
campaign found, with TF 2.21's answer to it recorded as data (its error class and message,
or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf

# -- clip_by_global_norm of a Python use_norm -------------------------------------------------
# TF 2.21 takes use_norm as given: 1.0 / use_norm, then use_norm.dtype, Python's
# AttributeError for a Python number (recorded for each below). The campaign's case: a bool.


def test_the_campaigns_clip_by_global_norm_case():
    t_list = [2.046459574747136e+16, [], [[9, 0], 5, [True, True, b"b"]]]
    clip = tf.constant(np.zeros((2, 2, 3, 0), bool))
    with pytest.raises(AttributeError, match="^'bool' object has no attribute 'dtype'$"):
        tf.clip_by_global_norm(t_list, clip, use_norm=True)
    outcome, _ = guarded("clip_by_global_norm", ("clip_by_global_norm",),
                         tf.clip_by_global_norm, t_list, clip, use_norm=True, contract=False)
    assert outcome == "AttributeError"


@pytest.mark.parametrize("use_norm, kind", [(True, "bool"), (2.0, "float"), (2, "int")])
def test_clip_by_global_norm_of_a_python_use_norm(use_norm, kind):
    with pytest.raises(AttributeError, match=f"^'{kind}' object has no attribute 'dtype'$"):
        tf.clip_by_global_norm([[1.0, 2.0]], 1.0, use_norm=use_norm)
