"""A program whose tf.function retraces too often, run under TF 2.21 (record_retracing.py
keeps its stderr in retracing_golden.txt) and under eagerflow (test_retracing_warning.py):
TF's warning text, where it is printed (after the call that traced, through the
"tensorflow" logger's "WARNING:tensorflow:" handler) and how often.

    python tests/probe/retracing_program.py tf|ef
"""

import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


@tf.function
def f(x):
    tf.print("executing with", x)
    return x * 2


for value in [1, 2, tf.constant(1), tf.constant(2), tf.constant(1.5), tf.constant([1, 2])]:
    f(value)
for n in range(1, 9):  # a second warning, then no more (two per function)
    f(tf.ones([n]))


class Model(tf.Module):
    @tf.function
    def __call__(self, x):
        return x + 1


m = Model()
for n in range(1, 7):
    m(tf.zeros([n]))
