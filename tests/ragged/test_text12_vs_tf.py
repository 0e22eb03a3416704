"""eagerflow against real TensorFlow 2.21 on golden_text12.py's programs (gradients through
ragged and sparse ops, segment ops and embedding_lookup_sparse's combiners; tf.io's
parse_example, parse_single_example and parse_sequence_example with every feature kind,
and malformed protos; tf.train.Example protos built, printed and serialized; tf.sparse's
less-common ops; RaggedTensor indexing with steps, ellipsis and newaxis, ragged tf.nn and
reductions over axis lists, ragged where and cond in tf.function; ragged and sparse in
tf.data and Keras; SparseTensorSpec and RaggedTensorSpec in input signatures; each eagerly
and traced with unknown shapes): each section's expressions, evaluated in order in its own
environment, answer what text12_golden.json recorded (record_text12.py)."""

import os

from tests.ragged import golden_text12 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text12_golden.json"), KNOWN)
