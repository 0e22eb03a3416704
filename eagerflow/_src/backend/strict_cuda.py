"""CuPy's ElementwiseKernel for the strict stand-in: the CUDA C of a kernel's body run
over NumPy arrays (backend layer; imports no eagerflow package but the backend's).

Device kernels that fuse several ufuncs into one launch (an optimizer's update, a
gradient) are written as CuPy ElementwiseKernels: typed parameters and a loop body in
CUDA C. Without a GPU nothing compiles them, so the stand-in interprets the subset of C
those bodies use, element by element as whole arrays, with C's rules where they differ
from NumPy's:
- statements `T name = expr;`, `name = expr;` and `name op= expr;`; a preamble of
  `__device__` functions (`[inline|__forceinline__] T f(T a, ...) { statements; return
  expr; }`);
- arithmetic in C's types: a float operand makes the other float, `double` wins over
  `float`, a literal `1.0` is a double and `1.0f` a float (so `x * 1.0` of a float `x`
  computes in double, as in C), integers are promoted to int first and divide and take
  remainders toward zero; integer literals (decimal or `0x`, suffixes `u`, `l`, `ll`)
  take C's type, the first that holds the value (a hexadecimal one may be unsigned);
- bitwise `&`, `|`, `^`, `~` and shifts `<<`, `>>` (and their `op=`) at C's precedence,
  on integers only: unsigned arithmetic wraps modulo its width, `(unsigned long long)a
  * b` is a 32x32->64 product, a shift takes its promoted left operand's type (`>>` of
  a negative signed value arithmetic), and a count outside [0, width) raises (C:
  undefined); CUDA's `__umulhi(a, b)`, the high word of a 32-bit product, and
  `__float_as_uint` / `__uint_as_float`, a float's bits;
- CuPy's `float16` and `bfloat16` classes as types (casts, locals, parameters): their
  arithmetic and comparisons in float, as the classes define no operators of their own;
- `max`/`min` of floats are CUDA's fmaxf/fminf (a NaN operand loses), the math functions
  keep float in float (CUDA's overloads); `a ? b : c`, `&&`, `||`, `!`, casts `(T)x`;
- assignment converts to the target's declared type;
- `raw` inputs, read by flat index (`x[i * k + j]`, C order; a read past the end raises
  here, where a GPU reads anything), the loop's index `i` and `_ind.size()`, and `size=`
  for a loop over raw arrays only;
- `raw` outputs (passed in, as CuPy needs them), written by flat index (`y[i] = expr;`),
  alone or under `if (cond) { ... }` (an `if` holds such writes only); elements that write
  one index each write it, the last in C order kept (on a GPU: any one of them).
A kernel's call checks its arguments as CuPy's does (their number, array dtypes against
the parameters' and against each other for a type placeholder, host arrays refused,
scalars taking their parameter's type), broadcasts the arrays and allocates the outputs.
What is outside the subset raises CompileException at the first call, as NVRTC's errors
do on CuPy. CUDA may contract `a * b + c` into one fused multiply-add, so a GPU's results
can differ from these in the last bit: tests compare within float tolerance.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import numpy as np


class CompileException(Exception):
    """cupy.cuda.compiler.CompileException: the kernel's source does not compile."""


_C_TYPES = {"float": np.float32, "double": np.float64, "int": np.int32, "long long": np.int64,
            "long": np.int64, "bool": np.bool_, "float32": np.float32, "float64": np.float64,
            "int32": np.int32, "int64": np.int64, "unsigned int": np.uint32,
            "unsigned long long": np.uint64, "int8": np.int8, "int16": np.int16,
            "uint8": np.uint8, "uint32": np.uint32, "uint64": np.uint64, "float16": np.float16}
# CuPy's classes of the half types (its float16.cuh, bfloat16.cuh): converted to and from
# float, rounding to nearest even
_HALF_CLASSES = ("float16",)
try:
    import ml_dtypes  # CuPy 14 holds bfloat16 where this is installed
except ImportError:  # pragma: no cover - the test extra has it
    pass
else:
    _C_TYPES["bfloat16"] = ml_dtypes.bfloat16
    _HALF_CLASSES += ("bfloat16",)
_TOKEN = re.compile(r"\s*(?:(?P<num>0[xX][0-9a-fA-F]+[uUlL]*|"
                    r"(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?[fFuUlL]*)|"
                    r"(?P<name>[A-Za-z_]\w*)|"
                    r"(?P<op><<=|>>=|&&|\|\||<<|>>|==|!=|<=|>=|[-+*/%&|^]=|"
                    r"[-+*/%<>=!?:(),;{}\[\]&|^~]))")


def _tokens(text: str) -> list:
    text = re.sub(r"//[^\n]*", "", text)
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise CompileException(f"unexpected text: {text[pos:pos + 20]!r}")
        out.append(m.group("num") or m.group("name") or m.group("op"))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


@functools.cache
def _arith(a: np.dtype, b: np.dtype) -> np.dtype:
    """C's usual arithmetic conversions (after integer promotion to int; CuPy's half
    classes, which define no binary operators, convert to float). Cached: a kernel's
    every operation asks (a dtype's name is slow to read)."""
    a, b = (np.dtype(np.float32) if d.name in _HALF_CLASSES else d for d in (a, b))
    if a.kind == "f" or b.kind == "f":
        floats = [d for d in (a, b) if d.kind == "f"]
        return max(floats, key=lambda d: d.itemsize)
    a, b = (d if d.itemsize >= 4 else np.dtype(np.int32) for d in (a, b))
    if a.kind == b.kind:
        return max(a, b, key=lambda d: d.itemsize)
    u, s = (a, b) if a.kind == "u" else (b, a)
    if u.itemsize >= s.itemsize:
        return u
    return s


def _num(x: Any, dtype: np.dtype) -> np.ndarray:
    return np.asarray(x).astype(dtype, copy=False)


def _literal(tok: str) -> np.ndarray:
    if tok[:2].lower() != "0x" and ("." in tok or "e" in tok.lower()):
        body = tok.rstrip("fFlL")
        return np.asarray(float(body), np.float32 if tok[-1] in "fF" else np.float64)
    body = tok.rstrip("uUlL")
    suffix = tok[len(body):].lower()
    v = int(body, 16 if body[:2].lower() == "0x" else 10)
    for dtype in _LITERAL_TYPES[("u" in suffix, "l" in suffix, body[:2].lower() == "0x")]:
        if v <= np.iinfo(dtype).max:
            return np.asarray(v, dtype)
    raise CompileException(f"integer constant is too large: {tok}")


# C's type of an integer literal, by (a u suffix, an l suffix, hexadecimal): the first of
# these its value fits (long is 64-bit under CUDA, as on Linux); a decimal one without u
# is signed, a hexadecimal one may be unsigned
_LITERAL_TYPES = {
    (False, False, False): (np.int32, np.int64), (False, True, False): (np.int64,),
    (False, False, True): (np.int32, np.uint32, np.int64, np.uint64),
    (False, True, True): (np.int64, np.uint64),
    (True, False, False): (np.uint32, np.uint64), (True, False, True): (np.uint32, np.uint64),
    (True, True, False): (np.uint64,), (True, True, True): (np.uint64,)}


def _promoted(x: np.ndarray) -> np.ndarray:
    """x as C promotes an arithmetic operand: integers below int's width to int, CuPy's
    half classes to float (they define no operators)."""
    if x.dtype.name in _HALF_CLASSES:
        return x.astype(np.float32)
    return x.astype(np.int32) if x.dtype.kind in "biu" and x.dtype.itemsize < 4 else x


def _integral(x: np.ndarray, op: str) -> np.ndarray:
    """x promoted as C promotes an integer operand (to int below int's width); floats
    are refused, as NVRTC refuses them for bitwise operators."""
    if x.dtype.kind == "f" or x.dtype.name in _HALF_CLASSES:
        raise CompileException(f"expression must have integral type (operand of {op})")
    return x.astype(np.int32) if x.dtype.itemsize < 4 else x


def _shift(op: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """C's shifts: the type is the promoted left operand's; a count below zero or not
    below its width is undefined behaviour (raised here: a GPU's shift gives anything);
    `>>` of a negative signed value is arithmetic, as CUDA's compiler makes it."""
    x, y = _integral(x, op), _integral(y, op)
    bits = 8 * x.dtype.itemsize
    if y.size and (y.min() < 0 or y.max() >= bits):
        raise ValueError(f"shift count out of [0, {bits}) for {x.dtype} (C: undefined "
                         f"behaviour)")
    y = y.astype(x.dtype)
    with np.errstate(all="ignore"):
        return (np.left_shift if op == "<<" else np.right_shift)(x, y).astype(x.dtype)


def _bitwise(op: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """&, | and ^ after C's usual arithmetic conversions of integers."""
    x, y = _integral(x, op), _integral(y, op)
    d = _arith(x.dtype, y.dtype)
    f = {"&": np.bitwise_and, "|": np.bitwise_or, "^": np.bitwise_xor}[op]
    return f(_num(x, d), _num(y, d))


def _binary(op: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if op in ("&&", "||"):
        f = np.logical_and if op == "&&" else np.logical_or
        return f(x != 0, y != 0)
    if op in ("<<", ">>"):
        return _shift(op, x, y)
    if op in ("&", "|", "^"):
        return _bitwise(op, x, y)
    d = _arith(x.dtype, y.dtype)
    x, y = _num(x, d), _num(y, d)
    with np.errstate(all="ignore"):
        if op == "+":
            return np.add(x, y)
        if op == "-":
            return np.subtract(x, y)
        if op == "*":
            return np.multiply(x, y)
        if op == "/":
            if d.kind == "f":
                return np.true_divide(x, y)
            if np.any(y == 0):
                raise ZeroDivisionError("integer division by zero in a kernel")
            return (np.sign(x) * np.sign(y) * (np.abs(x) // np.abs(y))).astype(d)
        if op == "%":
            if d.kind == "f":
                raise CompileException("invalid operands to binary % (floats)")
            return np.fmod(x, y)
        return {"<": np.less, ">": np.greater, "<=": np.less_equal, ">=": np.greater_equal,
                "==": np.equal, "!=": np.not_equal}[op](x, y)


def _ambiguous(name: str, dtype: np.dtype) -> CompileException:
    """NVRTC's error for a math function given integers: its float and double overloads
    match equally (CUDA's device math has no integer overloads but abs, max and min)."""
    return CompileException(f'more than one instance of overloaded function "{name}" '
                            f"matches the argument list (argument types are: {dtype})")


def _math(fn: Callable, name: str) -> Callable:
    def call(x: np.ndarray) -> np.ndarray:
        if x.dtype.kind != "f":
            raise _ambiguous(name, x.dtype)
        with np.errstate(all="ignore"):
            return np.asarray(fn(x)).astype(x.dtype, copy=False)
    return call


def _pair(fn: Callable, ints: Callable | None, name: str) -> Callable:
    """A two-argument function; `ints` its integer overload, None where CUDA has none."""
    def call(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        d = _arith(x.dtype, y.dtype)
        if d.kind != "f" and ints is None:
            raise _ambiguous(name, d)
        with np.errstate(all="ignore"):
            return np.asarray((fn if d.kind == "f" else ints)(_num(x, d), _num(y, d))).astype(d)
    return call


def _umulhi(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """CUDA's __umulhi(unsigned int, unsigned int): the high 32 bits of the 64-bit
    product (its arguments converted to unsigned int, as a call converts them)."""
    for a in (x, y):
        if a.dtype.kind == "f" or a.dtype.name in _HALF_CLASSES:
            raise CompileException("__umulhi takes unsigned int arguments, not floats")
    wide = _num(x, np.dtype(np.uint32)).astype(np.uint64) * _num(y, np.dtype(np.uint32))
    return (wide >> np.uint64(32)).astype(np.uint32)


def _reinterpret(x: np.ndarray, src: Any, dst: Any, name: str) -> np.ndarray:
    """CUDA's __float_as_uint / __uint_as_float: the argument converted to `src` (as a
    call converts it; a float for an integer parameter is refused here, as a likely
    mistake), its bits read as `dst`."""
    if (x.dtype.kind == "f") != (np.dtype(src).kind == "f"):
        raise CompileException(f"{name} takes {np.dtype(src).name}, given {x.dtype}")
    return _num(x, np.dtype(src)).view(dst)


def _abs(x: np.ndarray) -> np.ndarray:
    """CUDA's abs: overloaded for int, long long, float and double (fabs takes floats)."""
    return np.abs(x if x.dtype.kind != "b" else x.astype(np.int32))


# CUDA's math functions over float and double (fabs, fmax, ...), as the subset has them.
_FUNCTIONS: dict = {
    **{name: _math(getattr(np, np_name), name) for name, np_name in (
        ("sqrt", "sqrt"), ("exp", "exp"), ("log", "log"), ("log1p", "log1p"),
        ("expm1", "expm1"), ("fabs", "abs"), ("tanh", "tanh"), ("tan", "tan"), ("sin", "sin"),
        ("cos", "cos"), ("sinh", "sinh"), ("cosh", "cosh"), ("asin", "arcsin"),
        ("acos", "arccos"), ("atan", "arctan"), ("floor", "floor"), ("ceil", "ceil"),
        ("exp2", "exp2"), ("log2", "log2"), ("log10", "log10"), ("trunc", "trunc"),
        ("round", "round"))},
    "rsqrt": _math(lambda x: 1 / np.sqrt(x), "rsqrt"), "abs": _abs,
    "max": _pair(np.fmax, np.maximum, "max"), "min": _pair(np.fmin, np.minimum, "min"),
    "fmax": _pair(np.fmax, None, "fmax"), "fmin": _pair(np.fmin, None, "fmin"),
    "pow": _pair(np.power, None, "pow"), "atan2": _pair(np.arctan2, None, "atan2"),
    "__umulhi": _umulhi,
    "__float_as_uint": lambda x: _reinterpret(x, np.float32, np.uint32, "__float_as_uint"),
    "__uint_as_float": lambda x: _reinterpret(x, np.uint32, np.float32, "__uint_as_float"),
}


# The constants CuPy's kernels have (its cupy/math_constants.h, included in every kernel
# it compiles): NVRTC defines no math.h macros, so `NAN` and `INFINITY` do not compile.
_CONSTANTS = {"CUDART_NAN_F": np.asarray(np.nan, np.float32),
              "CUDART_INF_F": np.asarray(np.inf, np.float32),
              "CUDART_NAN": np.asarray(np.nan, np.float64),
              "CUDART_INF": np.asarray(np.inf, np.float64)}


class _Raw:
    """A `raw` parameter: the array's elements in C order, read as x[flat index]."""

    def __init__(self, flat: np.ndarray) -> None:
        self.flat = flat


def _subscript(env: dict, name: str, index: np.ndarray) -> np.ndarray:
    raw = env.get(name)
    if type(raw) is not _Raw:
        raise CompileException(f"expression must have pointer-to-object type: {name}")
    if index.dtype.kind not in "iub":
        raise CompileException(f"expression must have integral type: {name}[...]")
    if index.size and (index.min() < 0 or index.max() >= raw.flat.size):
        raise IndexError(f"{name}[...] read out of its {raw.flat.size} elements (on a GPU: "
                         f"undefined behaviour)")
    return raw.flat[index]


class _Parser:
    """Parses the subset into closures over an environment (name -> array)."""

    def __init__(self, tokens: list, types: dict, functions: dict) -> None:
        self.t = tokens
        self.i = 0
        self.types = types          # type names (C's and the kernel's placeholders)
        self.functions = functions  # the preamble's functions
        self.guards = 0             # the `if`s around the statement being parsed

    def peek(self, k: int = 0) -> str | None:
        return self.t[self.i + k] if self.i + k < len(self.t) else None

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise CompileException(f"expected {want or 'more'}, got {tok!r}")
        self.i += 1
        return tok

    def type_name(self) -> str | None:
        """A type at the cursor (taken), or None."""
        i = self.i
        words = []
        while self.peek() in ("const", "unsigned", "long", "int", "float", "double", "bool") \
                or (not words and (self.peek() in self.types or self.peek() in _HALF_CLASSES)):
            words.append(self.take())
            if words[-1] in self.types and words[-1] not in _C_TYPES:
                break
        words = [w for w in words if w != "const"]
        if not words:
            self.i = i
            return None
        name = " ".join(words)
        if name not in self.types and name not in _C_TYPES:
            raise CompileException(f"unknown type {name!r}")
        return name

    def statements(self, end: str | None = None) -> list:
        out = []
        while self.peek() is not None and self.peek() != end:
            if self.peek() == ";":
                self.take()
                continue
            out.append(self.statement())
        return out

    def statement(self) -> Callable:
        if self.peek() == "return":
            self.take()
            e = self.expr()
            return lambda env: ("return", e(env))
        if self.peek() == "if":
            return self.guarded()
        typ = self.type_name()
        name = self.take()
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            raise CompileException(f"expected a name, got {name!r}")
        if typ is None and self.peek() == "[":
            return self.raw_write(name)
        if self.guards:
            raise CompileException("the stand-in runs only raw arrays' writes under `if`")
        op = self.take()
        if op not in ("=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="):
            raise CompileException(f"expected an assignment, got {op!r}")
        e = self.expr()
        if self.peek() is not None:
            self.take(";")

        def run(env: dict) -> None:
            if typ is not None:
                if name in env["_types"]:
                    raise CompileException(f"redefinition of {name!r}")
                env["_types"][name] = env["_resolve"](typ)
            elif name not in env["_types"]:
                raise CompileException(f"identifier {name!r} is undefined")
            if name in env["_const"]:
                raise CompileException(f"expression must be a modifiable lvalue: {name}")
            value = e(env)
            if op != "=":
                value = _binary(op[:-1], env[name], value)
            env[name] = _num(value, env["_types"][name])
        return run

    def guarded(self) -> Callable:
        """`if (cond) statement` or `if (cond) { statements }`: the statements (raw
        writes) for the elements where cond holds."""
        self.take("if")
        self.take("(")
        cond = self.expr()
        self.take(")")
        self.guards += 1
        if self.peek() == "{":
            self.take()
            body = self.statements("}")
            self.take("}")
        else:
            body = [self.statement()]
        self.guards -= 1
        if self.peek() == "else":
            raise CompileException("the stand-in runs no `else`")

        def run(env: dict) -> None:
            outer = env.get("_mask")
            mask = np.broadcast_to(cond(env) != 0, env["_shape"])
            env["_mask"] = mask if outer is None else outer & mask
            try:
                for stmt in body:
                    stmt(env)
            finally:
                env["_mask"] = outer
        return run

    def raw_write(self, name: str) -> Callable:
        """`name[index] = expr;` into a raw output, element by element (those the
        enclosing `if`s let through)."""
        self.take("[")
        index = self.expr()
        self.take("]")
        self.take("=")
        e = self.expr()
        if self.peek() is not None:
            self.take(";")

        def run(env: dict) -> None:
            raw = env.get(name)
            if type(raw) is not _Raw or name not in env.get("_writable", ()):
                raise CompileException(f"expression must be a modifiable lvalue: {name}[...]")
            at = index(env)
            if at.dtype.kind not in "iub":
                raise CompileException(f"expression must have integral type: {name}[...]")
            shape = env["_shape"]
            at = np.broadcast_to(at, shape)
            value = np.broadcast_to(_num(e(env), raw.flat.dtype), shape)
            mask = env.get("_mask")
            if mask is not None:
                at, value = at[mask], value[mask]
            if at.size and (at.min() < 0 or at.max() >= raw.flat.size):
                raise IndexError(f"{name}[...] written out of its {raw.flat.size} elements "
                                 f"(on a GPU: undefined behaviour)")
            raw.flat[at.ravel()] = value.ravel()
        return run

    def expr(self) -> Callable:
        cond = self.binary(0)
        if self.peek() != "?":
            return cond
        self.take()
        a = self.expr()
        self.take(":")
        b = self.expr()

        def pick(env: dict) -> np.ndarray:
            x, y = a(env), b(env)
            d = _arith(x.dtype, y.dtype) if x.dtype != y.dtype else x.dtype
            return np.where(cond(env) != 0, _num(x, d), _num(y, d))
        return pick

    _LEVELS = (("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", ">", "<=", ">="),
               ("<<", ">>"), ("+", "-"), ("*", "/", "%"))

    def binary(self, level: int) -> Callable:
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in self._LEVELS[level]:
            op = self.take()
            right = self.binary(level + 1)
            left = (lambda f, g, o: lambda env: _binary(o, f(env), g(env)))(left, right, op)
        return left

    def unary(self) -> Callable:
        tok = self.peek()
        if tok in ("-", "+", "!", "~"):
            self.take()
            x = self.unary()
            if tok == "~":
                return lambda env: np.invert(_integral(x(env), "~"))
            if tok == "-":  # (negation, not 0 - x: -0.0 of a float's +0.0)
                return lambda env: np.negative(_promoted(x(env)))
            if tok == "!":
                return lambda env: np.logical_not(x(env) != 0)
            return lambda env: _binary("+", np.asarray(0, np.int32), x(env))
        if tok == "(":
            save = self.i
            self.take()
            typ = self.type_name()
            if typ is not None and self.peek() == ")":
                self.take()
                x = self.unary()
                return lambda env: _num(x(env), env["_resolve"](typ))
            self.i = save
        return self.primary()

    def primary(self) -> Callable:
        tok = self.take()
        if tok == "(":
            e = self.expr()
            self.take(")")
            return e
        if tok[0].isdigit() or tok[0] == ".":
            value = _literal(tok)
            return lambda env: value
        if tok in ("true", "false"):
            value = np.asarray(tok == "true")
            return lambda env: value
        if not re.fullmatch(r"[A-Za-z_]\w*", tok):
            raise CompileException(f"unexpected {tok!r}")
        if self.peek() == "(":
            self.take()
            args = []
            while self.peek() != ")":
                args.append(self.expr())
                if self.peek() == ",":
                    self.take()
            self.take(")")
            return self.call(tok, args)
        name = tok
        if name in _CONSTANTS:
            value = _CONSTANTS[name]
            return lambda env: value
        if self.peek() == "[":  # a raw array's element: x[flat index]
            self.take()
            index = self.expr()
            self.take("]")
            return lambda env: _subscript(env, name, index(env))

        def read(env: dict) -> np.ndarray:
            if name not in env:
                raise CompileException(f"identifier {name!r} is undefined")
            value = env[name]
            if type(value) is _Raw:
                raise CompileException(f"a raw array ({name}) is read by subscript only")
            return value
        return read

    def call(self, name: str, args: list) -> Callable:
        fn = self.functions.get(name)
        if fn is None:
            fn = _FUNCTIONS.get(name)
            if fn is None:
                raise CompileException(f"identifier {name!r} is undefined")
        return lambda env: fn(*[a(env) for a in args])


def _preamble(text: str) -> dict:
    """The `__device__` functions of a preamble, by name."""
    functions: dict = {}
    p = _Parser(_tokens(text), set(), functions)
    while p.peek() is not None:
        while p.peek() in ("__device__", "__forceinline__", "inline", "static"):
            p.take()
        ret = p.type_name()
        if ret is None:
            raise CompileException(f"expected a __device__ function, got {p.peek()!r}")
        name = p.take()
        p.take("(")
        params = []
        while p.peek() != ")":
            typ = p.type_name()
            params.append((p.take(), typ))
            if p.peek() == ",":
                p.take()
        p.take(")")
        p.take("{")
        body = p.statements("}")
        p.take("}")
        functions[name] = _function(name, ret, params, body)
    return functions


def _function(name: str, ret: str, params: list, body: list) -> Callable:
    def call(*args: np.ndarray) -> np.ndarray:
        if len(args) != len(params):
            raise CompileException(f"too {'many' if len(args) > len(params) else 'few'} "
                                   f"arguments in call of {name}")
        env = {"_types": {}, "_const": set(), "_resolve": lambda t: np.dtype(_C_TYPES[t])}
        for (pname, typ), a in zip(params, args):
            env["_types"][pname] = np.dtype(_C_TYPES[typ])
            env[pname] = _num(a, env["_types"][pname])
        for stmt in body:
            r = stmt(env)
            if r is not None:
                return _num(r[1], np.dtype(_C_TYPES[ret]))
        raise CompileException(f"{name}: no return")
    return call


def _params(text: str, raw: set | None = None) -> list:
    """CuPy's parameter list: (name, dtype or None, type placeholder or None) each; the
    names of `raw` ones are added to `raw` (refused where None: outputs)."""
    out = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        if len(words) < 2:
            raise Exception(f"Syntax error: {part}")
        for w in words[:-2]:
            if w != "raw":
                raise Exception(f'Unknown keyword "{w}"')
            if raw is None:
                raise NotImplementedError("raw outputs are not emulated by the stand-in")
            raw.add(words[-1])
        t, name = words[-2:]
        if len(t) == 1:
            out.append((name, None, t))
        else:
            if t not in _C_TYPES:
                raise TypeError(f"data type {t!r} not understood")
            out.append((name, np.dtype(_C_TYPES[t]), None))
    return out


class ElementwiseKernel:
    """cupy.ElementwiseKernel over the stand-in's arrays (see the module's docstring).
    The stand-in's subclass sets `_device`: (is_array, host_of (its NumPy array), wrap
    (a NumPy array as the current device's), on_device (raises for another device's
    array), launched(replay, results, args): counts or captures the launch)."""

    _device: tuple = ()
    _known: dict = {}  # placeholder -> dtype decided outside the call (a reduction's)

    def __init__(self, in_params: str, out_params: str, operation: str, name: str = "kernel",
                 reduce_dims: bool = True, preamble: str = "", no_return: bool = False,
                 return_tuple: bool = False, **kwargs: Any) -> None:
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            raise ValueError(f'Invalid kernel name: "{name}"')
        self.raw: set = set()
        self.in_params = _params(in_params, self.raw)
        self.raw_out: set = set()
        self.out_params = _params(out_params, self.raw_out)
        if "i" in [p[0] for p in self.in_params + self.out_params]:
            raise ValueError("Can not use 'i' as a parameter name")
        self.nin, self.nout = len(self.in_params), len(self.out_params)
        self.nargs = self.nin + self.nout
        self.operation, self.name, self.preamble = operation, name, preamble
        self.no_return, self.return_tuple = no_return, return_tuple
        self.options = tuple(kwargs.get("options", ()))  # (NVRTC's: C's rounding is kept)
        self.__name__ = name
        self._body: list | None = None
        self._functions: dict | None = None

    def _compile(self, placeholders: set) -> list:
        if self._body is None:
            self._functions = _preamble(self.preamble)
            names = placeholders | set(_C_TYPES) | {t for _, _, t in self.in_params +
                                                    self.out_params if t}
            tokens = _tokens(self.operation.replace("_ind.size()", "_ind_size"))
            self._uses_i = "i" in tokens
            self._body = _Parser(tokens, names, self._functions).statements()
        return self._body

    def __call__(self, *args: Any, size: int = -1, stream: Any = None,
                 block_size: int = 128) -> Any:
        is_array, host_of, wrap, on_device, launched = self._device
        if block_size <= 0:
            raise ValueError("block_size must be greater than zero")
        if len(args) not in (self.nin, self.nargs):
            raise TypeError(f"Wrong number of arguments for {self.name!r}. It must be either "
                            f"{self.nin} or {self.nargs} (with outputs), but given "
                            f"{len(args)}.")
        for a in args:
            if is_array(a):
                on_device(a)
            elif type(a) is np.ndarray or not isinstance(
                    a, (bool, int, float, complex, np.generic)):
                raise TypeError(f"Unsupported type {type(a)}")
        outs = args[self.nin:]
        for o in outs:
            if not is_array(o):
                raise TypeError("Output arguments must be cupy.ndarray")
        if self.raw_out and not outs and size == -1:
            raise ValueError("Output array size is Undecided")
        shaped = [o for (n, _, _), o in zip(self.out_params, outs) if n not in self.raw_out]
        types: dict = dict(self._known)
        for (name, dtype, t), a in list(zip(self.out_params, outs)) + \
                list(zip(self.in_params, args[:self.nin])):
            if not is_array(a):
                continue
            if dtype is not None:
                if a.dtype != dtype:
                    raise TypeError(f"Type is mismatched. {name} {a.dtype} {dtype}")
            elif t in types:
                if types[t] != a.dtype:
                    raise TypeError(f"Type is mismatched. {name} {a.dtype} {types[t]} {t}")
            else:
                types[t] = a.dtype
        for name, dtype, t in self.in_params + self.out_params:
            if dtype is None and t not in types:
                raise TypeError(f"the type of placeholder {t} ({name}) is not decided by any "
                                f"array argument")
        looped = [a.shape for (n, _, _), a in zip(self.in_params, args[:self.nin])
                  if is_array(a) and n not in self.raw]
        if size != -1:
            if looped:
                raise ValueError("Specified 'size' can be used only if all of the ndarray "
                                 "are 'raw'.")
            shape: tuple = (size,)
        elif not looped and not shaped:
            raise ValueError("Loop size is Undecided")
        else:
            try:
                shape = np.broadcast_shapes(*looped, *(o.shape for o in shaped))
            except ValueError:
                shapes = " ".join(str(a.shape) if is_array(a) and n not in self.raw else "()"
                                  for n, a in zip([p[0] for p in self.in_params] +
                                                  [p[0] for p in self.out_params], args))
                raise ValueError(f"operands could not be broadcast together with shapes "
                                 f"{shapes}") from None
        for o in shaped:
            if o.shape != shape:
                raise ValueError("Out shape is mismatched")
        scalars = {}
        for (name, dtype, t), a in zip(self.in_params, args[:self.nin]):
            if not is_array(a):
                d = dtype if dtype is not None else types[t]
                if type(a) is int and d.kind in "iub" and np.asarray(a).astype(d) != a:
                    raise OverflowError(f"Python integer {a} out of bounds for {d}")
                scalars[name] = np.asarray(a).astype(d)
        body = self._compile(set(types))
        results = list(outs) if outs else [
            wrap(np.empty(shape, dtype if dtype is not None else types[t]))
            for _, dtype, t in self.out_params]

        def run() -> list:
            """The kernel's work into `results` (again when a CUDA graph replays it)."""
            out_host = [host_of(o) for o in results]
            if 0 in shape:
                return out_host
            env: dict = {"_types": {}, "_const": set(), "_shape": shape,
                         "_writable": self.raw_out,
                         "_resolve": lambda n: types[n] if n in types else
                         np.dtype(_C_TYPES[n])}
            for (name, dtype, t), a in zip(self.in_params, args[:self.nin]):
                env["_types"][name] = dtype if dtype is not None else types[t]
                env["_const"].add(name)
                env[name] = scalars[name] if name in scalars else \
                    _Raw(np.ravel(host_of(a))) if name in self.raw else host_of(a)
            n = int(np.prod(shape))
            env["_ind_size"] = np.asarray(n, np.int64)
            if self._uses_i:  # the loop's index (ptrdiff_t), element by element
                env["i"] = np.arange(n, dtype=np.int64).reshape(shape)
            for (name, dtype, t), o in zip(self.out_params, out_host):
                env["_types"][name] = dtype if dtype is not None else types[t]
                env[name] = _Raw(o.reshape(-1)) if name in self.raw_out else o
            for stmt in body:
                stmt(env)
            for (name, _, _), o in zip(self.out_params, out_host):
                if name in self.raw_out:  # (its elements in C order: a copy if not a view)
                    if not np.may_share_memory(env[name].flat, o):
                        o[...] = env[name].flat.reshape(o.shape)
                elif env[name] is not o:
                    np.copyto(o, np.broadcast_to(env[name], shape), casting="unsafe")
            return out_host

        self.types = types
        if 0 not in shape:  # (first: a capture keeps what given outputs held before)
            launched(run, results, args)
        run()
        if self.no_return:
            return None
        if not self.return_tuple and self.nout == 1:
            return results[0]
        return tuple(results)


# The reductions the subset runs: reduce_expr -> NumPy's fold of the mapped values.
_FOLDS = {"a + b": np.add.reduce, "max(a, b)": np.fmax.reduce, "min(a, b)": np.fmin.reduce}


class ReductionKernel:
    """cupy.ReductionKernel over the stand-in's arrays: `map_expr` over the broadcast
    inputs (C, as ElementwiseKernel's body), folded along `axis` by `reduce_expr` (one of
    _FOLDS: CUDA's order of the fold is a tree, so sums agree within rounding) in the
    output's type (CuPy's default reduce_type), then `post_map_expr` with `a` the folded
    value and `_in_ind.size()` / `_out_ind.size()` the element counts in and out."""

    _device: tuple = ()

    def __init__(self, in_params: str, out_params: str, map_expr: str, reduce_expr: str,
                 post_map_expr: str, identity: Any, name: str = "reduce_kernel",
                 reduce_type: Any = None, reduce_dims: bool = True, preamble: str = "",
                 options: tuple = ()) -> None:
        if reduce_expr not in _FOLDS:
            raise NotImplementedError(f"the stand-in folds {sorted(_FOLDS)}, not "
                                      f"{reduce_expr!r}")
        self.in_params, self.out_params = _params(in_params), _params(out_params)
        if len(self.out_params) != 1:
            raise NotImplementedError("the stand-in's ReductionKernel has one output")
        self.nin = len(self.in_params)
        self.name, self.__name__ = name, name
        self.fold = _FOLDS[reduce_expr]
        self.map_expr, self.post_map_expr, self.preamble = map_expr, post_map_expr, preamble
        self.options = tuple(options)
        self.finish: dict = {}  # the post map's kernel, by reduce type
        self.mapped: Any = None  # the map's kernel

    def __call__(self, *args: Any, axis: Any = None, keepdims: bool = False,
                 stream: Any = None) -> Any:
        is_array, host_of, wrap, on_device, launched = self._device
        if len(args) != self.nin:
            raise TypeError(f"Wrong number of arguments for {self.name!r}. It must be "
                            f"{self.nin}, but given {len(args)}.")
        (out_name, out_dtype, out_t), = self.out_params
        mapped = self.mapped or ElementwiseKernel(
            ", ".join(f"{t or d.name} {n}" for n, d, t in self.in_params),
            f"{out_t or out_dtype.name} _m", f"_m = {self.map_expr}", self.name + "_map",
            preamble=self.preamble)
        mapped._device = (is_array, lambda a: a if type(a) is np.ndarray else host_of(a),
                          lambda a: a, on_device, lambda *a: None)  # (NumPy's results)
        self.mapped = mapped
        post = self.post_map_expr.replace("_in_ind.size()", "_in_size").replace(
            "_out_ind.size()", "_out_size")

        def run() -> np.ndarray:
            m = mapped(*args)  # (a NumPy array: the mapped values, in the reduce type)
            axes = tuple(range(m.ndim)) if axis is None else \
                tuple(a % m.ndim for a in (axis if isinstance(axis, tuple) else (axis,)))
            folded = np.asarray(self.fold(m, axis=axes, keepdims=keepdims))
            finish = self.finish.get(m.dtype)
            if finish is None:
                finish = self.finish[m.dtype] = ElementwiseKernel(
                    f"{m.dtype.name} a, int64 _in_size, int64 _out_size",
                    f"{m.dtype.name} {out_name}",
                    post, self.name + "_post", preamble=self.preamble)
                finish._device = (lambda a: type(a) is np.ndarray, lambda a: a, lambda a: a,
                                  lambda a: None, lambda *a: None)
                finish._known = mapped.types  # (the post map may name T)
            return finish(folded, max(m.size, 1), max(folded.size, 1))

        res = wrap(run())
        launched(lambda: [run()], [res], args)
        return res
