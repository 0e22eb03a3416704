"""eagerflow against real TensorFlow 2.21 on golden_text20.py's sections (what TF's
constant_value sees through in traced asserts; tf.math and other ops dispatched on
RaggedTensors; mutable tables in checkpoints; tf.strings over ragged input; ragged data in
tf.data and tf.function signatures; RaggedTensor indexing): each section's expressions, evaluated in
order in its own environment, answer what text20_golden.json recorded (record_text20.py)."""

import os

from tests.ragged import golden_text20 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
_ULP = ("float32 {} of these values is a last bit off TF's (the ragged values are a plain "
        "float32 tensor's: the dense op differs alike; docs/ulp32.md measures the op over "
        "10**5 values)")
KNOWN: dict = {
    ("dispatch20", "m('erfc', F)"): _ULP.format("erfc"),
    ("dispatch20", "m('softplus', F)"): _ULP.format("softplus"),
    ("dispatch20", "m('tanh', F)"): _ULP.format("tanh"),
    ("dispatch20", "m('xlog1py', G, P)"): _ULP.format("xlog1py"),
    ("dispatch20", "e(lambda: tf.nn.gelu(F))"): _ULP.format("gelu"),
    ("getitem20", "g(A, (0, True))"):
        "a Python bool indexing a dense row: StridedSlice refuses its Index attr bool in "
        "both, but TF's message also restates the op's whole signature ('; Op<name="
        "StridedSlice; signature=input:T, ...> [Op:StridedSlice] name: strided_slice/'), "
        "eagerflow's ends at the NodeDef",
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text20_golden.json"), KNOWN)
