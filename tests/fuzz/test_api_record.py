"""The API replay's records (api_record.py, api_codec.py): arguments travel as data and come
back as the values they were, outcomes are summarized alike for any tensor type, and the
differences api_replay.py lists are found in the order that tells most."""

from __future__ import annotations

import api_codec as C
import api_record as R
import numpy as np
from fuzzlib import Opaque

import eagerflow as tf


def test_arguments_travel_and_come_back():
    args = [tf.constant([1.5, 2.0]), tf.constant(["a", "b"]), tf.float16, tf.TensorShape([2, None]),
            Opaque(), object, (None, [3, np.int8(4)]), {"k": np.zeros(2)}, slice(1), Ellipsis]
    encoded = R.encode(args)
    assert C.tagged(encoded[0]) == C.TENSOR and C.tagged(encoded[2]) == C.DTYPE
    back = R.decode(encoded)
    assert back[0].dtype == tf.float32 and back[0].numpy().tolist() == [1.5, 2.0]
    assert back[1].dtype == tf.string and back[1].numpy().tolist() == [b"a", b"b"]
    assert back[2] is tf.float16 and back[3].as_list() == [2, None]
    assert isinstance(back[4], Opaque) and back[5] is object
    assert back[6] == (None, [3, np.int8(4)]) and back[7]["k"].tolist() == [0.0, 0.0]
    assert back[8:] == [slice(1), Ellipsis]


def test_large_and_unknown_arguments_are_not_recorded():
    for value in (np.zeros(C.SMALL + 1), tf.zeros([C.SMALL + 1]), tf.Variable(1.0)):
        try:
            R.encode([value])
        except R.Unrecordable:
            continue
        raise AssertionError(f"{type(value).__name__} was recorded")


def test_outcomes_and_their_differences():
    ok = C.summarize([tf.constant([1.0, np.nan]), 3, tf.float32])
    assert [leaf[0] for leaf in ok] == ["T", "P", "D"]
    assert ok[0][:3] == ("T", "float32", (2,))
    assert C.difference(ok, C.summarize([tf.constant([1.0, np.nan]), 3, tf.float32])) is None
    err = C.error(ValueError("bad\nsecond line"))
    assert err == [("E", "ValueError", "bad")]
    assert C.difference(ok, err)[0] == "class"
    assert C.difference(err, C.error(ValueError("other")))[0] == "message"
    assert C.difference(C.summarize(tf.constant([1, 2])), C.summarize(tf.constant([1.0, 2.0])))[0] \
        == "dtype"
    assert C.difference(C.summarize(tf.constant([1.0, 2.0])),
                        C.summarize(tf.constant([1.0, 2.5])))[0] == "values"
    assert C.difference(C.summarize(tf.constant([1.0, 2.0])), C.summarize(tf.constant([1.0, 2.5])),
                        values=False) is None
    ragged = C.summarize(tf.ragged.constant([[1], [2, 3]]))
    assert [leaf[0] for leaf in ragged] == ["C", "T", "T"]


def test_a_recorded_call_made_again():
    call = R.encode([[tf.constant(np.array(127, np.int8))], {}])
    assert R.rerun("math.reduce_euclidean_norm", *call)[0][:3] == ("T", "int8", ())
    assert R.rerun("reshape", [tf.constant([1, 2, 3])], {"shape": [2]})[0][1] == \
        "InvalidArgumentError"
