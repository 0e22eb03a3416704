"""eagerflow against real TensorFlow 2.21 on golden_text18.py's string sections (the string
ops over one grid of ragged, int32-split, uniform, sparse, dense and scalar operands, traced
too; unicode transcoding and decoding of malformed bytes by error mode, replacement
character and control characters; as_string and format's summarize over ragged and
sparse numbers; SparseTensors, eager and traced, given to ops that have no sparse form;
to_number over ragged operands by out_type; the lookup tables over ragged, sparse and
uniform keys, their export and refusals): each section's expressions, evaluated in order in its
own environment, answer what text18_golden.json recorded (record_text18.py)."""

import os
from types import SimpleNamespace

from tests.ragged import golden_text18 as G
from tests.ragged.sections import section_test

# (the round's sections in two files, each within the suite's time per file:
# test_text18b_vs_tf.py runs the others)
PART = SimpleNamespace(PRELUDES=G.PRELUDES, SECTIONS={
    n: G.SECTIONS[n] for n in ("strops18", "malformed18", "numfmt18", "sparse18", "tonum18",
                               "tables18")})

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("strops18", "tap(S.lower, 'sp')"):
        "TF's AutoGraph converts a generated op wrapper (gen_string_ops.string_lower) given "
        "to tf.function itself, so its graph-time TypeError comes 'in user code:' with no "
        "frames; eagerflow's tf.strings.lower is no generated wrapper (the error itself "
        "agrees)",
    ("strops18", "tap(S.strip, 'sp')"):
        "as above (gen_string_ops.string_strip)",
}

test_section_matches_tensorflow = section_test(
    PART, os.path.join(os.path.dirname(__file__), "text18_golden.json"), KNOWN)
