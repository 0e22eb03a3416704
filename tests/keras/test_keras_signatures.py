"""Every public function and class that eagerflow's tf.keras shares with Keras 3.15 on
TF 2.21 takes Keras's parameters: the same names in the same order, of the same kinds,
with equal defaults (keras_signatures.json, recorded by record_keras_signatures.py). So
`Conv2D(8, 3, 2, "same")` or `BinaryCrossentropy(True, 0.1)` binds as in Keras: the
configs of such positional calls are compared with Keras's too. The exceptions, and the
Keras names eagerflow lacks, are listed with their reasons."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.signatures import comparable, keras_call_configs, keras_signatures

RECORDED = json.loads((Path(__file__).parent / "keras_signatures.json").read_text())
GOLDEN = RECORDED["signatures"]
OURS = keras_signatures(tf)

# Names whose signatures differ on purpose (none today: each would say why).
DIFFERENT: dict = {}

# Keras names eagerflow does not have, and why (none today).
MISSING: dict = {}

SHARED = sorted(set(GOLDEN) & set(OURS))
# (a Keras signature of only *args/**kwargs, keras.Optimizer's on TF, says nothing)
COMPARED = [n for n in SHARED if n not in DIFFERENT and not all(
    kind in ("VAR_POSITIONAL", "VAR_KEYWORD") for _, kind, _ in GOLDEN[n])]


def test_most_of_keras_is_compared():
    assert len(SHARED) > 750 and len(COMPARED) > 700


@pytest.mark.parametrize("name", COMPARED)
def test_parameters_are_keras(name):
    assert comparable(OURS[name]) == comparable(GOLDEN[name])


@pytest.mark.parametrize("call", sorted(RECORDED["calls"]))
def test_positional_calls_bind_as_in_keras(call):
    assert keras_call_configs(tf.keras, [call])[call] == RECORDED["calls"][call]


def test_the_missing_names_are_only_those_listed():
    assert set(GOLDEN) - set(OURS) == set(MISSING)


def test_the_exceptions_are_still_shared_names():
    assert not set(DIFFERENT) - set(SHARED)
