"""Eager lookups of a variable's rows run TF's ResourceGather: values, errors (worded by
ResourceGather) and IndexedSlices gradients equal TF 2.21's, recorded in
resource_gather_golden.json by make_resource_gather_golden.py. The op's own forward,
inference, gradient and bad-input checks run in the registry-wide suites (its OpDef's
samples)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import indexing, resource_gather
from tests.golden_io import recorded_outcome
from tests.gpu_target import on_recording_device
from tests.ops.resource_gather_cases import CASES, GRAD_CASES, gradient, outcome

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "resource_gather_golden.json")) as f:
    GOLDEN = json.load(f)


@pytest.mark.parametrize("case", sorted(CASES))
def test_eager_lookup_matches_tf(case):
    with on_recording_device(GOLDEN["cases"][case]):
        assert recorded_outcome(outcome(tf, CASES[case])) == GOLDEN["cases"][case]


@pytest.mark.parametrize("case", sorted(GRAD_CASES))
def test_gradient_matches_tf(case):
    assert gradient(tf, GRAD_CASES[case]) == GOLDEN["gradients"][case]


def test_variable_rows_run_resource_gather(monkeypatch):
    """A variable's axis-0 lookup binds ResourceGather; a tensor's gather stays GatherV2."""
    seen = []
    bind, bind_at = indexing.bind, resource_gather.bind_at
    monkeypatch.setattr(indexing, "bind", lambda op, *a, **k: seen.append(op.name) or
                        bind(op, *a, **k))
    monkeypatch.setattr(resource_gather, "bind_at", lambda d, op, *a, **k:
                        seen.append(op.name) or bind_at(d, op, *a, **k))
    v = tf.Variable(np.arange(6.0).reshape(3, 2))
    tf.gather(v, [1])
    tf.gather(v.value(), [1])
    tf.gather(v, [1], axis=1)
    assert seen == ["ResourceGather", "GatherV2", "GatherV2"]


def test_traced_lookup_values():
    """In a tf.function the lookup reads the variable: values follow its assignments."""
    v = tf.Variable([[1.0], [2.0], [3.0]])
    f = tf.function(lambda i: tf.gather(v, i))
    assert f(tf.constant([2, 0])).numpy().tolist() == [[3.0], [1.0]]
    v.assign([[4.0], [5.0], [6.0]])
    assert f(tf.constant([2, 0])).numpy().tolist() == [[6.0], [4.0]]
