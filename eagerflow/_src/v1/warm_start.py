"""`tf.compat.v1.train.warm_start`, `VocabInfo` and `NewCheckpointReader`: a model's
variables initialized from an earlier model's name-based checkpoint, embedding rows (or
columns) remapped from the old vocabulary to the new one.

TF 1 layer (v1/), over init_checkpoint.py (whose initializer replacement it shares) and
train/reader.py. Each chosen variable (grouped with its partitions) takes the checkpoint
tensor of its name, or of the name `var_name_to_prev_var_name` gives it. A variable with a
VocabInfo takes, for each entry of the new vocabulary found in the old one, that entry's
old row (column, for axis 1), through TF's ops GenerateVocabRemapping and
LoadAndRemapMatrix (run when warm_start is called; TF's variable initializer runs them);
the others, and the OOV buckets after them, take the values of `backup_initializer`
(zeros when there is none), drawn as TF's graph draws them. As TF's, it remaps float32
matrices only. From an object-based (TF 2) checkpoint, a variable's tensor is the
one its object graph lists under the variable's name.
"""

from __future__ import annotations

import collections
import os
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging
from eagerflow._src.function.compat_v1 import Graph, Session, get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.function.polymorphic import eager_scope
from eagerflow._src.ops import variables as V
from eagerflow._src.ops.array import concat, constant
from eagerflow._src.ops.checkpoint_remap import GENERATE_VOCAB_REMAPPING, LOAD_AND_REMAP_MATRIX
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.train.checkpoint import open_checkpoint
from eagerflow._src.train.reader import CheckpointReader, _resolve
from eagerflow._src.v1.init_checkpoint import _set_initializer, init_from_checkpoint


def NewCheckpointReader(filepattern: Any) -> CheckpointReader:  # noqa: N802 - TF's name
    """A reader of the checkpoint at prefix `filepattern`."""
    return CheckpointReader(os.fspath(filepattern))


class VocabInfo(collections.namedtuple("VocabInfo", [
        "new_vocab", "new_vocab_size", "num_oov_buckets", "old_vocab", "old_vocab_size",
        "backup_initializer", "axis"])):
    """How warm_start remaps a variable's rows (axis 0) or columns (axis 1) from the
    vocabulary file `old_vocab` (its first `old_vocab_size` entries; -1: all) to
    `new_vocab` (its first `new_vocab_size`), with `num_oov_buckets` more rows after them."""

    def __new__(cls, new_vocab: Any, new_vocab_size: int, num_oov_buckets: int,
                old_vocab: Any, old_vocab_size: int = -1, backup_initializer: Any = None,
                axis: int = 0) -> VocabInfo:
        if axis not in (0, 1):
            raise ValueError("The only supported values for the axis argument are 0 and 1.  "
                             f"Provided axis: {axis}")
        return super().__new__(cls, new_vocab, new_vocab_size, num_oov_buckets, old_vocab,
                               old_vocab_size, backup_initializer, axis)


def _collection(key: str, scope: Any) -> list:
    return get_default_graph().get_collection(key, scope)


def _grouped(vars_to_warm_start: Any) -> dict:
    """The variables to warm-start by name, a partitioned variable's parts together."""
    if isinstance(vars_to_warm_start, str) or vars_to_warm_start is None:
        tf_logging.info("Warm-starting variables only in TRAINABLE_VARIABLES.")
        found = _collection(GraphKeys.TRAINABLE_VARIABLES, vars_to_warm_start)
    elif isinstance(vars_to_warm_start, list):
        if all(isinstance(v, str) for v in vars_to_warm_start):
            found = [v for scope in vars_to_warm_start
                     for v in _collection(GraphKeys.GLOBAL_VARIABLES, scope)]
        elif all(isinstance(v, V.Variable) for v in vars_to_warm_start):
            found = vars_to_warm_start
        else:
            raise ValueError("If `vars_to_warm_start` is a list, it must be all `Variable` or "
                             "all `str`.  Given types are "
                             f"{[type(v) for v in vars_to_warm_start]}")
    else:
        raise ValueError("`vars_to_warm_start must be a `list` or `str`.  Given type is "
                         f"{type(vars_to_warm_start)}")
    grouped: dict = {}
    for v in found:
        grouped.setdefault(_name(v), []).append(v)
    return grouped


def _name(var: Any) -> str:
    info = getattr(var, "_save_slice_info", None)
    if info is not None:
        return info.full_name
    return var.op.name if hasattr(var, "op") and var.op is not None else var.name[:-2]


def warm_start(ckpt_to_initialize_from: Any, vars_to_warm_start: Any = ".*",
               var_name_to_vocab_info: Any = None, var_name_to_prev_var_name: Any = None
               ) -> None:
    """Sets the initializers of the chosen variables (a regex over the trainable ones, a
    list of regexes over the global ones, or a list of variables) to the checkpoint's
    values, remapped by vocabulary where a VocabInfo is given; from an object-based
    checkpoint, each variable takes the value its object graph records under its name."""
    tf_logging.info(f"Warm-starting from: {ckpt_to_initialize_from}")
    grouped = _grouped(vars_to_warm_start)
    vocab_infos = var_name_to_vocab_info or {}
    prev_names = var_name_to_prev_var_name or _object_renames(ckpt_to_initialize_from,
                                                              grouped)
    count = 0
    prev_used, vocab_used = set(), set()
    plain: dict = {}
    for var_name, parts in grouped.items():
        prev = prev_names.get(var_name)
        if prev:
            prev_used.add(var_name)
        info = vocab_infos.get(var_name)
        if info:
            vocab_used.add(var_name)
            count += 1
            _warm_start_with_vocab(parts, ckpt_to_initialize_from, prev or var_name, info)
        elif vars_to_warm_start:
            count += 1
            var = parts[0] if len(parts) == 1 else parts
            tensor = prev or var_name
            if tensor in plain:  # (one tensor for two variables: one map each)
                init_from_checkpoint(ckpt_to_initialize_from, plain)
                plain.clear()
            plain[tensor] = var
    if plain:
        init_from_checkpoint(ckpt_to_initialize_from, plain)
    tf_logging.info("Warm-started %d variables.", count)
    unused = set(prev_names) - prev_used
    if unused:
        raise ValueError("You provided the following variables in var_name_to_prev_var_name "
                         f"that were not used: {unused}.  Perhaps you misspelled them?  Here "
                         f"is the list of viable variable names: {grouped.keys()}")
    unused = set(vocab_infos) - vocab_used
    if unused:
        raise ValueError("You provided the following variables in var_name_to_vocab_info "
                         f"that were not used: {unused}.  Perhaps you misspelled them?  Here "
                         f"is the list of viable variable names: {grouped.keys()}")


def _object_renames(ckpt: Any, names: Any) -> dict:
    """For an object-based (TF 2) checkpoint, each variable name's checkpoint key (its
    object graph records the variable's name beside the key); {} for a name-based one."""
    _, proto = open_checkpoint(_resolve(ckpt))
    if proto is None:
        return {}
    keys = {a.full_name: a.checkpoint_key for node in proto.nodes for a in node.attributes}
    missing = set(names) - set(keys)
    if missing:
        raise ValueError("Attempting to warm-start from an object-based checkpoint, but found "
                         "that the checkpoint did not contain values for all variables. The "
                         f"following variables were missing: {missing}")
    return {name: keys[name] for name in names}


def _vocabulary(path: Any, size: int) -> list:
    with open(os.fspath(path), "rb") as f:
        words = f.read().decode("utf-8").splitlines()
    return words if size is None or size < 0 else words[:size]


def _warm_start_with_vocab(parts: list, ckpt: Any, tensor_name: str, info: VocabInfo) -> None:
    first = parts[0]
    slice_info = getattr(first, "_save_slice_info", None)
    full_shape = list(slice_info.full_shape) if slice_info is not None else \
        first.shape.as_list()
    dtype = first.dtype
    axis = info.axis
    if len(full_shape) < 2:  # (TF's warm_start reads the second dimension of the shape)
        raise IndexError("list index out of range")
    new_words = _vocabulary(info.new_vocab, info.new_vocab_size)
    if len(new_words) + info.num_oov_buckets != full_shape[axis]:
        raise ValueError(f"Variable {tensor_name} has {full_shape[axis]} entries along axis "
                         f"{axis}, but its new vocabulary has {len(new_words)} entries and "
                         f"{info.num_oov_buckets} OOV buckets.")
    if dtype is not dt.float32:  # (TF's graph assigns LoadAndRemapMatrix's float32 matrix)
        rows, cols = (len(new_words), full_shape[1]) if axis == 0 else \
            (full_shape[0], len(new_words))
        raise ValueError(f"Tensor conversion requested dtype {dtype.name} for Tensor with "
                         f"dtype float32: <tf.Tensor 'LoadAndRemapMatrix:0' shape=({rows}, "
                         f"{cols}) dtype=float32>")
    with eager_scope():
        value = _remapped(_resolve(ckpt), tensor_name, info, len(new_words),
                          full_shape).numpy()
    for part in parts:
        part_info = getattr(part, "_save_slice_info", None)
        if part_info is None:
            _set_initializer(part, value)
        else:
            index = tuple(slice(o, o + n) for o, n in zip(part_info.var_offset,
                                                          part_info.var_shape))
            _set_initializer(part, value[index])


def _remapped(prefix: str, tensor_name: str, info: VocabInfo, words: int,
              full_shape: list) -> Any:
    """TF's remapping ops: the new vocabulary's entries found in the old one take their old
    rows (columns, for axis 1); the missing entries take `backup_initializer`'s values,
    drawn for them all at once and filled row by row; the OOV buckets after them the
    values of another draw of it (zeros without one)."""
    axis, oov = info.axis, info.num_oov_buckets
    remap, _ = bind(GENERATE_VOCAB_REMAPPING, (constant(os.fspath(info.new_vocab)),
                                               constant(os.fspath(info.old_vocab))),
                    {"new_vocab_offset": 0, "num_new_vocab": words,
                     "old_vocab_size": -1 if info.old_vocab_size is None else
                     info.old_vocab_size})
    remap = remap.numpy()
    shape = [words, full_shape[1]] if axis == 0 else [full_shape[0], words]
    rows = remap if axis == 0 else np.arange(shape[0], dtype=np.int64)
    cols = np.zeros(0, np.int64) if axis == 0 else remap
    missing = shape[0] * shape[1] - int((rows >= 0).sum()) * int(
        shape[1] if axis == 0 else (cols >= 0).sum())
    fill = info.backup_initializer
    matrix = bind(LOAD_AND_REMAP_MATRIX, (
        constant(prefix), constant(tensor_name), constant(rows), constant(cols),
        constant(_draw(fill, [missing, 1]).reshape(-1))),
        {"num_rows": shape[0], "num_cols": shape[1]})
    if not oov:
        return matrix
    buckets = [oov, shape[1]] if axis == 0 else [shape[0], oov]
    return concat([matrix, constant(_draw(fill, buckets))], axis)


def _draw(fill: Any, shape: list) -> np.ndarray:
    """`fill`'s float32 values of `shape` as a TF 1 graph's op of them gives them: each
    draw a new op, so a seeded initializer draws the same values each time (zeros without
    an initializer)."""
    if fill is None or not shape[0] * shape[1]:
        return np.zeros(shape, np.float32)
    g = Graph()
    g.seed = get_default_graph().seed
    with g.as_default():
        with Session(graph=g) as sess:
            return np.asarray(sess.run(fill(shape, dtype=dt.float32)), np.float32)
