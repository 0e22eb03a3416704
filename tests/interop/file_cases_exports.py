"""SavedModels and `.keras` files in kinds the other file_cases*.py leave out, as
file_cases_kinds.py's cases (write, read): functions of `*args` (traced, and with input
signatures, which TF names args_0 ...), concrete functions held as attributes (of nested
dict specs, of keyword arguments), functions in lists, tuples and dicts, SaveOptions'
function_aliases over concrete functions and the aliases TF refuses, assets whose file went
missing after the save (alone and under a table), tables held in containers, ragged
signatures of two ragged dimensions and int32 row splits, sparse and unknown-rank
signatures, signature keys of odd characters and the ones TF refuses, signatures of tuple
and single outputs, load's tags and paths it refuses, variables of every
aggregation/synchronization updated by saved functions, and Keras layers and models that own
registered submodels. file_cases_kinds.py adds them to its CASES (golden/file_cases_kinds.json
holds TF 2.21's reads of its own files, the files TF wrote are kept in
golden/file_cases_kinds/); test_file_cases_exports.py checks them. Builders take the `tf`
and `keras` modules; this module imports neither."""

from __future__ import annotations

import json
import os
import re
import shutil

import numpy as np

from tests.interop.file_cases import errors
from tests.saved_model.user_model_cases import (
    _top_items,
    concrete_facts,
    outcome,
    signature_facts,
    variable_facts,
)


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def concrete_list(fn) -> list:
    """A (restored) function's concrete functions as printed, sorted."""
    return sorted(_dicts_sorted(fn.pretty_printed_concrete_signatures()).split("\n\n"))


def _dicts_sorted(text: str) -> str:
    """`text` with the entries of each printed `Dict[...]` in key order: TF restores a
    saved dict from a protobuf map, whose order varies from process to process."""
    at = len(text)
    while (start := text.rfind("Dict[", 0, at)) >= 0:  # (the innermost first)
        at, begin = start, start + len("Dict[")
        depth, end = 1, begin
        while depth and end < len(text):
            depth += {"[": 1, "]": -1}.get(text[end], 0)
            end += 1
        items = ", ".join(sorted(_top_items(text[begin:end - 1])))
        text = text[:begin] + items + text[end - 1:]
    return text


def _facts(cf, tf) -> dict:
    """concrete_facts, its printed form's dicts in key order."""
    out = concrete_facts(cf, tf)
    if isinstance(out["pretty"], str):
        out["pretty"] = _dicts_sorted(out["pretty"])
    return out


def _keep(d: str, outcomes: dict) -> None:
    """What the writer saw (errors of saves TF refuses), for the reader to return."""
    with open(path(d, "outcomes.json"), "w") as f:
        json.dump(outcomes, f, sort_keys=True)


def _kept(d: str) -> dict:
    with open(path(d, "outcomes.json")) as f:
        return json.load(f)


def _numbered(out: dict) -> dict:
    """An error's message without the numbers each process gives its functions."""
    if isinstance(out, dict) and "message" in out:
        message = re.sub(r"(__inference_\w+?)_\d+\b", r"\1_N", out["message"])
        # (an object's repr: its class's module is each framework's own)
        message = re.sub(r"<[\w.]+\.(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", message)
        message = re.sub(r" at 0x[0-9a-f]+>", " at 0x...>", message)
        out["message"] = _dicts_sorted(message)
    return out


# --- *args ----------------------------------------------------------------------------

def write_varargs_traced(tf, keras, d):
    class M(tf.Module):
        @tf.function
        def total(self, *args):
            return tf.add_n(list(args))

        @tf.function
        def scaled(self, scale, *rest):
            return scale * tf.add_n(list(rest))

    m = M()
    c = tf.constant
    m.total(c(1.0), c(2.0))
    m.total(c(1.0), c(2.0), c(3.0))
    m.scaled(c(2.0), c([1.0, 2.0]))
    tf.saved_model.save(m, path(d, "sm"))


def read_varargs_traced(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    c = tf.constant
    return {"two": outcome(lambda: m.total(c(3.0), c(4.0))),
            "three": outcome(lambda: m.total(c(3.0), c(4.0), c(5.0))),
            "four": _numbered(errors(lambda: m.total(c(1.0), c(1.0), c(1.0), c(1.0)), d)),
            "scaled": outcome(lambda: m.scaled(c(3.0), c([1.0, -1.0]))),
            "scaled_keyword": _numbered(errors(lambda: m.scaled(scale=c(3.0)), d)),
            "traces": outcome(lambda: concrete_list(m.total)),
            "scaled_traces": outcome(lambda: concrete_list(m.scaled)),
            "inputs": outcome(lambda: sorted(
                str(cf.structured_input_signature) for cf in m.total.concrete_functions))}


def write_varargs_signature(tf, keras, d):
    spec = tf.TensorSpec([None], tf.float32)

    class M(tf.Module):
        @tf.function(input_signature=[spec, spec])
        def mix(self, *xs):
            return {"sum": xs[0] + xs[1], "prod": xs[0] * xs[1]}

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32), spec, spec])
        def scaled(self, a, *rest):
            return a * (rest[0] - rest[1])

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"mix": m.mix, "scaled": m.scaled})


def read_varargs_signature(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x, y = tf.constant([1.0, 2.0]), tf.constant([3.0, 5.0])
    sigs = m.signatures
    return {"signatures": signature_facts(m, tf),
            "mix": outcome(lambda: m.mix(x, y)),
            "mix_one": _numbered(errors(lambda: m.mix(x), d)),
            "scaled": outcome(lambda: m.scaled(tf.constant(2.0), x, y)),
            "mix_sig": outcome(lambda: sigs["mix"](xs_0=x, xs_1=y)),
            "mix_sig_args": _numbered(errors(lambda: sigs["mix"](args_0=x, args_1=y), d)),
            "mix_sig_names": outcome(lambda: sorted(
                sigs["mix"].structured_input_signature[1])),
            "scaled_sig": outcome(lambda: sigs["scaled"](**dict(zip(
                sorted(sigs["scaled"].structured_input_signature[1]),
                [tf.constant(2.0), x, y])))),
            "traces": outcome(lambda: concrete_list(m.mix))}


# --- concrete functions held as attributes ----------------------------------------------

def write_concrete_nested_dict(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(2.0, name="w")

        @tf.function
        def f(self, feats):
            inner = feats["inner"]
            return {"s": feats["a"] * self.w + tf.reduce_sum(inner["b"]),
                    "n": tf.size(inner["ids"])}

    m = M()
    m.cf = m.f.get_concrete_function({
        "a": tf.TensorSpec([None], tf.float32, name="a"),
        "inner": {"b": tf.TensorSpec([None, 2], tf.float32, name="b"),
                  "ids": tf.TensorSpec([None], tf.int64)}})
    tf.saved_model.save(m, path(d, "sm"))


def read_concrete_nested_dict(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    feats = {"a": tf.constant([1.0, 2.0]),
             "inner": {"b": tf.ones([3, 2]), "ids": tf.constant([4, 5, 6], tf.int64)}}
    return {"cf": outcome(lambda: m.cf(feats)),
            "f": outcome(lambda: m.f(feats)),
            "facts": _facts(m.cf, tf),
            "missing_key": _numbered(errors(lambda: m.cf({"a": feats["a"]}), d)),
            "wrong_dtype": _numbered(errors(lambda: m.cf({
                "a": feats["a"], "inner": {"b": tf.ones([3, 2]),
                                           "ids": tf.constant([1, 2])}}), d))}


def write_concrete_keywords(tf, keras, d):
    class M(tf.Module):
        @tf.function
        def f(self, x, scale=1.0, shift=None):
            y = x * scale
            return y if shift is None else y + shift

    m = M()
    m.by_keyword = m.f.get_concrete_function(x=tf.TensorSpec([None], tf.float32, name="x"),
                                             scale=3.0)
    m.with_shift = m.f.get_concrete_function(tf.TensorSpec([2], tf.float32),
                                             shift=tf.TensorSpec([], tf.float32))
    tf.saved_model.save(m, path(d, "sm"))


def read_concrete_keywords(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([1.0, 2.0])
    return {"positional": outcome(lambda: m.by_keyword(x)),
            "keyword": outcome(lambda: m.by_keyword(x=x)),
            "shift": outcome(lambda: m.with_shift(x, shift=tf.constant(0.5))),
            "shift_positional": _numbered(errors(lambda: m.with_shift(x, tf.constant(0.5)),
                                                 d)),
            "by_keyword": _facts(m.by_keyword, tf),
            "with_shift": _facts(m.with_shift, tf),
            "f_traces": outcome(lambda: concrete_list(m.f))}


def write_function_containers(tf, keras, d):
    spec = tf.TensorSpec([None], tf.float32)
    m = tf.Module()
    m.fns = [tf.function(lambda x: x * 2.0, input_signature=[spec]),
             tf.function(lambda x: -x, input_signature=[spec])]
    m.named = {"square": tf.function(lambda x: x * x, input_signature=[spec]),
               "plus_one": tf.function(lambda x: x + 1.0).get_concrete_function(spec)}
    m.pair = (tf.function(lambda x: x - 1.0, input_signature=[spec]),
              tf.function(lambda x: x / 2.0).get_concrete_function(spec))
    tf.saved_model.save(m, path(d, "sm"))


def read_function_containers(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([2.0, 4.0])
    return {"fns": outcome(lambda: [fn(x) for fn in m.fns]),
            "named": outcome(lambda: {k: m.named[k](x) for k in m.named}),
            "pair": outcome(lambda: [fn(x) for fn in m.pair]),
            "kinds": outcome(lambda: [type(m.fns).__name__, type(m.named).__name__,
                                      type(m.pair).__name__, len(m.fns), len(m.pair),
                                      sorted(m.named)]),
            "concrete": outcome(lambda: [isinstance(m.named["plus_one"],
                                                    tf.types.experimental.ConcreteFunction),
                                         isinstance(m.fns[0],
                                                    tf.types.experimental.ConcreteFunction)])}


# --- SaveOptions(function_aliases=...) ---------------------------------------------------

def write_alias_concrete(tf, keras, d):
    class M(tf.Module):
        @tf.function
        def f(self, x):
            return x * 2.0

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
        def g(self, x):
            return x + 1

    m = M()
    one = m.f.get_concrete_function(tf.TensorSpec([], tf.float32))
    many = m.f.get_concrete_function(tf.TensorSpec([None], tf.float32))
    aliases = {"single": one, "listed": [one, many], "traced": m.g}
    tf.saved_model.save(m, path(d, "sm"), options=tf.saved_model.SaveOptions(
        function_aliases=aliases))

    def refused(value):
        return _numbered(errors(lambda: tf.saved_model.save(
            m, path(d, "refused"), options=tf.saved_model.SaveOptions(
                function_aliases={"bad": value})), d))

    untraced = tf.function(lambda x: x)
    _keep(d, {"python_function": refused(lambda x: x),
              "number": refused(3),
              "untraced": refused(untraced),
              "tuple": refused((one, many)),
              "not_a_dict": errors(lambda: tf.saved_model.SaveOptions(function_aliases=[one]),
                                   d)})
    shutil.rmtree(path(d, "refused"), ignore_errors=True)


def read_alias_concrete(tf, keras, d):
    opts = tf.saved_model.LoadOptions(experimental_load_function_aliases=True)
    m = tf.saved_model.load(path(d, "sm"), options=opts)
    aliases = m.function_aliases
    return {"saving": _kept(d),
            "names": outcome(lambda: sorted(aliases)),
            "kinds": outcome(lambda: {k: [type(v).__name__, len(v) if isinstance(v, list)
                                          else None] for k, v in aliases.items()}),
            "single": outcome(lambda: aliases["single"](tf.constant(3.0))),
            "listed": outcome(lambda: [str(cf.structured_input_signature)
                                       for cf in aliases["listed"]]),
            "traced": outcome(lambda: [cf(tf.constant([1, 2])) for cf in aliases["traced"]]),
            "f": outcome(lambda: m.f(tf.constant([1.0, 2.0])))}


# --- assets that went missing ------------------------------------------------------------

def write_missing_asset(tf, keras, d):
    source = path(d, "notes.txt")
    with open(source, "w") as f:
        f.write("first line\nsecond line\n")

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.notes = tf.saved_model.Asset(source)

        @tf.function(input_signature=[])
        def read(self):
            return tf.strings.length(tf.io.read_file(self.notes))

    tf.saved_model.save(M(), path(d, "sm"))
    os.remove(source)
    os.remove(path(d, "sm/assets/notes.txt"))


def read_missing_asset(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"asset": outcome(lambda: type(m.notes).__name__),
            "asset_path": outcome(lambda: os.path.relpath(m.notes.asset_path.numpy().decode(),
                                                          d)),
            "read": _numbered(errors(lambda: m.read(), d)),
            # (an empty assets/ of TF's kept files is not in git, which keeps no empty folder)
            "assets_dir": sorted(os.listdir(path(d, "sm/assets")))
            if os.path.isdir(path(d, "sm/assets")) else []}


def write_missing_asset_table(tf, keras, d):
    source = path(d, "vocab.txt")
    with open(source, "w") as f:
        f.write("a\nb\nc\n")

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            init = tf.lookup.TextFileInitializer(
                source, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
            self.table = tf.lookup.StaticHashTable(init, -1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def look(self, words):
            return self.table.lookup(words)

    tf.saved_model.save(M(), path(d, "sm"))
    os.remove(source)
    os.remove(path(d, "sm/assets/vocab.txt"))


def read_missing_asset_table(tf, keras, d):
    def load():
        m = tf.saved_model.load(path(d, "sm"))
        return m.look(tf.constant(["b", "z"]))

    out = errors(load, d)
    if isinstance(out, dict) and "message" in out:
        out["message"] = out["message"].split("\n")[0]
    return {"load": out}


# --- tables held in containers -----------------------------------------------------------

def write_table_containers(tf, keras, d):
    keys = tf.constant(["a", "b", "c"])
    kv = tf.lookup.KeyValueTensorInitializer(keys, tf.constant([1, 2, 3], tf.int64))

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.tables = [tf.lookup.StaticHashTable(kv, -1),
                           tf.lookup.StaticVocabularyTable(
                               tf.lookup.KeyValueTensorInitializer(
                                   keys, tf.constant([0, 1, 2], tf.int64)), 2)]
            self.by_name = {"mutable": tf.lookup.experimental.MutableHashTable(
                tf.string, tf.float32, -1.0)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def look(self, words):
            return {"static": self.tables[0].lookup(words),
                    "vocab": self.tables[1].lookup(words),
                    "mutable": self.by_name["mutable"].lookup(words)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string),
                                      tf.TensorSpec([None], tf.float32)])
        def put(self, words, values):
            self.by_name["mutable"].insert(words, values)
            return self.by_name["mutable"].size()

    m = M()
    m.put(tf.constant(["b", "q"]), tf.constant([0.5, 9.0]))
    tf.saved_model.save(m, path(d, "sm"))


def read_table_containers(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    words = tf.constant(["a", "q", "zz", "c"])
    first = outcome(lambda: m.look(words))
    size = outcome(lambda: m.put(tf.constant(["zz"]), tf.constant([7.0])))
    return {"look": first, "put": size, "after": outcome(lambda: m.look(words)),
            "kinds": outcome(lambda: [type(m.tables).__name__, type(m.by_name).__name__,
                                      len(m.tables)]),
            "sizes": outcome(lambda: [m.tables[0].size(), m.tables[1].size(),
                                      m.by_name["mutable"].size()]),
            "exported": outcome(lambda: sorted(
                zip(*[t.numpy().tolist() for t in m.by_name["mutable"].export()])))}


# --- ragged, sparse and unknown-rank signatures ------------------------------------------

def write_ragged_deep_signature(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None, None], tf.float32,
                                                          ragged_rank=2,
                                                          row_splits_dtype=tf.int32)])
        def deep(self, r):
            return {"sums": tf.reduce_sum(r, axis=-1), "rows": r.row_lengths()}

        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None, 2], tf.int64,
                                                          ragged_rank=1)])
        def uniform(self, r):
            return r.flat_values * 2

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"deep": m.deep, "uniform": m.uniform})


def read_ragged_deep_signature(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    deep = tf.ragged.constant([[[1.0, 2.0], [3.0]], [[4.0, 5.0, 6.0]]],
                              row_splits_dtype=tf.int32)
    uniform = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1,
                                 dtype=tf.int64)
    return {"signatures": signature_facts(m, tf),
            "deep": outcome(lambda: m.deep(deep)),
            "uniform": outcome(lambda: m.uniform(uniform)),
            "int64_splits": _numbered(errors(lambda: m.deep(tf.ragged.constant(
                [[[1.0]]])), d)),
            "deep_sig": outcome(lambda: m.signatures["deep"](
                r=deep.flat_values, r_1=deep.row_splits, r_2=deep.values.row_splits)),
            "uniform_sig": outcome(lambda: m.signatures["uniform"](
                r=uniform.flat_values, r_1=uniform.row_splits))}


def write_sparse_signature(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.int64)])
        def total(self, sp):
            return {"rows": tf.sparse.reduce_sum(sp, axis=1),
                    "dense": tf.sparse.to_dense(sp)}

        @tf.function(input_signature=[tf.SparseTensorSpec(None, tf.string)])
        def words(self, sp):
            return tf.strings.reduce_join(sp.values, separator="+")

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"total": m.total, "words": m.words})


def read_sparse_signature(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    sp = tf.sparse.SparseTensor([[0, 1], [1, 3]], tf.constant([5, 7], tf.int64), [2, 4])
    words = tf.sparse.SparseTensor([[0, 0, 1], [2, 1, 0]], ["x", "y"], [3, 2, 2])
    return {"signatures": signature_facts(m, tf),
            "total": outcome(lambda: m.total(sp)),
            "words": outcome(lambda: m.words(words)),
            "wrong_width": _numbered(errors(lambda: m.total(tf.sparse.SparseTensor(
                [[0, 0]], tf.constant([1], tf.int64), [1, 3])), d)),
            "total_sig": outcome(lambda: m.signatures["total"](
                sp=sp.indices, sp_1=sp.values, sp_2=sp.dense_shape)),
            "words_sig": outcome(lambda: m.signatures["words"](
                sp=words.indices, sp_1=words.values, sp_2=words.dense_shape))}


def write_unknown_rank_signature(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32, name="anything"),
                                      tf.TensorSpec([None, None], tf.int32, name="grid")])
        def f(self, anything, grid):
            return {"rank": tf.rank(anything), "total": tf.reduce_sum(anything),
                    "cells": tf.size(grid)}

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures=m.f)


def read_unknown_rank_signature(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    grid = tf.ones([2, 3], tf.int32)
    sig = m.signatures["serving_default"]
    return {"signatures": signature_facts(m, tf),
            "scalar": outcome(lambda: m.f(tf.constant(2.0), grid)),
            "cube": outcome(lambda: m.f(tf.ones([2, 2, 2]), grid)),
            "sig_cube": outcome(lambda: sig(anything=tf.ones([1, 2, 3, 1]), grid=grid)),
            "flat_grid": _numbered(errors(lambda: m.f(tf.constant(1.0),
                                                      tf.ones([3], tf.int32)), d))}


# --- signature keys and outputs ----------------------------------------------------------

def write_odd_signature_keys(tf, keras, d):
    spec = tf.TensorSpec([None], tf.float32, name="x")

    class M(tf.Module):
        @tf.function(input_signature=[spec])
        def double(self, x):
            return {"y": x * 2.0}

        @tf.function(input_signature=[spec])
        def neg(self, x):
            return {"y": -x}

    m = M()
    keys = {"serving/default": m.double, "with space": m.neg, "ünï-cödé": m.double,
            "1st.key": m.neg}
    tf.saved_model.save(m, path(d, "sm"), signatures=keys)

    def refused(sigs):
        return _numbered(errors(lambda: tf.saved_model.save(m, path(d, "refused"),
                                                            signatures=sigs), d))

    _keep(d, {"int_key": refused({1: m.double}),
              "empty_key": refused({"": m.double}),
              "not_function": refused({"a": lambda x: x}),
              "list": refused([m.double])})
    shutil.rmtree(path(d, "refused"), ignore_errors=True)


def read_odd_signature_keys(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([1.0, 3.0])
    return {"saving": _kept(d), "names": sorted(m.signatures),
            "calls": outcome(lambda: {k: m.signatures[k](x=x) for k in m.signatures}),
            "missing": errors(lambda: m.signatures["serving_default"], d)}


def write_signature_outputs_kinds(tf, keras, d):
    spec = tf.TensorSpec([None], tf.float32, name="x")

    class M(tf.Module):
        @tf.function(input_signature=[spec])
        def single(self, x):
            return x * 2.0

        @tf.function(input_signature=[spec])
        def pair(self, x):
            return x + 1.0, tf.size(x)

        @tf.function(input_signature=[spec])
        def listed(self, x):
            return [x, x * x, tf.reduce_sum(x)]

        @tf.function(input_signature=[spec])
        def nested(self, x):
            return {"a": x, "b": (x, -x)}

        @tf.function(input_signature=[spec])
        def nothing(self, x):
            return None

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={
        "single": m.single, "pair": m.pair, "listed": m.listed})
    _keep(d, {"nested": _numbered(errors(lambda: tf.saved_model.save(
                  m, path(d, "refused"), signatures={"nested": m.nested}), d)),
              "nothing": _numbered(errors(lambda: tf.saved_model.save(
                  m, path(d, "refused"), signatures={"nothing": m.nothing}), d))})
    shutil.rmtree(path(d, "refused"), ignore_errors=True)


def read_signature_outputs_kinds(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([1.0, 2.0])
    return {"saving": _kept(d), "signatures": signature_facts(m, tf),
            "calls": outcome(lambda: {k: m.signatures[k](x=x) for k in m.signatures}),
            "pair": outcome(lambda: m.pair(x)), "listed": outcome(lambda: m.listed(x)),
            "nested": outcome(lambda: m.nested(x))}


# --- loading: tags and paths -------------------------------------------------------------

def write_load_tags(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([1.0, 2.0], name="v")

    tf.saved_model.save(M(), path(d, "sm"))
    with open(path(d, "plain.txt"), "w") as f:
        f.write("not a SavedModel\n")
    os.makedirs(path(d, "empty"))


def read_load_tags(tf, keras, d):
    sm = path(d, "sm")

    def load(p, **kw):
        return errors(lambda: tf.saved_model.load(p, **kw).v, d)

    return {"set": load(sm, tags={"serve"}), "tuple": load(sm, tags=("serve",)),
            "two": load(sm, tags=["serve", "gpu"]), "repeated": load(sm, tags=["serve", "serve"]),
            "empty_list": load(sm, tags=[]), "empty_string": load(sm, tags=""),
            "other": load(sm, tags="train"),
            "file": load(path(d, "plain.txt")), "empty_dir": load(path(d, "empty")),
            "missing": load(path(d, "nowhere"))}


# --- variables of every aggregation and synchronization, updated ---------------------------

def write_variable_updates(tf, keras, d):
    agg, sync = tf.VariableAggregation, tf.VariableSynchronization

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.total = tf.Variable(0.0, name="total", synchronization=sync.ON_READ,
                                     aggregation=agg.SUM, trainable=False)
            self.mean = tf.Variable([1.0, 1.0], name="mean", synchronization=sync.ON_WRITE,
                                    aggregation=agg.MEAN)
            self.first = tf.Variable(0, name="first", synchronization=sync.AUTO,
                                     aggregation=agg.ONLY_FIRST_REPLICA)
            self.plain = tf.Variable(1.0, name="plain", synchronization=sync.NONE,
                                     trainable=False)

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def step(self, x):
            self.total.assign_add(x)
            self.mean.assign(self.mean * 0.5 + x)
            self.first.assign_add(1)
            self.plain.assign(self.plain * x)
            return self.total + tf.reduce_sum(self.mean)

    m = M()
    m.step(tf.constant(2.0))
    tf.saved_model.save(m, path(d, "sm"))


def read_variable_updates(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    vs = [m.total, m.mean, m.first, m.plain]
    facts = [[str(v.aggregation), str(v.synchronization), bool(v.trainable)] for v in vs]
    steps = [outcome(lambda: m.step(tf.constant(3.0))) for _ in range(2)]
    return {"facts": facts, "variables": variable_facts(vs), "steps": steps,
            "values": outcome(lambda: vs),
            "ckpt": outcome(lambda: sorted(
                k for k, _ in tf.train.list_variables(path(d, "sm/variables/variables"))))}


# --- Keras layers and models owning registered submodels -----------------------------------

def write_owned_submodels_keras(tf, keras, d):
    reg = keras.saving.register_keras_serializable(package="probe7")

    @reg
    class Tower(keras.layers.Layer):
        def __init__(self, units=3, inner=None, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.inner = inner if inner is not None else keras.Sequential(
                [keras.layers.Dense(units, activation="relu", name="hidden"),
                 keras.layers.Dense(1, name="head")], name="inner")

        def call(self, x):
            return self.inner(x)

        def get_config(self):
            return {**super().get_config(), "units": self.units,
                    "inner": keras.saving.serialize_keras_object(self.inner)}

        @classmethod
        def from_config(cls, config):
            config["inner"] = keras.saving.deserialize_keras_object(config["inner"])
            return cls(**config)

    @reg
    class TwoTowers(keras.Model):
        def __init__(self, units=3, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.left = Tower(units, name="left")
            self.right = Tower(units + 1, name="right")

        def call(self, x):
            return self.left(x) - self.right(x)

        def get_config(self):
            return {**super().get_config(), "units": self.units}

    model = TwoTowers(2, name="towers")
    model(np.zeros((1, 3), "float32"))
    rng = np.random.RandomState(7)
    for w in model.weights:
        w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype("float32"))
    model.save(path(d, "m.keras"))


def read_owned_submodels_keras(tf, keras, d):
    xs = np.linspace(-1, 1, 6, dtype="float32").reshape(2, 3)
    m = keras.models.load_model(path(d, "m.keras"))
    return {"class": type(m).__name__,
            "predict": outcome(lambda: np.round(m(xs), 4)),
            "towers": [[layer.name, type(layer).__name__, layer.units,
                        type(layer.inner).__name__,
                        [sub.name for sub in layer.inner.layers]] for layer in m.layers],
            "weights": sorted([w.path, list(w.shape)] for w in m.weights),
            "config": outcome(lambda: m.get_config()["units"])}


# --- Python arguments, resaved loads, modules in containers ------------------------------

def write_python_arguments(tf, keras, d):
    class M(tf.Module):
        @tf.function
        def reduce(self, x, mode="sum", keep=False):
            fn = tf.reduce_sum if mode == "sum" else tf.reduce_max
            return fn(x, axis=-1, keepdims=keep)

    m = M()
    x = tf.constant([[1.0, 5.0], [3.0, 2.0]])
    m.reduce(x)
    m.reduce(x, "max")
    m.reduce(x, mode="max", keep=True)
    tf.saved_model.save(m, path(d, "sm"))


def read_python_arguments(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([[2.0, -1.0], [0.5, 4.0]])
    return {"default": outcome(lambda: m.reduce(x)),
            "max": outcome(lambda: m.reduce(x, "max")),
            "max_keyword": outcome(lambda: m.reduce(x, mode="max")),
            "keep": outcome(lambda: m.reduce(x, mode="max", keep=True)),
            "keep_positional": outcome(lambda: m.reduce(x, "max", True)),
            "untraced": _numbered(errors(lambda: m.reduce(x, "sum", True), d)),
            "traces": outcome(lambda: concrete_list(m.reduce))}


def write_resave_varargs(tf, keras, d):
    spec = tf.TensorSpec([None], tf.float32)

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0, name="v")

        @tf.function(input_signature=[spec, spec])
        def mix(self, *xs):
            return {"out": (xs[0] - xs[1]) * self.v}

        @tf.function
        def total(self, *args):
            return tf.add_n(list(args)) * self.v

    m = M()
    m.total(tf.constant(1.0), tf.constant(2.0))
    tf.saved_model.save(m, path(d, "first"), signatures={"mix": m.mix})
    loaded = tf.saved_model.load(path(d, "first"))
    loaded.v.assign(3.0)
    tf.saved_model.save(loaded, path(d, "sm"), signatures=loaded.signatures)


def read_resave_varargs(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x, y = tf.constant([4.0, 1.0]), tf.constant([1.0, 1.0])
    return {"signatures": signature_facts(m, tf),
            "mix": outcome(lambda: m.mix(x, y)),
            "sig": outcome(lambda: m.signatures["mix"](xs_0=x, xs_1=y)),
            "total": outcome(lambda: m.total(tf.constant(1.0), tf.constant(2.0))),
            "v": outcome(lambda: m.v),
            "traces": outcome(lambda: concrete_list(m.total))}


def write_module_containers(tf, keras, d):
    class Scale(tf.Module):
        def __init__(self, k, name=None):
            super().__init__(name=name)
            self.k = tf.Variable(k, name="k")

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def __call__(self, x):
            return x * self.k

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.stages = [Scale(2.0, name="double"), Scale(-1.0, name="negate")]
            self.extra = {"half": Scale(0.5, name="half")}
            self.shared = self.stages[0]

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def run(self, x):
            for stage in self.stages:
                x = stage(x)
            return self.extra["half"](x)

    m = M()
    m.stages[1].k.assign(-3.0)
    tf.saved_model.save(m, path(d, "sm"))


def read_module_containers(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([1.0, 2.0])
    m.shared.k.assign(10.0)
    return {"run": outcome(lambda: m.run(x)),
            "stage": outcome(lambda: [stage(x) for stage in m.stages]),
            "half": outcome(lambda: m.extra["half"](x)),
            "shared": outcome(lambda: m.shared is m.stages[0]),
            "variables": outcome(lambda: [v.numpy().tolist() for v in m.stages[0].variables]),
            "k_names": outcome(lambda: sorted(
                s.k.name for s in [*m.stages, m.extra["half"]]))}


EXPORT_CASES = {
    "varargs_traced": (write_varargs_traced, read_varargs_traced),
    "varargs_signature": (write_varargs_signature, read_varargs_signature),
    "concrete_nested_dict": (write_concrete_nested_dict, read_concrete_nested_dict),
    "concrete_keywords": (write_concrete_keywords, read_concrete_keywords),
    "function_containers": (write_function_containers, read_function_containers),
    "alias_concrete": (write_alias_concrete, read_alias_concrete),
    "missing_asset": (write_missing_asset, read_missing_asset),
    "missing_asset_table": (write_missing_asset_table, read_missing_asset_table),
    "table_containers": (write_table_containers, read_table_containers),
    "ragged_deep_signature": (write_ragged_deep_signature, read_ragged_deep_signature),
    "sparse_signature": (write_sparse_signature, read_sparse_signature),
    "unknown_rank_signature": (write_unknown_rank_signature, read_unknown_rank_signature),
    "odd_signature_keys": (write_odd_signature_keys, read_odd_signature_keys),
    "signature_outputs_kinds": (write_signature_outputs_kinds, read_signature_outputs_kinds),
    "load_tags": (write_load_tags, read_load_tags),
    "variable_updates": (write_variable_updates, read_variable_updates),
    "owned_submodels_keras": (write_owned_submodels_keras, read_owned_submodels_keras),
    "python_arguments": (write_python_arguments, read_python_arguments),
    "resave_varargs": (write_resave_varargs, read_resave_varargs),
    "module_containers": (write_module_containers, read_module_containers),
}

# the cases whose files TF wrote are kept (each small) for eagerflow to read without TF
EXPORT_TF_FILES = tuple(EXPORT_CASES)

__all__ = ["EXPORT_CASES", "EXPORT_TF_FILES"]
