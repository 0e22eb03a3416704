"""tf.train.experimental.PythonState in checkpoints, keyed and restored as TF 2.21 does
(keys and values recorded from TF 2.21)."""

from __future__ import annotations

import pytest

import eagerflow as tf


class _Counter(tf.train.experimental.PythonState):
    def __init__(self):
        self.n = 0
        self.seen = None

    def serialize(self):
        return str(self.n)

    def deserialize(self, string_value):
        self.seen = string_value
        self.n = int(string_value)


def test_state_round_trips_through_a_checkpoint_under_py_state(tmp_path):
    c = _Counter()
    c.n = 7
    path = tf.train.Checkpoint(c=c).save(str(tmp_path / "ck"))
    assert [k for k, _ in tf.train.list_variables(path)] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "c/.ATTRIBUTES/py_state",
        "save_counter/.ATTRIBUTES/VARIABLE_VALUE"]
    back = _Counter()
    tf.train.Checkpoint(c=back).restore(path).assert_consumed()
    assert back.n == 7 and back.seen == b"7"


def test_bytes_pass_unchanged_and_bad_state_is_refused(tmp_path):
    class Raw(tf.train.experimental.PythonState):
        got = None

        def serialize(self):
            return b"\x00\xff"

        def deserialize(self, string_value):
            Raw.got = string_value

    path = tf.train.Checkpoint(c=Raw()).save(str(tmp_path / "raw"))
    tf.train.Checkpoint(c=Raw()).restore(path)
    assert Raw.got == b"\x00\xff"

    class Bad(Raw):
        def serialize(self):
            return 3

    with pytest.raises(TypeError, match="Cannot convert 3 to EagerTensor of dtype string"):
        tf.train.Checkpoint(c=Bad()).save(str(tmp_path / "bad"))
    with pytest.raises(TypeError, match="Can't instantiate abstract class PythonState"):
        tf.train.experimental.PythonState()
