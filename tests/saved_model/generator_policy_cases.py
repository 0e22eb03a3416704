"""Datasets a SavedModel holds as TF 2.21 saves them where they reach outside the graph:
a `from_generator` pipeline under an external state policy that lets it through (IGNORE,
WARN) is written as TF's from_generator (a TensorDataset of 0 flat-mapped to a
GeneratorDataset whose init, next and finalize functions call Python by PyFunc token),
which runs where those tokens are registered (the saving process, while the dataset
lives) and fails elsewhere ("Could not find callback with key=pyfunc_0 in the
registry."); a function using a dataset no saved object holds is refused (TF's
AssertionError on an 'untracked' resource). Shared by golden/make_generator_policy.py
(under TensorFlow 2.21) and test_generator_policy.py (under eagerflow); builders take the
`tf` module, this module imports neither."""

from __future__ import annotations

import re
from typing import Any

POLICIES = ("IGNORE", "WARN")
NO_CALLBACK = "Could not find callback with key=pyfunc_"


def _gen():
    yield from range(3)


def module(tf: Any, policy: str) -> Any:
    """A module holding a from_generator pipeline under `policy`, and a function reducing it."""
    ds = tf.data.Dataset.from_generator(
        _gen, output_signature=tf.TensorSpec([], tf.int64)).map(lambda x: x + 1)
    options = tf.data.Options()
    options.experimental_external_state_policy = getattr(
        tf.data.experimental.ExternalStatePolicy, policy)

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.ds = ds.with_options(options)

        @tf.function(input_signature=[])
        def total(self):
            return self.ds.reduce(tf.constant(0, tf.int64), lambda a, x: a + x)

    return M()


def run(tf: Any, loaded: Any) -> Any:
    """What the loaded module's function gives: its value, or its error's class and whether
    it says the PyFunc's token names no function here."""
    try:
        return int(loaded.total())
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "no callback": NO_CALLBACK in str(e)}


def untracked(tf: Any, path: str) -> dict:
    """Saving a function that reads a resource made outside it which no saved object
    holds (a dataset it reduces, a variable, a lookup table): TF's error up to its details
    (which name the process's objects), and for the dataset the variant it names."""
    loose = tf.data.Dataset.range(5).map(lambda x: x * 2)
    hidden = tf.Variable(3.0)
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant([1], tf.int64), tf.constant([2], tf.int64)), -1)

    class Reduced(tf.Module):
        @tf.function(input_signature=[])
        def total(self):
            return loose.reduce(tf.constant(0, tf.int64), lambda a, x: a + x)

    class Scaled(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def f(self, x):
            return x * hidden

    class Looked(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
        def f(self, x):
            return table.lookup(x)

    out = {}
    for name, m in (("dataset", Reduced()), ("variable", Scaled()), ("table", Looked())):
        try:
            tf.saved_model.save(m, f"{path}_{name}")
            out[name] = {"saved": True}
        except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
            text = str(e)
            out[name] = {"error": type(e).__name__,
                         "head": text.split(" See the information")[0]}
            if name == "dataset":
                out[name]["captured"] = re.findall(r"Captured Tensor = (.*)", text)
    return out


_BASE = re.compile(r"^__inference_(.*?)_\d+$")
_KEPT = ("TensorDataset", "FlatMapDataset", "MapDataset", "GeneratorDataset", "PyFunc",
         "OptionsDataset")


def structure(sm: Any) -> dict:
    """The pipeline's nodes ([op, the number of its inputs, its Tin, Tout, Tinit_func_args
    and output_types], and an OptionsDataset's serialized options, in hex) in the function
    building it (TF writes its copies; the names of such functions and of the map's are
    each framework's own), and each function holding the generator's nodes, by its name
    without TF's numbers, with its argument types."""
    out: dict = {"pipeline": []}
    for f in sm.meta_graphs[0].graph_def.library.function:
        nodes = [[n.op, len(n.input), *[list(n.attr[k].list.type) for k in (
            "Tin", "Tout", "Tinit_func_args", "output_types")],
            *([n.attr["serialized_options"].s.hex()] if n.op == "OptionsDataset" else [])]
            for n in f.node_def if n.op in _KEPT]
        if any(n[0] == "FlatMapDataset" for n in nodes):
            if nodes not in out["pipeline"]:
                out["pipeline"].append(nodes)
        elif nodes:
            out[_BASE.sub(r"\1", f.signature.name)] = {
                "args": [a.type for a in f.signature.input_arg], "nodes": nodes}
    return out
