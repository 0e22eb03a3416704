"""eagerflow against real TensorFlow 2.21 on golden_text11.py's programs (tf.strings.ngrams'
padding, separators and short sequences; reduce_join and unsorted_segment_join with
separators, keepdims and negative axes or ids; bytes_split, unicode_script and lower/upper
with an encoding; decode_csv, decode_raw, base64 and decode_compressed; Keras
TextVectorization, StringLookup/IntegerLookup, Hashing and HashedCrossing on ragged and
string input; tf.data's ragged_batch, padded_batch of strings, bucket_by_sequence_length,
unbatch and TextLineDataset; tf.ragged.range, segment ids, segment ops and ragged crosses;
RaggedTensorSpec's repr, relations and input signatures; nest's structure errors; the
traced forms' graph-building errors and run-time checks; Keras layers' configs and
argument errors; each eagerly and traced with unknown shapes): each section's expressions,
evaluated in order in its own environment, answer what text11_golden.json recorded
(record_text11.py)."""

import os

from tests.ragged import golden_text11 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
_SHAPE_FN = ("TF's shape function refuses the node as the graph is built, a ValueError naming "
             "the node, its attrs and its inputs' shapes; eagerflow's infer raises the "
             "kernel's error there")
KNOWN: dict = {
    ("round_three", "g(lambda x: S.reduce_join(x, axis=2), TS([None, None], tf.string))"):
        _SHAPE_FN + " (ReduceJoin's axes are an attr in eagerflow, which keeps no "
        "difference between axis=2 and axis=[2] that TF's text shows as the input's shape)",
    **dict.fromkeys([
        ("round_three", "g(lambda d, i: tf.math.unsorted_segment_sum(d, i, [3]), "
                        "TS([3], tf.float32), TS([3], tf.int32))"),
        ("round_three", "g(lambda d, i: tf.math.unsorted_segment_sum(d, i, 3), "
                        "TS([3, 2], tf.float32), TS([2], tf.int32))"),
    ], _SHAPE_FN + " (UnsortedSegmentSum's: 'Shape must be rank 0 but is rank 1', "
       "'Dimensions must be equal, but are 3 and 2')"),
    **dict.fromkeys([
        ("round_three", "g(lambda a, b: tf.ragged.cross([a, b]), RS([2, None], tf.string), "
                        "RS([3, None], tf.string))"),
        ("round_three", "g(lambda a, b: tf.ragged.cross([a, b]), RS([None, None], "
                        "tf.string), TS([None], tf.string))"),
    ], _SHAPE_FN + " (RaggedCross's node text lists its inputs as the ragged components "
       "TF names a, b, a_1, b_1; eagerflow checks these in Python before the op)"),
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text11_golden.json"), KNOWN)
