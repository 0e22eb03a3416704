"""eagerflow against real TensorFlow 2.21 on golden_text17.py's other sections (the
elementwise and reduction ops earlier grids never sent through ragged dispatch;
DynamicRaggedShape's accessors, slices, factories and broadcasting; ragged gather,
gather_nd and boolean_mask by batch_dims and axis, concat and stack of mixed ragged ranks;
ngrams, unicode_encode/script, bytes/unicode split and StaticVocabularyTable over ragged
rank 2, int32 splits and uniform rows): each section's expressions, evaluated in order in
its own environment, answer what text17_golden.json recorded (record_text17.py)."""

import os
from types import SimpleNamespace

from tests.ragged import golden_text17 as G
from tests.ragged.sections import section_test

PART = SimpleNamespace(PRELUDES=G.PRELUDES, SECTIONS={
    n: G.SECTIONS[n] for n in ("elementwise17", "shape17", "index17", "strings17")})

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("elementwise17", "e(lambda: tf.clip_by_value(X['f'], X['f'] * 0, 1.0))"):
        "TF's ragged clip_by_value, given a ragged minimum and a scalar maximum, compares "
        "row splits of a shape it broadcast wrongly ([0 3 6 9] against [0 2 2 3]) and "
        "fails; eagerflow refuses the ragged minimum's conversion",
}

test_section_matches_tensorflow = section_test(
    PART, os.path.join(os.path.dirname(__file__), "text17_golden.json"), KNOWN)
