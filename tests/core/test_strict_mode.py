"""`tf.experimental.enable_strict_mode()`: a deprecation notice about to be shown is logged
as an error and raises TF's RuntimeError; a notice shown before stays quiet, and so does
the second call of a function whose notice was raised. Run in a fresh interpreter (strict
mode cannot be turned off); the expected log is TF 2.21's for the same program, its file
paths left out."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import eagerflow as tf
tf.constant(1)
tf.compat.v1.train.checkpoint_exists("/nonexistent")
tf.experimental.enable_strict_mode()
tf.compat.v1.train.checkpoint_exists("/nonexistent")
print("shown before: quiet")
for _ in range(2):
    try:
        tf.data.experimental.ignore_errors()
        print("OK")
    except RuntimeError as e:
        print("RuntimeError", e)
with tf.Graph().as_default():
    try:
        tf.compat.v1.reduce_sum(tf.ones([2]), keep_dims=True)
    except RuntimeError as e:
        print("RuntimeError", e)
"""

AS_TF = """\
WARNING:tensorflow:From FILE: checkpoint_exists (from tensorflow.python.checkpoint.\
checkpoint_management) is deprecated and will be removed in a future version.
Instructions for updating:
Use standard file APIs to check for files with this prefix.
shown before: quiet
ERROR:tensorflow:From FILE: ignore_errors (from tensorflow.python.data.experimental.ops.\
error_ops) is deprecated and will be removed in a future version.
Instructions for updating:
Use `tf.data.Dataset.ignore_errors` instead.
RuntimeError This behavior has been deprecated, which raises an error in strict mode.
OK
ERROR:tensorflow:From FILE: calling reduce_sum_v1 (from tensorflow.python.ops.math_ops) \
with keep_dims is deprecated and will be removed in a future version.
Instructions for updating:
keep_dims is deprecated, use keepdims instead
RuntimeError This behavior has been deprecated, which raises an error in strict mode.
"""


def test_strict_mode_raises_the_notices_not_yet_shown():
    proc = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    # (stderr's log and stdout's prints interleave: each stream's lines compared in order)
    want = AS_TF.splitlines()
    printed = [w for w in want if w.startswith(("shown", "RuntimeError", "OK"))]
    assert proc.stdout.splitlines() == printed
    logged = re.sub(r"From \S+:\d+:", "From FILE:", proc.stderr).splitlines()
    assert logged == [w for w in want if w not in printed]
