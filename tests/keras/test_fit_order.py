"""The order in which fit, evaluate and predict read their data, and how per-output
losses average over batches, against TF 2.21 + Keras 3 (fit_order_golden.json, written by
record_fit_order_golden.py from fit_order_cases.py):
- arrays shuffle as Keras's tf.data pipeline does: one tf.random.shuffle of the indices
  (or of each batch's, for shuffle="batch") in a dataset function, so under a global seed
  every epoch draws the same permutation, TF's;
- a dataset that reshuffles each iteration is iterated twice per epoch, as Keras 3 makes
  the next epoch's iterator early and a new one when that epoch begins;
- a PyDataset's first two batches are read once for their specs, and each pass is
  shuffled by Python's random.shuffle;
- an output's loss mean weighs each batch by its static size: once per batch where a
  traced step does not know it;
- a model built by fit's or evaluate's traced step has the dims its dataset's element spec
  leaves unknown unknown (padded_batch's), not the first batch's;
- the traced step's call that finds a dataset of unknown length spent runs only what
  needs no batch: an Embedding's sparse Adam update, which reads slots a batch's update
  assigned first, does not run."""

import json
import random
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import result_of
from tests.keras.fit_order_cases import CASES

GOLDEN = json.loads(Path(__file__).with_name("fit_order_golden.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_keras3_on_tf(name):
    scope = {"tf": tf, "keras": tf.keras, "np": np, "random": random}
    assert result_of(CASES[name], scope) == GOLDEN[name]
