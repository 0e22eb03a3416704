"""Bad calls of functions TF 2.21 writes in Python under its dispatcher, worded as its
dispatcher words them (dispatcher_binding_golden.json, recorded by
record_dispatcher_binding.py from dispatcher_binding_cases.py): "Got an unexpected keyword
argument 'bogus_kw'", "Missing required positional argument", "Too many arguments were
given. Expected 4 but got 12." where Python's would name the function. (The one-frame
functions dispatch.unary/binary make keep Python's words for an unknown keyword:
test_arity_dispatch.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.dispatcher_binding_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "dispatcher_binding_golden.json")
                    .read_text())
GOT: dict = {}


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_bad_call_as_tf(case):
    if not GOT:
        GOT.update(json.loads(json.dumps(run(tf))))
    assert GOT[case] == GOLDEN[case]


def test_good_calls_unchanged():
    assert tf.sequence_mask([1, 2], 3).numpy().tolist() == [[True, False, False],
                                                             [True, True, False]]
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert float(tf.math.reduce_variance(x)) == 1.25
    assert tf.nn.dropout(x, rate=0.0).numpy().tolist() == x.numpy().tolist()
    assert tf.foldl(lambda a, v: a + v, tf.constant([1, 2, 3])).numpy() == 6
