"""tf.summary.experimental (re-exports only)."""

from eagerflow._src.summary.summary_ops import (
    get_step as get_step,
    set_step as set_step,
    summary_scope as summary_scope,
    write_raw_pb as write_raw_pb,
)
