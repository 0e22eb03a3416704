"""tf.data's in-memory cache stopped before its input ends, run under TF 2.21
(record_cache_warning.py keeps its stderr in cache_warning_golden.json) and under
eagerflow (test_cache_warning.py): TF's C++ runtime warns each time such a pass ends
("The calling iterator did not fully read the dataset being cached..."), as a C++ log
line that TF_CPP_MIN_LOG_LEVEL 2 silences.

    python tests/data/cache_warning_program.py tf|ef
"""

import gc
import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


def mark(step):
    print(f"--- {step}", file=sys.stderr, flush=True)


mark("a partial read through take")
cached = tf.data.Dataset.range(10).cache()
for _ in cached.take(3):
    pass
gc.collect()
mark("a full read")
print(sum(int(x) for x in cached), file=sys.stderr)
mark("a partial read once the cache is filled (no warning)")
for _ in cached.take(2):
    pass
gc.collect()
mark("an iterator dropped after one element")
iterator = iter(tf.data.Dataset.range(5).cache())
next(iterator)
del iterator
gc.collect()
mark("cache().take(k).repeat(): each pass")
print([int(x) for x in tf.data.Dataset.range(5).cache().take(2).repeat(2)], file=sys.stderr)
gc.collect()
mark("a loop left by break")
for _ in tf.data.Dataset.range(5).cache():
    break
gc.collect()
mark("take(k).cache().repeat() (no warning)")
print([int(x) for x in tf.data.Dataset.range(5).take(2).cache().repeat(2)], file=sys.stderr)
mark("end")
