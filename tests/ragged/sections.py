"""The test of the text suites (test_text6/7/8_vs_tf.py): each section of a golden_text
module's programs, its expressions evaluated in order in the environment its prelude makes,
answers what real TensorFlow 2.21 answered (the golden its record_text script wrote)."""

import json

import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ragged.evaluate import environment, evaluate


def section_test(sections, golden_path: str, known: dict):
    """The suite's test, one case per section of `sections` (PRELUDES, SECTIONS). `known`:
    (section, expression) -> why its answer still differs from TF's; each must still
    differ. A golden missing an expression, or a known entry naming none, fails the
    collection."""
    with open(golden_path, encoding="utf-8") as f:
        golden = json.load(f)
    stale = [s for s, exprs in sections.SECTIONS.items()
             if sorted(golden.get(s, ())) != sorted(exprs)]
    cases = {(s, e) for s, exprs in sections.SECTIONS.items() for e in exprs}
    if stale or set(known) - cases:
        raise ValueError(f"{golden_path}: sections to record again {stale}; known entries "
                         f"naming no expression {sorted(set(known) - cases)}")

    # (TF's CPU kernels recorded the values: run on the CPU where a GPU is the default device)
    @pytest.mark.usefixtures("cpu_kernels")
    @pytest.mark.parametrize("section", list(sections.SECTIONS))
    def test(section):
        # (a fresh Keras session, as the recorder's: Keras's names count from it)
        tf.keras.backend.clear_session()
        env = environment(tf, sections.PRELUDES[section])
        wrong, known_now_right = [], []
        for expr in sections.SECTIONS[section]:
            want = golden[section][expr]
            with on_recording_device(want, expr):
                got = evaluate(tf, env, expr)
            if (section, expr) in known:
                if got == want:
                    known_now_right.append(expr)
            elif got != want:
                wrong.append(f"{expr}\n  TF: {want}\n  eagerflow: {got}")
        assert not wrong, "\n".join(wrong)
        assert not known_now_right, f"answered as TF now, take out of KNOWN: {known_now_right}"
    return test
