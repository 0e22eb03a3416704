"""eagerflow against real TensorFlow 2.21 on golden_text11.py's programs (tf.strings.ngrams'
padding, separators and short sequences; reduce_join and unsorted_segment_join with
separators, keepdims and negative axes or ids; bytes_split, unicode_script and lower/upper
with an encoding; decode_csv, decode_raw, base64 and decode_compressed; Keras
TextVectorization, StringLookup/IntegerLookup, Hashing and HashedCrossing on ragged and
string input; tf.data's ragged_batch, padded_batch of strings, bucket_by_sequence_length,
unbatch and TextLineDataset; tf.ragged.range, segment ids, segment ops and ragged crosses;
RaggedTensorSpec's repr, relations and input signatures; each eagerly and traced with
unknown shapes): each section's expressions, evaluated in order in its own environment,
answer what text11_golden.json recorded (record_text11.py)."""

import os

from tests.ragged import golden_text11 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text11_golden.json"), KNOWN)
