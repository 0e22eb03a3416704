"""tf.compat.v1.logging as TF 2.21 has it, run under TF (record_logging.py keeps its
stderr in v1_logging_golden.txt) and under eagerflow (test_logging_channels.py): the
level constants, each function's lines through the "tensorflow" logger, set_verbosity,
log_first_n/log_every_n counting (one count for all of a one-file program's calls, as
TF's caller lookup finds no other file), flush's NotImplementedError.

    python tests/probe/v1_logging_program.py tf|ef
"""

import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf
L = tf.compat.v1.logging


def mark(step):
    print(f"--- {step}", file=sys.stderr, flush=True)


mark("levels")
print(L.DEBUG, L.INFO, L.WARN, L.ERROR, L.FATAL, L.get_verbosity(), file=sys.stderr)
mark("warning, warn, info (not shown), error")
L.warning("w %d", 1)
L.warn("warn %s", "x")
L.info("i")
L.error("e")
mark("set_verbosity(INFO)")
L.set_verbosity(L.INFO)
print(L.get_verbosity(), tf.get_logger().level, file=sys.stderr)
L.info("info now %s", 2)
L.debug("debug not shown")
mark("log_first_n and log_every_n, one count between them")
for i in range(5):
    L.log_first_n(L.WARN, "first %d", 2, i)
    L.log_every_n(L.WARN, "every %d", 2, i)


def in_a_function(i):
    L.log_every_n(L.WARN, "every (in a function) %d", 3, i)


for i in range(7):
    in_a_function(i)
L.log_if(L.WARN, "if %d", True, 7)
L.log_if(L.WARN, "if %d", False, 8)
mark("set_verbosity(ERROR)")
L.set_verbosity(L.ERROR)
L.warning("not shown")
L.error("shown")
tf.get_logger().warning("not shown either")
L.TaskLevelStatusMessage("a status message")
mark("log, vlog")
L.log(L.ERROR, "via log %s", "x")
L.vlog(1, "vlog not shown")
mark("flush")
try:
    L.flush()
except NotImplementedError as e:
    print("NotImplementedError", repr(e), file=sys.stderr)
mark("end")
