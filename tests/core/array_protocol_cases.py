"""Objects that are array-like through `__array__` without being NumPy arrays (a pandas
DataFrame or Series, or any class defining it), as TF 2.21 and Keras 3.15 take them:
convert_to_tensor calls `__array__()` and converts the array (its dtype kept, int64 and
float64 too, where a Python sequence would be read element by element); tf.function takes
one as that tensor; a Keras layer converts one as its input, and fit/predict slice one as
array data (a pandas Series as one column). The "pandas" cases run where pandas imports.
Shared by test_array_protocol.py (eagerflow) and record_array_protocol.py (TensorFlow 2.21,
run with pandas on its path). No eagerflow imports: TF's interpreter loads this file too."""

from typing import Any

import numpy as np

from tests.core.core_probe_io import outcome

try:
    import pandas
except ImportError:  # (its cases are left out)
    pandas = None


class ArrayLike:
    """An object with only `__array__`, giving the array it holds."""

    def __init__(self, a: Any) -> None:
        self.a = a

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        return self.a


class SequenceLike(ArrayLike):
    """One that is a Python sequence too (as a DataFrame is iterable)."""

    def __len__(self) -> int:
        return len(self.a)

    def __getitem__(self, i: int) -> Any:
        return self.a[i]


def _shown(t: Any) -> Any:
    return [t.dtype.name, t.shape.as_list(), t.numpy().tolist()]


def _conversions(tf: Any) -> dict:
    i64, f64 = np.array([1, 2], np.int64), np.array([1.5, 2.5])
    out = {}
    for kind, cls in (("array-like", ArrayLike), ("sequence-like", SequenceLike)):
        out.update({
            f"{kind} int64": lambda: _shown(tf.convert_to_tensor(cls(i64))),
            f"{kind} float64": lambda: _shown(tf.convert_to_tensor(cls(f64))),
            f"{kind} strings": lambda: _shown(tf.convert_to_tensor(cls(np.array(["a", "bc"])))),
            f"{kind} 0-d": lambda: _shown(tf.convert_to_tensor(cls(np.array(3)))),
            f"{kind} uint64": lambda: _shown(tf.convert_to_tensor(cls(np.array([1], np.uint64)))),
            f"{kind} float16": lambda: _shown(tf.convert_to_tensor(cls(np.array([1], np.float16)))),
            f"{kind} to int32": lambda: _shown(tf.convert_to_tensor(cls(f64), tf.int32)),
            f"{kind} wrapping to int32": lambda: _shown(
                tf.convert_to_tensor(cls(np.array([2**40 + 3])), tf.int32)),
            f"{kind} hint": lambda: _shown(tf.convert_to_tensor(cls(i64), dtype_hint=tf.float32)),
            f"{kind} strings to float": lambda: _shown(
                tf.convert_to_tensor(cls(np.array(["a"])), tf.float32)),
            f"{kind} floats to string": lambda: _shown(
                tf.convert_to_tensor(cls(f64), tf.string)),
            f"{kind} constant": lambda: _shown(tf.constant(cls(i64), dtype=tf.float64)),
            f"{kind} op": lambda: _shown(tf.add(cls(f64), cls(f64))),
            f"{kind} operator": lambda: _shown(tf.constant(1.0, tf.float64) * cls(f64)),
            f"{kind} dataset": lambda: repr(
                tf.data.Dataset.from_tensor_slices((cls(f64), cls(i64))).element_spec),
            f"{kind} scalar from __array__": lambda: tf.convert_to_tensor(cls(np.float64(2.0))),
            f"{kind} variable": lambda: _shown(tf.Variable(cls(i64))),
            f"{kind} assign": lambda: _shown(tf.Variable([0.0, 0.0], dtype=tf.float64).assign(
                cls(f64))),
            f"{kind} keras variable": lambda: _shown(tf.keras.Variable(cls(f64)).value),
            f"{kind} keras int variable": lambda: _shown(tf.keras.Variable(cls(i64)).value),
            f"{kind} ones_like": lambda: _shown(tf.ones_like(cls(i64))),
        })
    return out


def _functions(tf: Any) -> dict:
    traced = []

    @tf.function
    def plus_one(x):
        traced.append(1)
        return x + 1

    def twice():
        a = plus_one(ArrayLike(np.array([1], np.int64)))
        b = plus_one(SequenceLike(np.array([5], np.int64)))
        return [_shown(a), _shown(b), len(traced)]

    def inside():
        return _shown(tf.function(lambda: tf.convert_to_tensor(
            ArrayLike(np.array([1.5]))))())

    return {"tf.function argument": twice, "tf.function conversion": inside}


def _keras(tf: Any) -> dict:
    def layer():
        tf.keras.utils.set_random_seed(1)
        norm = tf.keras.layers.Normalization(mean=2.0, variance=4.0)
        return _shown(norm(ArrayLike(np.array([[0.0, 2.0]]))))

    def fit_predict():
        tf.keras.utils.set_random_seed(1)
        model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
        model.compile(loss="mse", optimizer="sgd")
        x = ArrayLike(np.arange(8.0).reshape(4, 2) / 8)
        y = ArrayLike(np.arange(4.0))
        history = model.fit(x, y, batch_size=2, epochs=1, verbose=0)
        return [sorted(history.history), model.predict(x, verbose=0).shape]

    return {"keras layer input": layer, "keras fit and predict": fit_predict}


def _pandas(tf: Any) -> dict:
    df = pandas.DataFrame({"age": np.array([31, 29, 45, 52], np.int64),
                           "chol": np.array([199.5, 273.25, 464.0, 240.75]),
                           "thal": ["a", "b", "a", "c"]})
    target = pandas.Series(np.array([1, 0, 1, 1], np.int64))
    num = df[["age", "chol"]]

    def model(inputs: Any) -> Any:
        tf.keras.utils.set_random_seed(2)
        if isinstance(inputs, dict):
            ins = {k: tf.keras.Input((1,), name=k) for k in inputs}
            x = tf.keras.layers.Concatenate()(list(ins.values()))
        else:
            ins = x = tf.keras.Input((2,))
        m = tf.keras.Model(ins, tf.keras.layers.Dense(1)(x))
        m.compile(loss="mse", optimizer="sgd")
        return m

    def fit(inputs: Any) -> Any:
        m = model(inputs)
        history = m.fit(inputs, target, batch_size=2, epochs=1, verbose=0)
        return [len(history.history["loss"]), m.predict(inputs, verbose=0).shape,
                len(m.evaluate(inputs, target, verbose=0, return_dict=True))]

    def typed_inputs() -> Any:
        # (the tutorial's full example: an Input per column, typed from it; a functional
        # model reads no dtype of what it is given before converting it)
        tf.keras.utils.set_random_seed(3)
        ins = {"age": tf.keras.Input((), name="age"),
               "thal": tf.keras.Input((), name="thal", dtype=tf.string)}
        thal = tf.keras.layers.StringLookup(vocabulary=["a", "b"], output_mode="one_hot")
        x = tf.keras.layers.Concatenate()([tf.keras.layers.Reshape((1,))(ins["age"]),
                                           thal(ins["thal"])])
        m = tf.keras.Model(ins, tf.keras.layers.Dense(1)(x))
        m.compile(loss="mse", optimizer="sgd")
        return m

    def typed(call: Any) -> Any:
        return call(typed_inputs(), {"age": df["age"].astype("float32"), "thal": df["thal"]})

    return {
        "pandas typed inputs called": lambda: typed(lambda m, d: m(d).shape),
        "pandas typed inputs fit": lambda: typed(lambda m, d: m.fit(d, target, verbose=0)),
        "pandas typed inputs predict": lambda: typed(lambda m, d: m.predict(d, verbose=0)),
        "pandas typed inputs dataset": lambda: typed(lambda m, d: len(m.fit(
            tf.data.Dataset.from_tensor_slices((d, target)).batch(2), verbose=0).history)),
        "pandas DataFrame": lambda: _shown(tf.convert_to_tensor(num)),
        "pandas Series": lambda: _shown(tf.convert_to_tensor(target)),
        "pandas strings": lambda: _shown(tf.convert_to_tensor(df["thal"])),
        "pandas DataFrame as float32": lambda: _shown(tf.convert_to_tensor(num, tf.float32)),
        "pandas dataset": lambda: repr(
            tf.data.Dataset.from_tensor_slices((num, target)).element_spec),
        "pandas dataset of dicts": lambda: repr(
            tf.data.Dataset.from_tensor_slices((dict(df), target)).element_spec),
        "pandas layer input": lambda: _shown(
            tf.keras.layers.Normalization(mean=2.0, variance=4.0)(num.iloc[:2])),
        "pandas fit DataFrame": lambda: fit(num),
        "pandas fit dict of Series": lambda: fit(dict(num)),
        "pandas predict dict of rows": lambda: model(dict(num)).predict(
            dict(num.iloc[:3]), verbose=0).shape,
        "pandas tf.function": lambda: _shown(tf.function(lambda x: x * 2)(num)),
    }


def run(tf: Any) -> dict:
    programs = {**_conversions(tf), **_functions(tf), **_keras(tf),
                **(_pandas(tf) if pandas is not None else {})}
    return {name: outcome(fn) for name, fn in programs.items()}
