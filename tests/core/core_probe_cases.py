"""Everyday TF2 core behaviour, probed as a user meets it: tf.function's tracing and
signatures, AutoGraph, tf.Variable, tf.Module, type specs, ExtensionType,
py_function/numpy_function, tf.debugging's asserts and tf.print, GradientTape.
Shared by record_core_probes.py (run under TensorFlow 2.21, writes
core_probes_golden.json) and test_core_probes.py (under eagerflow): what each returns,
prints or raises."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import re
import sys
import tempfile
import warnings
from typing import Any, Callable


def _plain(text: str) -> str:
    # (TF restates an error raised while tracing "in user code", with the user's frames,
    # which name files and lines: the error's own last line is compared)
    if text.startswith("in user code:"):
        text = text.strip().split("\n")[-1].strip()
    text = re.sub(r" at 0x[0-9a-f]+", " at 0xADDRESS", text)
    # (a captured tensor's id, in a printed signature or its repr)
    text = re.sub(r"(\n|\\n)  \d+: ", r"\1  CAPTURE_ID: ", text)
    return re.sub(r"\{\{function_node [^}]*\}\} ", "", text)


def outcome(fn: Callable[[], Any]) -> Any:
    """What `fn()` returns (its repr, a list of reprs for a list or tuple) or raises."""
    try:
        r = fn()
    except BaseException as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": _plain(str(e))}
    if isinstance(r, (list, tuple)):
        return [_plain(repr(x)) for x in r]
    return _plain(repr(r))


@contextlib.contextmanager
def _fd_captured(fd: int, into: list):
    """What is written to file descriptor `fd` meanwhile (TF's kernels print to it from
    C++, past sys.stdout), appended to `into` as text."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(fd)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), fd)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved, fd)
            os.close(saved)
            tmp.seek(0)
            into.append(tmp.read().decode())


def printed(fn: Callable[[], Any]) -> dict:
    """What `fn()` writes to stdout and to stderr (file descriptors and Python streams),
    and what it returns or raises."""
    out: list = []
    err: list = []
    py_out = io.StringIO()
    py_err = io.StringIO()
    with _fd_captured(1, out), _fd_captured(2, err):
        with contextlib.redirect_stdout(py_out), contextlib.redirect_stderr(py_err):
            result = outcome(fn)
    return {"stdout": out[0] + py_out.getvalue(), "stderr": err[0] + py_err.getvalue(),
            "result": result}


def logged(fn: Callable[[], Any]) -> dict:
    """The "tensorflow" logger's records and the Python warnings while `fn()` runs."""
    records: list = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(f"{record.levelname}: {_plain(record.getMessage())}")

    logger = logging.getLogger("tensorflow")
    handler = Keep()
    logger.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = outcome(fn)
    finally:
        logger.removeHandler(handler)
    return {"log": records, "warnings": [f"{w.category.__name__}: {w.message}"
                                         for w in caught], "result": result}


def function(tf: Any) -> dict:
    out: dict = {}

    @tf.function(reduce_retracing=True)
    def relaxed(x):
        return x * 2

    for n in (1, 2, 3, 4):
        relaxed(tf.ones([n]))
    out["reduce_retracing count"] = relaxed.experimental_get_tracing_count()
    out["reduce_retracing signatures"] = relaxed.pretty_printed_concrete_signatures()

    @tf.function
    def scalars(x):
        return x + 1

    for v in (1, 2, 1, 2.0, True, tf.constant(1), tf.constant(2), tf.constant(1.0)):
        scalars(v)
    out["python scalars in the key"] = scalars.experimental_get_tracing_count()
    out["python scalars signatures"] = scalars.pretty_printed_concrete_signatures()

    signed = tf.function(lambda x: x * 2,
                         input_signature=[tf.TensorSpec([None], tf.float32)])
    out["signature: int tensor"] = outcome(lambda: signed(tf.constant([1, 2])))
    out["signature: wrong rank"] = outcome(lambda: signed(tf.ones([2, 2])))
    out["signature: two args"] = outcome(lambda: signed(tf.ones([2]), tf.ones([2])))
    out["signature: python list"] = outcome(lambda: signed([1.0, 2.0]))
    out["signature: python int list"] = outcome(lambda: signed([1, 2]))
    out["signature: numpy"] = outcome(lambda: signed(__import__("numpy").ones(3)))
    out["signature: keyword"] = outcome(lambda: signed(x=tf.ones([3])))
    out["signature: bad keyword"] = outcome(lambda: signed(y=tf.ones([3])))
    out["signature: none"] = outcome(lambda: signed())
    out["signature: count"] = signed.experimental_get_tracing_count()
    out["signature: property"] = outcome(lambda: signed.input_signature)

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.int32)])
    def two(a, b):
        return a * tf.cast(b, tf.float32)

    out["signature: second wrong"] = outcome(lambda: two(tf.ones([2]), tf.constant(1.0)))
    out["signature: shape"] = outcome(lambda: two(tf.ones([3]), 1))
    out["signature: printed"] = two.pretty_printed_concrete_signatures()

    def bad_signature():
        return tf.function(lambda x: x, input_signature=5)

    out["signature: not a list"] = outcome(bad_signature)
    out["signature: too short"] = outcome(
        lambda: tf.function(lambda x, y: x, input_signature=[tf.TensorSpec([])])(1.0, 2.0))

    @tf.function
    def nested(d, scale=None):
        r = d["a"] + d["b"][0] * d["b"][1]
        return r if scale is None else r * scale

    spec = {"a": tf.TensorSpec([None], tf.float32, name="a"),
            "b": [tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)]}
    cf = nested.get_concrete_function(spec)
    out["nested concrete: inputs"] = outcome(lambda: cf.structured_input_signature)
    out["nested concrete: outputs"] = outcome(lambda: cf.structured_outputs)
    out["nested concrete: printed"] = outcome(lambda: cf.pretty_printed_signature())
    out["nested concrete: call"] = outcome(lambda: cf({"a": tf.ones([2]), "b": [
        tf.constant(2.0), tf.constant(3.0)]}))
    out["nested concrete: call flat"] = outcome(lambda: cf(tf.ones([2])))
    cf2 = nested.get_concrete_function(spec, scale=tf.TensorSpec([], tf.float32))
    out["nested concrete: scale"] = outcome(lambda: cf2.pretty_printed_signature())
    out["nested concrete: scale 3"] = outcome(lambda: nested.get_concrete_function(spec, 3.0)
                                              .pretty_printed_signature())
    out["nested: all"] = nested.pretty_printed_concrete_signatures()
    out["concrete: wrong dtype"] = outcome(lambda: cf({"a": tf.ones([2], tf.float64), "b": [
        tf.constant(2.0), tf.constant(3.0)]}))
    out["concrete: missing"] = outcome(lambda: cf({"a": tf.ones([2])}))
    out["concrete: python float"] = outcome(lambda: cf({"a": tf.ones([2]), "b": [2.0, 3.0]}))

    class Counter(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.0)

        @tf.function
        def step(self, x):
            return self.v * x

        def scale(self, x):
            return self.v * x * 2

    a, b = Counter(), Counter()
    a.step(tf.constant(2.0))
    a.step(tf.constant(3.0))
    b.step(tf.constant(2.0))
    out["method: count a"] = a.step.experimental_get_tracing_count()
    out["method: count b"] = b.step.experimental_get_tracing_count()
    out["method: class attribute"] = type(Counter.__dict__["step"]).__name__
    out["method: concrete"] = _plain(a.step.get_concrete_function(
        tf.TensorSpec([], tf.float32)).pretty_printed_signature())
    bound = tf.function(a.scale)
    out["bound: call"] = outcome(lambda: bound(tf.constant(4.0)))
    out["bound: signature"] = outcome(lambda: bound.get_concrete_function(
        tf.constant(1.0)).pretty_printed_signature())

    @tf.function
    def defaults(x, n=2, flag=False):
        return x * n if not flag else -x

    defaults(tf.constant(1.0))
    defaults(tf.constant(1.0), 3)
    defaults(tf.constant(1.0), n=3)
    defaults(tf.constant(1.0), flag=True)
    out["defaults: count"] = defaults.experimental_get_tracing_count()
    out["defaults: printed"] = defaults.pretty_printed_concrete_signatures()
    out["defaults: unexpected"] = outcome(lambda: defaults(tf.constant(1.0), m=1))
    out["defaults: too many"] = outcome(lambda: defaults(1, 2, 3, 4))
    out["defaults: twice"] = outcome(lambda: defaults(1, x=2))
    out["no trace count yet"] = tf.function(lambda: 1).experimental_get_tracing_count()
    out["concrete of none"] = outcome(lambda: tf.function(lambda: None)
                                      .get_concrete_function().structured_outputs)
    out["concrete of none printed"] = outcome(
        lambda: tf.function(lambda: None).get_concrete_function().pretty_printed_signature())
    out["concrete of dict printed"] = outcome(
        lambda: tf.function(lambda x: {"y": x, "z": (x, 1)}).get_concrete_function(
            tf.TensorSpec([2, None], tf.int64)).pretty_printed_signature())
    return out


def autograph(tf: Any) -> dict:
    out: dict = {}

    @tf.function
    def over_dataset(ds):
        total = tf.constant(0, tf.int64)
        for x in ds:
            total += x
        return total

    out["for over a dataset"] = outcome(lambda: over_dataset(tf.data.Dataset.range(5)))

    @tf.function
    def over_dataset_break(ds):
        total = tf.constant(0, tf.int64)
        for x in ds:
            if x > 2:
                break
            total += x
        return total

    out["for over a dataset, break"] = outcome(
        lambda: over_dataset_break(tf.data.Dataset.range(10)))

    @tf.function
    def over_tensor(t):
        acc = tf.zeros([2])
        n = 0
        for row in t:
            acc += row
            n += 1
        return acc, n

    out["for over a tensor"] = outcome(lambda: over_tensor(tf.reshape(tf.range(6.0), [3, 2])))

    @tf.function
    def over_list(x):
        ys = []
        for k in [1, 2, 3]:
            ys.append(x * k)
        return tf.stack(ys)

    out["for over a python list"] = outcome(lambda: over_list(tf.constant(2.0)))
    out["for over a python list: ops"] = outcome(lambda: len(
        over_list.get_concrete_function(tf.constant(2.0)).graph.get_operations()))

    @tf.function
    def loop_control(n):
        i = tf.constant(0)
        s = tf.constant(0)
        while i < n:
            i += 1
            if i % 2 == 0:
                continue
            if i > 7:
                break
            s += i
        return s

    out["while, break and continue"] = outcome(lambda: loop_control(tf.constant(20)))

    @tf.function
    def early_return(n):
        i = tf.constant(0)
        while i < n:
            if i * i > 10:
                return i
            i += 1
        return -1

    out["while with return"] = outcome(lambda: early_return(tf.constant(100)))
    out["while with return, none"] = outcome(lambda: early_return(tf.constant(2)))

    @tf.function
    def for_range_return(n):
        for i in tf.range(n):
            if i == 3:
                return i * 10
        return tf.constant(-1)

    out["for range with return"] = outcome(lambda: for_range_return(tf.constant(5)))

    @tf.function
    def mismatched(x):
        if x > 0:
            y = tf.constant(1)
        else:
            y = tf.constant(1.0)
        return y

    out["if: branch dtypes differ"] = outcome(lambda: mismatched(tf.constant(1)))

    @tf.function
    def mismatched_shape(x):
        if x > 0:
            y = tf.zeros([2])
        else:
            y = tf.zeros([3])
        return y

    out["if: branch shapes differ"] = outcome(
        lambda: mismatched_shape(tf.constant(1)).shape)

    @tf.function
    def one_branch(x):
        if x > 0:
            y = x * 2
        return y

    out["if: defined in one branch"] = outcome(lambda: one_branch(tf.constant(1)))

    @tf.function
    def none_in_branch(x):
        if x > 0:
            y = x
        else:
            y = None
        return y

    out["if: None in one branch"] = outcome(lambda: none_in_branch(tf.constant(1)))

    @tf.function
    def loop_defined(n):
        i = tf.constant(0)
        while i < n:
            z = i * 2
            i += 1
        return z

    out["while: defined inside"] = outcome(lambda: loop_defined(tf.constant(3)))

    @tf.function
    def loop_dtype(n):
        v = tf.constant(0)
        while v < n:
            v = tf.cast(v, tf.float32) + 1.0
        return v

    out["while: dtype changes"] = outcome(lambda: loop_dtype(tf.constant(3)))

    @tf.function
    def loop_shape(n):
        v = tf.zeros([1])
        for _ in tf.range(n):
            v = tf.concat([v, v], 0)
        return v

    out["for: shape changes"] = outcome(lambda: loop_shape(tf.constant(3)))

    @tf.function
    def loop_shape_invariant(n):
        v = tf.zeros([1])
        for _ in tf.range(n):
            tf.autograph.experimental.set_loop_options(
                shape_invariants=[(v, tf.TensorShape([None]))])
            v = tf.concat([v, v], 0)
        return v

    out["for: shape invariants"] = outcome(lambda: loop_shape_invariant(tf.constant(3)))

    @tf.function
    def python_print(x):
        print("traced with", x.shape)
        tf.print("running with", x)
        return x + 1

    def prints_twice():
        python_print(tf.constant(1))
        python_print(tf.constant(2))
        python_print(tf.constant([3, 4]))

    out["print vs tf.print"] = printed(prints_twice)

    def plain(x, n):
        total = 0
        for i in range(n):
            if x > i:
                total += i
        return total

    code = tf.autograph.to_code(plain)
    out["to_code: first line"] = code.splitlines()[0]
    out["to_code: is str"] = type(code).__name__
    out["to_graph"] = outcome(lambda: tf.autograph.to_graph(plain)(tf.constant(3), 4))
    return out


GROUPS = {"function": function, "autograph": autograph}


def run(tf: Any, groups: list | None = None) -> dict:
    return {name: make(tf) for name, make in GROUPS.items() if not groups or name in groups}
