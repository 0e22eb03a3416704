"""tf.autograph.experimental."""

from eagerflow._src.autograph.api import Feature, do_not_convert, set_loop_options  # noqa: F401
