"""Converted functions called on eager tensors, whose `for`/`while` loops run over them:
TF 2.21's converted code runs such a loop as a tf.while_loop executed eagerly (a `for`
over an eager tensor, a `while` whose first test, read in a throwaway graph, is a tensor):
each iteration's variables checked against those it started with (nested structure, dtype,
shape, None), a variable first set in the loop defined by a trial iteration in a graph (or
refused, with what the trial ran into), a return inside refused, the final values tensors.
Shared by test_eager_loops.py (eagerflow) and record_eager_loops.py (TensorFlow 2.21), each
calling `outcomes(tf)` with its own `tf`. No eagerflow imports: TF's interpreter loads this
file too."""

import re

tf = None  # the module under test, set by outcomes()


def count(x):
    n = 0
    for _ in tf.range(x):
        n += 1
    return n


def count_while(x):
    n = 0
    while x > 0:
        x -= 1
        n += 1
    return n, x


def count_down(n):
    out = []
    while n > 0:
        out.append(n)
        n -= 1
    return out


def while_continue(n):
    i = 0
    total = 0
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        total += i
    return total


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
    return i, broke


def float_into_int(x):
    s = 0
    for _ in tf.range(x):
        s = s + 0.5
    return s


def defined_in_for(x):
    for i in tf.range(x):
        y = i * 2
    return y  # noqa: F821 - what the loop defines


def iterate_after(x):
    for i in tf.range(x):
        pass
    return i  # noqa: F821


def undefined_use(x):
    for i in tf.range(x):
        y = y + i  # noqa: F821 - used before it is set
    return y


def none_before(x):
    y = None
    for i in tf.range(x):
        y = i
    return y


def none_after(x):
    y = 0
    for _ in tf.range(x):
        y = None
    return y


def structure_change(x):
    s = (0, 0)
    for i in tf.range(x):
        s = i
    return s


def dict_keys_change(x):
    d = {"a": 0}
    for i in tf.range(x):
        d = {"b": i}
    return d


def dict_var(x):
    d = {"a": 0}
    for i in tf.range(x):
        d = {"a": d["a"] + i}
    return d


def rows(m):
    out = []
    for r in m:
        out.append(tf.reduce_sum(r))
    return out


def scalar_iter(x):
    s = 0
    for v in x:
        s += v
    return s


def python_loop_tensor_break(x):
    n = 0
    for i in range(5):
        if x < i:
            break
        n += 1
    return n


def return_in_for(x):
    for i in tf.range(x):
        return i
    return -1


def return_in_nested(xs, target):
    for i, x in enumerate(xs):
        while x > 0:
            if x == target:
                return i
            x -= 1
    return -1


def while_defines(x):
    while x > 0:
        y = x
        x -= 1
    return y  # noqa: F821


def while_defines_python(x):
    while x > 0:
        y = 1
        x -= 1
    return y  # noqa: F821


def while_return(x):
    while x > 0:
        return x
    return 0


def shape_invariant(x):
    s = tf.zeros([0])
    while tf.size(s) < x:
        tf.autograph.experimental.set_loop_options(shape_invariants=[(s, tf.TensorShape([None]))])
        s = tf.concat([s, [1.0]], 0)
    return s


def maximum_iterations(x):
    n = 0
    while x > 0:
        tf.autograph.experimental.set_loop_options(maximum_iterations=2)
        n += 1
    return n


def tensor_array(x):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(x):
        ta = ta.write(i, i * i)
    return ta.stack()


def variable_condition(x):
    v = tf.Variable(x)
    n = 0
    while v > 0:
        v.assign_sub(1)
        n += 1
    return n


def one_element_condition(x):
    while tf.reshape(x > 0, [1]):
        x -= 1
    return x


def two_element_condition(x):
    while tf.stack([x > 0, x > 1]):
        x -= 1
    return x


def int_condition(x):
    while x:
        x -= 1
    return x


def string_var(x):
    s = "a"
    for _ in tf.range(x):
        s = "b"
    return s


def shape_change(x):
    s = tf.zeros([2])
    for _ in tf.range(x):
        s = tf.zeros([3])
    return s


def rank_change(x):
    s = tf.zeros([2])
    for _ in tf.range(x):
        s = tf.zeros([2, 1])
    return s


def continue_in_for(x):
    s = 0
    for i in tf.range(x):
        if i % 2 == 0:
            continue
        s += i
    return s


def list_append(x):
    out = []
    for i in tf.range(x):
        out.append(i)
    return out


def trial_side_effects(x):
    log = []
    while x > 0:
        log.append(1)  # (also by the trial iteration that defines y)
        y = 1
        x -= 1
    return len(log), y  # noqa: F821


def float_python_sum(x):
    s = 0.0
    for _ in tf.range(x):
        s += 1.0
    return s


def _calls():
    c = tf.constant
    cases = {
        "count": (count, c(3)), "count zero": (count, c(0)),
        "count while": (count_while, c(3)),
        "float into int": (float_into_int, c(2)),
        "defined in for": (defined_in_for, c(3)), "defined in empty for": (defined_in_for, c(0)),
        "iterate after": (iterate_after, c(3)), "undefined use": (undefined_use, c(2)),
        "none before": (none_before, c(2)), "none after": (none_after, c(2)),
        "structure change": (structure_change, c(2)),
        "dict keys change": (dict_keys_change, c(3)), "dict": (dict_var, c(3)),
        "rows": (rows, c([[1, 2], [3, 4]])), "scalar": (scalar_iter, c(3)),
        "python loop, tensor break": (python_loop_tensor_break, c(2)),
        "return in for": (return_in_for, c(3)),
        "return in nested while": (return_in_nested, c([2, 3, 1]), 1),
        "while defines": (while_defines, c(3)), "while defines, none ran": (while_defines, c(0)),
        "while defines python": (while_defines_python, c(2)),
        "while defines python, none ran": (while_defines_python, c(0)),
        "while return": (while_return, c(2)),
        "shape invariant": (shape_invariant, c(3)),
        "maximum iterations": (maximum_iterations, c(3)),
        "tensor array": (tensor_array, c(4)), "variable condition": (variable_condition, c(3)),
        "one element condition": (one_element_condition, c(3)),
        "two element condition": (two_element_condition, c(3)),
        "int condition": (int_condition, c(3)), "string": (string_var, c(2)),
        "shape change": (shape_change, c(2)), "rank change": (rank_change, c(2)),
        "continue": (continue_in_for, c(5)), "list append": (list_append, c(3)),
        "trial side effects": (trial_side_effects, c(3)),
        "float python sum": (float_python_sum, c(3)),
    }
    for n in (0, 4):
        cases[f"count down {n}"] = (count_down, c(n))
        cases[f"while continue {n}"] = (while_continue, c(n))
        for stop in (-1, 2):
            cases[f"while break {n} {stop}"] = (while_break, c(n), stop)
    return cases


def _outcome(fn, args):
    try:
        return ["ok", repr(tf.autograph.to_graph(fn)(*args))]
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        # (the file named as its base name: the recording machine's path is another)
        return [type(e).__name__, re.sub(r'File "[^"]*[/\\]eager_loop_cases.py"',
                                         'File "eager_loop_cases.py"', str(e))]


def outcomes(module):
    """{"case": [error class, message] or ["ok", repr]}."""
    global tf
    tf = module
    return {name: _outcome(fn, args) for name, (fn, *args) in _calls().items()}
