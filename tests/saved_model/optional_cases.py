"""tf.functions reading optionals (an iterator's get_next_as_optional(), Optional.from_value
and Optional.empty) saved in a SavedModel, run by TensorFlow 2.21
(golden/make_optional_form.py) and by eagerflow (test_optional_form.py); each function
takes the `tf` module it runs under.

`module(tf)` is a tf.Module of tf.functions of one int64 scalar `n` (the length of the
range they iterate): the first element or -1 under a tf.cond on has_value(); the first
element unguarded (OptionalGetValue of an empty optional fails when the function runs);
a while loop carrying the optional; a `for` over the iterator; an optional made of a
value, or empty. TF's graph holds IteratorGetNextAsOptional, OptionalHasValue,
OptionalGetValue, OptionalFromValue and OptionalNone nodes.
"""

from __future__ import annotations

import re
from typing import Any

NAMES = ("guarded", "unguarded", "while_total", "for_total", "made")
NS = (3, 0)  # the values of n each function is called with
OPS = ("IteratorGetNextAsOptional", "OptionalHasValue", "OptionalGetValue", "OptionalNone",
       "OptionalFromValue")


def module(tf: Any) -> Any:
    i64 = tf.int64
    spec = [tf.TensorSpec([], i64)]

    class M(tf.Module):
        @tf.function(input_signature=spec)
        def guarded(self, n: Any) -> Any:
            o = iter(tf.data.Dataset.range(n)).get_next_as_optional()
            return tf.cond(o.has_value(), o.get_value, lambda: tf.constant(-1, i64))

        @tf.function(input_signature=spec)
        def unguarded(self, n: Any) -> Any:
            return iter(tf.data.Dataset.range(n)).get_next_as_optional().get_value() * 2

        @tf.function(input_signature=spec)
        def while_total(self, n: Any) -> Any:
            it = iter(tf.data.Dataset.range(n))
            s = tf.constant(0, i64)
            o = it.get_next_as_optional()
            while o.has_value():
                s += o.get_value()
                o = it.get_next_as_optional()
            return s

        @tf.function(input_signature=spec)
        def for_total(self, n: Any) -> Any:
            s = tf.constant(0, i64)
            for x in iter(tf.data.Dataset.range(n).map(lambda v: v * 10)):
                s += x
            return s

        @tf.function(input_signature=spec)
        def made(self, n: Any) -> Any:
            full = tf.experimental.Optional.from_value((n, tf.fill([2], n)))
            empty = tf.experimental.Optional.empty(tf.TensorSpec([], i64))
            a, b = full.get_value()
            return tf.cond(n > 0, lambda: a + tf.reduce_sum(b), empty.get_value)

    return M()


def _outcome(fn: Any) -> Any:
    """The value `fn()` gives, or the class of its error and the line of its message
    that its kernel wrote (the rest names the function, which loading renames)."""
    try:
        return fn().numpy().tolist()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        found = re.search(r"The given optional[^\n]*", str(e))
        return {"error": type(e).__name__, "message": found.group() if found else str(e)}


def run(tf: Any, m: Any) -> dict:
    """What each function of `m` (the module or its loaded SavedModel) computes per n."""
    return {name: [_outcome(lambda n=n: getattr(m, name)(tf.constant(n, tf.int64)))
                   for n in NS] for name in NAMES}


def structure(saved_model: Any) -> dict:
    """Per function of NAMES: the optional nodes of its FunctionDef and of the library
    functions it calls (branches, loop bodies), each [op, its data inputs' source op
    types, output_types, output_shapes (dims; None: unknown rank)], sorted."""
    meta = saved_model.meta_graphs[0]
    og = meta.object_graph_def
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    out = {}
    for name in NAMES:
        fname = next(k for k in og.concrete_functions
                     if k.startswith(f"__inference_{name}_") and k[len(name) + 13:].isdigit())
        nodes, todo, seen = [], [fname], set()
        while todo:
            f = fdefs[todo.pop()]
            if f.signature.name in seen:
                continue
            seen.add(f.signature.name)
            by_name = {n.name: n for n in f.node_def}
            for nd in f.node_def:
                todo += [v.func.name for v in nd.attr.values() if v.HasField("func")]
                if nd.op not in OPS:
                    continue
                srcs = [by_name[i.split(":")[0]].op if i.split(":")[0] in by_name else "arg"
                        for i in nd.input if not i.startswith("^")]
                types = list(nd.attr["output_types"].list.type) if "output_types" in nd.attr \
                    else None
                shapes = [None if s.unknown_rank else [d.size for d in s.dim]
                          for s in nd.attr["output_shapes"].list.shape] \
                    if "output_shapes" in nd.attr else None
                nodes.append([nd.op, srcs, types, shapes])
        out[name] = sorted(nodes, key=repr)
    return out
