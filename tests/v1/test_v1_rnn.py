"""TF 1's recurrent networks as TF 2.21 with Keras 2's legacy cells runs them
(golden/v1_rnn.json, recorded by record_rnn_v1_golden.py from rnn_v1_program.py):
`dynamic_rnn` over every `rnn_cell` cell (BasicRNNCell, BasicLSTMCell, LSTMCell with
peepholes, clipping and projection, GRUCell, MultiRNNCell, DropoutWrapper,
ResidualWrapper; tuple and concatenated states), `sequence_length` masking, `time_major`,
unknown steps (a while loop) and batch, an initial state, a scope, one cell run twice;
`static_rnn`, `bidirectional_dynamic_rnn`, `static_bidirectional_rnn`; in a Session with
the variables set to the same values: TF's variable names and shapes, the outputs' and
states' structure and values, gradients, five Adam steps' losses; TF's errors. With
neither the batch nor the number of steps known ([None, None, d] fed run after run): the
while loop's values and gradients, zero steps, lengths past the steps, and TF's errors
(a sequence_length of the wrong length: TF's CheckSeqLen assertion)."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_rnn_v1_golden import run
from tests.v1.recorded import compare

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_rnn.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_rnn_v1(ours, key):
    if key == "training":  # Adam's five steps carry float32 rounding on
        assert ours[key]["variables"] == GOLDEN[key]["variables"]
        assert ours[key]["losses"] == pytest.approx(GOLDEN[key]["losses"], rel=1e-4)
        compare(ours[key]["kernel"], GOLDEN[key]["kernel"], key)
        return
    compare(ours[key], GOLDEN[key], key)
