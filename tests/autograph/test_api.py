"""tf.autograph's API: to_code, to_graph, do_not_convert, conversion caching, recursive
conversion of user code only, error positions in the user's file."""

import ast
import logging
import runpy
import traceback

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import autograph
from eagerflow._src.autograph import api
from tests.autograph.guide_functions import square_if_positive, sum_even


def test_public_names_match_tf():
    assert {n for n in dir(tf.autograph) if not n.startswith("_")} >= {
        "experimental", "set_verbosity", "to_code", "to_graph", "trace"}
    assert {"Feature", "do_not_convert", "set_loop_options"} <= set(
        dir(tf.autograph.experimental))
    assert [f.name for f in tf.autograph.experimental.Feature] == [
        "ALL", "AUTO_CONTROL_DEPS", "ASSERT_STATEMENTS", "BUILTIN_FUNCTIONS",
        "EQUALITY_OPERATORS", "LISTS", "NAME_SCOPES"]


def test_to_code_is_readable_valid_python():
    code = tf.autograph.to_code(square_if_positive)
    assert code.startswith("def tf__square_if_positive(x):\n")
    assert "ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('x',), 1)" in code
    ast.parse(code)
    code = tf.autograph.to_code(sum_even)
    assert code.startswith("def tf__sum_even(items):\n")
    assert "ag__.for_stmt(items, None, loop_body" in code
    assert "continue_ = True" in code
    lam = lambda x: x if x else -x  # noqa: E731
    assert tf.autograph.to_code(lam).startswith("tf__lam = lambda x: ag__.if_exp(")


def test_to_graph_runs_like_the_original():
    g = tf.autograph.to_graph(square_if_positive)
    assert float(g(tf.constant(9.0))) == 81.0 and float(g(tf.constant(-9.0))) == 0.0
    assert g(3) == 9 and g.__name__ == "square_if_positive"
    s = tf.autograph.to_graph(sum_even)
    assert int(s(tf.constant([10, 12, 15, 20]))) == 42


def test_conversion_is_cached():
    a = autograph.convert(square_if_positive)
    b = autograph.convert(square_if_positive)
    assert api._twin(square_if_positive) is api._twin(square_if_positive)
    assert a(2) == b(2) == 4
    assert len([k for k in api._CODE_CACHE if k[0] is square_if_positive.__code__]) == 1


def helper(x):
    if x > 1:
        return x * 10
    return x


def caller(x):
    return helper(x) + len([x])


def test_user_functions_called_from_converted_code_are_converted():
    seen = []
    orig = api._twin

    def spy(fn, *a, **k):
        seen.append(fn.__name__)
        return orig(fn, *a, **k)

    api._twin = spy
    try:
        assert autograph.convert(caller)(2) == 21
    finally:
        api._twin = orig
    assert "helper" in seen
    assert api._twin(helper) is not helper
    # Library code runs as it is.
    assert api.converted_call(np.add, (1, 2), None) == 3
    assert api._twin(tf.reduce_sum) is tf.reduce_sum
    assert api._twin(traceback.format_exc) is traceback.format_exc


def test_recursive_false_leaves_callees_alone():
    conv = tf.autograph.to_graph(caller, recursive=False)
    assert conv(2) == 21


def test_do_not_convert():
    @tf.autograph.experimental.do_not_convert
    def f(x):
        if x > 0:
            return 1
        return 2

    assert autograph.convert(f) is f
    assert f(1) == 1
    assert tf.autograph.experimental.do_not_convert()(helper)(5) == 50

    def g(x):
        return f(x)

    assert autograph.convert(g)(-1) == 2


def test_source_unavailable_runs_as_is_with_warning(caplog):
    # TF 2.21's warning (recorded): a function whose file is gone runs as it is, logged
    # through the "tensorflow" logger with AutoGraph's parser's cause
    ns = {}
    exec(compile("def dyn(x):\n    if x:\n        return 1\n    return 2\n",
                 "/nonexistent/dyn.py", "exec"), ns)
    dyn = ns["dyn"]

    def call_dyn(x):
        return dyn(x)

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        assert autograph.convert(call_dyn)(0) == 2
    assert caplog.records[-1].getMessage() == (
        f"AutoGraph could not transform {dyn} and will run it as-is.\nCause: Unable to locate "
        f"the source code of {dyn}. Note that functions defined in certain environments, like "
        "the interactive Python shell, do not expose their source code. If that is the case, "
        "you should define them in a .py source file. If you are certain the code is "
        "graph-compatible, wrap the call using @tf.autograph.experimental.do_not_convert. "
        "Original error: source code not available\nTo silence this warning, decorate the "
        "function with @tf.autograph.experimental.do_not_convert")
    with pytest.raises(api.ConversionError):
        tf.autograph.to_code(dyn)


def test_code_exec_d_from_a_string_runs_as_is_silently(caplog):
    # TF's AutoGraph leaves code whose file is "<string>" alone, and says nothing
    ns = {}
    exec("def dyn(x):\n    if x:\n        return 1\n    return 2\n", ns)

    def call_dyn(x):
        return ns["dyn"](x)

    with caplog.at_level(logging.WARNING):
        assert autograph.convert(call_dyn)(0) == 2
    assert "AutoGraph" not in caplog.text


def test_errors_point_at_the_users_line():
    def f(x):
        if x > 0:
            y = x + "a"
        else:
            y = x
        return y

    with pytest.raises(TypeError) as info:
        autograph.convert(f)(1)
    frames = traceback.extract_tb(info.value.__traceback__)
    user = [fr for fr in frames if fr.filename == __file__]
    assert user[-1].lineno == f.__code__.co_firstlineno + 2
    assert user[-1].line == 'y = x + "a"'


def test_unbound_local_after_loop_that_did_not_run():
    def f(n):
        for i in range(n):
            pass
        return i

    with pytest.raises(UnboundLocalError, match="'i' is used before assignment"):
        autograph.convert(f)(0)
    assert autograph.convert(f)(3) == 2


def test_trace_and_set_verbosity(capsys):
    tf.autograph.trace("a", 1)
    assert capsys.readouterr().out == "a 1\n"
    tf.autograph.set_verbosity(0)
    tf.autograph.experimental.set_loop_options(maximum_iterations=3)  # no-op at run time


def test_eager_loop_options_are_inert():
    def f(n):
        out = []
        for i in range(n):
            tf.autograph.experimental.set_loop_options(maximum_iterations=10)
            out.append(i)
        return out

    assert autograph.convert(f)(3) == [0, 1, 2]


def test_lambdas_on_one_line_told_apart_by_star_args():
    # TF 2.21 converts the outer lambda (its errors are restated "in user code"): the inner
    # one takes *a, the outer nothing, so their signatures differ
    body = lambda i: (i + 1, 2)  # noqa: E731
    f = tf.function(lambda: tf.while_loop(lambda *a: a[0] < 3, body, (0,)))
    with pytest.raises(ValueError) as info:
        f()
    assert str(info.value).startswith("in user code:")
    assert "The two structures don't have the same nested structure." in str(info.value)


def test_a_lambda_deep_in_a_long_expression_is_converted(tmp_path):
    # TF 2.21 reads a lambda's source from its whole file: one on a continuation line more
    # than 20 lines into a literal is converted too (its `if` on a tensor works), and the
    # file is parsed once for all its lambdas
    entries = "".join(f"    'k{i}': {i},\n" for i in range(25))
    program = (f"import eagerflow as tf\nPIPES = {{\n{entries}"
               "    'sign': lambda n: tf.data.Dataset.range(-n, n).map(\n"
               "        lambda x: 1 if x > 0 else -1),\n}\n")
    path = tmp_path / "pipes.py"
    path.write_text(program)
    pipes = runpy.run_path(str(path))["PIPES"]
    assert list(pipes["sign"](2).as_numpy_iterator()) == [-1, -1, -1, 1]
