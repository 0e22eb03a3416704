"""Ragged factories and ops traced in a tf.function, for their graphs' node names
(test_ragged_scopes_vs_tf.py, record_ragged_scopes.py): each case is a function and its
input signature, evaluated in the same environment with TensorFlow or eagerflow."""

import re

PRELUDE = """
RT = tf.RaggedTensor
TS = tf.TensorSpec
RS = tf.RaggedTensorSpec
I32 = TS([None], tf.int32)
I64 = TS([None], tf.int64)
"""

# name -> (the function, its input signature), as source
CASES = {
    "from_row_splits": ("lambda x, s: RT.from_row_splits(x, s)", "[I32, I64]"),
    "from_row_splits_named": ("lambda x, s: RT.from_row_splits(x, s, name='mine')",
                              "[I32, I64]"),
    "from_row_lengths": ("lambda x, s: RT.from_row_lengths(x, s)", "[I32, I64]"),
    "from_row_starts": ("lambda x, s: RT.from_row_starts(x, s)", "[I32, I64]"),
    "from_row_limits": ("lambda x, s: RT.from_row_limits(x, s)", "[I32, I64]"),
    "from_value_rowids": ("lambda x, s: RT.from_value_rowids(x, s)", "[I32, I64]"),
    "from_value_rowids_nrows": ("lambda x, s: RT.from_value_rowids(x, s, nrows=3)",
                                "[I32, I64]"),
    "from_uniform_row_length": ("lambda x: RT.from_uniform_row_length(x, 2)", "[I32]"),
    "from_nested_row_lengths": ("lambda x, a, b: RT.from_nested_row_lengths(x, [a, b])",
                                "[I32, I64, I64]"),
    "from_nested_row_splits": ("lambda x, a, b: RT.from_nested_row_splits(x, [a, b])",
                               "[I32, I64, I64]"),
    "from_nested_value_rowids": ("lambda x, a: RT.from_nested_value_rowids(x, [a])",
                                 "[I32, I64]"),
    "from_sparse": ("lambda s: RT.from_sparse(s)",
                    "[tf.SparseTensorSpec([None, None], tf.int32)]"),
    "nrows": ("lambda r: r.nrows()", "[RS([None, None], tf.int32)]"),
    "stack_dynamic_partitions": ("lambda d, p: tf.ragged.stack_dynamic_partitions(d, p, 3)",
                                 "[I32, I32]"),
    "boolean_mask": ("lambda d, m: tf.ragged.boolean_mask(d, m)",
                     "[RS([None, None], tf.int32), RS([None, None], tf.bool)]"),
}


def node_names(tf, case: str) -> list:
    """The node names of the graph `tf.function` traces for `case`, in TF's order."""
    env = {"tf": tf}
    exec(PRELUDE, env)
    fn, signature = (eval(src, env) for src in CASES[case])
    graph = tf.function(fn, input_signature=signature).get_concrete_function().graph
    return [node.name for node in graph.as_graph_def().node]


def checks(names: list) -> list:
    """The run-time checks among `names`: each assert's guard, or its Assert where none
    guards it, which a failed check's message names."""
    return [n for n in names if n.endswith("/Assert/AssertGuard") or
            (n.endswith("/Assert") and not n.endswith("/AssertGuard/Assert"))]


_API = re.compile(r"^(Ragged|RowPartition|SegmentStack)")


def api_scopes(names: list) -> list:
    """The name scopes among `names` that TF's ragged API opens ("RaggedFromRowSplits",
    "RaggedFromRowSplits/RowPartitionFromRowSplits", ...), sorted."""
    found = set()
    for name in names:
        parts = name.split("/")[:-1]
        found.update("/".join(parts[:i + 1]) for i, p in enumerate(parts) if _API.match(p))
    return sorted(found)
