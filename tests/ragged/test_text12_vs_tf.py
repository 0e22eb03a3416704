"""eagerflow against real TensorFlow 2.21 on golden_text12.py's programs (gradients through
ragged and sparse ops, segment ops and embedding_lookup_sparse's combiners; tf.io's
parse_example, parse_single_example and parse_sequence_example with every feature kind,
and malformed protos; tf.train.Example protos built, printed and serialized; tf.sparse's
less-common ops; RaggedTensor indexing with steps, ellipses and newaxis, ragged tf.nn and
reductions over axis lists, ragged where and cond in tf.function; ragged and sparse in
tf.data and Keras; SparseTensorSpec and RaggedTensorSpec in input signatures; each eagerly
and traced with unknown shapes): each section's expressions, evaluated in order in its own
environment, answer what text12_golden.json recorded (record_text12.py); the gradients
that still differ in form (an IndexedSlices against a dense tensor) agree in value."""

import ast
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.ragged import golden_text12 as G
from tests.ragged.evaluate import environment, evaluate
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
_GRAD_FORM = ("the gradient's form follows how TF composes the ragged op: "
              "tf.gather of a RaggedTensor is TF's RaggedGather, whose gradient nests the "
              "IndexedSlices of the to_tensor's gradient in its own; eagerflow's ragged "
              "gather composes GatherV2, whose gradient (as TF's GatherV2's) takes it dense. "
              "The values agree (test_known_gradients_agree)")
_GRAD_ORDER = ("the same IndexedSlices, its rows in another order: TF's tape walks the ops "
               "first in first out from the target, so f's rows through the RaggedTensor's "
               "own gather come before those through f + 1.; eagerflow's eager walk takes "
               "the recorded ops last first. The values agree (test_known_gradients_agree)")
_BATCH_PARTITIONS = ("TF applies a RaggedFeature's partitions to the whole batch's values, "
                     "unchecked unless validate=True (then RaggedTensor's own check, "
                     "'Arguments to _from_row_partition do not form a valid RaggedTensor'): "
                     "rows that mix Examples' values; eagerflow checks each Example's "
                     "partitions and refuses them ('Key: r. ...')")
_TF_PATHS = ("TF's message names TF's own classes by their module path "
             "(tensorflow.python.framework.ops.EagerTensor, tensorflow.python.ops."
             "parsing_config.RowSplits, tensorflow.python.framework.sparse_tensor."
             "SparseTensor); eagerflow's are its own")
_LENIENT = ("TF's fast Example and SequenceExample parsers pass some truncated messages "
            "(b'\\n\\x05', b'bad') as empty; eagerflow's protobuf parse refuses them")
_PROTO_DEBUG = ("TF's ParseTensor message appends protobuf's redacted debug string of the "
                "partial message ('\\n1: UNKNOWN_MESSAGE [REDACTED]\\n')")
_REBATCH = ("TF's rebatch of a batched rank-1 SparseTensor dataset serializes the batch "
            "at once (SerializeManySparse refuses rank 1); eagerflow's builds the dataset")
KNOWN: dict = {
    ('grads_ragged',
     'gr(lambda f: sq(tf.gather(mk(f), [2, 2]).to_tensor()), fv)'): _GRAD_FORM,
    ('grads_ragged',
     'gr(lambda f: tf.reduce_sum(mk(f) / mk(f + 1.)), fv)'): _GRAD_ORDER,
    ('parse_example',
     "pe({'r': RF(tf.int64, value_key='a', "
     "partitions=[RF.UniformRowLength(3)])})"): _BATCH_PARTITIONS,
    ('parse_example',
     "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowLengths('ix')], "
     "validate=True)}, tf.constant([ser(ix=fi(1, 5), vx=ff(1., 2.))]))"): _BATCH_PARTITIONS,
    ('parse_example',
     'run(lambda: RF(tf.int64, partitions=[1]))'): _TF_PATHS,
    ('parse_example',
     "pe({'a': VL(tf.int64)}, tf.constant([b'\\x0a\\x05']))"): _LENIENT,
    ('sequence_and_protos',
     "pse(tf.constant(['bad']), None, {'tok': FS([], tf.int64)})"): _LENIENT,
    ('sequence_and_protos',
     'v(run(lambda: tf.io.parse_tensor(E.SerializeToString(), tf.float32)))'): _PROTO_DEBUG,
    ('data_keras_specs',
     'run(lambda: D.from_tensor_slices(ST([[0]], [1], [1])).batch(2).rebatch(0))'): _REBATCH,
    ('data_keras_specs',
     'tv(lambda s: tf.sparse.to_dense(s), SS([None, 3], tf.float32))(tf.ones([4, '
     '3]))'): _TF_PATHS,
    ('data_keras_specs',
     'run(lambda: traced(lambda s: s, SS([None, 3], '
     'tf.float32)).get_concrete_function()(tf.ones([2, 3])))'): _TF_PATHS,

}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text12_golden.json"), KNOWN)


def _dense(x: object) -> object:
    """A recorded gradient with each IndexedSlices ('slices', values, indices, dense shape)
    summed into the dense tensor it stands for (rounded as recorded)."""
    if isinstance(x, list):
        return [_dense(y) for y in x]
    if isinstance(x, tuple) and x and x[0] == "slices":
        values = _dense(x[1])
        arr = np.asarray(values[2], dtype=np.float64)
        out = np.zeros(list(x[3][2]) + list(arr.shape[1:]))
        np.add.at(out, x[2][2], arr)
        return (values[0], list(out.shape), np.round(out, 4).tolist())
    return x


@pytest.mark.usefixtures("cpu_kernels")
def test_known_gradients_agree() -> None:
    """The gradients KNOWN to differ in form from TF's hold TF's values."""
    with open(os.path.join(os.path.dirname(__file__), "text12_golden.json"),
              encoding="utf-8") as f:
        golden = json.load(f)["grads_ragged"]
    exprs = [e for (s, e), why in KNOWN.items() if why in (_GRAD_FORM, _GRAD_ORDER)]
    assert exprs
    tf.keras.backend.clear_session()
    env = environment(tf, G.PRELUDES["grads_ragged"])
    for expr in exprs:
        got, want = evaluate(tf, env, expr), golden[expr]
        assert got.startswith("OK ") and want.startswith("OK "), (expr, got, want)
        assert _dense(ast.literal_eval(got[3:])) == _dense(ast.literal_eval(want[3:])), expr
