"""SavedModels holding lookup tables, built alike by TensorFlow or eagerflow, and the parts
of their saved_model.pb that say how a table's initializer data is saved (golden/
make_table_constants.py records TF 2.21's; test_table_constants.py checks eagerflow's
against them). Imports neither framework itself.

TF saves a static table's `_initialize` as a function of the table's handle and its
KeyValueTensorInitializer's keys and values, both bound to `constant` objects (Consts of
the main graph, "capture_1" and "capture_2" of its concrete function); a text file's
initializer takes the file's asset ("capture_0") and the table; a function looking a
table up captures the table, then the lookup's default value (a constant).

`tables`: a StaticHashTable and a StaticVocabularyTable of KeyValueTensorInitializers, a
StaticHashTable read from a text file (an asset) and a MutableHashTable, looked up by `f`
and sized by `sizes`. `string_lookup`: a Keras StringLookup layer with a given
vocabulary, called by `f`. Each case serves `f` as its default signature.
"""

import re
from pathlib import Path

from tests.saved_model.captured_constants_cases import _specified
from tests.saved_model.captured_constants_cases import structure as _structure

WORDS = ["a", "b", "c", "x", "zz"]


def build_tables(tf, keras, tmp: Path):
    vocab = tmp / "vocab.txt"
    vocab.write_text("b\nzz\nc\n")
    m = tf.Module()
    m.static = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(["a", "b", "c"]), tf.constant([1, 2, 3], tf.int64)), -1)
    m.vocab = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(["x", "zz"]), tf.constant([0, 1], tf.int64)), 2)
    m.text = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
        str(vocab), tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
        tf.lookup.TextFileIndex.LINE_NUMBER), -7)
    m.mutable = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, -1.0)
    m.mutable.insert(tf.constant(["x", "a"]), tf.constant([1.5, 2.5]))

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def f(x):
        return {"static": m.static.lookup(x), "vocab": m.vocab.lookup(x),
                "text": m.text.lookup(x), "mutable": m.mutable.lookup(x)}

    @tf.function(input_signature=[])
    def sizes():
        return tf.stack([m.static.size(), m.vocab.size(), m.text.size(),
                         m.mutable.size()])

    m.f, m.sizes = f, sizes
    return m


def build_string_lookup(tf, keras, tmp: Path):
    m = tf.Module()
    m.layer = keras.layers.StringLookup(vocabulary=["a", "b", "zz"])
    m.f = tf.function(lambda x: {"ids": m.layer(x)},
                      input_signature=[tf.TensorSpec([None], tf.string)])
    return m


CASES = {"tables": build_tables, "string_lookup": build_string_lookup}


def save(tf, keras, name, path: Path, tmp: Path) -> None:
    m = CASES[name](tf, keras, tmp)
    tf.saved_model.save(m, str(path), signatures={"serving_default": m.f})


def _value(tf, t):
    if t.dtype == tf.resource:
        return None
    v = t.numpy().tolist()
    if t.dtype == tf.string:
        v = [b.decode() for b in v] if isinstance(v, list) else v.decode()
    return v


def _plain(tf, out) -> dict:
    return {k: _value(tf, v) for k, v in sorted(out.items())}


def probes(tf, loaded) -> dict:
    """What a user sees of a loaded case: each function's captured inputs (dtype, shape,
    value: None for a table's handle) and its results, the tables' sizes."""
    out = {}
    for fn in ("f", "sizes"):
        if not hasattr(loaded, fn):
            continue
        cf = getattr(loaded, fn).concrete_functions[0]
        got = getattr(loaded, fn)(tf.constant(WORDS)) if fn == "f" else \
            {"sizes": getattr(loaded, fn)()}
        out[fn] = {"captured_inputs": [[c.dtype.name, c.shape.as_list(), _value(tf, c)]
                                       for c in cf.captured_inputs],
                   "call": _plain(tf, got)}
    sig = loaded.signatures["serving_default"]
    out["signature_captures"] = [[c.dtype.name, c.shape.as_list(), _value(tf, c)]
                                 for c in sig.captured_inputs]
    return out


_UID = re.compile(r"^(key_value_init|text_file_init)\d*_")


def structure(saved_model) -> dict:
    """captured_constants_cases.structure, its functions listed in the objects' order (a
    list: their names alike), TF's process-wide unique ids taken out of the
    initializers' argument names ("key_value_init9_...": "key_value_init_...") and
    the main graph's nodes other than Consts and placeholders named by their op (TF's
    table nodes are named in another order), and the calls the init op waits for (the
    tables' `_initialize`, each with its inputs) added, sorted."""
    out = _structure(saved_model)
    meta = saved_model.meta_graphs[0]
    og = meta.object_graph_def
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    out["functions"] = []  # (in the objects' order: the three tables' initializers)
    for n in og.nodes:
        if n.WhichOneof("kind") == "bare_concrete_function":
            name = n.bare_concrete_function.concrete_function_name
            fdef = fdefs[name]
            out["functions"].append({
                "function": re.sub(r"_\d+$", "", name),
                "bound_inputs": list(og.concrete_functions[name].bound_inputs),
                # (what each bound input is: a table, an asset, a constant and its Const)
                "bound": [_bound(og.nodes[i]) for i in og.concrete_functions[name].bound_inputs],
                "args": [[_UID.sub(r"\1_", a.name), a.type,
                          _specified(fdef.arg_attr[i].attr) if i in fdef.arg_attr else None]
                         for i, a in enumerate(fdef.signature.input_arg)]})
    graph = {n.name: n for n in meta.graph_def.node}

    def named(inp: str) -> str:
        nd = graph[inp.split(":")[0].lstrip("^")]
        if nd.op == "ReadVariableOp" or nd.name.startswith("asset_path"):
            # (the asset's path: TF's main graph reads it from a variable, eagerflow's
            # is a Const; TF 1 loaders feed either)
            return "<asset path>"
        return nd.name if nd.op in ("Const", "Placeholder") else nd.op

    out["signature_calls"] = {k: [named(i) for i in v]
                              for k, v in out["signature_calls"].items()}
    init = meta.signature_def["__saved_model_init_op"].outputs["__saved_model_init_op"]
    calls = [graph[i.lstrip("^")] for i in graph[init.name.split(":")[0]].input]
    out["init_calls"] = sorted([[named(i) for i in c.input] for c in calls
                                if c.op == "StatefulPartitionedCall"])
    return out


def _bound(node) -> str:
    kind = node.WhichOneof("kind")
    return f"constant {node.constant.operation}" if kind == "constant" else kind


TABLE_FUNCTIONS = ("__inference__creator", "__inference__initializer", "__inference__destroyer")
