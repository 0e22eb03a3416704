"""eagerflow against real TensorFlow 2.21 on golden_text15.py's programs (tf.lookup's tables
over every key and value dtype pairing from KeyValueTensorInitializer and
TextFileInitializer, their defaults and keys of the wrong dtype, ragged and sparse keys,
num_oov_buckets, insert/remove/import/export/size in sequences; tf.function with
RaggedTensorSpec signatures by ragged_rank and row_splits_dtype; map_fn and vectorized_map
over ragged tensors by fn_output_signature; ragged concat/stack/gather/gather_nd/where of
mixed ranks; the factories' validation, traced; tf.strings' split, ngrams, reduce_join,
unicode_split_with_offsets and hash buckets; tf.sparse over strings): each section's
expressions, evaluated in order in its own environment, answer what text15_golden.json
recorded (record_text15.py)."""

import os

from tests.ragged import golden_text15 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text15_golden.json"), KNOWN)
