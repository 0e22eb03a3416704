"""eagerflow against real TensorFlow 2.21 on golden_text6.py's programs (ragged tensors,
tf.strings, tf.lookup, ragged data and Keras text layers): each section's expressions,
evaluated in order in its own environment, answer what text6_golden.json recorded
(record_text6.py)."""

import os

from tests.ragged import golden_text6 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN = {
    ("text_layers_and_strings", "run(L.StringLookup(vocabulary=['a', None]), tf.constant(['a']))"):
        "a vocabulary list holding None: Keras converts it through a NumPy object array, whose "
        "conversion TF refuses; eagerflow's lookup layers read the list itself",
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text6_golden.json"), KNOWN)
