"""`tf.compat.v1.nn.raw_rnn` as TF 2.21 with Keras 2's legacy cells runs it
(golden/v1_raw_rnn.json, recorded by record_raw_rnn_golden.py from raw_rnn_program.py):
the loop_fn protocol over BasicLSTMCell, GRUCell, LSTMCell with peepholes and projection,
MultiRNNCell; emits of the cell's output and of the loop_fn's own structure and dtypes;
a counter and a TensorArray as the loop state, a loop state dropped after time 0 (kept);
in a Session with batch and time unknown (fed run after run, entries finishing at their
lengths, zero steps, lengths past the input), gradients through the loop (a cond in its
body reading a TensorArray), known shapes, eagerly and in tf.function; the variables'
names, TF's errors."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_raw_rnn_golden import run
from tests.v1.recorded import compare

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_raw_rnn.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_raw_rnn(ours, key):
    compare(ours[key], GOLDEN[key], key)
