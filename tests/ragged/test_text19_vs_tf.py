"""eagerflow against real TensorFlow 2.21 on golden_text19.py's sections (the repr, str and
tf.print of RaggedTensors over dtypes and nestings; tf.ragged.constant's inference and
refusals; map_flat_values, ragged boolean_mask, stack_dynamic_partitions, segment ops on
ragged data, to_sparse/from_sparse round trips; tf.strings.format's templates; RE2's
refusals and readings of patterns; StaticVocabularyTable's OOV buckets and
TextFileInitializer's delimiters and files): each section's expressions, evaluated in order
in its own environment, answer what text19_golden.json recorded (record_text19.py)."""

import os

from tests.ragged import golden_text19 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text19_golden.json"), KNOWN)
