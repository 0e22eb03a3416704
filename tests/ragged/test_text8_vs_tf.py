"""eagerflow against real TensorFlow 2.21 on golden_text8.py's programs (tf.strings.format,
as_string, to_number, reduce_join, ngrams and unsorted_segment_join options; ragged
map_flat_values, boolean_mask, gather_nd, concat/stack axes, merge_dims, row-splits dtypes,
nested row lengths, bounding_shape, to_tensor(shape=), from_nested_value_rowids;
StaticVocabularyTable over text files, MutableHashTable, DenseHashTable; ragged_batch,
padded_batch, bucket_by_sequence_length, unbatch of ragged; FixedLengthRecordDataset over
compressed and plain files): each section's expressions, evaluated in order in its own
environment, answer what text8_golden.json recorded (record_text8.py)."""

import json
import os

import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ragged import golden_text8 as G
from tests.ragged.evaluate import environment, evaluate

# (TF's CPU kernels recorded the values: run on the CPU where a GPU is the default device)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

with open(os.path.join(os.path.dirname(__file__), "text8_golden.json"), encoding="utf-8") as _f:
    GOLDEN = json.load(_f)

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN = {
    ("errors_and_graphs",
     "items(lens.bucket_by_sequence_length(lambda x: 1.5, [3], [2, 2]))"):
        "a Python float for a length: TF's graph builder refuses it while making LessEqual "
        "('Expected int32 passed to parameter 'y''); eagerflow's trace has made it a float32 "
        "tensor first and words the dtype mismatch",
}


@pytest.mark.parametrize("section", list(G.SECTIONS))
def test_section_matches_tensorflow(section):
    # (a fresh Keras session, as the recorder's for each section: Keras tensor names count
    # from it)
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
