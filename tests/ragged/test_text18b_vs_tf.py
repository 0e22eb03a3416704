"""eagerflow against real TensorFlow 2.21 on golden_text18.py's other sections (to_number
over ragged operands by out_type; the lookup tables over ragged, sparse and uniform keys,
their export and refusals; StringLookup, IntegerLookup, CategoryEncoding and
TextVectorization by output mode; ragged merge_dims, splits dtype, row lengths by axis,
map_flat_values, reductions with keepdims, tf.ragged.range, segment ids, where (eager and
traced, int32 splits) and boolean_mask): each section's expressions, evaluated in order in
its own environment, answer what text18_golden.json recorded (record_text18.py)."""

import os
from types import SimpleNamespace

from tests.ragged import golden_text18 as G
from tests.ragged.sections import section_test

PART = SimpleNamespace(PRELUDES=G.PRELUDES, SECTIONS={
    n: G.SECTIONS[n] for n in ("tonum18", "tables18", "keras18", "ragged18")})

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
}

test_section_matches_tensorflow = section_test(
    PART, os.path.join(os.path.dirname(__file__), "text18_golden.json"), KNOWN)
