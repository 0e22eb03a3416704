"""Functions handed to tf.map_fn eagerly, whose Python `if`/`for`/`while` test tensors:
TF 2.21's map_fn converts its function with AutoGraph there too (its tf_convert converts
where AutoGraph's status is unspecified), so an `if` on a tensor is a tf.cond run eagerly
(a bool scalar condition; the branch taken must set what the statement sets, its error
"in user code"), and a loop over a tensor a tf.while_loop run eagerly. Shared by
test_map_fn_eager.py (eagerflow) and record_map_fn_eager.py (TensorFlow 2.21), each
calling `outcomes(tf)` with its own `tf`. No eagerflow imports: TF's interpreter loads
this file too."""

import re


def _if(x):
    if x > 0:
        return x * 2
    return x - 1


def _undefined(x):
    if x > 0:
        y = x
    return y  # noqa: F821 - undefined where x <= 0: what is compared


def _int_condition(x):
    if x:
        return 1
    return 0


def _python_state(x):
    n = 0
    if x > 0:
        n = 1
    return n + x


def _for(x):
    s = 0
    for i in range(3):
        s += i
    return s + x


def _for_tensor(x):
    s = 0
    for i in _TF.range(x):
        s += i
    return s


def _while(x):
    n = 0
    while x > 0:
        x -= 1
        n += 1
    return n


def _break(x):
    r = 0
    for i in _TF.range(10):
        if i > x:
            break
        r += 1
    return r


def _dtype_change(x):
    s = 0
    for i in _TF.range(x):
        s += _TF.cast(i, _TF.float32)
    return _TF.cast(s, _TF.int32)


def _shape_change(x):
    s = _TF.zeros([0])
    for _ in _TF.range(x):
        s = _TF.concat([s, [1.0]], 0)
    return _TF.reduce_sum(s)


def _return_in_loop(x):
    for i in _TF.range(x):
        if i > 1:
            return i
    return -1


class _Callable:
    def __call__(self, x):
        if x > 0:
            y = x
        return y  # noqa: F821


_TF = None


def _calls(tf):
    ints = tf.constant([2, -3])
    return {
        "if": lambda: tf.map_fn(_if, ints),
        "if lambda": lambda: tf.map_fn(lambda x: x if x > 0 else -x, ints),
        "if undefined in else": lambda: tf.map_fn(_undefined, ints),
        "if undefined, callable object": lambda: tf.map_fn(_Callable(), ints),
        "if undefined, do_not_convert": lambda: tf.map_fn(
            tf.autograph.experimental.do_not_convert(_undefined), ints),
        "if int condition": lambda: tf.map_fn(_int_condition, ints),
        "if python state": lambda: tf.map_fn(_python_state, ints),
        "for python range": lambda: tf.map_fn(_for, ints),
        "for tensor range": lambda: tf.map_fn(_for_tensor, tf.constant([2, 3])),
        "while": lambda: tf.map_fn(_while, tf.constant([2, 3])),
        "break": lambda: tf.map_fn(_break, tf.constant([1, 3])),
        "loop dtype change": lambda: tf.map_fn(_dtype_change, tf.constant([1, 3])),
        "loop shape change": lambda: tf.map_fn(_shape_change, tf.constant([1, 3]),
                                               fn_output_signature=tf.float32),
        "return in loop": lambda: tf.map_fn(_return_in_loop, tf.constant([3, 4])),
    }


def _outcome(fn):
    try:
        return ["ok", repr(fn())]
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        # (the file named as its base name: the recording machine's path is another)
        return [type(e).__name__, re.sub(r'File "[^"]*[/\\]map_fn_eager_cases.py"',
                                         'File "map_fn_eager_cases.py"', str(e))]


def outcomes(tf):
    """{"case": [error class, message] or ["ok", repr]}."""
    global _TF
    _TF = tf
    return {name: _outcome(fn) for name, fn in _calls(tf).items()}
