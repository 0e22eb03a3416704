"""A dataset built from a tf.function's tensors (a source of them, a scan's initial state,
a snapshot's path) runs inside that function, and refuses with InvalidArgumentError when
iterated outside it, naming the tensors. (TF refuses too, in its own words: the dataset's
variant tensor "cannot be accessed from here ... out of scope".)"""

import pytest

import eagerflow as tf

KINDS = {
    "from_tensors": lambda x, p: tf.data.Dataset.from_tensors(x),
    "scan": lambda x, p: tf.data.Dataset.range(2).scan(x, lambda s, e: (s + e, s)),
    "snapshot": lambda x, p: tf.data.Dataset.range(2).snapshot(p),
}
INSIDE = {"from_tensors": [5], "scan": [5, 5], "snapshot": [0, 1]}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_runs_inside_and_refuses_outside(kind, tmp_path):
    kept = []

    @tf.function
    def f(x, p):
        ds = KINDS[kind](x, p)
        kept.append(ds)
        return ds.reduce(tf.constant([], tf.int64), lambda a, e: tf.concat([a, [e]], 0))

    assert f(tf.constant(5, tf.int64), tf.constant(str(tmp_path))).numpy().tolist() == \
        INSIDE[kind]
    name = "p" if kind == "snapshot" else "x"
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=rf"built from tensors of a tf.function \({name}:0\); it can only "
                             "be iterated inside that function"):
        list(kept[0])
