"""Golden expressions of the ragtext stream (ragged dispatch, lookup tables, tf.strings and
Keras text layers as TF 2.21 users meet them); joined to golden_exprs.SECTIONS, so
tf_golden.py records them with real TensorFlow 2.21 and test_golden_tf.py compares. They
use golden_exprs.PRELUDE's names (rt, rt2, table, ...) and PRELUDE_RAGTEXT's."""

PRELUDE_RAGTEXT = r"""
ra = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
rsq = tf.ragged.constant([[1, 2], [3, 4]])
rn = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]])
rn2 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ri32 = tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32)
ri64 = tf.ragged.constant([[1, 2], [3]])
"""

RAGGED_DISPATCH = [
    # `==` / `!=`: elementwise where tf.math.equal takes the operands, else False / True
    "ra == ra",
    "ra == 2",
    "2 == ra",
    "ra != 2",
    "ra == None",
    "ra != None",
    "ra == tf.ragged.constant([[1], [2], [3]])",
    "ra != tf.ragged.constant([[1], [2], [3]])",
    "ra == 2.5",
    "ra == tf.constant(2, tf.int64)",
    "ra == tf.constant([[1], [2], [3]])",
    "ra == tf.constant([1, 2, 3])",
    "ra == ri64",
    "rsq == tf.constant([[1, 2], [3, 4]])",
    "tf.constant([[1, 2], [3, 4]]) == rsq",
    "tf.constant([[1, 2], [3, 4]]) != rsq",
    "rn2 == rn2",
    "hash(ra)",
    "ra in [ra]",
    "tf.function(lambda x: x == x)(ra)",
    # dense operands of the ragged tensor's rank
    "rsq + tf.constant([[10, 20]])",
    "rsq + tf.constant([[10], [20]])",
    "tf.constant([[1, 2], [3, 4]]) + rsq",
    "rn + tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])",
    "rn + tf.constant([[[1, 2]], [[3, 4]]])",
    "rn + tf.constant([[[1], [2]], [[3], [4]]])",
    "tf.ragged.constant([[1, 2], [3, 4], [5, 6]]) + tf.constant([[1, 2], [3, 4]])",
    # tf.where of a ragged condition alone: the coordinates of its True items
    "tf.where(ra > 2)",
    "tf.where(rn2 > 2)",
    "tf.where(tf.ragged.constant([[[True, False]], [[False, True], [True, True]]], "
    "ragged_rank=1))",
    "tf.where(tf.ragged.constant([[True]], row_splits_dtype=tf.int32))",
    "tf.where(ra > 2, ra)",
]

SECTIONS = {"ragtext_dispatch": RAGGED_DISPATCH}
