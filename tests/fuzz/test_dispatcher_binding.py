"""Bad calls of functions TF 2.21 writes in Python under its dispatcher, worded as its
dispatcher words them (dispatcher_binding_golden.json, recorded by
record_dispatcher_binding.py from dispatcher_binding_cases.py): "Got an unexpected keyword
argument 'bogus_kw'", "Missing required positional argument", "Too many arguments were
given. Expected 4 but got 12." where Python's would name the function. (The one-frame
functions dispatch.unary/binary make keep Python's words for an unknown keyword:
test_arity_dispatch.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import eagerflow as tf
from tests.child_env import pythonpath
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


def test_deprecation_notice_passes_over_the_binding_wrapper():
    # (a notice names its caller's line: dispatch_binding's frame is passed over; TF names
    # its own dispatch.py there, which eagerflow has no counterpart of)
    code = ("import eagerflow as tf\n"
            "with tf.Graph().as_default():\n"
            "    tf.compat.v1.reduce_sum(tf.constant([1.0]), keep_dims=True)\n"
            "tf.compat.v1.to_int64(tf.constant(1.0))\n")
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True, timeout=60)
    assert out.stderr.startswith("WARNING:tensorflow:From <string>:3: calling reduce_sum_v1 ")
    assert "WARNING:tensorflow:From <string>:4: to_int64 (from " in out.stderr


def test_tf_names_of_functions_outside_the_dispatcher():
    # (TF's compat.v1 functions that are not dispatched: Python's words, TF's names)
    cases = [(tf.compat.v1.bincount, "bincount_v1() missing 1 required positional "
              "argument: 'arr'"),
             (tf.compat.v1.constant, "constant_v1() missing 1 required positional "
              "argument: 'value'"),
             (tf.compat.v1.sparse_matmul, "sparse_mat_mul() missing 2 required positional "
              "arguments: 'a' and 'b'"),
             (tf.compat.v1.colocate_with, "_colocate_with() missing 1 required positional "
              "argument: 'op'")]
    for fn, message in cases:
        with pytest.raises(TypeError) as e:
            fn()
        assert str(e.value) == message
