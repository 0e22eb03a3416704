"""eagerflow against real TensorFlow 2.21 on golden_text18.py's other sections (StringLookup,
IntegerLookup, CategoryEncoding and TextVectorization by output mode over ragged and sparse
inputs; ragged merge_dims, splits dtype, row lengths by axis, map_flat_values, reductions
with keepdims, tf.ragged.range, segment ids, where (eager and traced, int32 splits) and
boolean_mask; traced static shapes of uniform-row tensors sliced, squeezed and selected;
the lookup tables traced over ragged, sparse and uniform keys; binary ops of ragged and
dense operands of lower rank by row splits dtype):
each section's expressions, evaluated in order in its own environment, answer what
text18_golden.json recorded (record_text18.py)."""

import os
from types import SimpleNamespace

from tests.ragged import golden_text18 as G
from tests.ragged.sections import section_test

PART = SimpleNamespace(PRELUDES=G.PRELUDES, SECTIONS={
    n: G.SECTIONS[n] for n in ("keras18", "ragged18", "static18", "ttables18", "bcast18")})

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("bcast18", "bc(tf.add, 'b2u', [2, 1], 'int64')"):
        "TF's broadcast of a ragged [3, None, 1] (every row 2 long) with a dense [2, 1] "
        "answers one row, [[[2], [4]]] (its second dimension's broadcast takes the dense "
        "size for the row count); eagerflow refuses the shapes ('Last row partition does "
        "not match flat_values'), as TF does for [1, 2] against a [3, None] of rows 2 long",
    ("bcast18", "bc(tf.maximum, 'b2u', [2, 1], 'int64')"):
        "as above ([[[1], [3]]])",
}

test_section_matches_tensorflow = section_test(
    PART, os.path.join(os.path.dirname(__file__), "text18_golden.json"), KNOWN)
