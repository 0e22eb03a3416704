"""eagerflow against real TensorFlow 2.21 on golden_text16.py's programs (as_string's options
over every dtype, format's `{}` of every dtype; to_number of odd strings into each out_type;
the three hash bucketings of non-UTF-8 bytes by bucket count and key; decode_raw of every
dtype by byte order and fixed_length, base64 by padding and alphabet, decode_csv by
delimiter, quoting, na_value and select_cols; ragged reductions of every dtype over empty
rows; tf.ragged.range of every dtype, segment_ids_to_row_splits, row lengths of empty rows,
to_tensor truncation, uniform_row_length tensors in elementwise ops; substr by unit,
unsorted_segment_join, tf.sparse over strings, RE2 features): each section's expressions,
evaluated in order in its own environment, answer what text16_golden.json recorded
(record_text16.py)."""

import os

from tests.ragged import golden_text16 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("ragged_rows16", "tv(lambda x, y: x * y, RS([3, 2], tf.int32), TS([None], tf.int32))(u2, "
                      "tf.constant([1, 2]))"):
        "TF's traced broadcast of a ragged tensor whose spec fixes its row length (2) against a "
        "dense dimension known only at run time answers a static shape [3, None]; eagerflow "
        "keeps the ragged operand's [3, 2] (the values agree)",
    ("uniform16", "e(lambda: tf.where(u2 > 2, O['m32'], u2))"):
        "TF's legacy ragged shape takes a uniform partition as a dense dimension, so its "
        "broadcast check passes and SelectV2 then meets the dense [3, 2] beside the flat "
        "values [6] ('must be broadcastable'); eagerflow's check reads the partition's row "
        "lengths and refuses it first ('Unable to broadcast', dimension 1)",
    ("uniform16", "tv(lambda x, y: x + y, RS([None, None], tf.int32), TS([2], tf.int32))(u2, "
                  "O['v2'])"):
        "the same assertion, but TF computes the dense operand's value count from its shape "
        "(x named strided_slice_2, in assert_equal_1) where eagerflow's is a constant "
        "(assert_equal_3/x)",
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text16_golden.json"), KNOWN)
