"""Where TF 2.21's and Keras 3's log lines go, run under TF (record_logging.py keeps its
stderr in logging_golden.txt) and under eagerflow (test_logging_channels.py): the
"tensorflow" logger's "WARNING:tensorflow:" handler, set up by the import; absl's
"WARNING:absl:" lines (Keras's HDF5 saving and loading), whose first message, even an
INFO one nobody sees (a checkpoint's "Sharding callback duration"), configures the root
logger so that TF's lines print twice from then on; `tf.get_logger().setLevel` and
`logging.disable` on each.

    python tests/probe/logging_program.py tf|ef
"""

import gc
import logging
import os
import sys
import tempfile

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf
keras = tf.keras


def mark(step):
    print(f"--- {step}", file=sys.stderr, flush=True)


def unrestored(prefix):
    """A checkpoint restored into an object lacking one of its values, then deleted."""
    ckpt = tf.train.Checkpoint(v=tf.Variable(0.0))
    ckpt.restore(prefix)
    del ckpt
    gc.collect()


folder = tempfile.mkdtemp()
mark("tensorflow logger, configured at import")
print("root handlers:", len(logging.getLogger().handlers), file=sys.stderr)
tf.get_logger().warning("a warning through tf.get_logger()")
tf.get_logger().info("an info line (not shown)")
tf.summary.trace_on()
tf.summary.trace_on()
tf.summary.trace_off()
mark("a checkpoint saved (absl INFO: the root logger configured)")
prefix = tf.train.Checkpoint(v=tf.Variable(1.0), w=tf.Variable(2.0)).write(
    os.path.join(folder, "ckpt"))
print("root handlers:", len(logging.getLogger().handlers), file=sys.stderr)
mark("TF's warnings twice from now on")
unrestored(prefix)
tf.get_logger().warning("once more")
mark("Keras's HDF5 warnings through absl")
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
model.compile(optimizer="adam", loss="mean_squared_error")
model.save(os.path.join(folder, "model.h5"))
keras.models.load_model(os.path.join(folder, "model.h5"))
model.save(os.path.join(folder, "model2.h5"), save_format="h5")
uncompiled = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
uncompiled.save(os.path.join(folder, "model3.h5"))
keras.models.load_model(os.path.join(folder, "model3.h5"))
mark("tf.get_logger().setLevel('ERROR'): TF's warnings silent, absl's not")
tf.get_logger().setLevel("ERROR")
unrestored(prefix)
tf.get_logger().error("an error line")
model.save(os.path.join(folder, "model4.h5"))
tf.get_logger().setLevel("WARNING")
mark("logging.disable(WARNING): every warning silent, errors not")
logging.disable(logging.WARNING)
unrestored(prefix)
model.save(os.path.join(folder, "model5.h5"))
tf.get_logger().error("an error line")
logging.disable(logging.NOTSET)
mark("logging.disable(NOTSET)")
tf.get_logger().warning("a warning again")
mark("end")
