"""Whole SavedModels in kinds the other file_cases*.py leave out, as file_cases_kinds.py's
cases (write, read): signatures over nested dict-of-tuple specs, bool and string inputs,
unknown ranks and ragged/sparse specs of other ranks and dtypes, returning dicts; signatures
given as a mix of functions and concrete functions; static tables from tensors and from a
vocabulary file kept as an asset when the SavedModel is moved; variables made under a
MirroredStrategy or with every aggregation and synchronization; functions closing over
constants of every dtype; tf.functions calling tf.functions; while loops, conds, switch
cases, TensorArrays, map_fn, scan and foldl in the saved graph; Keras 3 functional and
subclassed models exported with model.export() and an ExportArchive; SaveOptions
(namespace_whitelist, function_aliases, experimental_custom_gradients) and what a user
inspects of the signatures (saved_model_cli's view). file_cases_kinds.py adds them to its
CASES (golden/file_cases_kinds.json holds TF 2.21's reads of its own files, the files TF
wrote of SAVED_TF_FILES are kept in golden/file_cases_kinds/); test_file_cases_saved.py
checks them. Builders take the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import json
import os
import re
import shutil

import numpy as np

from tests.interop.file_cases import errors
from tests.interop.file_cases import errors as _errors
from tests.saved_model.user_model_cases import (
    _top_items,
    outcome,
    signature_facts,
    variable_facts,
)


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def _spec_facts(fn) -> dict:
    """A (restored) concrete function's structures as a user inspects them."""
    return {"inputs": outcome(lambda: fn.structured_input_signature),
            "outputs": outcome(lambda: fn.structured_outputs)}


def _dicts_sorted(text: str) -> str:
    """`text` with the entries of each `Dict[...]` it prints in key order (TF restores a
    signature's dict from a protobuf map, whose order varies from run to run)."""
    out, at = [], 0
    while (start := text.find("Dict[", at)) >= 0:
        start += len("Dict[")
        depth, end = 1, start
        while depth and end < len(text):
            depth += {"[": 1, "]": -1}.get(text[end], 0)
            end += 1
        inner = ", ".join(sorted(_dicts_sorted(item) for item in _top_items(text[start:end - 1])))
        out += [text[at:start], inner, "]"]
        at = end
    return "".join(out) + text[at:]


def _binding(fn, d) -> dict:
    """errors(fn, d), its message's dicts in key order."""
    out = errors(fn, d)
    if "message" in out:
        out["message"] = _dicts_sorted(out["message"])
    return out


# --- signatures over odd specs ----------------------------------------------------------------

def write_nested_specs(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[{
            "pair": (tf.TensorSpec([None], tf.float32, name="a"),
                     tf.TensorSpec([None], tf.int32, name="b")),
            "flag": tf.TensorSpec([], tf.bool, name="flag")}])
        def combine(self, inputs):
            a, b = inputs["pair"]
            total = a + tf.cast(b, tf.float32)
            return {"total": tf.where(inputs["flag"], total, -total),
                    "count": tf.size(b)}

        @tf.function(input_signature=[(tf.TensorSpec([2], tf.float32),
                                       (tf.TensorSpec([], tf.int64),
                                        tf.TensorSpec([None, None], tf.float32)))])
        def deep(self, t):
            x, (k, m) = t
            return {"x": x * tf.cast(k, tf.float32), "m": tf.reduce_sum(m)}

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"combine": m.combine, "deep": m.deep})


def read_nested_specs(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    inputs = {"pair": (tf.constant([1.0, 2.0]), tf.constant([3, 4])), "flag": tf.constant(False)}
    deep_in = (tf.constant([1.0, 2.0]), (tf.constant(3, tf.int64), tf.ones([2, 3])))
    return {"combine": outcome(lambda: m.combine(inputs)),
            "deep": outcome(lambda: m.deep(deep_in)),
            "combine_spec": _spec_facts(m.combine.concrete_functions[0]),
            "deep_spec": _spec_facts(m.deep.concrete_functions[0]),
            "sig_combine": outcome(lambda: m.signatures["combine"](
                a=tf.constant([1.0]), b=tf.constant([2]), flag=tf.constant(True))),
            "wrong_keys": _binding(lambda: m.combine({"pair": tf.constant([1.0])}), d),
            "short_tuple": _binding(lambda: m.combine(
                {"pair": (tf.constant([1.0]),), "flag": True}), d),
            "leaf_dtype": _binding(lambda: m.combine(
                {"pair": (tf.constant([1.0]), tf.constant([1.0])), "flag": True}), d),
            "python_leaves": outcome(lambda: m.combine(
                {"pair": (tf.constant([1.0]), [2]), "flag": True})),
            "not_a_dict": _binding(lambda: m.combine([1, 2]), d),
            "deep_python": outcome(lambda: m.deep((tf.constant([1.0, 2.0]),
                                                   (3, [[1.0, 2.0]])))),
            "signatures": signature_facts(m, tf)}


def write_bool_string_inputs(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="words"),
                                      tf.TensorSpec([None], tf.bool, name="keep"),
                                      tf.TensorSpec(None, tf.string, name="sep")])
        def join(self, words, keep, sep):
            kept = tf.boolean_mask(words, keep)
            joined = tf.strings.reduce_join(kept, separator="-")
            return {"joined": tf.strings.join([joined, sep]),
                    "lengths": tf.strings.length(kept),
                    "any": tf.reduce_any(keep), "mask": tf.logical_not(keep)}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32, name="x")])
        def describe(self, x):
            return {"rank": tf.rank(x), "shape": tf.shape(x),
                    "text": tf.strings.as_string(tf.reduce_sum(x), precision=2),
                    "positive": x > 0}

    tf.saved_model.save(M(), path(d, "sm"))


def read_bool_string_inputs(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    words = tf.constant(["alpha", "b", "gamma", ""])
    keep = tf.constant([True, False, True, True])
    return {"join": outcome(lambda: m.join(words, keep, tf.constant("-"))),
            "none": outcome(lambda: m.join(words, tf.zeros([4], tf.bool), tf.constant(","))),
            "scalar": outcome(lambda: m.describe(tf.constant(-1.5))),
            "cube": outcome(lambda: m.describe(tf.ones([2, 1, 2]))),
            "sep_rank": errors(lambda: m.join(words, keep, tf.constant(["a", "b"])), d),
            "bad_dtype": errors(lambda: m.join(words, tf.constant([1, 0, 1, 1]),
                                               tf.constant("-")), d),
            "signatures": signature_facts(m, tf)}


def write_composite_kinds(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None, None], tf.int32, 2,
                                                          row_splits_dtype=tf.int32)])
        def deep_ragged(self, r):
            return {"sum": tf.reduce_sum(r, axis=[1, 2]), "rows": r.row_lengths(),
                    "flat": r.flat_values}

        @tf.function(input_signature=[tf.SparseTensorSpec(None, tf.string)])
        def sparse_any(self, sp):
            return {"dense": tf.sparse.to_dense(sp, default_value="-"),
                    "n": tf.size(sp.values), "shape": sp.dense_shape}

        @tf.function(input_signature=[tf.RaggedTensorSpec([2, None], tf.float64, 1)])
        def returns_ragged(self, r):
            return r * 2.0

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"deep_ragged": m.deep_ragged,
                                                    "sparse_any": m.sparse_any})


def read_composite_kinds(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    r = tf.RaggedTensor.from_nested_row_lengths(
        tf.range(7), [tf.constant([2, 1], tf.int32), tf.constant([3, 0, 4], tf.int32)])
    sp = tf.sparse.SparseTensor([[0, 1, 0], [1, 0, 2]], tf.constant(["x", "y"]), [2, 2, 3])
    twos = tf.ragged.constant([[1.0, 2.0], [3.0]], tf.float64)
    return {"deep": outcome(lambda: m.deep_ragged(r)),
            "sparse": outcome(lambda: m.sparse_any(sp)),
            "ragged_out": outcome(lambda: m.returns_ragged(twos)),
            "ragged_out_spec": _spec_facts(m.returns_ragged.concrete_functions[0]),
            "three_rows": errors(lambda: m.returns_ragged(
                tf.ragged.constant([[1.0], [2.0], [3.0]], tf.float64)), d),
            "signatures": signature_facts(m, tf)}


def write_mixed_signatures(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([2.0, -1.0, 0.5], name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
        def score(self, x):
            return tf.reduce_sum(x * self.w, axis=1)

        @tf.function
        def scale(self, x, k):
            return x * tf.cast(k, x.dtype), tf.shape(x)

    m = M()
    m.scale(tf.constant([1.0]), 2)  # (a trace of its own, not a signature)
    tf.saved_model.save(m, path(d, "sm"), signatures={
        "a": m.score,
        "b": m.scale.get_concrete_function(tf.TensorSpec([None, 2], tf.float64, name="v"),
                                           tf.TensorSpec([], tf.int32, name="k"))})


def read_mixed_signatures(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    v = tf.constant([[1.0, 2.0]], tf.float64)
    return {"a": outcome(lambda: m.signatures["a"](x=tf.ones([2, 3]))),
            "b": outcome(lambda: m.signatures["b"](v=v, k=tf.constant(3))),
            "scale_traced": outcome(lambda: m.scale(tf.constant([1.0]), 2)),
            "scale_sig_trace": outcome(lambda: m.scale(v, tf.constant(4))),
            "scale_untraced": errors(lambda: m.scale(tf.constant([1.0]), 5), d),
            "traces": outcome(lambda: len(m.scale.concrete_functions)),
            "signatures": signature_facts(m, tf)}


# --- tables ---------------------------------------------------------------------------------

def write_static_tables(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.names = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                tf.constant([3, 1, 4], tf.int64), tf.constant(["three", "one", "four"])),
                default_value="?")
            self.weights = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                ["a", "b"], [0.5, -2.0], key_dtype=tf.string, value_dtype=tf.float32), 0.0)
            self.buckets = tf.lookup.StaticVocabularyTable(
                tf.lookup.KeyValueTensorInitializer(["x", "y"], tf.constant([0, 1], tf.int64)),
                num_oov_buckets=3)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64),
                                      tf.TensorSpec([None], tf.string)])
        def look(self, ids, words):
            return {"names": self.names.lookup(ids), "weights": self.weights.lookup(words),
                    "buckets": self.buckets.lookup(words), "size": self.names.size()}

    tf.saved_model.save(M(), path(d, "sm"))


def read_static_tables(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    ids = tf.constant([4, 2, 1], tf.int64)
    words = tf.constant(["b", "x", "zzz", "y"])
    return {"look": outcome(lambda: m.look(ids, words)),
            "sizes": outcome(lambda: [m.names.size(), m.weights.size(), m.buckets.size()]),
            "direct": outcome(lambda: m.weights.lookup(tf.constant(["a"]))),
            "kinds": [type(m.names).__name__, type(m.buckets).__name__],
            "serving": outcome(lambda: sorted(m.signatures))}


def write_vocab_asset_moved(tf, keras, d):
    src = path(d, "src")
    os.makedirs(src, exist_ok=True)
    vocab = path(src, "labels.txt")
    with open(vocab, "w") as f:
        f.write("cat\t7\ndog\t9\nfish\t11\n")

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.vocab = tf.saved_model.Asset(vocab)
            init = tf.lookup.TextFileInitializer(self.vocab, tf.string, 0, tf.int64, 1,
                                                 delimiter="\t")
            self.table = tf.lookup.StaticHashTable(init, -1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def label(self, words):
            return self.table.lookup(words)

        @tf.function(input_signature=[])
        def text(self):
            return tf.io.read_file(self.vocab)

    tf.saved_model.save(M(), path(d, "first"))
    shutil.rmtree(src)  # the SavedModel's own copy is all that is left
    shutil.move(path(d, "first"), path(d, "moved"))


def read_vocab_asset_moved(tf, keras, d):
    m = tf.saved_model.load(path(d, "moved"))
    where = outcome(lambda: m.vocab.asset_path)
    if isinstance(where.get("tensor"), str):  # (the file's folder, relative)
        where["tensor"] = os.path.relpath(where["tensor"], d)
    return {"label": outcome(lambda: m.label(tf.constant(["dog", "cow", "fish"]))),
            "text": outcome(lambda: m.text()),
            "asset_path": where,
            "assets": sorted(os.listdir(path(d, path("moved", "assets")))),
            "size": outcome(lambda: m.table.size())}


# --- variables ------------------------------------------------------------------------------

def write_mirrored_variables(tf, keras, d):
    strategy = tf.distribute.MirroredStrategy(["cpu:0"])
    with strategy.scope():
        m = tf.Module()
        m.w = tf.Variable([1.0, 2.0], name="w")
        m.mean = tf.Variable(0.5, aggregation=tf.VariableAggregation.MEAN,
                             synchronization=tf.VariableSynchronization.ON_READ, name="mean")
        m.steps = tf.Variable(0, trainable=False, name="steps",
                              aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def apply(x):
            m.steps.assign_add(1)
            return tf.reduce_sum(x * m.w, axis=1) + m.mean
        m.apply = apply
        tf.saved_model.save(m, path(d, "sm"))


def _variable_settings(v) -> list:
    return [v.name, str(v.aggregation), str(v.synchronization), bool(v.trainable),
            str(v.shape), type(v).__name__]


def read_mirrored_variables(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([[1.0, 1.0], [0.0, 2.0]])
    first = outcome(lambda: m.apply(x))
    return {"apply": first, "again": outcome(lambda: m.apply(x)),
            "steps": outcome(lambda: m.steps),
            "settings": [_variable_settings(v) for v in (m.w, m.mean, m.steps)]}


def write_variable_kinds(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.frozen = tf.Variable([1.0, 2.0], trainable=False, name="frozen")
            self.free = tf.Variable(np.arange(6, dtype="int32").reshape(2, 3),
                                    shape=tf.TensorShape(None), name="free")
            self.on_write = tf.Variable(1.5, name="on_write",
                                        synchronization=tf.VariableSynchronization.ON_WRITE,
                                        aggregation=tf.VariableAggregation.SUM)
            self.auto = tf.Variable(2.0, synchronization=tf.VariableSynchronization.AUTO,
                                    aggregation=tf.VariableAggregation.NONE, name="auto")
            self.ragged_shape = tf.Variable(tf.zeros([2, 2]), shape=[None, 2], name="rows")

        @tf.function(input_signature=[tf.TensorSpec(None, tf.int32)])
        def replace(self, value):
            self.free.assign(value)
            return tf.shape(self.free)

    tf.saved_model.save(M(), path(d, "sm"))


def read_variable_kinds(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    out = {"settings": [_variable_settings(v) for v in
                        (m.frozen, m.free, m.on_write, m.auto, m.ragged_shape)],
           "replace": outcome(lambda: m.replace(tf.constant([[[1]], [[2]]]))),
           "after": outcome(lambda: m.free.read_value()),
           "trainable": outcome(lambda: variable_facts(
               [v for v in (m.frozen, m.free, m.on_write, m.auto) if v.trainable])),
           "assign_rows": outcome(lambda: m.ragged_shape.assign(tf.ones([3, 2])).shape)}
    return out


# --- constants and nested functions -----------------------------------------------------------

CONSTANT_DTYPES = ("bfloat16", "float16", "float32", "float64", "complex64", "complex128",
                   "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                   "bool", "string")


def _constant(tf, dtype: str):
    if dtype == "string":
        return tf.constant(["a", "\u00e9\u00e8", "\x00z"])
    if dtype == "bool":
        return tf.constant([True, False, True])
    if dtype.startswith("complex"):
        return tf.constant([1 + 2j, -0.5j, 3.0], dtype)
    if dtype.startswith("uint"):
        return tf.constant(np.array([0, 7, np.iinfo(dtype).max], dtype))
    if dtype.startswith("int"):
        info = np.iinfo(dtype)
        return tf.constant(np.array([info.min, -1, info.max], dtype))
    return tf.cast(tf.constant([0.1, -2.5, 1e3]), dtype)


def write_constant_dtypes(tf, keras, d):
    consts = {k: _constant(tf, k) for k in CONSTANT_DTYPES}

    class M(tf.Module):
        @tf.function(input_signature=[])
        def values(self):
            return {k: (tf.stack([tf.math.real(c), tf.math.imag(c)]) if k.startswith("complex")
                        else tf.cast(c, tf.float32) if k in ("bfloat16", "float16") else c)
                    for k, c in consts.items()}

        @tf.function(input_signature=[])
        def dtypes(self):
            return {k: tf.constant(c.dtype.name) for k, c in consts.items()}

        @tf.function(input_signature=[tf.TensorSpec([], tf.uint64)])
        def big(self, n):
            return n + consts["uint64"][1], tf.bitwise.right_shift(consts["uint64"][2], n)

    tf.saved_model.save(M(), path(d, "sm"))


def read_constant_dtypes(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"values": outcome(lambda: m.values()), "dtypes": outcome(lambda: m.dtypes()),
            "big": outcome(lambda: m.big(tf.constant(60, tf.uint64)))}


def write_nested_functions(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([0.5, 2.0], name="w")

        @tf.function
        def inner(self, x):
            return tf.nn.relu(x * self.w)

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def middle(self, x):
            return self.inner(x) + self.inner(-x)

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def outer(self, x):
            with tf.GradientTape() as tape:
                y = tf.reduce_sum(self.middle(x) ** 2)
            return {"y": y, "dw": tape.gradient(y, self.w)}

    @tf.function
    def helper(x, depth):
        return x if depth == 0 else helper(x * 2.0, depth - 1) + 1.0

    m = M()
    m.chain = tf.function(lambda x: helper(x, 3),
                          input_signature=[tf.TensorSpec([], tf.float32)])
    tf.saved_model.save(m, path(d, "sm"))


def read_nested_functions(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([[1.0, -1.0], [2.0, 3.0]])
    return {"outer": outcome(lambda: m.outer(x)), "middle": outcome(lambda: m.middle(x)),
            "inner_traces": outcome(lambda: len(m.inner.concrete_functions)),
            "inner": outcome(lambda: m.inner(tf.constant([[1.0, 1.0]]))),
            "chain": outcome(lambda: m.chain(tf.constant(1.5)))}


def write_control_flow(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def collatz(self, n):
            steps, _ = tf.while_loop(lambda s, k: k > 1,
                                     lambda s, k: (s + 1, tf.where(k % 2 == 0, k // 2,
                                                                   3 * k + 1)),
                                     (tf.constant(0), n), maximum_iterations=200)
            return steps

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def grow(self, x):
            out = tf.while_loop(lambda v: tf.size(v) < 8, lambda v: [tf.concat([v, v], 0)],
                                [x], shape_invariants=[tf.TensorShape([None])])
            return out

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32),
                                      tf.TensorSpec([], tf.int32)])
        def branch(self, x, k):
            c = tf.cond(x > 0, lambda: {"v": x * 2.0, "s": tf.constant("pos")},
                        lambda: {"v": -x, "s": tf.constant("neg")})
            s = tf.switch_case(k, [lambda: x + 1.0, lambda: x * x], default=lambda: x)
            return {"cond": c, "switch": s}

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
        def mapped(self, x):
            norms = tf.map_fn(lambda r: tf.norm(r), x)
            pairs = tf.map_fn(lambda r: (tf.reduce_max(r), tf.argmax(r, output_type=tf.int32)),
                              x, fn_output_signature=(tf.float32, tf.int32))
            text = tf.map_fn(lambda r: tf.strings.as_string(r[0]), x,
                             fn_output_signature=tf.string)
            cums = tf.scan(lambda a, r: a + r, x)
            total = tf.foldl(lambda a, r: a * tf.reduce_sum(r), x, initializer=1.0)
            return {"norms": norms, "pairs": pairs, "text": text, "cums": cums,
                    "total": total}

        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def fib(self, n):
            ta = tf.TensorArray(tf.int64, size=n, clear_after_read=False,
                                element_shape=[])
            ta = ta.write(0, tf.constant(0, tf.int64)).write(1, tf.constant(1, tf.int64))
            for i in tf.range(2, n):
                ta = ta.write(i, ta.read(i - 1) + ta.read(i - 2))
            return ta.stack(), ta.size()

    tf.saved_model.save(M(), path(d, "sm"))


def _graph_error(fn) -> tuple:
    """A function's runtime error as (its class and the kernel's words, the failing node's
    name): a loaded function's number in TF's message is its own loading's."""
    out = outcome(fn)
    message = out.pop("message", "")
    node = re.search(r"\{\{node ([^}]+)\}\}", message)
    out["kernel"] = [line for line in message.split("\n") if line and not line.startswith(
        ("Graph execution error", "Detected at node", "<stack traces", "\t"))]
    return out, node and node.group(1)


def read_control_flow(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    empty, empty_node = _graph_error(lambda: m.mapped(tf.zeros([0, 3])))
    x = tf.constant([[3.0, 4.0, 0.0], [-1.0, 2.0, 2.0]])
    return {"collatz": outcome(lambda: [m.collatz(tf.constant(n)) for n in (1, 6, 27)]),
            "grow": outcome(lambda: m.grow(tf.constant([1.0, 2.0, 3.0]))),
            "branch": outcome(lambda: [m.branch(tf.constant(v), tf.constant(k))
                                       for v, k in ((2.0, 0), (-3.0, 1), (1.0, 7))]),
            "mapped": outcome(lambda: m.mapped(x)),
            "mapped_empty": empty, "mapped_empty_node": empty_node,
            "fib": outcome(lambda: m.fib(tf.constant(10)))}


# --- Keras models -----------------------------------------------------------------------------

def _set_weights(model, seed: int) -> None:
    rng = np.random.RandomState(seed)
    for w in model.weights:
        w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype(str(w.dtype)))


XS = np.linspace(-1, 1, 12, dtype="float32").reshape(4, 3)


def write_functional_export(tf, keras, d):
    num = keras.Input((3,), name="num")
    extra = keras.Input((None, 2), name="extra")
    pooled = keras.layers.GlobalAveragePooling1D(name="pool")(extra)
    both = keras.layers.Concatenate(name="cat")([num, pooled])
    hidden = keras.layers.Dense(4, activation="tanh", name="hidden")(both)
    model = keras.Model({"num": num, "extra": extra},
                        {"score": keras.layers.Dense(1, name="score")(hidden),
                         "probs": keras.layers.Dense(2, activation="softmax",
                                                     name="probs")(hidden)})
    _set_weights(model, 61)
    model.export(path(d, "export"), verbose=False)


def read_functional_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    inputs = {"num": tf.constant(XS), "extra": tf.constant(XS[:, :2].reshape(4, 1, 2))}
    return {"serve": outcome(lambda: m.serve(inputs)),
            "serving_default": outcome(lambda: m.signatures["serving_default"](**inputs)),
            "serve_spec": _spec_facts(m.serve.concrete_functions[0]),
            "signatures": signature_facts(m, tf),
            "variables": outcome(lambda: sorted(list(v.shape) for v in m.variables))}


def write_subclassed_archive(tf, keras, d):
    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.body = keras.layers.Dense(3, activation="relu", name="body")
            self.head = keras.layers.Dense(1, name="head")
            self.seen = keras.Variable(0.0, trainable=False, name="seen")

        def call(self, x):
            return self.head(self.body(x))

    net = Net()
    net(XS)
    _set_weights(net, 62)
    net.export(path(d, "export"), verbose=False)
    archive = keras.export.ExportArchive()
    archive.track(net)
    archive.add_endpoint("predict", net.call,
                         input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    archive.add_endpoint("hidden", lambda x: {"h": net.body(x), "n": tf.shape(x)[0]},
                         input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    archive.add_variable_collection("head_vars", net.head.weights)
    archive.add_variable_collection("state", [net.seen])
    archive.write_out(path(d, "archive"), verbose=False)


def read_subclassed_archive(tf, keras, d):
    exported = tf.saved_model.load(path(d, "export"))
    archived = tf.saved_model.load(path(d, "archive"))
    x = tf.constant(XS)
    return {"serve": outcome(lambda: exported.serve(x)),
            "export_signatures": signature_facts(exported, tf),
            "predict": outcome(lambda: archived.predict(x)),
            "hidden": outcome(lambda: archived.hidden(x)),
            "head_vars": outcome(lambda: sorted(list(v.shape) for v in archived.head_vars)),
            "state": outcome(lambda: [bool(v.trainable) for v in archived.state]),
            "archive_signatures": signature_facts(archived, tf)}


# --- options and inspection -----------------------------------------------------------------

def write_save_options(tf, keras, d):
    @tf.custom_gradient
    def halved(x):
        return tf.identity(x), lambda dy: dy * 0.5

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(3.0, name="v")

        @tf.function
        def f(self, x):
            return halved(x * self.v)

    m = M()
    m.f(tf.constant(1.0))
    m.f(tf.constant([1.0, 2.0]))
    opts = tf.saved_model.SaveOptions(namespace_whitelist=["Custom"],
                                      function_aliases={"poly_f": m.f},
                                      experimental_custom_gradients=True)
    tf.saved_model.save(m, path(d, "sm"), options=opts)


def read_save_options(tf, keras, d):
    plain = tf.saved_model.load(path(d, "sm"))
    aliased = tf.saved_model.load(path(d, "sm"), options=tf.saved_model.LoadOptions(
        experimental_load_function_aliases=True))
    x = tf.constant([1.0, -2.0])

    def grad():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = plain.f(x)
        return tape.gradient(y, x)

    aliases = getattr(aliased, "function_aliases", None)
    return {"f": outcome(lambda: plain.f(x)), "grad": outcome(grad),
            "has_aliases": [hasattr(plain, "function_aliases"), aliases is not None],
            "alias_names": outcome(lambda: sorted(aliases)),
            "alias_kind": outcome(lambda: type(aliases["poly_f"]).__name__),
            "alias_traces": outcome(lambda: len(aliases["poly_f"])),
            "alias_call": outcome(lambda: sorted(
                [float(tf.reduce_sum(cf(x if cf.structured_input_signature[0][0].shape.rank
                                        else tf.constant(2.0))))
                 for cf in aliases["poly_f"]]))}


def write_signature_inspection(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(np.ones((3, 2), "float32"), name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="features"),
                                      tf.TensorSpec([None], tf.int64, name="ids")])
        def predict(self, x, ids):
            return {"logits": x @ self.w, "ids": ids + 1}

        @tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float16)])
        def half(self, x):
            return tf.reduce_mean(x, axis=1)

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32),
                                      tf.TensorSpec([], tf.float32)])
        def pair(self, a, b):
            return a + b, a * b

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={
        "serving_default": m.predict, "half": m.half, "pair": m.pair})


def read_signature_inspection(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    out = {}
    for name in sorted(m.signatures):
        sig = m.signatures[name]
        out[name] = {"spec": _spec_facts(sig),
                     "inputs": outcome(lambda: sorted([t.name, t.dtype.name, str(t.shape)]
                                                      for t in sig.inputs
                                                      if t.dtype != tf.resource)),
                     "outputs": outcome(lambda: sorted([t.dtype.name, str(t.shape)]
                                                       for t in sig.outputs)),
                     "kwargs": outcome(lambda: sorted(
                         sig.structured_input_signature[1]))}
    out["predict_fn_inputs"] = outcome(lambda: [
        [t.name, t.dtype.name, str(t.shape)]
        for t in m.predict.concrete_functions[0].inputs if t.dtype != tf.resource])
    out["predict_fn_outputs"] = outcome(lambda: sorted(
        [t.dtype.name, str(t.shape)] for t in m.predict.concrete_functions[0].outputs))
    out["pair_call"] = outcome(lambda: m.signatures["pair"](a=tf.constant(2.0),
                                                            b=tf.constant(5.0)))
    out["half_call"] = outcome(lambda: m.signatures["half"](
        x=tf.ones([1, 2, 3], tf.float16)))
    return out


def write_signature_errors(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
        def ragged(self, x):
            return tf.RaggedTensor.from_row_lengths(x, [1, tf.size(x) - 1])

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def plain(self, x):
            return {"y": x * 2.0}

        @tf.function
        def loose(self, x, k=2):
            return x * k

    def errors(fn, d):  # (a repr's address and a class's module are each process's own)
        out = _errors(fn, d)
        if isinstance(out, dict) and "message" in out:
            out["message"] = re.sub(r"<[\w.]*\.(\w+) object>", r"<\1 object>",
                                    re.sub(r" at 0x[0-9a-f]+>", ">", out["message"]))
        return out

    m = M()
    outcomes = {"ragged": errors(lambda: tf.saved_model.save(
                    m, path(d, "ragged"), signatures={"r": m.ragged}), d),
                "untraced": errors(lambda: tf.saved_model.save(
                    m, path(d, "untraced"), signatures={"l": m.loose}), d),
                "not_function": errors(lambda: tf.saved_model.save(
                    m, path(d, "nf"), signatures={"p": lambda x: x}), d),
                "bad_key": errors(lambda: tf.saved_model.save(
                    m, path(d, "bk"), signatures={3: m.plain}), d)}
    tf.saved_model.save(m, path(d, "sm"), signatures=m.plain)
    with open(path(d, "outcomes.json"), "w") as f:
        json.dump(outcomes, f, sort_keys=True)


def read_signature_errors(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    with open(path(d, "outcomes.json")) as f:
        saved = json.load(f)
    return {"saving": saved, "signatures": signature_facts(m, tf),
            "left": sorted(n for n in os.listdir(d) if n not in ("sm", "outcomes.json")),
            "serving": outcome(lambda: m.signatures["serving_default"](
                x=tf.constant([1.0])))}


def write_variable_policy(tf, keras, d):
    strategy = tf.distribute.MirroredStrategy(["cpu:0"])
    with strategy.scope():
        m = tf.Module()
        m.v = tf.Variable([1.0, -1.0], name="v")
        m.f = tf.function(lambda x: x * m.v, input_signature=[tf.TensorSpec([2], tf.float32)])
    expand = tf.saved_model.experimental.VariablePolicy.EXPAND_DISTRIBUTED_VARIABLES
    tf.saved_model.save(m, path(d, "expand"), options=tf.saved_model.SaveOptions(
        experimental_variable_policy=expand))
    tf.saved_model.save(m, path(d, "devices"), options=tf.saved_model.SaveOptions(
        experimental_variable_policy="save_variable_devices"))


def read_variable_policy(tf, keras, d):
    out = {}
    for name in ("expand", "devices"):
        m = tf.saved_model.load(path(d, name))
        out[name] = {"f": outcome(lambda: m.f(tf.constant([2.0, 3.0]))),
                     "v": outcome(lambda: m.v),
                     "v_device": outcome(lambda: m.v.device)}
    return out


SAVED_CASES = {
    "nested_specs": (write_nested_specs, read_nested_specs),
    "bool_string_inputs": (write_bool_string_inputs, read_bool_string_inputs),
    "composite_kinds": (write_composite_kinds, read_composite_kinds),
    "mixed_signatures": (write_mixed_signatures, read_mixed_signatures),
    "static_tables": (write_static_tables, read_static_tables),
    "vocab_asset_moved": (write_vocab_asset_moved, read_vocab_asset_moved),
    "mirrored_variables": (write_mirrored_variables, read_mirrored_variables),
    "variable_kinds": (write_variable_kinds, read_variable_kinds),
    "constant_dtypes": (write_constant_dtypes, read_constant_dtypes),
    "nested_functions": (write_nested_functions, read_nested_functions),
    "control_flow": (write_control_flow, read_control_flow),
    "functional_export": (write_functional_export, read_functional_export),
    "subclassed_archive": (write_subclassed_archive, read_subclassed_archive),
    "save_options": (write_save_options, read_save_options),
    "signature_inspection": (write_signature_inspection, read_signature_inspection),
    "signature_errors": (write_signature_errors, read_signature_errors),
    "variable_policy": (write_variable_policy, read_variable_policy),
}

# the cases whose files TF wrote are kept (each small) for eagerflow to read without TF
SAVED_TF_FILES = tuple(SAVED_CASES)

__all__ = ["SAVED_CASES", "SAVED_TF_FILES"]
