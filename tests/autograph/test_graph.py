"""AutoGraph while tracing a graph (tf.function): tensor conditions become tf.cond /
tf.while_loop, Python conditions stay Python, and TF's errors for inconsistent control
flow. Expected messages and results are those of TensorFlow 2.21."""

import importlib.util

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core.errors import OperatorNotAllowedInGraphError
from tests.autograph.guide_functions import sign, square_if_positive, sum_even

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("eagerflow._src.control_flow.conditionals") is None
    or not hasattr(tf, "function"),
    reason="needs tf.function and the control-flow ops (function stream)")


def run(f, *args, **kwargs):
    return tf.function(f, **kwargs)(*args)


def val(t):
    return np.asarray(t).tolist()


def op_types(f, *args):
    cf = tf.function(f).get_concrete_function(*args)
    return {op.type for op in cf.graph.get_operations()}


# -- if ---------------------------------------------------------------------------------

def test_tensor_if_becomes_cond():
    assert val(run(square_if_positive, tf.constant(9.0))) == 81.0
    assert val(run(square_if_positive, tf.constant(-9.0))) == 0.0
    f = tf.function(sign)
    assert [val(f(tf.constant(v))) for v in (3, -2, 0)] == [1, -1, 0]
    assert op_types(square_if_positive, tf.constant(1.0)) & {"If", "StatelessIf"}


def test_python_condition_stays_python():
    def f(x, flag):
        if flag:
            x = x + 1
        else:
            x = x - 1
        return x

    types = op_types(f, tf.constant(1), True)
    assert not types & {"If", "StatelessIf"}
    assert val(run(f, tf.constant(1), False)) == 0


def test_early_return_in_both_branches():
    def f(x):
        if x > 0:
            return x
        return -x

    assert val(run(f, tf.constant(-3))) == 3
    assert val(run(f, tf.constant(4))) == 4


def test_if_errors_match_tf():
    def undefined_else(x):
        if x > 0:
            y = 1
        return y

    def undefined_main(x):
        if x > 0:
            pass
        else:
            y = 2
        return y

    def branch_dtypes(x):
        if x > 0:
            y = 1
        else:
            y = 2.0
        return y

    def branch_structure(x):
        if x > 0:
            y = (1, 2)
        else:
            y = 2
        return y

    def branch_none(x):
        if x > 0:
            y = None
        else:
            y = 2
        return y

    def one_return(x):
        if x > 0:
            return 1
        x = x + 1

    x = tf.constant(3)
    with pytest.raises(ValueError, match="'y' must also be initialized in the else branch"):
        run(undefined_else, x)
    with pytest.raises(ValueError, match="'y' must also be initialized in the main branch"):
        run(undefined_main, x)
    with pytest.raises(TypeError, match="'y' has dtype int32 in the main branch, but dtype "
                                        "float32 in the else branch"):
        run(branch_dtypes, x)
    with pytest.raises(TypeError, match="'y' must have the same nested structure in the main "
                                        "and else branches"):
        run(branch_structure, x)
    with pytest.raises(ValueError, match="'y' is None at the end of the main branch"):
        run(branch_none, x)
    with pytest.raises(ValueError, match="the else branch must also have a return statement"):
        run(one_return, x)


def test_variable_local_to_one_branch_is_fine():
    def f(x):
        if x > 0:
            y = 1  # noqa: F841 - not used after the if
        else:
            z = 2  # noqa: F841
        return x

    assert val(run(f, tf.constant(3))) == 3


# -- loops ------------------------------------------------------------------------------

def test_for_over_tensor_with_continue():
    assert val(run(sum_even, tf.constant([10, 12, 15, 20]))) == 42
    assert op_types(sum_even, tf.constant([1])) & {"While", "StatelessWhile"}


def test_autograph_off_raises_tf_error():
    with pytest.raises(OperatorNotAllowedInGraphError):
        run(sum_even, tf.constant([10, 12, 15, 20]), autograph=False)

    def tensor_if(x):
        if x > 0:
            return x
        return -x

    with pytest.raises(TypeError):
        run(tensor_if, tf.constant(1), autograph=False)


def test_while_and_range_loops():
    def collatz(n):
        steps = 0
        while n > 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            steps += 1
        return steps

    def tri(n):
        total = 0
        for i in range(n):
            total += i
        return total

    assert val(run(collatz, tf.constant(27))) == 111
    assert val(run(tri, tf.constant(5))) == 10
    assert val(run(tri, 5)) == 10  # Python int: unrolled at trace time


def test_break_and_nested_loops():
    def f(n):
        count = 0
        for i in tf.range(n):
            for j in tf.range(n):
                if j > i:
                    break
                count += 1
            if count > 7:
                break
        return count

    def py(n):
        count = 0
        for i in range(n):
            for j in range(n):
                if j > i:
                    break
                count += 1
            if count > 7:
                break
        return count

    for n in (0, 1, 3, 6):
        assert val(run(f, tf.constant(n))) == py(n)


def test_for_else_runs_unconverted_as_in_tf():
    def f(x):
        s = tf.constant(0)
        for i in tf.range(x):
            s = s + i
            if s > 4:
                break
        else:
            s = s * 100
        return s

    with pytest.raises(OperatorNotAllowedInGraphError):
        run(f, tf.constant(5))


def test_loop_var_defined_inside_loop():
    def f(x):
        while x > 0:
            x -= 1
            y = tf.zeros([2]) + tf.cast(x, tf.float32)
        return y

    assert val(run(f, tf.constant(3))) == [0.0, 0.0]


def test_loop_errors_match_tf():
    def dtype_change(x):
        i = tf.constant(0)
        while i < x:
            i = tf.cast(i, tf.float32) + 1.0
        return i

    def shape_change(x):
        s = tf.zeros([1])
        while x > 0:
            x -= 1
            s = tf.zeros([2])
        return s

    def structure_change(x):
        s = (1, 2)
        while x > 0:
            x -= 1
            s = (1, 2, 3)
        return s

    def becomes_none(x):
        s = 1
        while x > 0:
            x -= 1
            s = None
        return s

    def to_string(x):
        s = 0
        while x > 0:
            x -= 1
            s = "s"
        return s

    def return_in_loop(x):
        for i in tf.range(x):
            if i > 2:
                return i
        return -1

    def python_loop_tensor_break(x):
        for i in range(3):
            if x > i:
                break
        return i

    def started_python(x):
        i = 0
        while i < 3:
            i = i + x
        return i

    x = tf.constant(3)
    with pytest.raises(TypeError, match="'i' has dtype int32 before the loop, but dtype "
                                        "float32 after one iteration"):
        run(dtype_change, x)
    with pytest.raises(ValueError, match=r"'s' has shape \(1,\) before the loop, but shape "
                                         r"\(2,\) after one iteration. Use tf.autograph."
                                         "experimental.set_loop_options"):
        run(shape_change, x)
    with pytest.raises(TypeError, match="'s' does not have the same nested structure after "
                                        "one iteration"):
        run(structure_change, x)
    with pytest.raises(ValueError, match="'s' is None at the end of the iteration"):
        run(becomes_none, x)
    with pytest.raises(TypeError, match="'s' has dtype int32 before the loop, but dtype "
                                        "string after one iteration"):
        run(to_string, x)
    with pytest.raises(NotImplementedError, match="a return statement cannot be placed inside "
                                                  "this TensorFlow loop"):
        run(return_in_loop, tf.constant(5))
    with pytest.raises(NotImplementedError, match="break and return statements which depend "
                                                  "on a TF condition are not supported in "
                                                  "Python for loops"):
        run(python_loop_tensor_break, tf.constant(1))
    with pytest.raises(NotImplementedError, match="The condition of while loop started as "
                                                  "non-Tensor, then changed to Tensor"):
        run(started_python, tf.constant(1))


def test_dead_loop_variable_may_change_structure():
    def f(x):
        s = [1]
        while x > 0:
            x -= 1
            s = [1, 2]  # noqa: F841 - never read: not a loop variable
        return x

    assert val(run(f, tf.constant(3))) == 0


def test_shape_invariants_from_set_loop_options():
    def f(n):
        s = tf.zeros([0])
        for i in tf.range(n):
            tf.autograph.experimental.set_loop_options(
                shape_invariants=[(s, tf.TensorShape([None]))])
            s = tf.concat([s, tf.ones([1])], 0)
        return s

    assert val(run(f, tf.constant(3))) == [1.0, 1.0, 1.0]


def test_variables_in_loops():
    v = tf.Variable(0)

    def f(n):
        for i in tf.range(n):
            v.assign_add(i)
        return v.read_value()

    assert val(run(f, tf.constant(4))) == 6


# -- expressions ------------------------------------------------------------------------

def test_logical_operators_and_conditional_expressions():
    def f(a, b):
        return (a and b, a or b, not a, 1 if a else 2)

    for a in (True, False):
        for b in (True, False):
            out = run(f, tf.constant(a), tf.constant(b))
            assert [val(t) for t in out] == [a and b, a or b, not a, 1 if a else 2]

    def mixed(x):
        return x if x > 0 else -x

    assert val(run(mixed, tf.constant(-2))) == 2

    def bad_ifexp(x):
        return 1 if x > 0 else 2.0

    with pytest.raises(TypeError, match="'x > 0' has dtype int32 in the main branch, but "
                                        "dtype float32 in the else branch"):
        run(bad_ifexp, tf.constant(-2))


def test_python_side_effects_at_trace_time(capsys):
    def f(x):
        print("tracing")
        if x > 0:
            x = x + 1
        return x

    g = tf.function(f)
    g(tf.constant(1))
    g(tf.constant(2))
    assert capsys.readouterr().out == "tracing\n"


def test_errors_point_at_user_code():
    def f(x):
        i = tf.constant(0)
        while i < x:
            i = tf.cast(i, tf.float32) + 1.0
        return i

    with pytest.raises(TypeError) as info:
        run(f, tf.constant(2))
    msg = str(info.value)
    line = f.__code__.co_firstlineno + 2
    assert msg.startswith("in user code:")
    assert f'File "{__file__}", line {line}, in f  *' in msg
    assert "while i < x:" in msg


def test_to_graph_result_traces_in_tf_function():
    def f(x):
        if x > 0:
            return x * 2
        return x

    g = tf.autograph.to_graph(f)
    assert val(tf.function(g, autograph=False)(tf.constant(3))) == 6


def test_graph_assert_when_assert_statements_are_asked_for():
    def f(x):
        assert x > 0, "x must be positive"
        return x

    asserts = {"experimental_autograph_options":
               tf.autograph.experimental.Feature.ASSERT_STATEMENTS}
    assert val(run(f, tf.constant(1), **asserts)) == 1
    with pytest.raises(tf.errors.InvalidArgumentError):
        run(f, tf.constant(-1), **asserts)
    with pytest.raises(OperatorNotAllowedInGraphError):  # TF's default: not converted
        run(f, tf.constant(1))
