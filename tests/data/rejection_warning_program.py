"""rejection_resample of much rarer classes, run under TF 2.21 (record_rejection_warning.py
keeps its stderr in rejection_warning_golden.json) and under eagerflow
(test_rejection_warning.py): TF's filter prints "Proportion of examples rejected by sampler
is high: [rejected][initial][acceptance]" through tf.compat.v1.Print (its deprecation
notice once, on the first build), the first 10 times in each iterator where half the
elements or more would be rejected, with a given or an estimated initial distribution.
(Each pass reads far enough for its 10 lines: TF's prefetch of the filter reads ahead.)

    python tests/data/rejection_warning_program.py tf|ef
"""

import sys

import numpy as np

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


def mark(step):
    print(f"--- {step}", file=sys.stderr, flush=True)


labels = np.array([0] * 28 + [1] * 2, "int64")
ds = tf.data.Dataset.from_tensor_slices((np.arange(30.0), labels))
mark("a given initial distribution")
r = ds.rejection_resample(lambda f, label: label, target_dist=[0.5, 0.5],
                          initial_dist=[28 / 30, 2 / 30], seed=3)
mark(f"five of it: {sum(1 for _ in r.take(5))}")
mark(f"a second iterator: {sum(1 for _ in r.take(3))}")
estimated = ds.rejection_resample(lambda f, label: label, target_dist=[0.5, 0.5], seed=3)
mark(f"an estimated distribution: {sum(1 for _ in estimated.take(4))}")
few = ds.rejection_resample(lambda f, label: label, target_dist=[0.9, 0.1],
                            initial_dist=[0.85, 0.15], seed=3)
mark(f"little rejected: {sum(1 for _ in few.take(4))}")
three = tf.data.Dataset.range(60).map(lambda x: tf.cast(x % 3, tf.int32))
r3 = three.rejection_resample(lambda x: x, target_dist=[0.7, 0.2, 0.1],
                              initial_dist=[1 / 3, 1 / 3, 1 / 3], seed=3)
mark(f"three classes: {sum(1 for _ in r3.take(8))}")
