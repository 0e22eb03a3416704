"""eagerflow against real TensorFlow 2.21 on golden_text21.py's sections (ragged ops less
used; ragged data in tf.data; tf.strings' transcode, format, as_string, to_number, hashes,
regex_replace and ngrams at their edges; tables from text files, dense and mutable hash
tables of vectors, several OOV indices; TextVectorization's split callables, ngrams,
tf_idf, vocabulary files and configs): each section's expressions, evaluated in order in
its own environment, answer what text21_golden.json recorded (record_text21.py)."""

import os

from tests.ragged import golden_text21 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text21_golden.json"), KNOWN)
