"""Errors raised while a tf.data pipeline is iterated, as TF 2.21 words them, recorded by
record_iterator_errors.py (iterator_errors_golden.json) and checked by
test_iterator_errors.py.

Each pipeline of PIPELINES fails at run time (a map function's op, a py_function's Python error, a
bad decode, an assert in a filter, a generator yielding the wrong shape or dtype), and
each is iterated three ways: eagerly (`for x in ds`), by a tf.function's loop, and by a
Keras model's fit; those of PATHS fail below other datasets and are iterated eagerly. The
outcome is the error's class and its whole message, less what
varies from run to run: TF's dataset numbers ("MapDataset:N"), function counters, a
Python traceback's frames (their files and lines are the library's own), the module of
the error classes a traceback names, and the frames of a graph node's "defined at" list.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np


def _gather(tf: Any) -> Any:
    return tf.data.Dataset.range(4).map(lambda x: tf.gather(tf.constant([1, 2]), x))


def _py_function(tf: Any) -> Any:
    def boom(x: Any) -> Any:
        if x.numpy() == 1:
            raise ValueError("bad element 1")
        return x

    return tf.data.Dataset.range(3).map(lambda x: tf.py_function(boom, [x], tf.int64))


def _py_function_key(tf: Any) -> Any:
    def boom(x: Any) -> Any:
        return {}["missing"]

    return tf.data.Dataset.range(3).map(lambda x: tf.py_function(boom, [x], tf.int64))


def _numpy_function_dtype(tf: Any) -> Any:
    return tf.data.Dataset.range(3).map(
        lambda x: tf.numpy_function(lambda v: np.float64(v), [x], tf.int64))


def _to_number(tf: Any) -> Any:
    return tf.data.Dataset.from_tensor_slices(["1", "x"]).map(
        lambda s: tf.strings.to_number(s, tf.float32))


def _decode_png(tf: Any) -> Any:
    return tf.data.Dataset.from_tensor_slices([b"not a png"]).map(
        lambda b: tf.cast(tf.reduce_sum(tf.io.decode_png(b)), tf.float32))


def _decode_raw(tf: Any) -> Any:
    return tf.data.Dataset.from_tensor_slices([b"abcd", b"abc"]).map(
        lambda b: tf.reduce_sum(tf.cast(tf.io.decode_raw(b, tf.int32), tf.float32)))


def _parse_example(tf: Any) -> Any:
    return tf.data.Dataset.from_tensor_slices([b"\x0a\x03bad"]).map(
        lambda b: tf.io.parse_single_example(
            b, {"v": tf.io.FixedLenFeature([], tf.float32)})["v"])


def _assert_in_filter(tf: Any) -> Any:
    return tf.data.Dataset.range(4).filter(
        lambda x: (tf.debugging.assert_less(x, tf.constant(2, tf.int64),
                                            message="x too big"), x >= 0)[1])


def _check_numerics_in_map(tf: Any) -> Any:
    return tf.data.Dataset.range(3).map(
        lambda x: tf.debugging.check_numerics(tf.math.log(tf.cast(x, tf.float32) - 1.0),
                                              "log of x"))


def _generator_shape(tf: Any) -> Any:
    def gen() -> Any:
        yield np.zeros([1], np.float32)
        yield np.zeros([2], np.float32)

    return tf.data.Dataset.from_generator(
        gen, output_signature=tf.TensorSpec([1], tf.float32))


def _generator_dtype(tf: Any) -> Any:
    def gen() -> Any:
        yield 1.0
        yield "two"

    return tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.float32))


def _generator_raises(tf: Any) -> Any:
    def gen() -> Any:
        yield 1.0
        raise RuntimeError("generator broke")

    return tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.float32))


def _generator_in_map_batch(tf: Any) -> Any:
    def gen() -> Any:
        yield [1.0, 2.0]
        yield [1.0]

    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([2], tf.float32))
    return ds.map(lambda v: v * 2.0).batch(2)


PIPELINES: dict[str, Callable[[Any], Any]] = {
    "map gather out of range": _gather,
    "py_function ValueError": _py_function,
    "py_function KeyError": _py_function_key,
    "numpy_function wrong dtype": _numpy_function_dtype,
    "map string to_number": _to_number,
    "map decode_png": _decode_png,
    "map decode_raw length": _decode_raw,
    "map parse_single_example": _parse_example,
    "filter assert": _assert_in_filter,
    "map check_numerics": _check_numerics_in_map,
    "from_generator wrong shape": _generator_shape,
    "from_generator wrong dtype": _generator_dtype,
    "from_generator raises": _generator_raises,
    "from_generator wrong shape, map, batch": _generator_in_map_batch,
}
MODES = ("eager", "function", "fit")


def _bad_stateless(tf: Any) -> Callable:
    return lambda x: tf.gather(tf.constant([1, 2], tf.int64), x)


def _bad_stateful(tf: Any) -> Callable:
    return lambda x: tf.py_function(lambda v: tf.gather(tf.constant([1, 2], tf.int64), v),
                                    [x], tf.int64)


def _no_optimizations(tf: Any) -> Any:
    options = tf.data.Options()
    options.experimental_optimization.apply_default_optimizations = False
    return options


def _no_autotune(tf: Any) -> Any:
    options = tf.data.Options()
    options.autotune.enabled = False
    return options


# Pipelines iterated eagerly whose function fails below other datasets: the iterator path
# TF names after its optimizer rewrote them (iterator_path.py), and the class of a TF error
# raised inside a py_function
_R = "tf.data.Dataset.range(4)"
PATHS: dict[str, str] = {
    "map stateless": f"{_R}.map(SL)",
    "map stateful": f"{_R}.map(SF)",
    "map assert": f"{_R}.map(lambda x: (tf.debugging.assert_less(x, tf.constant(2, tf.int64)),"
                  " x)[1])",
    "map stateless, batch": f"{_R}.map(SL).batch(2)",
    "map stateless, prefetch": f"{_R}.map(SL).prefetch(1)",
    "map stateful, prefetch": f"{_R}.map(SF).prefetch(1)",
    "map stateful, prefetch(0)": f"{_R}.map(SF).prefetch(0)",
    "shuffle": f"{_R}.map(SL).shuffle(2)",
    "repeat(2)": f"{_R}.map(SL).repeat(2)",
    "repeat()": f"{_R}.map(SL).repeat()",
    "repeat(1)": f"{_R}.map(SL).repeat(1)",
    "take(3)": f"{_R}.map(SL).take(3)",
    "take(-1)": f"{_R}.map(SL).take(-1)",
    "skip(0)": f"{_R}.map(SL).skip(0)",
    "skip(1)": f"{_R}.map(SL).skip(1)",
    "map stateless, map": f"{_R}.map(SL).map(lambda x: x + 1)",
    "map stateful, map": f"{_R}.map(SF).map(lambda x: x + 1)",
    "map, filter": f"{_R}.map(SL).filter(lambda x: x > 0)",
    "filter stateless": f"{_R}.filter(lambda x: SL(x) > 0)",
    "cache": f"{_R}.map(SL).cache()",
    "unbatch": f"{_R}.map(lambda x: tf.stack([SL(x)])).unbatch()",
    "parallel map stateful": f"{_R}.map(SF, num_parallel_calls=2)",
    "parallel map deterministic": f"{_R}.map(SL, num_parallel_calls=2, deterministic=True)",
    "no default optimizations": f"{_R}.map(SL).with_options(NO_OPT)",
    "no default optimizations, stateful": f"{_R}.map(SF).with_options(NO_OPT)",
    "no autotune": f"{_R}.map(SF).with_options(NO_AUTOTUNE)",
    "no autotune, stateless": f"{_R}.map(SL).shuffle(2).with_options(NO_AUTOTUNE)",
    "batch, map stateless": f"{_R}.batch(2).map(SL)",
    "batch, map stateful": f"{_R}.batch(2).map(SF)",
    "padded_batch": f"{_R}.map(SL).padded_batch(2)",
    "zip": f"tf.data.Dataset.zip(({_R}.map(SL), {_R}))",
    "zip second": f"tf.data.Dataset.zip(({_R}, {_R}.map(SL)))",
    "concatenate": f"{_R}.map(SL).concatenate({_R})",
    "enumerate": f"{_R}.map(SL).enumerate()",
    "flat_map": f"{_R}.flat_map(lambda x: tf.data.Dataset.from_tensors(SL(x)))",
    "interleave": f"{_R}.interleave(lambda x: tf.data.Dataset.from_tensors(SL(x)), "
                  "cycle_length=2)",
    "window": f"{_R}.map(SL).window(2).flat_map(lambda w: w)",
    "take, prefetch": f"{_R}.map(SL).take(3).prefetch(2)",
    "shuffle, repeat": f"{_R}.map(SL).shuffle(2).repeat(2)",
}


def path_outcome(tf: Any, case: str) -> list:
    """[error class, normalized message] of iterating PATHS[case] eagerly."""
    scope = {"tf": tf, "SL": _bad_stateless(tf), "SF": _bad_stateful(tf),
             "NO_OPT": _no_optimizations(tf), "NO_AUTOTUNE": _no_autotune(tf)}
    try:
        return ["ok", [tf.nest.map_structure(lambda t: t.numpy().tolist(), x)
                       for x in eval(PATHS[case], scope)]]
    except Exception as e:  # noqa: BLE001 (every error is an outcome)
        return [type(e).__name__, normalize(str(e))]


def run(tf: Any, pipeline: str, mode: str) -> Any:
    """Iterates the pipeline `mode`'s way; returns what it saw, or raises."""
    ds = PIPELINES[pipeline](tf)
    if mode == "eager":
        return [tf.nest.map_structure(lambda t: t.numpy().tolist(), x) for x in ds]
    if mode == "function":
        @tf.function
        def count() -> Any:
            n = tf.constant(0)
            for _ in ds:
                n += 1
            return n

        return int(count())
    # Keras fit: each element made a float feature row, the label zero
    pairs = ds.map(lambda *x: (tf.reshape(tf.cast(tf.nest.flatten(x)[0], tf.float32), [-1])[:1],
                               tf.zeros([1])))
    pairs = pairs.batch(1) if pairs.element_spec[0].shape.rank == 1 else pairs
    model = tf.keras.Sequential([tf.keras.Input([1]), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    model.fit(pairs, epochs=1, verbose=0, shuffle=False)
    return "fitted"


def normalize(text: str) -> str:
    """`text` less what varies between runs and installs (see the module's docstring)."""
    text = re.sub(r"\b(\w+Dataset(?:V\d)?):\d+", r"\1:N", text)
    text = re.sub(r"__inference_(\w+?)_\d+", r"__inference_\1_N", text)
    text = re.sub(r"\bpyfunc_\d+", "pyfunc_N", text)
    # a Python traceback: its frames are the library's files and lines
    text = re.sub(r"Traceback \(most recent call last\):\n(?:\n|  .*\n)*", "Traceback: ...\n",
                  text)
    # the module of the error classes, as a traceback's last line names it
    text = re.sub(r"\b(tensorflow\.python\.framework\.errors_impl|eagerflow\.errors)\.",
                  "<errors>.", text)
    # a node's "defined at" frames (the user's, Keras's and TF's code)
    text = re.sub(r"defined at \(most recent call last\):\n(?:\n|  .*\n)*",
                  "defined at (most recent call last): ...\n", text)
    return text


def outcome(tf: Any, pipeline: str, mode: str) -> list:
    """[error class, normalized message], or ["ok", what it saw]."""
    try:
        return ["ok", run(tf, pipeline, mode)]
    except Exception as e:  # noqa: BLE001 (every error is an outcome)
        return [type(e).__name__, normalize(str(e))]


def all_outcomes(tf: Any) -> dict:
    out = {f"{p} | {m}": outcome(tf, p, m) for p in PIPELINES for m in MODES}
    out.update({f"path: {c}": path_outcome(tf, c) for c in PATHS})
    return out
