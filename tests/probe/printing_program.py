"""tf.print of the values a TF2 program prints: dense tensors of every kind (bfloat16 and
float16 too), ragged tensors (TF's ragged_tensor_to_string: %f floats, quoted strings,
each dimension summarized), sparse tensors (TF's quoted 'SparseTensor(...)' line), inside
structures and from a tf.function. Run under TF 2.21 by record_retracing.py (its stdout
kept in printing_golden.txt) and under eagerflow by test_retracing_warning.py.

    python tests/probe/printing_program.py tf|ef
"""

import sys

import numpy as np

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf

out = sys.stdout
values = [
    tf.constant([1.5, 2.25], tf.bfloat16), tf.constant([1.5, 2.25], tf.float16),
    tf.constant(1.5, tf.bfloat16), tf.ragged.constant([[1.5], []]),
    tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([["a"], ["b", "c"]]),
    tf.ragged.constant([[[1.0, 2.0]], []], ragged_rank=1), tf.constant([1 + 2j]),
    tf.constant([0.1, 1e-10, 1e10], tf.float64), tf.constant([1, 2], tf.uint8),
    tf.constant([1.0]) / 3, tf.sparse.from_dense([[0.0, 1.5]]), tf.constant(np.nan),
    tf.constant([-0.0]), tf.constant(123456789.0), tf.constant("x\ny"),
    tf.ragged.constant([[True], [False]]), tf.ragged.constant([["a'b", "c\\d", "é"]]),
    tf.ragged.constant([[1, 2]], dtype=tf.int64), tf.ragged.constant([[1.0]], tf.float16),
    tf.ragged.constant([[[1, 2], [3]], [[4]]]), tf.ragged.constant([[1e10, -0.5, 1e-7]]),
    tf.sparse.from_dense(tf.reshape(tf.range(20), [4, 5])),
]
for v in values:
    tf.print(v, output_stream=out)
long = tf.ragged.constant([[1.5, 2, 3, 4, 5, 6, 7], [], [1], [2], [3], [4], [5], [6]])
for summarize in (3, 2, -1):
    tf.print(long, summarize=summarize, output_stream=out)
tf.print("x", tf.ragged.constant([[1]]), "y", output_stream=out)
tf.print({"a": tf.ragged.constant([[1]]), "b": [tf.sparse.from_dense([[1]])]},
         output_stream=out)


@tf.function
def traced(r, s):
    tf.print(r, s, output_stream=out)


traced(tf.ragged.constant([[1, 2], [3]]), tf.sparse.from_dense([[0, 7]]))
