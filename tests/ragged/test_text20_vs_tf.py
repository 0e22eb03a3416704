"""eagerflow against real TensorFlow 2.21 on golden_text20.py's sections (what TF's
constant_value sees through in traced asserts): each section's expressions, evaluated in
order in its own environment, answer what text20_golden.json recorded (record_text20.py)."""

import os

from tests.ragged import golden_text20 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text20_golden.json"), KNOWN)
