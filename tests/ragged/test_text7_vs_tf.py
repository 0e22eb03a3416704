"""eagerflow against real TensorFlow 2.21 on golden_text7.py's programs (Keras
TextVectorization, StringLookup, IntegerLookup and Hashing in depth; tf.strings hashes,
unicode scripts, offsets and transcoding, regex options; tf.sparse ops; ragged/sparse/dense
conversions, ragged sort and map_fn, text files in tf.data, segment ids, ragged crosses):
each section's expressions, evaluated in order in its own environment, answer what
text7_golden.json recorded (record_text7.py)."""

import os

from tests.ragged import golden_text7 as G
from tests.ragged.sections import section_test

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

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text7_golden.json"), KNOWN)
