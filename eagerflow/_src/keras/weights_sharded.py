"""Keras 3's sharded weights: `model.save_weights("m.weights.json", max_shard_size=...)` and
loading them back.

Sits in keras/ over weights_io.py, whose layout it splits. The index `m.weights.json`
names, for each layer's `vars` group, the shard files holding its values
(`m_00000.weights.h5`, `m_00001.weights.h5`, ...), and the values' total size in bytes:

    {"metadata": {"total_size": ...}, "weight_map": {"/layers/dense/vars": [...], ...}}

As Keras 3 writes them: the groups are visited in the layout's order, each made (with its
layer's name) in the current shard; a value that would take the shard past
`max_shard_size` GB starts the next one, where its group is made again without the name;
a group with one value maps to a file name, one with more to a list of them. Loading
merges the shards into one file of the unsharded layout and reads it as weights_io reads
a `.weights.h5`. Every file is written under a temporary name and renamed into place, the
index last.
"""

from __future__ import annotations

import io
import json
import os
import warnings
from typing import Any

import numpy as np

from eagerflow._src.io import fileio
from eagerflow._src.keras.weights_io import (
    _h5py,
    _vars_group,
    apply_plan,
    layout,
    read_plan,
    read_value,
    write_value,
    write_weights,
)


def readable_size(n_bytes: float) -> str:
    """Keras's size text: "4.69 KB", "100.00 B"."""
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n_bytes / 1024 < 1:
            return f"{n_bytes:.2f} {unit}"
        n_bytes /= 1024
    return f"{n_bytes:.2f} PB"


def index_path(filepath: str, mode: str) -> str:
    """The index's path: a `.weights.h5` name becomes `.weights.json`, with Keras's warning."""
    stem, suffix = os.path.splitext(filepath)
    if suffix != ".json":
        new = stem + ".json"
        method = "Saving" if mode == "w" else "Loading"
        warnings.warn(f"{method} sharded weights requires `*.json` as the extension. The "
                      f"original path: {filepath} will be renamed to {new}.", stacklevel=3)
        return new
    return filepath


class _Shards:
    """The shard files being written, in memory until all are complete."""

    def __init__(self, index: str, max_bytes: float) -> None:
        self.base = os.path.basename(index)
        self.base = self.base[:-len(".json")].replace(".weights", "")
        self.folder = os.path.dirname(index)
        self.max_bytes = max_bytes
        self.files: list = []  # (name, BytesIO, open h5py File)
        self.size = 0.0
        self.total = 0.0
        self.weight_map: dict = {}
        self._new()

    def _new(self) -> None:
        name = f"{self.base}_{len(self.files):05}.weights.h5"
        buf = io.BytesIO()
        self.files.append((name, buf, _h5py().File(buf, "w")))

    @property
    def current(self) -> Any:
        return self.files[-1][2]

    def make(self, path: str, attrs: dict) -> None:
        group = self.current.require_group(path)
        group.attrs.update(attrs)

    def add(self, path: str, key: str, value: np.ndarray) -> None:
        size = value.size * value.dtype.itemsize
        self.total += size
        if size > self.max_bytes:
            raise ValueError(f"The size of {key} is {readable_size(size)} which exceeds the "
                             f"maximum shard size {readable_size(self.max_bytes)}. You can "
                             "increase the `max_shard_size` parameter to accommodate the "
                             "size.")
        self.size += size
        if self.size > self.max_bytes:
            self._new()
            self.size = size
        write_value(self.current.require_group(path), key, value)
        name, where = self.files[-1][0], f"/{path}"
        if where not in self.weight_map:
            self.weight_map[where] = name
        else:
            names = self.weight_map[where]
            names = names if isinstance(names, list) else [names]
            if name not in names:
                names.append(name)
            self.weight_map[where] = names


def save_sharded(model: Any, filepath: str, max_shard_size: float, skip: Any = ()) -> None:
    """`model`'s weights as Keras 3's shard files and their index at `filepath`."""
    index = index_path(filepath, "w")
    with _h5py().File(io.BytesIO(), "w") as whole:  # the unsharded layout, then split
        write_weights(model, whole, skip=skip)
        shards = _Shards(index, float(max_shard_size) * 1024 ** 3)
        for path, _ in layout(model, skip):
            group = whole.get(_vars_group(path))
            if group is None:
                continue
            shards.make(group.name.lstrip("/"), dict(group.attrs))
            keys = sorted(group.keys(), key=lambda k: (not k.isdigit(), int(k) if
                                                       k.isdigit() else 0, k))
            for key in keys:
                shards.add(group.name.lstrip("/"), key, read_value(group[key]))
    for name, buf, f in shards.files:
        f.close()
        fileio.atomic_write(os.path.join(shards.folder, name), buf.getvalue(), "weights")
    config = {"metadata": {"total_size": shards.total}, "weight_map": shards.weight_map}
    fileio.atomic_write(index, json.dumps(config, indent=4).encode(), "weights")


def merged_shards(filepath: str) -> io.BytesIO:
    """The shards an index names merged into one in-memory file of the unsharded layout."""
    index = index_path(filepath, "r")
    with open(index) as f:
        config = json.load(f)
    names: list = []
    for value in config.get("weight_map", {}).values():
        for name in value if isinstance(value, list) else [value]:
            if name not in names:
                names.append(name)
    h5py = _h5py()
    out = io.BytesIO()
    with h5py.File(out, "w") as merged:
        for name in names:
            if os.path.basename(name) != name:  # (a shard lies beside its index)
                raise ValueError(f"Invalid shard file name in {index}: {name}")
            with h5py.File(os.path.join(os.path.dirname(index), name), "r") as shard:
                shard.visititems(lambda p, o, m=merged: _copy(p, o, m, h5py))
    out.seek(0)
    return out


def _copy(path: str, obj: Any, merged: Any, h5py: Any) -> None:
    if isinstance(obj, h5py.Group):
        merged.require_group(path).attrs.update(dict(obj.attrs))
    elif path not in merged:
        head, _, key = path.rpartition("/")
        write_value(merged.require_group(head), key, read_value(obj))


def load_sharded(model: Any, filepath: str, skip_mismatch: bool = False, skip: Any = ()
                 ) -> None:
    """Loads the shards an index names into `model`, checked as a `.weights.h5` file is."""
    if not getattr(model, "built", True):
        raise ValueError("You are loading weights into a model that has not yet been built. "
                         "Try building the model first by calling it on some data or by using "
                         "`build()`.")
    with _h5py().File(merged_shards(filepath), "r") as f:
        plan = read_plan(f, model, filepath, skip_mismatch, skip=skip)
    apply_plan(plan, warn_only=skip_mismatch)


def check_sharded_path(filepath: str) -> None:
    if not filepath.endswith(("weights.h5", "weights.json")):
        raise ValueError("The filename must end in `.weights.json` when `max_shard_size` is "
                         f"specified. Received: filepath={filepath}")
