"""eagerflow against real TensorFlow 2.21 on golden_text7.py's programs (Keras
TextVectorization, StringLookup, IntegerLookup and Hashing in depth; tf.strings hashes,
unicode scripts, offsets and transcoding, regex options; tf.sparse ops; ragged/sparse/dense
conversions, ragged sort and map_fn, text files in tf.data, segment ids, ragged crosses):
each section's expressions, evaluated in order in its own environment, answer what
text7_golden.json recorded (record_text7.py)."""

import json
import os

import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ragged import golden_text7 as G
from tests.ragged.evaluate import environment, evaluate

# (TF's CPU kernels recorded the values: run on the CPU where a GPU is the default device)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

with open(os.path.join(os.path.dirname(__file__), "text7_golden.json"), encoding="utf-8") as _f:
    GOLDEN = json.load(_f)

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN = {
    ("lookup_layers",
     "run(L.StringLookup(vocabulary=['a', 'b'], vocabulary_dtype='int64'), tf.constant([1]))"):
        "Python's TypeError names the class by its module: Keras's "
        "keras.src.layers.preprocessing.index_lookup, eagerflow's own",
    ("sparse", "tf.sparse.matmul(stf, tf.ones([4, 1]))"):
        "the AttributeError names the module: TF's tensorflow._api.v2.sparse, eagerflow.sparse",
    ("sparse", "tf.sparse.concat(0, [])"):
        "TF's KernelDef text follows a protobuf debug marker whose spacing varies from "
        "process to process (ops/checks.py no_values_kernel), and its message ends ' name: '",
    ("ragged_conversions",
     "tf.function(lambda x: R.from_sparse(x))(tf.sparse.SparseTensor([[0, 0], [1, 1]], [1, 2], "
     "[3, 2]))"):
        "a traced assertion's message: TF's names its function by a process-wide counter and "
        "its Assert node by RaggedFromSparse's scope",
    ("strings_sparse_more", "show(SP.from_dense(tf.constant([[0.0, 1e-45]])))"):
        "a float32 subnormal: TF's CPU kernels flush it to zero (not_equal finds it 0); "
        "eagerflow's NumPy keeps it",
    ("ragged_data_more", "tf.function(lambda r: tf.map_fn(lambda x: tf.reduce_sum(x), r))(a)"):
        "traced, TF's While body refuses the scalar when building RaggedTensorToVariant (its "
        "node names map/while/...); eagerflow unrolls a known number of rows and stacks them",
    ("ragged_data_more",
     "tf.function(lambda v: tf.map_fn(lambda x: tf.range(x), v))(tf.constant([1, 3]))"):
        "traced results of changing shape: TF's TensorListStack error names its function by "
        "a process-wide counter; eagerflow's unrolled stack fails in NumPy",
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
