"""eagerflow against real TensorFlow 2.21 on golden_text6.py's programs (ragged tensors,
tf.strings, tf.lookup, ragged data and Keras text layers): each section's expressions,
evaluated in order in its own environment, answer what text6_golden.json recorded
(record_text6.py)."""

import json
import os

import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ragged import golden_text6 as G
from tests.ragged.evaluate import environment, evaluate

# (TF's CPU kernels recorded the values: run on the CPU where a GPU is the default device)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

with open(os.path.join(os.path.dirname(__file__), "text6_golden.json"), encoding="utf-8") as _f:
    GOLDEN = json.load(_f)

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN = {
    ("text_layers_and_strings", "run(L.StringLookup(vocabulary=['a', None]), tf.constant(['a']))"):
        "a vocabulary list holding None: Keras converts it through a NumPy object array, whose "
        "conversion TF refuses; eagerflow's lookup layers read the list itself",
    ("tables_and_conversions", "tf.ragged.constant([[[1], [2]], [[3]]], inner_shape=(2,))"):
        "inner values of another size than inner_shape: TF's tf.constant reshape TypeError "
        "(its message prints the values); eagerflow's ValueError names the inconsistency",
    ("ragged_in_functions_and_keras", "tf.reduce_sum(a, axis=[1, 1])"):
        "a repeated ragged reduction axis: TF reduces the flat values twice (Sum's invalid "
        "dimension error); eagerflow reduces the axis once",
}


@pytest.mark.parametrize("section", list(G.SECTIONS))
def test_section_matches_tensorflow(section):
    # (a fresh Keras session, as the recorder's process: automatic layer names count from it)
    tf.keras.backend.clear_session()
    env = environment(tf, G.PRELUDES[section])
    wrong, known_now_right = [], []
    for expr in G.SECTIONS[section]:
        want = GOLDEN[section][expr]
        with on_recording_device(want, expr):
            got = evaluate(tf, env, expr)
        if (section, expr) in KNOWN:
            if got == want:
                known_now_right.append(expr)
        elif got != want:
            wrong.append(f"{expr}\n  TF: {want}\n  eagerflow: {got}")
    assert not wrong, "\n".join(wrong)
    assert not known_now_right, f"answered as TF now, take out of KNOWN: {known_now_right}"


def test_every_expression_has_a_golden_value():
    for section, exprs in G.SECTIONS.items():
        assert sorted(GOLDEN[section]) == sorted(exprs), section


def test_known_differences_are_cases():
    cases = {(s, e) for s, exprs in G.SECTIONS.items() for e in exprs}
    assert set(KNOWN) <= cases
