"""eagerflow against real TensorFlow 2.21 on golden_text8.py's programs (tf.strings.format,
as_string, to_number, reduce_join, ngrams and unsorted_segment_join options; ragged
map_flat_values, boolean_mask, gather_nd, concat/stack axes, merge_dims, row-splits dtypes,
nested row lengths, bounding_shape, to_tensor(shape=), from_nested_value_rowids;
StaticVocabularyTable over text files, MutableHashTable, DenseHashTable; ragged_batch,
padded_batch, bucket_by_sequence_length, unbatch of ragged; FixedLengthRecordDataset over
compressed and plain files): each section's expressions, evaluated in order in its own
environment, answer what text8_golden.json recorded (record_text8.py)."""

import os

from tests.ragged import golden_text8 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text8_golden.json"), KNOWN)
