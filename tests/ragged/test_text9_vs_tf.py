"""eagerflow against real TensorFlow 2.21 on golden_text9.py's programs (tf.sparse's add
thresholds, adjoint matmuls, reorder/reshape/slice/split/concat, keepdims reductions,
to_dense validation, retain, fill_empty_rows, segment reductions, crosses and bincounts;
tf.math on ragged tensors, tf.where's ragged broadcasting, ragged ranges, crosses,
__getitem__, sparse conversions and specs in signatures; tf.strings' unicode decoding and
transcoding, UTF8_CHAR substr, regex replacement, splits, hashes and case; tf.lookup's
initializers, ragged and sparse keys, DenseHashTable erase and resize): each section's
expressions, evaluated in order in its own environment, answer what text9_golden.json
recorded (record_text9.py)."""

import os

from tests.ragged import golden_text9 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text9_golden.json"), KNOWN)
