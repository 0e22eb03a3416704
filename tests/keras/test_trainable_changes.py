"""A layer's trainable weights kept between reads (Layer.trainable_weights and
keras/engine/weights_version.py) answer as the walk of the layer tree does after every
change that can change them, against trainable_changes_golden.json (Keras 3's answers,
record_trainable_changes_golden.py) where eagerflow's walk gives Keras 3's."""

import json
from pathlib import Path
from unittest import mock

import pytest

import eagerflow as tf
from eagerflow._src.keras.engine import weights_version
from eagerflow._src.keras.engine.base_layer import Layer
from tests.keras.trainable_changes_cases import CASES

GOLDEN = json.loads((Path(__file__).resolve().parent /
                     "trainable_changes_golden.json").read_text())

# Where eagerflow's walk (kept answers or not) differs from Keras 3, whose layers keep
# what was ever tracked in a store of their own: a deleted attribute's, a tracked
# container's replaced or removed layers stay, in the order first tracked, as does
# `update` of a tracked dict (TypeError in Keras 3); a sublayer's own
# trainable_weights property is not read by Keras 3's model.
WALK_DIFFERS = {"attributes", "tracked_list", "tracked_dict", "own_trainable_weights"}
# The cases whose change weights_version cannot see: nothing is kept from then on.
UNSEEN = {"list_in_tuple", "own_trainable_weights"}


@pytest.fixture
def seen(monkeypatch):
    """weights_version's state as in a process that has not turned SEEN off (another
    test's layer class may have)."""
    monkeypatch.setattr(weights_version, "SEEN", [True])
    monkeypatch.setattr(weights_version, "TOKEN", [object()])


def _walked(case):
    """The case's answers with no answer kept (each read walks)."""
    with mock.patch.object(weights_version, "SEEN", [False]):
        weights_version.changed()
        return CASES[case](tf)


@pytest.mark.parametrize("case", sorted(CASES))
def test_kept_answers_are_the_walks(case, seen):
    got = CASES[case](tf)
    assert weights_version.SEEN[0] is (case not in UNSEEN)
    assert got == _walked(case)
    if case not in WALK_DIFFERS:
        assert got == GOLDEN[case]


def test_a_read_with_no_change_since_walks_nothing(seen):
    inner = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)])
    model = tf.keras.Sequential([tf.keras.Input((3,)), inner, tf.keras.layers.Dense(2)])
    first = model.trainable_variables
    first.pop()  # (each read's list is the caller's own)
    walk = Layer.__dict__["_gather_trainable_weights"]
    with mock.patch.object(Layer, "_gather_trainable_weights", autospec=True,
                           side_effect=walk) as walked:
        assert model.trainable_variables == first + [model.layers[-1].bias]
        assert walked.call_count == 0
        inner.layers[0].trainable = False
        assert len(model.trainable_variables) == 2
        assert walked.call_count > 0


def test_a_class_of_its_own_walk_turns_keeping_off(seen):
    class Own(tf.keras.layers.Layer):
        @property
        def weights(self):
            return []

    assert weights_version.SEEN[0] is False
    layer = tf.keras.layers.Dense(2)
    layer.build((None, 3))
    assert layer.trainable_weights == [layer.kernel, layer.bias]
    assert "_kept_trainable" not in layer.__dict__
