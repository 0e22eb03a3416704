"""Keras models written as SavedModels (model.export, tf.saved_model.save of a model,
keras.export.ExportArchive) and what a SavedModel's own files say of them: its object
graph (each object's kind, children and the functions and variables it holds), the
functions each concrete function captures, the function library's names, the signature
defs and the checkpoint keys. record_export_graphs.py records TF 2.21 / Keras 3.15's facts
of each case; test_export_graphs.py holds eagerflow's files to them. Imports neither
framework: each builder takes the `tf` and `keras` modules, and `facts` a parsed
SavedModel message and a `list_variables` function.

Two things in TF's files are left out as the writer's own: the numbers of the functions'
names (`__inference___call___99`: a count of the process's traces), and the order of
an archive's `_all_variables` (Keras 3 lists them from a set of weak references, so in
an order of memory addresses): those are compared as sorted lists.
"""

from __future__ import annotations

import os
import re

import numpy as np

XS = np.linspace(-1, 1, 12, dtype="float32").reshape(4, 3)


def _weights(model, seed):
    rng = np.random.RandomState(seed)
    for w in model.weights:
        if w.trainable:
            w.assign(rng.uniform(-1, 1, tuple(w.shape)).astype(w.dtype))


def _functional(keras, seed=0):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation="tanh", name="h")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="y")(h))
    _weights(model, seed)
    return model


def export_functional(tf, keras, path):
    _functional(keras).export(path, verbose=False)


def save_functional(tf, keras, path):
    tf.saved_model.save(_functional(keras), path)


def save_sequential(tf, keras, path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="seq")
    _weights(model, 1)
    tf.saved_model.save(model, path)


def save_subclassed(tf, keras, path):
    """A subclassed model (its layers are attributes), built by a first call."""
    class Twice(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.first = keras.layers.Dense(3, name="first")
            self.second = keras.layers.Dense(2, name="second")

        def call(self, x):
            return self.second(self.first(x))

    model = Twice(name="twice")
    model(XS[:1])
    _weights(model, 6)
    tf.saved_model.save(model, path)


def export_batchnorm(tf, keras, path):
    """Trainable and non-trainable variables (moving statistics) in one endpoint."""
    inp = keras.Input((3,), name="x")
    h = keras.layers.BatchNormalization(name="bn")(keras.layers.Dense(4, name="d")(inp))
    model = keras.Model(inp, h)
    _weights(model, 2)
    model.export(path, verbose=False)


def archive_endpoints(tf, keras, path):
    """Two endpoints (a model's call, a lambda of another model), a variable
    collection and a variable no layer owns."""
    model = _functional(keras, 3)
    other = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, name="o")],
                             name="other")
    _weights(other, 4)
    scale = tf.Variable(2.0, name="scale")
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.track(other)
    spec = [tf.TensorSpec([None, 3], tf.float32, name="x")]
    archive.add_endpoint("predict", model.call, input_signature=spec)
    archive.add_endpoint("scaled", lambda x: {"o": other(x) * scale}, input_signature=spec)
    archive.add_variable_collection("kernels", [w for w in model.weights
                                                if "kernel" in w.path])
    archive.add_variable_collection("extra", [scale])
    archive.write_out(path, verbose=False)


def export_mixed(tf, keras, path):
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        inp = keras.Input((3,), name="x")
        h = keras.layers.Dense(4, name="hidden")(inp)
        model = keras.Model(inp, keras.layers.Dense(2, dtype="float32", name="out")(h))
    finally:
        keras.mixed_precision.set_global_policy("float32")
    _weights(model, 5)
    model.export(path, verbose=False)


CASES = {f.__name__: f for f in (export_functional, save_functional, save_sequential,
                                 save_subclassed, export_batchnorm, archive_endpoints,
                                 export_mixed)}


def _fn_name(name: str) -> str:
    """A function's name without the process's trace count."""
    return re.sub(r"_\d+$", "", name)


def _paths(og) -> dict:
    """node id -> its first path from the root, breadth first (as TF numbers them)."""
    paths, queue = {0: ""}, [0]
    while queue:
        nid = queue.pop(0)
        for c in og.nodes[nid].children:
            if c.node_id not in paths:
                paths[c.node_id] = f"{paths[nid]}/{c.local_name}".lstrip("/")
                queue.append(c.node_id)
    return paths


def _describe(node, shapes) -> list:
    kind = node.WhichOneof("kind")
    if kind == "variable":
        v = node.variable
        return [kind, v.name, int(v.dtype), v.trainable, shapes(v.shape)]
    if kind == "function":
        return [kind, [_fn_name(n) for n in node.function.concrete_functions]]
    if kind == "bare_concrete_function":
        return [kind, _fn_name(node.bare_concrete_function.concrete_function_name)]
    if kind == "user_object":
        return [kind, node.user_object.identifier]
    return [kind]


def facts(saved_model, list_variables, path: str) -> dict:
    """What the SavedModel at `path` (its parsed `saved_model`) says of itself, as JSON."""
    (meta,) = saved_model.meta_graphs
    og = meta.object_graph_def
    paths = _paths(og)

    def shapes(s):
        return None if s.unknown_rank else [int(d.size) for d in s.dim]

    # an archive's `_all_variables`: its entries' descriptions, sorted (see the docstring)
    unordered = {nid for nid, p in paths.items() if re.fullmatch(r"_all_variables/\d+", p)}
    objects = {}
    for nid, node in enumerate(og.nodes):
        if nid in unordered:
            continue
        children = [[c.local_name, "_all_variables/*" if c.node_id in unordered
                     else paths[c.node_id]] for c in node.children]
        if paths[nid] == "_all_variables":  # (what it holds, in no order)
            children = sorted(target for _, target in children)
        objects[paths[nid]] = [_describe(node, shapes), children]
    all_variables = sorted(_describe(og.nodes[nid], shapes) for nid in unordered)
    captures = {}
    for name, cf in og.concrete_functions.items():
        captures[_fn_name(name)] = ["_all_variables/*" if i in unordered else paths[i]
                                    for i in cf.bound_inputs]
    library = sorted(_fn_name(f.signature.name) for f in meta.graph_def.library.function
                     if "_traced_" not in f.signature.name)
    signatures = {}
    for key, sd in sorted(meta.signature_def.items()):
        signatures[key] = {
            "method": sd.method_name,
            "inputs": {k: [t.name, int(t.dtype), shapes(t.tensor_shape)]
                       for k, t in sorted(sd.inputs.items())},
            "outputs": {k: [t.name, int(t.dtype), shapes(t.tensor_shape)]
                        for k, t in sorted(sd.outputs.items())}}
    keys, all_shapes = [], []
    for key, shape in list_variables(os.path.join(path, "variables", "variables")):
        if key.startswith("_all_variables/"):
            all_shapes.append(list(shape))
        else:
            keys.append([key, list(shape)])
    return {"objects": objects, "all_variables": all_variables, "captures": captures,
            "library": library, "signatures": signatures, "checkpoint": sorted(keys),
            "all_variables_checkpoint": sorted(all_shapes)}
