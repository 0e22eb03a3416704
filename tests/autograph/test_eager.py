"""Converted code behaves exactly like the original Python for Python values, and for eager
tensors but where TF 2.21's converted code runs a tensor's `if` as a tf.cond executed
eagerly: its condition a bool scalar, the branch taken defining what the statement sets
(ValueErrors read off TF 2.21's tf.autograph.to_graph), and a loop over a tensor as a
tf.while_loop executed eagerly (test_eager_loops.py). Same results, same side effects in
the same order, same exceptions."""

import functools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.autograph import convert
from tests.autograph.guide_functions import sign, square_if_positive, sum_even


def same(f, *args, **kwargs):
    """Runs `f` and its conversion on the same arguments; both results (or both exception
    classes and messages) must agree."""
    def outcome(fn):
        try:
            r = fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001
            return ("raised", type(e), str(e))
        return ("value", _plain(r))

    conv = convert(f)
    assert conv is not f, "the function was not converted"
    expected, got = outcome(f), outcome(conv)
    if expected[0] == "raised" and expected[1] is UnboundLocalError:
        assert got[:2] == expected[:2]
    elif expected[0] == "raised" and expected[1] is AssertionError:
        # pytest rewrites the asserts of test modules, adding its explanation to the message
        assert got[:2] == expected[:2]
        assert expected[2].startswith(got[2])
    else:
        assert got == expected
    return expected


def _plain(r):
    if isinstance(r, tf.Tensor):
        return ("tensor", r.dtype.name, r.shape.as_list(), np.asarray(r).tolist())
    if isinstance(r, (list, tuple)):
        return (type(r).__name__, [_plain(x) for x in r])
    if isinstance(r, dict):
        return {k: _plain(v) for k, v in r.items()}
    return r


# -- if / elif / else -------------------------------------------------------------------

def if_no_else(x):
    y = 10
    if x > 3:
        y = y + x
    return y


def if_defined_on_one_branch(x):
    if x > 0:
        y = 1
    return y


def nested_if(a, b):
    out = []
    if a:
        if b:
            out.append("ab")
        else:
            out.append("a")
    elif b:
        out.append("b")
    return out


@pytest.mark.parametrize("x", [-2, 0, 5, 2.5, tf.constant(3), tf.constant(-1.5),
                               tf.constant(0)])
def test_if_elif_else(x):
    same(sign, x)
    same(square_if_positive, x)
    same(if_no_else, x)
    if isinstance(x, tf.Tensor) and not x > 0:  # (TF's tf.cond: its else branch sets no y)
        with pytest.raises(ValueError, match="^'y' must also be initialized in the else "
                                             "branch$"):
            convert(if_defined_on_one_branch)(x)
    else:
        same(if_defined_on_one_branch, x)


@pytest.mark.parametrize("a", [True, False, tf.constant(True), tf.constant(False)])
@pytest.mark.parametrize("b", [1, 0, [], [0]])
def test_nested_if(a, b):
    same(nested_if, a, b)


def test_if_undefined_raises_unbound_local_error():
    with pytest.raises(UnboundLocalError, match="'y' is used before assignment"):
        convert(if_defined_on_one_branch)(-1)


def test_condition_evaluated_once_and_truthiness_is_python():
    calls = []

    class Cond:
        def __bool__(self):
            calls.append("bool")
            return True

    def f(c):
        if c:
            r = 1
        else:
            r = 2
        return r

    assert convert(f)(Cond()) == 1
    assert calls == ["bool"]
    with pytest.raises(ValueError):  # a multi-element eager tensor has no truth value
        convert(f)(tf.constant([1, 2]))


# -- while ------------------------------------------------------------------------------

def count_down(n):
    out = []
    while n > 0:
        out.append(n)
        n -= 1
    return out


def while_break(n, stop):
    i = 0
    broke = False
    while i < n:
        if i == stop:
            broke = True
            break
        i += 1
    if not broke:
        i = -1
    return i


def while_continue(n):
    i = 0
    total = 0
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        total += i
    return total


# (a `while` on a tensor runs as TF's tf.while_loop, eagerly too: test_eager_loops.py)
@pytest.mark.parametrize("n", [0, 1, 5])
def test_while(n):
    same(count_down, n)
    same(while_continue, n)
    for stop in (-1, 0, 2, 10):
        same(while_break, n, stop)


def test_while_test_evaluated_once_per_iteration():
    log = []

    def f(xs):
        while xs.pop() > 0:
            log.append(len(xs))
        return xs

    assert convert(f)([0, 1, 2, 3]) == f([0, 1, 2, 3]) == []
    assert log == [3, 2, 1, 3, 2, 1]


# -- for --------------------------------------------------------------------------------

def first_over(items, limit):
    found = "none"
    for i, x in enumerate(items):
        if x > limit:
            found = (i, x)
            break
    return found


def nested_break(n):
    pairs = []
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            if (i + j) % 2:
                continue
            pairs.append((i, j))
        if len(pairs) > 4:
            break
    return pairs


def loop_target_after(n):
    for i in range(n):
        pass
    return i


def for_over_dict_and_tuple_targets(d):
    keys, total = [], 0
    for k, (a, b) in sorted(d.items()):
        keys.append(k)
        total += a * b
    return keys, total


@pytest.mark.parametrize("items", [[], [1, 2, 3, 4], (10, 12, 15, 20), range(7),
                                   tf.constant([10, 12, 15, 20]), tf.constant([[1, 2], [4, 6]]),
                                   np.arange(5)])
def test_for_over_iterables_and_tensors(items):
    if isinstance(items, tf.Tensor) and items.shape.rank > 1:  # (rows: no bool scalars)
        for f, args, got in ((sum_even, (), " True False"), (first_over, (11,), "False False")):
            with pytest.raises(ValueError, match=r"^condition of if statement expected to "
                                                 rf"be `tf.bool` scalar, got \[{got}\]"):
                convert(f)(items, *args)
        return
    same(sum_even, items)
    same(first_over, items, 11)


@pytest.mark.parametrize("n", [0, 1, 3, 6])
def test_nested_loops_with_break_and_continue(n):
    same(nested_break, n)
    same(loop_target_after, n)


def test_for_unpacking_and_generators():
    same(for_over_dict_and_tuple_targets, {"a": (1, 2), "b": (3, 4)})

    def gen_sum(n):
        total = 0
        for x in (i * i for i in range(n)):
            total += x
        return total

    same(gen_sum, 5)


def test_for_over_tensor_matches_tf():
    f = convert(sum_even)
    r = f(tf.constant([10, 12, 15, 20]))
    assert isinstance(r, tf.Tensor) and int(r) == 42


@given(st.lists(st.integers(-5, 5), max_size=8), st.integers(-5, 5))
def test_loops_match_python(xs, limit):
    same(first_over, xs, limit)
    same(sum_even, xs)
    same(while_break, len(xs), limit)


# -- return inside loops and branches ---------------------------------------------------

def early_return(x):
    if x > 0:
        return "positive"
    elif x < 0:
        return "negative"
    return "zero"


def return_in_loop(xs, target):
    for i, x in enumerate(xs):
        while x > 0:
            if x == target:
                return i
            x -= 1
    return -1


def return_without_value(log, x):
    log.append("start")
    if x:
        log.append("early")
        return
    log.append("late")


def return_in_try(x):
    try:
        if x:
            return "body"
    finally:
        x = "finally"
    return x


@pytest.mark.parametrize("x", [-3, 0, 2, tf.constant(1.0), tf.constant(-2)])
def test_early_return(x):
    same(early_return, x)


@pytest.mark.parametrize("target", [0, 1, 3, 9])
def test_return_in_nested_loops(target):
    same(return_in_loop, [2, 3, 1], target)
    # TF's converted code runs the `while` over a tensor as a tf.while_loop, eagerly too,
    # and refuses the return inside it (test_eager_loops.py holds TF's answer)
    with pytest.raises(NotImplementedError, match="^a return statement cannot be placed "
                                                  "inside this TensorFlow loop"):
        convert(return_in_loop)(tf.constant([2, 3, 1]), target)


def test_return_without_value_and_side_effects():
    for x in (0, 1):
        a, b = [], []
        assert return_without_value(a, x) is convert(return_without_value)(b, x) is None
        assert a == b
    same(return_in_try, 0)
    same(return_in_try, 1)


# -- and / or / not / conditional expressions -------------------------------------------

def logic(a, b, c):
    return (a and b, a or b, not a, a and b or c, not (a or c), b if a else c)


@pytest.mark.parametrize("a", [0, 1, "", "x", None, [], tf.constant(True),
                               tf.constant(False)])
@pytest.mark.parametrize("b", [2, 0, tf.constant(3)])
def test_logical_operators(a, b):
    same(logic, a, b, "c")


def test_logical_operators_stay_lazy():
    calls = []

    def side(v):
        calls.append(v)
        return v

    def f(a):
        return (a and side("and")) or side("or")

    for a in (0, 1, tf.constant(True), tf.constant(False)):
        calls.clear()
        f(a)
        expected = list(calls)
        calls.clear()
        convert(f)(a)
        assert calls == expected


# -- assert -----------------------------------------------------------------------------

def asserting(x):
    assert x > 0, f"x must be positive, got {x}"
    assert x < 100
    return x


@pytest.mark.parametrize("x", [5, -1, 200, tf.constant(3), tf.constant(-3)])
def test_assert(x):
    same(asserting, x)


def test_assert_message_is_lazy():
    calls = []

    def msg():
        calls.append(1)
        return "m"

    def f(x):
        assert x, msg()
        return x

    convert(f)(1)
    assert calls == []
    with pytest.raises(AssertionError, match="^m$"):
        convert(f)(0)


# -- lists, comprehensions, scopes ------------------------------------------------------

def list_append_in_loop(n):
    out = []
    for i in range(n):
        if i % 2:
            out.append(i * 10)
    return out


def list_aliasing(n):
    a = []
    b = a
    for i in range(n):
        a.append(i)
    return a, b, a is b


def comprehension_and_walrus(xs):
    ys = [y for x in xs if (y := x * 2) > 2]
    total = 0
    for y in ys:
        total += y
    return ys, total


counter = 0


def uses_global(n):
    global counter
    for _ in range(n):
        counter += 1
    if n > 2:
        counter = counter * 10
    return counter


def test_lists_and_scopes():
    same(list_append_in_loop, 6)
    same(list_aliasing, 3)
    same(comprehension_and_walrus, [1, 2, 3])
    global counter
    counter = 0
    expected = uses_global(3)
    counter = 0
    assert convert(uses_global)(3) == expected == 30


def test_nonlocal_and_closures():
    def make():
        total = 0

        def add(xs):
            nonlocal total
            for x in xs:
                if x > 0:
                    total += x
            return total

        return add

    add1, add2 = make(), make()
    c = convert(add2)
    assert add1([1, -2, 3]) == c([1, -2, 3]) == 4
    assert add1([5]) == c([5]) == 9


def test_closure_sees_later_rebinding():
    def outer():
        k = 1

        def f(x):
            if x:
                return x * k
            return 0

        conv = convert(f)
        k = 5
        return conv(2)

    assert outer() == 10


def test_nested_functions_and_lambdas():
    def f(xs):
        def double(v):
            if v > 2:
                return v * 2
            return v

        scale = lambda v: v * 10 if v else -1  # noqa: E731
        out = []
        for x in xs:
            out.append(scale(double(x)))
        return out

    same(f, [0, 1, 3])


def test_del_after_a_loop():
    def f(n):
        x = 1
        for i in range(n):
            x += i
        x = -x
        del i
        return x

    same(f, 3)
    same(f, 0)


def test_a_loop_with_else_runs_unconverted_with_tfs_warning(caplog):
    def f(n):
        for i in range(n):
            pass
        else:
            n = -n
        return n

    with caplog.at_level("WARNING", logger="tensorflow"):
        assert convert(f) is f
    assert "Cause: for/else statement not yet supported" in caplog.text


def test_try_with_and_raise_inside_branches():
    class CM:
        def __init__(self, log):
            self.log = log

        def __enter__(self):
            self.log.append("enter")
            return self

        def __exit__(self, *a):
            self.log.append("exit")

    def f(x, log):
        with CM(log):
            if x > 1:
                try:
                    if x > 2:
                        raise KeyError(x)
                    log.append("try")
                except KeyError:
                    log.append("except")
                    return "caught"
        return "done"

    for x in (0, 2, 3):
        a, b = [], []
        assert f(x, a) == convert(f)(x, b)
        assert a == b


def test_generators_run_unconverted():
    def gen(n):
        for i in range(n):
            if i % 2:
                yield i

    assert convert(gen) is gen
    assert list(convert(gen)(5)) == [1, 3]


def test_functools_wraps_decorator():
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args):
            if args[0] > 0:
                return fn(*args) + 1
            return 0
        return wrapper

    @deco
    def g(x):
        while x > 10:
            x -= 10
        return x

    same(g, 25)
    same(g, -1)


def test_methods_classes_and_super():
    class A:
        def __init__(self, k):
            self.k = k

        def scale(self, x):
            if x > 0:
                return x * self.k
            return -x

    class B(A):
        def scale(self, x):
            for _ in range(2):
                x = super().scale(x)
            return x

        @staticmethod
        def st(x):
            return x if x > 1 else 1

        @classmethod
        def cm(cls, x):
            return cls.__name__ if x else None

    b = B(3)
    assert convert(b.scale)(2) == b.scale(2) == 18
    assert convert(B.scale)(b, -2) == b.scale(-2)
    assert convert(B.st)(0) == 1 and convert(B.cm)(1) == "B"


def test_callable_objects_and_partials():
    class Acc:
        def __call__(self, xs):
            t = 0
            for x in xs:
                if x > 0:
                    t += x
            return t

    a = Acc()
    assert convert(a)([1, -1, 2]) == 3
    p = functools.partial(first_over, limit=1)
    assert convert(p)([0, 1, 2]) == (2, 2)
