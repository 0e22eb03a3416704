"""eagerflow against real TensorFlow 2.21 on golden_text17.py's programs (tf.data over ragged
and string elements: scan, window, group_by_window, shard, rebatch, unique and the batching
chains with their element specs; ragged tensors and strings through while_loop, cond, case,
switch_case, TensorArray and vectorized_map; whitespace splitting over ASCII and Unicode
spaces; hash tables of vector values; the elementwise and reduction ops earlier grids never
sent through ragged dispatch; DynamicRaggedShape): each section's expressions, evaluated in
order in its own environment, answer what text17_golden.json recorded (record_text17.py)."""

import os

from tests.ragged import golden_text17 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text17_golden.json"), KNOWN)
