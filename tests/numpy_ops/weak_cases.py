"""The cases of TF's auto dtype conversion (WeakTensor) golden table, shared by the recorder
(make_weak_golden.py, run by real TF) and the test (test_weak_golden.py, run by eagerflow).

An operand is named by a string and built by `operand(name, tf, weak)`, where `weak` makes
a weak tensor of a tensor (TF's WeakTensor.from_tensor, or eagerflow's own): "t:int8" is an
int8 tensor, "w:int32" a weak int32 one, "py:float" a Python float, "np:int16" a NumPy
scalar, "nparr:float64" a NumPy array, "list:int" a Python list, "tnp:int" the result of
tnp.array of a list of ints, "var:float32" a tf.Variable.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

DTYPES = ("bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
          "bfloat16", "float16", "float32", "float64", "complex64", "complex128")
WEAK = ("int32", "int64", "float32", "float64", "complex128")
PYTHON = ("int", "float", "complex", "bool", "bigint")

# every operand, for the full tables of the commonest binary calls
ALL = ([f"t:{d}" for d in DTYPES] + [f"w:{d}" for d in WEAK] + [f"py:{p}" for p in PYTHON]
       + ["np:int16", "np:float64", "np:uint8", "nparr:float64", "nparr:int8", "list:int",
          "list:float", "tnp:int", "var:float32", "var:int32"])
# a smaller set for the other calls: the promotions are the same, the kernels differ
SOME = ["t:bool", "t:uint8", "t:int8", "t:int32", "t:int64", "t:float16", "t:float32",
        "t:float64", "t:complex64", "w:int32", "w:float32", "w:complex128", "py:int",
        "py:float", "py:complex", "var:float32"]


def _value(dtype: str) -> Any:
    if dtype == "bool":
        return True
    if dtype.startswith(("int", "uint")):
        return 6
    if dtype.startswith("complex"):
        return 2.5 + 1j
    return 2.5


def operand(name: str, tf: Any, weak: Callable) -> Any:
    kind, what = name.split(":")
    if kind == "t":
        return tf.constant(np.array(_value(what)), dtype=getattr(tf, what))
    if kind == "w":
        return weak(tf.constant(np.array(_value(what)), dtype=getattr(tf, what)))
    if kind == "py":
        return {"int": 2, "float": 1.5, "complex": 1 + 2j, "bool": True, "bigint": 2 ** 40}[what]
    if kind == "np":
        return getattr(np, what)(2)
    if kind == "nparr":
        return np.array([1.0, 2.0]).astype(what)
    if kind == "list":
        return [1, 2] if what == "int" else [1.5, 0.5]
    if kind == "tnp":
        return tf.experimental.numpy.array([1, 2])
    if kind == "var":
        return tf.Variable(np.array(_value(what), dtype=what))
    raise ValueError(name)


BINARY: dict = {
    "+": lambda tf, a, b: a + b,
    "-": lambda tf, a, b: a - b,
    "*": lambda tf, a, b: a * b,
    "/": lambda tf, a, b: a / b,
    "//": lambda tf, a, b: a // b,
    "%": lambda tf, a, b: a % b,
    "**": lambda tf, a, b: a ** b,
    "<": lambda tf, a, b: a < b,
    ">=": lambda tf, a, b: a >= b,
    "==": lambda tf, a, b: a == b,
    "!=": lambda tf, a, b: a != b,
    "&": lambda tf, a, b: a & b,
    "add": lambda tf, a, b: tf.add(a, b),
    "math.add": lambda tf, a, b: tf.math.add(a, b),
    "subtract": lambda tf, a, b: tf.subtract(a, b),
    "multiply": lambda tf, a, b: tf.multiply(a, b),
    "divide": lambda tf, a, b: tf.divide(a, b),
    "truediv": lambda tf, a, b: tf.math.truediv(a, b),
    "floordiv": lambda tf, a, b: tf.math.floordiv(a, b),
    "floormod": lambda tf, a, b: tf.math.floormod(a, b),
    "pow": lambda tf, a, b: tf.pow(a, b),
    "maximum": lambda tf, a, b: tf.maximum(a, b),
    "minimum": lambda tf, a, b: tf.minimum(a, b),
    "equal": lambda tf, a, b: tf.equal(a, b),
    "less": lambda tf, a, b: tf.less(a, b),
    "div_no_nan": lambda tf, a, b: tf.math.div_no_nan(a, b),
    "multiply_no_nan": lambda tf, a, b: tf.math.multiply_no_nan(a, b),
    "where": lambda tf, a, b: tf.where(True, a, b),
    "stack": lambda tf, a, b: tf.stack([a, b]),
    "tnp.add": lambda tf, a, b: tf.experimental.numpy.add(a, b),
    "tnp.multiply": lambda tf, a, b: tf.experimental.numpy.multiply(a, b),
}
# the calls whose table is recorded over every pair of ALL (the others over SOME)
FULL = ("+", "add", "==", "<", "maximum")

UNARY: dict = {
    "neg": lambda tf, a: -a,
    "abs()": lambda tf, a: abs(a),
    "abs": lambda tf, a: tf.abs(a),
    "negative": lambda tf, a: tf.negative(a),
    "exp": lambda tf, a: tf.exp(a),
    "sqrt": lambda tf, a: tf.sqrt(a),
    "sin": lambda tf, a: tf.sin(a),
    "square": lambda tf, a: tf.square(a),
    "sign": lambda tf, a: tf.sign(a),
    "round": lambda tf, a: tf.round(a),
    "relu": lambda tf, a: tf.nn.relu(a),
    "sigmoid": lambda tf, a: tf.sigmoid(a),
    "reduce_sum": lambda tf, a: tf.reduce_sum(a),
    "reduce_mean": lambda tf, a: tf.reduce_mean(a),
    "reduce_max": lambda tf, a: tf.reduce_max(a),
    "reshape": lambda tf, a: tf.reshape(a, [-1]),
    "expand_dims": lambda tf, a: tf.expand_dims(a, 0),
    "identity": lambda tf, a: tf.identity(a),
    "zeros_like": lambda tf, a: tf.zeros_like(a),
    "ones_like": lambda tf, a: tf.ones_like(a),
    "cast": lambda tf, a: tf.cast(a, tf.float32),
    "constant": lambda tf, a: tf.constant(a),
    "constant(dtype=f32)": lambda tf, a: tf.constant(a, dtype=tf.float32),
    "constant(dtype=i64)": lambda tf, a: tf.constant(a, dtype=tf.int64),
    "convert_to_tensor": lambda tf, a: tf.convert_to_tensor(a),
    "Variable": lambda tf, a: tf.Variable(a).read_value(),
    "shape": lambda tf, a: tf.shape(a),
    "tnp.sin": lambda tf, a: tf.experimental.numpy.sin(a),
    "tnp.asarray": lambda tf, a: tf.experimental.numpy.asarray(a),
    "tnp.array": lambda tf, a: tf.experimental.numpy.array(a),
    "tnp.sum": lambda tf, a: tf.experimental.numpy.sum(a),
    "tnp.square": lambda tf, a: tf.experimental.numpy.square(a),
}

# a variable's assignments: the value must promote to the variable's own dtype
ASSIGN: dict = {
    "assign": lambda v, x: v.assign(x),
    "assign_add": lambda v, x: v.assign_add(x),
    "assign_sub": lambda v, x: v.assign_sub(x),
}
ASSIGN_VARS = ("var:float32", "var:int32")


def cases() -> list:
    """(mode, call, operands) of every entry, in the golden file's order."""
    out = []
    for mode in ("all", "safe"):
        for call in BINARY:
            names = ALL if call in FULL else SOME
            if mode == "safe" and call not in ("+", "add"):
                continue
            out += [(mode, call, (a, b)) for a in names for b in names]
        out += [(mode, call, (a,)) for call in UNARY for a in ALL]
        out += [(mode, call, (v, x)) for call in ASSIGN for v in ASSIGN_VARS for x in ALL]
    return out


def key(mode: str, call: str, names: tuple) -> str:
    return f"{mode}|{call}|{'|'.join(names)}"


# Snippets whose printed output is recorded from TF and compared as text: reprs, tf.function,
# switching modes, "safe"'s refusals. Each runs with tf, tnp, np and `weak` in scope.
SNIPPETS: dict = {
    "reprs": """
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
w = tf.constant(2)
print(repr(w)); print(str(w)); print(f"{w}")
print(repr(tf.constant([1.5, 2.5]))); print(repr(tf.constant(1j)))
print(repr(tf.constant([[1, 2], [3, 4]])))
print(str(tf.constant([[1, 2], [3, 4]])))
print(repr(tf.constant(1, dtype=tf.float32))); print(repr(tf.constant(True)))
print(repr(-w), repr(abs(w)), repr(w[None][0]))
print(repr(tf.Variable(w)))
""",
    "function": """
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
@tf.function
def f(x, y):
    print("trace", x, y)
    r = x + y
    print("  inner", r)
    return r
w = tf.constant(2)
print(repr(f(w, w)))
print(repr(f(w, w)))
print(repr(f(tf.constant(np.int32(2)), w)))
print(repr(f(w, tf.constant(np.int32(2)))))
print(repr(f(1, 2)))
print(repr(f(tf.constant(np.int8(3)), 1.5)))
print(f.experimental_get_tracing_count())
@tf.function
def g(x):
    return x * 2, 3, 2.5, True
print(g(tf.constant(np.float16(1.5))))
print(g(tf.constant(1.5)))
@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def h(x):
    print("trace", x)
    return x * 2
print(repr(h(tf.constant(1.5))), repr(h(tf.constant(np.float32(1.5)))), repr(h(2.5)))
print(h.experimental_get_tracing_count(), repr(h.get_concrete_function()(tf.constant(1.5))))
""",
    "switching": """
i8 = tf.constant(np.int8(3))
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
print(repr(tf.constant(1)), repr(i8 + 1.5), repr(i8 + 1))
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="legacy")
print(repr(tf.constant(1)), repr(i8 + 1.5), repr(tf.add(i8, 1)))
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="safe")
print(repr(tf.constant(1.5)), repr(i8 + 1))
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="off")
print(repr(tf.constant(1)))
try:
    i8 + 1.5
except Exception as e:
    print(type(e).__name__, e)
for mode in ("x", "SAFE", None):
    try:
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=mode)
    except Exception as e:
        print(type(e).__name__, e)
""",
    "safe": """
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="safe")
i8, i32 = tf.constant(np.int8(3)), tf.constant(np.int32(3))
for f in (lambda: i8 + 1.5, lambda: i32 * tf.constant(1.5), lambda: tf.add(i32, 1.5),
          lambda: tf.maximum(tf.constant(np.uint8(1)), i8), lambda: tf.constant(2 ** 40),
          lambda: i32 + 2 ** 31, lambda: tf.Variable(1).assign(2.5),
          lambda: tf.constant(1.5, dtype=tf.int64), lambda: tf.exp(0.0),
          lambda: tnp.sin(2), lambda: tf.math.subtract(1.5, i8)):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(repr(i8 + np.array([1, 2], np.int16)))
print(repr(i8 + 1), repr(1 + i8), repr(i32 + tf.constant(1)))
""",
    "variables": """
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
v = tf.Variable(1.0)
print(repr(v + 1), repr(v + tf.constant(2)), repr(1.5 * v), repr(v.assign_add(1)))
vi = tf.Variable(1)
for f in (lambda: vi.assign(2.5), lambda: vi.assign_sub(tf.constant(1.5)),
          lambda: vi.assign(np.int64(3))):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(repr(vi.assign(tf.constant(7))), repr(vi + 1), repr(vi * 2.5))
""",
}
SNIPPETS["gradients"] = """
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
w = tf.constant(3.0)
with tf.GradientTape() as t:
    t.watch(w)
    y = w * w + 2.0
print(repr(y), repr(t.gradient(y, w)))
x = tf.constant(np.float16(2))
with tf.GradientTape() as t:
    t.watch(x)
    y = x * 1.5
print(repr(y), repr(t.gradient(y, x)))
v = tf.Variable(2.0)
with tf.GradientTape() as t:
    y = v * 3
print(repr(t.gradient(y, v)))
@tf.function
def f(x):
    return x * 2.0
for src in (w, tf.constant(np.float32(3))):
    with tf.GradientTape() as t:
        t.watch(src)
        y = f(src)
    print(repr(y), repr(t.gradient(y, src)))
print([repr(e) for e in tf.constant([1, 2])])
print(repr(tnp.arange(3)), repr(tnp.ones_like(tf.constant(2))))
print(repr(tf.reduce_sum(tf.constant([1, 2]))), repr(tf.reshape(tf.constant(2.5), [1])))
"""
