"""eagerflow against real TensorFlow 2.21 on golden_text13.py's programs (tf.strings over
malformed and multi-unit input in every error mode, UTF-16-BE/UTF-32-BE round trips,
offsets of ragged input, substr with negative UTF8_CHAR positions, split's maxsplit,
ngrams' padding on ragged rank 2, regex capture groups with replace_global=False, format's
summarize, to_number per out_type, hash buckets with keys, as_string's options per dtype,
bytes_split, reduce_join, case, strip and length units; StaticVocabularyTable's OOV buckets,
TextFileInitializer's columns, DenseHashTable and MutableHashTable with vector values and
their key checks, tables traced with unknown shapes; RaggedTensor factories' validation,
merge_dims, bounding_shape, to_tensor of ragged_rank 2, sparse round trips; ragged
broadcasting, boolean_mask, stack_dynamic_partitions, crosses, segment ids and ranges;
tf.sparse's crosses, bincount, segment ops and unordered indices; each eagerly and traced
with unknown shapes): each section's expressions, evaluated in order in its own
environment, answer what text13_golden.json recorded (record_text13.py)."""

import os

from tests.ragged import golden_text13 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text13_golden.json"), KNOWN)
