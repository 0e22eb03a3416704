"""tf.compat.v1.metrics give TF 2.21's results (golden/v1_metrics.json, recorded by
record_metrics_golden.py from metrics_programs.py): each metric's value and update tensors'
names, its local/metric variables (names, shapes, dtypes), the collections it adds to, the
values after each fed batch in a Session and at the end, TF's log lines, the errors while
building and at run time, and the RuntimeError each raises eagerly."""

import json
from pathlib import Path

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import tf_logging
from tests.v1.metrics_programs import PROGRAMS
from tests.v1.recorded import compare

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_metrics.json").read_text())


CASES = [(family, case) for family, cases in GOLDEN.items() if family != "eager_refusals"
         for case in cases]


@pytest.fixture(scope="module")
def ours():
    tf_logging._deprecations_shown.difference_update(
        {"auc", "sparse_precision_at_k", "sparse_average_precision_at_k"})
    return {name: program(tf) for name, program in PROGRAMS.items()}


@pytest.mark.parametrize("family,case", CASES)
def test_metric(ours, family, case):
    compare(ours[family][case], GOLDEN[family][case], f"{family}.{case}")


def test_eager_refusals(ours):
    compare(ours["eager_refusals"], GOLDEN["eager_refusals"], "eager_refusals")


def _streamed(build, batches):
    """The update op's results over `batches` and the value after them, in a new Session."""
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        y = v1.placeholder("int64", [None])
        p = v1.placeholder("int64", [None])
        w = v1.placeholder("float32", [None])
        value, update = build(y, p, w)
        with v1.Session(graph=g) as sess:
            sess.run(v1.local_variables_initializer())
            steps = [sess.run(update, {y: a, p: b, w: c}) for a, b, c in batches]
            return steps, sess.run(value)


batch = st.integers(1, 6).flatmap(lambda n: st.tuples(
    hnp.arrays(np.int64, n, elements=st.integers(0, 1)),
    hnp.arrays(np.int64, n, elements=st.integers(0, 1)),
    hnp.arrays(np.float32, n, elements=st.floats(0, 3, width=32))))


@settings(max_examples=15, deadline=None)
@given(st.lists(batch, min_size=1, max_size=3))
def test_streaming_counts_are_the_batches_together(batches):
    """Any batches: accuracy, precision and recall after each update are those of every
    (weighted) pair seen so far, as TF's definitions count them."""
    m = tf.compat.v1.metrics
    for name, ok, denominator in (
            ("accuracy", lambda y, p: y == p, lambda y, p: np.ones_like(y, bool)),
            ("precision", lambda y, p: (y == 1) & (p == 1), lambda y, p: p == 1),
            ("recall", lambda y, p: (y == 1) & (p == 1), lambda y, p: y == 1)):
        steps, value = _streamed(lambda y, p, w, fn=getattr(m, name): fn(y, p, w), batches)
        for i, got in enumerate(steps):
            y, p, w = (np.concatenate(x[:i + 1]) for x in zip(*batches))
            num = np.sum(w * ok(y, p), dtype=np.float64)
            den = np.sum(w * denominator(y, p), dtype=np.float64)
            want = num / den if den > 0 else 0.0
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=name)
        assert value == steps[-1], name
