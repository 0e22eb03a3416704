"""The branch and loop signature cases' common part: a case is a source defining `f`, its
SPECS and its ARGS, traced (run under TF 2.21 by the record scripts and under eagerflow
by the tests)."""

import contextlib
import linecache
import textwrap


@contextlib.contextmanager
def case_names(tf, source):
    """Runs a case's `source` and yields the names it defines; while it lasts, tracebacks
    read the source as the file "<case>"."""
    source = textwrap.dedent(source)
    linecache.cache["<case>"] = (len(source), None, source.splitlines(True), "<case>")
    try:
        env = {"tf": tf}
        exec(compile(source, "<case>", "exec"), env)  # noqa: S102 - the cases
        yield env
    finally:
        linecache.cache.pop("<case>", None)


@contextlib.contextmanager
def traced_case(tf, source):
    """Runs the case's `source` and traces its `f` over SPECS: yields (the tf.function, the
    case's names, the trace's GraphDef, its library's FunctionDefs by name)."""
    with case_names(tf, source) as env:
        fn = tf.function(env["f"])
        gd = fn.get_concrete_function(*env["SPECS"]).graph.as_graph_def()
        yield fn, env, gd, {fd.signature.name: fd for fd in gd.library.function}


def called_on_args(tf, fn, env):
    """What the traced function returns on the case's ARGS."""
    return fn(*[tf.constant(a, s.dtype) for a, s in zip(env["ARGS"], env["SPECS"])])
