"""Everyday TF2 core behaviour (tf.function's tracing and binding errors, AutoGraph's
loops and branches, tf.Variable, tf.Module, type specs, ExtensionType,
py_function/numpy_function, tf.debugging's asserts and tf.print, GradientTape) against
TensorFlow 2.21's, recorded in core_probes_golden.json by record_core_probes.py from the
programs of core_probe_cases.py; all run once, in this process."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.core import tf_logging
from tests.core.core_probe_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "core_probes_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    # (TF logs each deprecation once per process, and the golden was recorded in a fresh
    # one: the notices other tests showed are forgotten first)
    tf_logging._deprecations_shown.clear()
    # (recorded on TF's CPU: a variable's device, its kernels' last bits)
    with tf.device("/CPU:0"):
        return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_core_behaves_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]
