"""SavedModels of serving code in kinds the other file_cases*.py leave out, as
file_cases_kinds.py's cases (write, read): tables initialized from the columns of a
delimited text file (with a vocabulary size), vocabulary tables with out-of-vocabulary
buckets over ragged and sparse inputs and over int64 keys, two assets of one file name,
namedtuple and ExtensionType signatures, assertions in the saved graph, what a restored
concrete function reports of its shapes, traces of `experimental_relax_shapes` and
`get_concrete_function`, LoadOptions and tags, tf.Example parsing signatures, variables a
function makes on its first call, and keyword arguments. file_cases_kinds.py adds them to
its CASES (golden/file_cases_kinds.json holds TF 2.21's reads of its own files, the files
TF wrote are kept in golden/file_cases_kinds/); test_file_cases_serving.py checks them.
Builders take the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import collections
import json
import os
import re
import shutil

from tests.interop.file_cases import errors
from tests.saved_model.user_model_cases import outcome, signature_facts, variable_facts

Point = collections.namedtuple("Point", ["x", "y"])
Scaled = collections.namedtuple("Scaled", ["value", "scale"])


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def concrete_list(fn) -> list:
    """A (restored) function's concrete functions as printed, sorted."""
    return sorted(fn.pretty_printed_concrete_signatures().split("\n\n"))


def _first_line(fn, d) -> dict:
    """errors(fn, d) with only its message's first line and, for an error of a loaded
    function's node, the op's own message: not the node names (kinds_checks.KNOWN's
    control_flow/mapped_empty_node: eagerflow's retrace names its nodes otherwise)."""
    out = errors(fn, d)
    if isinstance(out, dict) and "message" in out:
        lines = out["message"].split("\n")
        out["message"] = lines[0]
        if "<stack traces unavailable>" in lines:
            out["op_message"] = lines[lines.index("<stack traces unavailable>") + 1]
    return out


# --- tables from text files --------------------------------------------------------------

TSV = "apple\t3\t0.5\nfig\t7\t1.5\nkiwi\t11\t-2.0\nplum\t13\t4.0\n"


def write_text_file_columns(tf, keras, d):
    source = path(d, "table.tsv")
    with open(source, "w") as f:
        f.write(TSV)

    def init(key, kdt, value, vdt, **kw):
        return tf.lookup.TextFileInitializer(source, kdt, key, vdt, value, delimiter="\t",
                                             **kw)

    line = tf.lookup.TextFileIndex.LINE_NUMBER
    whole = tf.lookup.TextFileIndex.WHOLE_LINE

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.counts = tf.lookup.StaticHashTable(init(0, tf.string, 1, tf.int64), -1)
            self.lines = tf.lookup.StaticHashTable(init(1, tf.int64, whole, tf.string), "?")
            self.scores = tf.lookup.StaticHashTable(init(0, tf.string, 2, tf.float64), 0.0)
            self.first_two = tf.lookup.StaticHashTable(
                init(0, tf.string, line, tf.int64, vocab_size=2), -1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string),
                                      tf.TensorSpec([None], tf.int64)])
        def look(self, words, ids):
            return {"counts": self.counts.lookup(words), "lines": self.lines.lookup(ids),
                    "scores": self.scores.lookup(words),
                    "first_two": self.first_two.lookup(words)}

    tf.saved_model.save(M(), path(d, "sm"))
    os.remove(source)  # (the SavedModel keeps its copy among its assets)


def read_text_file_columns(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    words = tf.constant(["kiwi", "apple", "pear", "plum"])
    ids = tf.constant([7, 2, 13], tf.int64)
    return {"look": outcome(lambda: m.look(words, ids)),
            "sizes": outcome(lambda: [m.counts.size(), m.lines.size(), m.scores.size(),
                                      m.first_two.size()]),
            "dtypes": outcome(lambda: [[t.key_dtype.name, t.value_dtype.name]
                                       for t in (m.counts, m.lines, m.scores, m.first_two)]),
            "classes": [type(t).__name__ for t in (m.counts, m.lines)],
            "assets": sorted(os.listdir(path(d, "sm/assets"))),
            "bad_column": _first_line(lambda: _asset_table(tf, d, 0, 5), d),
            "not_ints": _first_line(lambda: _asset_table(tf, d, 0, 0), d),
            "vocab_too_big": _first_line(lambda: _asset_table(tf, d, 0, 1, vocab_size=9), d),
            "wrong_delimiter": _first_line(lambda: _asset_table(tf, d, 0, 1, delimiter=","),
                                           d)}


def _asset_table(tf, d, key, value, delimiter="\t", **kw):
    """A table of the SavedModel's copy of the file, from columns `key` and `value` (an
    int64 value): its size, or the error of a column the file does not fit."""
    source = path(d, "sm/assets/table.tsv")
    init = tf.lookup.TextFileInitializer(source, tf.string, key, tf.int64, value,
                                         delimiter=delimiter, **kw)
    return tf.lookup.StaticHashTable(init, -1).size()


def write_vocab_oov(tf, keras, d):
    source = path(d, "words.txt")
    with open(source, "w") as f:
        f.write("red\ngreen\nblue\n")

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.words = tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(
                source, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                tf.lookup.TextFileIndex.LINE_NUMBER), num_oov_buckets=3)
            self.ids = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(
                tf.constant([10, 20, 30], tf.int64), tf.constant([0, 1, 2], tf.int64)),
                num_oov_buckets=4, lookup_key_dtype=tf.int64)

        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.string)])
        def ragged(self, r):
            return self.words.lookup(r)

        @tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.string)])
        def sparse(self, s):
            return self.words.lookup(s)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
        def numbers(self, n):
            return self.ids.lookup(n)

    tf.saved_model.save(M(), path(d, "sm"))
    os.remove(source)


def read_vocab_oov(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    ragged = tf.ragged.constant([["red", "cyan"], [], ["blue", "pink", "green"]])
    sparse = tf.sparse.SparseTensor([[0, 1], [1, 3], [2, 0]], ["green", "black", "white"],
                                    [3, 4])
    return {"ragged": outcome(lambda: m.ragged(ragged)),
            "sparse": outcome(lambda: m.sparse(sparse)),
            "numbers": outcome(lambda: m.numbers(tf.constant([20, 5, 30, 99, -1], tf.int64))),
            "sizes": outcome(lambda: [m.words.size(), m.ids.size()]),
            "assets": sorted(os.listdir(path(d, "sm/assets"))),
            "int32_keys": errors(lambda: m.ids.lookup(tf.constant([10, 7], tf.int32)), d),
            "int_words": errors(lambda: m.words.lookup(tf.constant([1])), d),
            "wrong_signature": errors(lambda: m.numbers(tf.constant([1.0])), d)}


def write_asset_collision(tf, keras, d):
    for sub, text in (("a", "one\ntwo\n"), ("b", "three\nfour\nfive\n")):
        os.makedirs(path(d, sub))
        with open(path(d, f"{sub}/vocab.txt"), "w") as f:
            f.write(text)

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.first = tf.saved_model.Asset(path(d, "a/vocab.txt"))
            self.second = tf.saved_model.Asset(path(d, "b/vocab.txt"))
            self.table = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
                self.second, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                tf.lookup.TextFileIndex.LINE_NUMBER), -1)

        @tf.function(input_signature=[])
        def texts(self):
            return {"first": tf.io.read_file(self.first), "second": tf.io.read_file(self.second)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def look(self, words):
            return self.table.lookup(words)

    tf.saved_model.save(M(), path(d, "sm"))
    for sub in ("a", "b"):
        os.remove(path(d, f"{sub}/vocab.txt"))


def read_asset_collision(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"texts": outcome(m.texts),
            "look": outcome(lambda: m.look(tf.constant(["four", "one", "five"]))),
            "assets": sorted(os.listdir(path(d, "sm/assets"))),
            "asset_paths": outcome(lambda: sorted(os.path.basename(a.asset_path.numpy().decode())
                                                  for a in (m.first, m.second)))}


# --- signatures over Python structures ---------------------------------------------------

def write_namedtuple_signature(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[Point(tf.TensorSpec([None], tf.float32),
                                            tf.TensorSpec([None], tf.float32))])
        def norm(self, p):
            return Scaled(tf.sqrt(p.x * p.x + p.y * p.y), tf.size(p.x))

        @tf.function
        def shift(self, p, by):
            return Point(p.x + by, p.y - by)

    m = M()
    m.shift(Point(tf.constant(1.0), tf.constant(2.0)), tf.constant(0.5))
    tf.saved_model.save(m, path(d, "sm"), signatures={"norm": m.norm})


def read_namedtuple_signature(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    p = Point(tf.constant([3.0, 0.0]), tf.constant([4.0, 1.0]))
    out = {"norm": outcome(lambda: m.norm(p)),
           "tuple_call": outcome(lambda: m.norm((tf.constant([6.0]), tf.constant([8.0])))),
           "shift": outcome(lambda: m.shift(Point(tf.constant(1.0), tf.constant(1.0)),
                                            tf.constant(2.0))),
           "norm_spec": outcome(lambda: m.norm.concrete_functions[0].structured_input_signature),
           "norm_outputs": outcome(lambda: m.norm.concrete_functions[0].structured_outputs),
           "shift_traces": outcome(lambda: concrete_list(m.shift)),
           "other_class": errors(lambda: m.norm(Scaled(tf.constant([1.0]),
                                                       tf.constant([1.0]))), d),
           "dict_call": errors(lambda: m.norm({"x": tf.constant([1.0]),
                                               "y": tf.constant([1.0])}), d),
           "shift_tuple": errors(lambda: m.shift((tf.constant(1.0), tf.constant(1.0)),
                                                 tf.constant(2.0)), d),
           "sig": outcome(lambda: m.signatures["norm"](x=tf.constant([1.0]),
                                                       y=tf.constant([1.0]))),
           "signatures": signature_facts(m, tf)}
    return out


_MADE: dict = {}  # (framework, class name) -> the class (a registered name is taken once)


def _extension_class(tf, name: str, annotations: dict, **attrs) -> type:
    key = (tf.__name__, name)
    if key not in _MADE:
        _MADE[key] = type(name, (tf.experimental.ExtensionType,), {
            "__module__": __name__, "__annotations__": annotations, **attrs})
    return _MADE[key]


def _masked_class(tf):
    # (annotations given as objects: this module's are strings, which name no `tf`)
    return _extension_class(tf, "Masked", {"values": tf.Tensor, "mask": tf.Tensor},
                            __name__="file_cases.Masked")


def _string_hint_spec(tf):
    """An ExtensionType annotated with a string that names nothing here: TF defines it,
    then refuses its Spec."""
    cls = _extension_class(tf, "Hinted", {"values": "tf.Tensor"})
    return cls.Spec(tf.TensorSpec([None], tf.float32))


def write_extension_signature(tf, keras, d):
    masked = _masked_class(tf)

    class M(tf.Module):
        @tf.function(input_signature=[masked.Spec(tf.TensorSpec([None], tf.float32),
                                                  tf.TensorSpec([None], tf.bool))])
        def total(self, m):
            return tf.reduce_sum(tf.where(m.mask, m.values, 0.0))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def positive(self, x):
            return masked(x, x > 0)

    tf.saved_model.save(M(), path(d, "sm"))


def read_extension_signature(tf, keras, d):
    masked = _masked_class(tf)
    m = tf.saved_model.load(path(d, "sm"))
    value = masked(tf.constant([1.0, -2.0, 3.0]), tf.constant([True, False, True]))
    made = outcome(lambda: m.positive(tf.constant([2.0, -1.0])))
    got = m.positive(tf.constant([2.0, -1.0]))
    return {"total": outcome(lambda: m.total(value)),
            "positive": made,
            "made_fields": outcome(lambda: [got.values, got.mask, type(got).__name__]),
            "round_trip": outcome(lambda: m.total(got)),
            "spec": outcome(lambda: repr(m.total.concrete_functions[0]
                                         .structured_input_signature)),
            "wrong_kind": errors(lambda: m.total(tf.constant([1.0])), d),
            "string_hint": errors(lambda: _string_hint_spec(tf), d)}


# --- what a loaded function reports -------------------------------------------------------

def write_assertions(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def checked(self, x):
            tf.debugging.assert_positive(x, message="need positive")
            return tf.math.log(x)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def finite(self, x):
            return tf.debugging.check_numerics(x * 2.0, "doubled")

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def shaped(self, x):
            return tf.ensure_shape(x, [None, 2]) + 1.0

    tf.saved_model.save(M(), path(d, "sm"))


def read_assertions(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"ok": outcome(lambda: m.checked(tf.constant([1.0, 2.0]))),
            "negative": _first_line(lambda: m.checked(tf.constant([1.0, -2.0])), d),
            "finite": outcome(lambda: m.finite(tf.constant([1.0]))),
            "nan": _first_line(lambda: m.finite(tf.constant([1.0, float("nan")])), d),
            "shaped": outcome(lambda: m.shaped(tf.ones([3, 2]))),
            "bad_shape": _first_line(lambda: m.shaped(tf.ones([2, 3])), d)}


def write_restored_shapes(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(tf.ones([3, 2]), name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32, name="x")])
        def project(self, x):
            return {"y": tf.einsum("abc,cd->abd", x, self.w),
                    "pooled": tf.reduce_mean(x, axis=1), "n": tf.shape(x)[0]}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.int32, name="k")])
        def anything(self, k):
            return k * 2, tf.cast(k, tf.float64)

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"project": m.project})


def _dtype_names(x):
    if isinstance(x, dict):
        return {k: _dtype_names(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_dtype_names(v) for v in x]
    return repr(x)


def _concrete_shapes(cf) -> dict:
    return {"output_shapes": outcome(lambda: cf.output_shapes),
            "output_dtypes": outcome(lambda: _dtype_names(cf.output_dtypes)),
            "inputs": outcome(lambda: cf.structured_input_signature),
            "outputs": outcome(lambda: cf.structured_outputs)}


def read_restored_shapes(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    sig = m.signatures["project"]
    return {"project": _concrete_shapes(m.project.concrete_functions[0]),
            "anything": _concrete_shapes(m.anything.concrete_functions[0]),
            "signature": _concrete_shapes(sig),
            "sig_inputs": outcome(lambda: [[t.dtype.name, t.shape.as_list()]
                                           for t in sig.inputs if t.dtype.name != "resource"]),
            "variables": outcome(lambda: [v.name for v in sig.variables]),
            "call": outcome(lambda: m.anything(tf.constant([[1, 2]]))),
            "input_shapes": outcome(lambda: [[t.dtype.name, t.shape.as_list()]
                                             for t in m.project.concrete_functions[0].inputs
                                             if t.dtype.name != "resource"]),
            "traced": outcome(lambda: m.anything.get_concrete_function(
                tf.TensorSpec([3], tf.int32)).structured_outputs),
            "traced_project": outcome(lambda: m.project.get_concrete_function(
                tf.TensorSpec([2, 5, 3], tf.float32)).output_shapes)}


def write_relax_shapes(tf, keras, d):
    class M(tf.Module):
        @tf.function(experimental_relax_shapes=True)
        def scale(self, x, k):
            return x * k

    m = M()
    for n in (1, 2, 3):
        m.scale(tf.ones([n]), tf.constant(2.0))
    m.scale.get_concrete_function(tf.TensorSpec([2, 2], tf.int32), tf.TensorSpec([], tf.int32))
    m.scale.get_concrete_function(tf.TensorSpec(None, tf.float64), 3.0)
    tf.saved_model.save(m, path(d, "sm"))


def read_relax_shapes(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"traces": outcome(lambda: concrete_list(m.scale)),
            "vector": outcome(lambda: m.scale(tf.ones([5]), tf.constant(3.0))),
            "ints": outcome(lambda: m.scale(tf.ones([2, 2], tf.int32), tf.constant(4))),
            "doubles": outcome(lambda: m.scale(tf.ones([2], tf.float64), 3.0)),
            "python_other": errors(lambda: m.scale(tf.ones([2], tf.float64), 4.0), d),
            "no_match": errors(lambda: m.scale(tf.ones([3, 3], tf.int32), tf.constant(1)), d)}


def write_load_options(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([5.0, 6.0], name="v")

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def f(self, x):
            return x * self.v

    m = M()
    m.v.assign([7.0, 8.0])
    tf.saved_model.save(m, path(d, "sm"))


def read_load_options(tf, keras, d):
    sm = path(d, "sm")
    partial = tf.saved_model.LoadOptions(allow_partial_checkpoint=True)
    return {"tagged": outcome(lambda: tf.saved_model.load(sm, tags="serve").v),
            # (the loaded object held while its function runs: TF deletes the variables
            # of one no longer referenced)
            "tag_list": outcome(lambda: (lambda o: o.f(tf.constant([1.0, 2.0])))(
                tf.saved_model.load(sm, tags=["serve"]))),
            "wrong_tag": errors(lambda: tf.saved_model.load(sm, tags=["train"]), d),
            "partial": outcome(lambda: tf.saved_model.load(sm, options=partial).v),
            "io_device": outcome(lambda: tf.saved_model.load(
                sm, options=tf.saved_model.LoadOptions(
                    experimental_io_device="/job:localhost")).v),
            "contains": outcome(lambda: [tf.saved_model.contains_saved_model(sm),
                                         tf.saved_model.contains_saved_model(d)]),
            "options_repr": outcome(lambda: [partial.allow_partial_checkpoint,
                                             partial.experimental_skip_checkpoint,
                                             partial.experimental_io_device])}


def write_parse_examples(tf, keras, d):
    features = {"age": tf.io.FixedLenFeature([], tf.float32, default_value=-1.0),
                "pair": tf.io.FixedLenFeature([2], tf.int64),
                "tags": tf.io.VarLenFeature(tf.string),
                "scores": tf.io.RaggedFeature(tf.float32),
                "name": tf.io.FixedLenFeature([], tf.string, default_value="none")}

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="examples")])
        def parse(self, serialized):
            got = tf.io.parse_example(serialized, features)
            return {"age": got["age"] * 2.0, "pair": tf.reduce_sum(got["pair"], axis=1),
                    "tags": tf.sparse.to_dense(got["tags"], default_value=""),
                    "scores": got["scores"].row_lengths(), "name": got["name"]}

        @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
        def one(self, serialized):
            got = tf.io.parse_single_example(serialized, {"pair": features["pair"]})
            return got["pair"]

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"serving_default": m.parse})


def _example(tf, **values) -> bytes:
    feats = {}
    for key, v in values.items():
        if isinstance(v[0], bytes):
            feats[key] = tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
        elif isinstance(v[0], int):
            feats[key] = tf.train.Feature(int64_list=tf.train.Int64List(value=v))
        else:
            feats[key] = tf.train.Feature(float_list=tf.train.FloatList(value=v))
    return tf.train.Example(features=tf.train.Features(feature=feats)).SerializeToString()


def read_parse_examples(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    batch = tf.constant([_example(tf, age=[30.0], pair=[1, 2], tags=[b"a", b"b"],
                                  scores=[0.5], name=[b"ann"]),
                         _example(tf, pair=[5, 6], scores=[1.0, 2.0, 3.0])])
    return {"parse": outcome(lambda: m.parse(batch)),
            "serving": outcome(lambda: m.signatures["serving_default"](examples=batch)),
            "one": outcome(lambda: m.one(tf.constant(_example(tf, pair=[7, 8])))),
            "missing": _first_line(lambda: m.one(tf.constant(_example(tf, age=[1.0]))), d),
            "garbage": _first_line(lambda: m.one(tf.constant(b"\x01\x02junk")), d),
            "wrong_type": _first_line(lambda: m.one(tf.constant(_example(tf, pair=[1.0, 2.0]))),
                                      d),
            "wrong_length": _first_line(lambda: m.one(tf.constant(_example(tf, pair=[1, 2, 3]))),
                                        d),
            "signatures": signature_facts(m, tf)}


def write_lazy_variables(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = None

        @tf.function
        def __call__(self, x):
            if self.w is None:
                self.w = tf.Variable(tf.fill([x.shape[-1], 2], 0.5), name="lazy_w")
            return tf.matmul(x, self.w)

    m = M()
    m(tf.ones([1, 3]))
    m.w.assign(m.w * 2.0)
    tf.saved_model.save(m, path(d, "sm"))


def read_lazy_variables(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"call": outcome(lambda: m(tf.constant([[1.0, 2.0, 3.0]]))),
            "w": outcome(lambda: m.w),
            "variables": variable_facts(m.w for _ in [0]),
            "other_batch": errors(lambda: m(tf.ones([2, 3])), d)}


def write_keyword_calls(tf, keras, d):
    class M(tf.Module):
        @tf.function
        def mix(self, a, b=1.0, *, weight):
            return a * weight + b

    m = M()
    m.mix(tf.constant([1.0, 2.0]), weight=tf.constant(3.0))
    m.mix(tf.constant([1.0]), b=tf.constant(0.5), weight=tf.constant(2.0))
    tf.saved_model.save(m, path(d, "sm"))


def read_keyword_calls(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"traces": outcome(lambda: concrete_list(m.mix)),
            "default_b": outcome(lambda: m.mix(tf.constant([4.0, 5.0]), weight=tf.constant(1.0))),
            "keyword_b": outcome(lambda: m.mix(tf.constant([4.0]), b=tf.constant(2.0),
                                               weight=tf.constant(2.0))),
            "positional_b": outcome(lambda: m.mix(tf.constant([4.0]), tf.constant(2.0),
                                                  weight=tf.constant(2.0))),
            "no_weight": errors(lambda: m.mix(tf.constant([4.0, 5.0])), d),
            "weight_positional": errors(lambda: m.mix(tf.constant([4.0]), tf.constant(2.0),
                                                      tf.constant(2.0)), d),
            "unexpected": errors(lambda: m.mix(tf.constant([4.0]), weight=tf.constant(2.0),
                                               scale=2.0), d),
            "twice": errors(lambda: m.mix(tf.constant([4.0]), a=tf.constant([1.0]),
                                          weight=tf.constant(2.0)), d),
            "no_trace": errors(lambda: m.mix(tf.constant([4.0, 5.0, 6.0]),
                                             weight=tf.constant(2.0)), d)}


def write_mutable_table_resave(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
            self.table.insert(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string),
                                      tf.TensorSpec([None], tf.int64)])
        def put(self, keys, values):
            self.table.insert(keys, values)
            return self.table.size()

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def get(self, keys):
            return self.table.lookup(keys)

        @tf.function(input_signature=[])
        def export(self):
            keys, values = self.table.export()
            order = tf.argsort(values)
            return tf.gather(keys, order), tf.gather(values, order)

    tf.saved_model.save(M(), path(d, "sm"))


def read_mutable_table_resave(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    out = {"get": outcome(lambda: m.get(tf.constant(["a", "c"]))),
           "put": outcome(lambda: m.put(tf.constant(["c", "a"]), tf.constant([3, 10],
                                                                            tf.int64))),
           "after": outcome(lambda: m.get(tf.constant(["a", "b", "c"]))),
           "export": outcome(m.export)}
    again = path(d, "resaved")
    shutil.rmtree(again, ignore_errors=True)  # (a folder may be read twice)
    tf.saved_model.save(m, again)
    m2 = tf.saved_model.load(again)
    out["resaved"] = outcome(lambda: m2.get(tf.constant(["a", "b", "c"])))
    out["resaved_export"] = outcome(m2.export)
    out["resaved_signatures"] = signature_facts(m2, tf)
    return out


def write_signature_names(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="Feature-1"),
                                      tf.TensorSpec([None], tf.float32, name="x/y"),
                                      {"a b": tf.TensorSpec([None], tf.float32),
                                       "c": tf.TensorSpec([None], tf.float32)}])
        def odd(self, f, xy, extra):
            return {"Out Put": f * 2.0 + xy, "9": extra["a b"] - extra["c"]}

    def refused(name):  # (a signature's input not named as an op may be: TF refuses it)
        m = M()
        m.bad = tf.function(lambda x: {"o": x * 2.0},
                            input_signature=[tf.TensorSpec([None], tf.float32, name=name)])
        out = errors(lambda: tf.saved_model.save(m, path(d, "refused"), signatures=m.bad), d)
        if "message" in out:  # (the wrapper's number is each process's own)
            out["message"] = re.sub(r"_\d+'", "_N'", out["message"])
        return out

    outcomes = {"space": refused("zero x"), "colon": refused("a:0"),
                "dash_first": refused("-a")}
    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"odd": m.odd})
    with open(path(d, "outcomes.json"), "w") as f:
        json.dump(outcomes, f, sort_keys=True)


def read_signature_names(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    with open(path(d, "outcomes.json")) as f:
        saved = json.load(f)
    one = tf.constant([1.0, 2.0])
    return {"saving": saved, "signatures": signature_facts(m, tf),
            "left": sorted(n for n in os.listdir(d) if n not in ("sm", "outcomes.json")),
            "call": outcome(lambda: m.signatures["odd"](**{
                "Feature-1": one, "x/y": one, "extra": one, "extra_1": one})),
            "odd": outcome(lambda: m.odd(one, one, {"a b": one, "c": one}))}


def write_saved_shards(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([1.0, 2.0], name="v")
            self.w = tf.Variable(tf.reshape(tf.range(12.0), [3, 4]), name="w")
            self.text = tf.Variable(b"ends in a NUL\x00", name="text")

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def f(self, x):
            return {"y": x * self.v, "total": tf.reduce_sum(self.w),
                    "length": tf.strings.length(self.text)}

    policy = tf.train.experimental.MaxShardSizePolicy(max_shard_size=16)
    tf.saved_model.save(M(), path(d, "sm"), options=tf.saved_model.SaveOptions(
        experimental_sharding_callback=policy))
    outcomes = {"image_format": errors(lambda: tf.saved_model.SaveOptions(
                    experimental_image_format=True), d),
                "not_a_callback": errors(lambda: tf.saved_model.SaveOptions(
                    experimental_sharding_callback=16), d)}
    with open(path(d, "outcomes.json"), "w") as f:
        json.dump(outcomes, f, sort_keys=True)


def read_saved_shards(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    with open(path(d, "outcomes.json")) as f:
        saved = json.load(f)
    prefix = path(d, "sm/variables/variables")
    reader = tf.train.load_checkpoint(prefix)
    return {"options": saved, "files": sorted(os.listdir(path(d, "sm/variables"))),
            "f": outcome(lambda: m.f(tf.constant([3.0, 4.0]))),
            "text": outcome(lambda: m.text),
            "keys": sorted([k, s] for k, s in tf.train.list_variables(prefix)),
            "read_text": outcome(lambda: reader.get_tensor("text/.ATTRIBUTES/VARIABLE_VALUE"))}


SERVING_CASES = {
    "text_file_columns": (write_text_file_columns, read_text_file_columns),
    "vocab_oov": (write_vocab_oov, read_vocab_oov),
    "asset_collision": (write_asset_collision, read_asset_collision),
    "namedtuple_signature": (write_namedtuple_signature, read_namedtuple_signature),
    "extension_signature": (write_extension_signature, read_extension_signature),
    "assertions": (write_assertions, read_assertions),
    "restored_shapes": (write_restored_shapes, read_restored_shapes),
    "relax_shapes": (write_relax_shapes, read_relax_shapes),
    "load_options": (write_load_options, read_load_options),
    "parse_examples": (write_parse_examples, read_parse_examples),
    "lazy_variables": (write_lazy_variables, read_lazy_variables),
    "keyword_calls": (write_keyword_calls, read_keyword_calls),
    "mutable_table_resave": (write_mutable_table_resave, read_mutable_table_resave),
    "signature_names": (write_signature_names, read_signature_names),
    "saved_shards": (write_saved_shards, read_saved_shards),
}

# the cases whose files TF wrote are kept (each small) for eagerflow to read without TF
SERVING_TF_FILES = tuple(SERVING_CASES)

__all__ = ["SERVING_CASES", "SERVING_TF_FILES"]
