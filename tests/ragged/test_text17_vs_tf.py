"""eagerflow against real TensorFlow 2.21 on golden_text17.py's first sections (tf.data
over ragged and string elements: scan, window, group_by_window, shard, rebatch, unique and
the batching chains with their element specs; ragged and sparse tensors and strings through
while_loop, cond, case, switch_case, TensorArray and vectorized_map; whitespace splitting
over ASCII and Unicode spaces; hash tables of vector values): each section's expressions,
evaluated in order in its own environment, answer what text17_golden.json recorded
(record_text17.py)."""

import os
from types import SimpleNamespace

from tests.ragged import golden_text17 as G
from tests.ragged.sections import section_test

# (the round's sections in two files, each within the suite's time per file:
# test_text17b_vs_tf.py runs the others)
PART = SimpleNamespace(PRELUDES=G.PRELUDES, SECTIONS={
    n: G.SECTIONS[n] for n in ("data17", "control17", "split17", "tables17")})

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("control17", "wl(lambda i, r: i < 2, lambda i, r: (i + 1, r.to_tensor()), (0, RG))"):
        "an unknown attribute of an eager tensor: TF's C type names itself "
        "'tensorflow.python.framework.ops.EagerTensor'; eagerflow's class is 'EagerTensor' "
        "(a __getattr__ to reword it would slow every attribute read of a tensor)",
    ("control17", "twl(lambda i, r: i < 2, lambda i, r: (i + 1, tf.concat([r, r], 0)), "
                  "(0, RG))"):
        "TF names the ragged loop variable's captured row splits after the scope that made "
        "them eagerly (RowPartitionFromRowSplits/row_splits:0); eagerflow's capture has a "
        "number (the shapes and message agree)",
    ("control17", "twl(lambda r: tf.size(r.flat_values) < 10, lambda r: (tf.concat([r, r], "
                  "0),), (RG,))"):
        "as above: the captured row splits' name",
    ("control17", "twl(lambda i, r: i < 2, lambda i, r: (i + 1, RT.from_tensor(r)), (0, "
                  "tf.constant([[1, 2]])))"):
        "TF's from_tensor folds the uniform partition's row splits to a Const "
        "(.../RowPartitionFromUniformRowLength/Const:0); eagerflow computes them (.../mul:0)",
    ("control17", "tv(lambda i: tf.switch_case(i, [lambda: RG, lambda: R([[9]])]), TS([], "
                  "tf.int32))(tf.constant(5))"):
        "TF rebuilds a Case's composite outputs from the first branch's spec (3 rows), so "
        "the second branch's 1-row result fails the function's output check; eagerflow "
        "merges the branches' shapes, as its tf.cond does (and TF's tf.cond too)",
    ("control17", "tta([('write', 0, 1)], size=1)"):
        "a traced TensorArray's write of another dtype: TF only logs the error ('leads to "
        "undefined behavior') and builds the op; eagerflow refuses it",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: x * 2, RG))"):
        "TF's pfor has no converter for RaggedTensorFromVariant: its while-loop fallback "
        "fails at run time with a traceback of the recorder's files; eagerflow runs the "
        "function per row and refuses the rows' shapes",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: tf.reduce_sum(x), RG))"):
        "as above (TF's run-time failure with a traceback); eagerflow sums each row",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: tf.ragged.range(x), tf.constant([1, "
                  "2])))"):
        "TF's pfor has no converter for RaggedTensorToVariant (a ValueError quoting the "
        "NodeDef); eagerflow stacks the ragged results",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: RT.from_tensor(x), tf.constant([[1, "
                  "2], [3, 4]])))"):
        "the same ValueError, which TF's AutoGraph wraps in 'in user code:' with the "
        "frame of the lambda",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: x * 2, RG, "
                  "fallback_to_while_loop=False))"):
        "TF's 'No pfor vectorization defined for RaggedTensorFromVariant' quoting the "
        "NodeDef; eagerflow has no pfor converter registry to refuse with",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: tf.reduce_sum(x), RG, "
                  "fallback_to_while_loop=False))"):
        "as above",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: S.length(x), W, "
                  "fallback_to_while_loop=False))"):
        "TF's pfor has no converter for StringLength (refused without the fallback); "
        "eagerflow computes it",
    ("control17", "e(lambda: tf.vectorized_map(lambda x: S.split(x), W, "
                  "fallback_to_while_loop=False))"):
        "as above, for StringSplitV2",
}

test_section_matches_tensorflow = section_test(
    PART, os.path.join(os.path.dirname(__file__), "text17_golden.json"), KNOWN)
