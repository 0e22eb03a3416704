"""AutoGraph: Python control flow over tensors, by AST transformation.

Above ops and core, below tf.function (which calls `convert` while tracing). Layout:
pyct/ (parsing, analysis, code templates), converters/ (one AST rewrite per construct),
operators/ (the runtime that converted code calls), transpiler.py, api.py.
"""

from eagerflow._src.autograph.api import (  # noqa: F401
    ConversionError,
    Feature,
    convert,
    converted_call,
    do_not_convert,
    is_converted,
    set_loop_options,
    set_verbosity,
    to_code,
    to_graph,
    trace,
)
