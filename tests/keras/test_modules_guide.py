"""The TF guide "Introduction to modules, layers, and models" as TF 2.21 + Keras 3 runs it
(modules_guide_golden.json, recorded by record_modules_guide_golden.py): a Keras layer's
tf.Variables are checkpointed but are not weights (fit warns and leaves them), and a
reloaded tf.Module is a `_UserObject` serving its traced signatures only."""

import json
import os
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import result_of
from tests.keras.modules_guide_cases import CASES

GOLDEN = json.loads(Path(__file__).with_name("modules_guide_golden.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_keras3_on_tf(name):
    scope = {"tf": tf, "keras": tf.keras, "np": np, "tempfile": tempfile, "os": os,
             "warnings": warnings}
    assert result_of(CASES[name], scope) == GOLDEN[name]
