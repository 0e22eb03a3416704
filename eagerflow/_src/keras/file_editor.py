"""keras.saving.KerasFileEditor: inspect, edit and resave the weights of a `.weights.h5`
or `.keras` file, as Keras 3.15 does.

Sits in keras/ over weights_io.py (the files' HDF5 layout: a layer's values in
`<path>/vars/0`, `1`, ...) and saving_lib.py's archive members. The editor reads every
value into a nested dict (`weights_dict`: a layer's path components, then its values
by their names; `vars` levels left out, empty groups and layers with an empty `vars`
group skipped, as Keras skips them), edits that dict, and saves it as a `.weights.h5`
file (written under a temporary name, then renamed into place). It prints what Keras
prints with rich, as plain text wrapped to the terminal's width.

Keras's quirks are kept, since programs see them: a name is looked up by counting its
occurrences as Keras counts them (a name found once, in a group followed by another
group, counts as found twice: "occurs more than once"), and `compare` adds up its
counts the same way (its totals are Keras's).
"""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from collections import OrderedDict
from typing import Any

import numpy as np

from eagerflow._src.io import fileio
from eagerflow._src.keras.saving_lib import CONFIG, METADATA, WEIGHTS
from eagerflow._src.keras.utils.text_table import console_lines
from eagerflow._src.keras.weights_io import _h5py, layout, overrides, saved_values, write_value

_RULE = "─" * 21
_MAX_BYTES = 1 << 32  # a dataset larger than this is refused (a malformed file)
_WEIGHTS_ERROR = ("Argument `weights` should be a dict where keys are weight names (usually "
                  "'0', '1', etc.) and values are NumPy arrays. Received: "
                  "type(weights)={}")


def _say(text: str) -> None:
    """Prints `text` as rich's Console prints it to a file: wrapped to the width."""
    for line in console_lines(text, shutil.get_terminal_size().columns):
        print(line)


class _Spec:
    """A model's weight as `compare` sees it: its shape."""

    __slots__ = ("shape",)

    def __init__(self, shape: tuple) -> None:
        self.shape = shape


class KerasFileEditor:
    """Inspects and edits the weights of a `.keras` or `.weights.h5` file."""

    def __init__(self, filepath: str) -> None:
        self.filepath = filepath
        self.metadata = None
        self.config = None
        self.model = None
        h5py = _h5py()
        if filepath.endswith(".keras"):
            with zipfile.ZipFile(filepath, "r") as z:
                weights = io.BytesIO(z.read(WEIGHTS))
                self.config = json.loads(z.read(CONFIG))
                self.metadata = json.loads(z.read(METADATA))
            f = h5py.File(weights, "r")
        elif filepath.endswith(".weights.h5"):
            f = h5py.File(filepath, "r")
        else:
            raise ValueError("Invalid filename: expected a `.keras` `.weights.h5` extension. "
                             f"Received: filepath={filepath}")
        with f:
            self.object_metadata: dict = {}
            self.weights_dict = self._read_group(h5py, f, "")
        _say(f"Keras model file '{self.filepath}'")
        if self.metadata is not None:
            _say(f"Saved with Keras {self.metadata['keras_version']} - date: "
                 f"{self.metadata['date_saved']}")

    # -- reading ---------------------------------------------------------------------------
    def _read_group(self, h5py: Any, group: Any, path: str) -> OrderedDict:
        """`group`'s values and subgroups, its attributes noted at `path`."""
        if len(group.attrs):
            self.object_metadata[path] = dict(group.attrs.items())
        out: OrderedDict = OrderedDict()
        for key in group.keys():
            sub = f"{path}/{key}"
            link = group.get(key, getclass=True, getlink=True)
            if link in (h5py.ExternalLink, h5py.SoftLink):
                raise ValueError(f"Not allowed: H5 file with {link.__name__}")
            value = group[key]
            if isinstance(value, h5py.Group):
                if not len(value):
                    continue
                if "vars" in value.keys():  # a layer: its values (its sublayers are not read)
                    value = value["vars"]
                    if not len(value):
                        continue
                out[key] = self._read_group(h5py, value, sub)
            elif isinstance(value, h5py.Dataset):
                out[key] = _read_dataset(value, sub)
        return out

    # -- printing --------------------------------------------------------------------------
    def summary(self) -> None:
        """Prints the weight structure of the opened file."""
        _say("Weights structure")
        self._print_tree(self.weights_dict, "  ", True)

    def _print_tree(self, tree: dict, prefix: str, first: bool) -> bool:
        """Prints `tree` as Keras's weights tree ("> " for the very first entry); returns
        whether the first entry is still to come. (Keras would add a layer's saved name
        after its group, but its lookup of the name never matches a path.)"""
        for i, (key, value) in enumerate(tree.items()):
            last = i == len(tree) - 1
            connector = "> " if first else ("└─ " if last else "├─ ")
            first = False
            if isinstance(value, dict):
                _say(f"{prefix}{connector}{key}")
                first = self._print_tree(value, prefix + ("    " if last else "│   "), first)
            elif hasattr(value, "shape"):
                _say(f"{prefix}{connector}{key}: shape={value.shape}, dtype={value.dtype}")
            else:
                _say(f"{prefix}{connector}{key}: {value}")
        return first

    # -- editing ---------------------------------------------------------------------------
    def _edit_object(self, edit: Any, source_name: str, target_name: str | None = None) -> None:
        if target_name is not None and "/" in target_name:
            raise ValueError("Argument `target_name` should be a leaf name, not a full path "
                             f"name. Received: target_name='{target_name}'")
        if "/" in source_name:
            *parents, leaf = source_name.split("/")
            tree = self.weights_dict
            for part in parents:
                if part not in tree:
                    raise ValueError(f"Path '{source_name}' not found in model.")
                tree = tree[part]
            if leaf not in tree:
                raise ValueError(f"Path '{source_name}' not found in model.")
            edit(tree, leaf, target_name)
            return
        found = _count(self.weights_dict, source_name, 0)
        if found > 1:
            raise ValueError(f"Name '{source_name}' occurs more than once in the model; try "
                             "passing a complete path")
        if found == 0:
            raise ValueError(f"Source name '{source_name}' does not appear in the model. Use "
                             "`editor.weights_summary()` to list all objects.")

        def visit(tree: dict) -> None:
            for key in list(tree):
                if isinstance(tree.get(key), dict):
                    visit(tree[key])
            if source_name in tree:
                edit(tree, source_name, target_name)

        visit(self.weights_dict)

    def rename_object(self, object_name: str, new_name: str) -> None:
        """Renames an object (a layer), given by name or path, to `new_name`."""
        def rename(tree: dict, source: str, target: str) -> None:
            tree[target] = tree.pop(source)

        self._edit_object(rename, object_name, new_name)

    def delete_object(self, object_name: str) -> None:
        """Removes an object (a layer), given by name or path."""
        self._edit_object(lambda tree, source, _: tree.pop(source), object_name)

    def add_object(self, object_path: str, weights: dict) -> None:
        """Adds an object at `object_path` holding `weights` ({"0": array, ...})."""
        if not isinstance(weights, dict):
            raise ValueError(_WEIGHTS_ERROR.format(type(weights)))
        *parents, leaf = object_path.split("/")
        tree = self.weights_dict
        for part in parents:
            if part not in tree:
                raise ValueError(f"Path '{'/'.join(parents)}' not found in model.")
            tree = tree[part]
        tree[leaf] = weights

    def delete_weight(self, object_name: str, weight_name: str) -> None:
        """Removes the weight `weight_name` of an object given by name or path."""
        def delete(tree: dict, source: str, _: Any) -> None:
            if weight_name not in tree[source]:
                raise ValueError(f"Weight {weight_name} not found in object {object_name}. "
                                 f"Weights found: {list(tree[source].keys())}")
            tree[source].pop(weight_name)

        self._edit_object(delete, object_name)

    def add_weights(self, object_name: str, weights: dict) -> None:
        """Adds `weights` ({"name": array, ...}) to an object given by name or path."""
        if not isinstance(weights, dict):
            raise ValueError(_WEIGHTS_ERROR.format(type(weights)))
        self._edit_object(lambda tree, source, _: tree[source].update(weights), object_name)

    # -- saving ----------------------------------------------------------------------------
    def save(self, filepath: Any) -> None:
        """Saves the edited weights to a `.weights.h5` file."""
        filepath = str(filepath)
        if not filepath.endswith(".weights.h5"):
            raise ValueError("Invalid `filepath` argument: expected a `.weights.h5` "
                             f"extension. Received: filepath={filepath}")
        buf = io.BytesIO()
        with _h5py().File(buf, "w") as f:
            _write_tree(f, self.weights_dict, "")
        fileio.atomic_write(filepath, buf.getvalue(), "weights")

    def resave_weights(self, filepath: Any) -> None:
        self.save(filepath)

    # -- comparing -------------------------------------------------------------------------
    def compare(self, reference_model: Any) -> dict:
        """Lists where the file and `reference_model`'s weights differ; returns
        {"status": "success" or "error", "error_count": ..., "match_count": ...}."""
        _say("Running comparison")
        spec = _weight_spec(reference_model)
        checked: set = set()
        errors, matches = _compare(self.weights_dict, spec, "", "saved file",
                                   "reference model", 0, 0, checked)
        more, _ = _compare(spec, self.weights_dict, "", "reference model", "saved file", 0, 0,
                           checked)
        errors += more
        _say(_RULE)
        if errors == 0:
            _say("Comparison successful: saved file is compatible with the reference model")
            _say(f"    Found {matches} matching weight{'' if matches == 1 else 's'}")
        else:
            _say(f"Found {errors} error{'' if errors == 1 else 's'}: saved file is not "
                 "compatible with the reference model")
        return {"status": "error" if errors else "success", "error_count": errors,
                "match_count": matches}


def _read_dataset(value: Any, path: str) -> np.ndarray:
    if value.external:
        raise ValueError(f"Not allowed: H5 file Dataset with external links: {value.external}")
    if value.is_virtual:
        raise ValueError(f"Not allowed: H5 file with virtual Dataset at {path}")
    if len(value.shape) > 64:
        raise ValueError("Malformed HDF5 dataset shape encountered in .keras file; tensor "
                         "rank exceeds safety limit.")
    size = int(np.prod(value.shape, dtype=object)) * value.dtype.itemsize
    if size > _MAX_BYTES:
        raise ValueError(f"HDF5 dataset too large to load safely ({size} bytes; limit is "
                         f"{_MAX_BYTES}).")
    return value[()]


def _count(tree: dict, name: str, running: int) -> int:
    """Keras's count of `name` in `tree`: each subtree is counted starting from the total
    so far, and its result added to that total."""
    for value in tree.values():
        if isinstance(value, dict):
            running += _count(value, name, running)
    return running + (name in tree)


def _write_tree(f: Any, tree: dict, path: str) -> None:
    """`tree` into open h5py File `f`: an object's values in `<path>/vars`."""
    values = {}
    for name, value in tree.items():
        if isinstance(value, dict):
            if value:
                _write_tree(f, value, f"{path}/{name}" if path else name)
        else:
            values[name] = value
    if values:
        group = f.create_group(f"{path}/vars" if path else "vars")
        for name, value in values.items():
            arr = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
            if arr.dtype.kind == "V":  # (a bfloat16 value read as its raw words: Keras's error)
                raise ValueError(f"Invalid dtype: {arr.dtype.name}")
            write_value(group, name, arr)


def _weight_spec(model: Any) -> dict:
    """The shapes of `model`'s weights in the file's tree: each object's values by their
    names (in string order), under its path."""
    spec: dict = {}
    for path, obj in layout(model):
        if overrides(obj, "save_own_variables"):
            store: dict = {}
            obj.save_own_variables(store)
        else:
            store = {str(i): v for i, v in enumerate(saved_values(obj))}
        if not store:
            continue
        node = spec
        for part in path.split("/") if path else []:
            node = node.setdefault(part, {})
        for key in sorted(store):
            node[key] = _Spec(tuple(store[key].shape))
    return spec


def _compare(target: dict, ref: dict, path: str, target_name: str, ref_name: str,
             errors: int, matches: int, checked: set) -> tuple:
    """Keras's comparison of `ref` against `target`: it reports what `ref` has that
    `target` lacks or shapes otherwise, and returns running (errors, matches), a subtree's
    counted from the totals so far and added to them."""
    for key, ref_value in ref.items():
        sub = f"{path}/{key}"
        if sub in checked:
            continue
        if key not in target:
            errors += 1
            checked.add(sub)
            kind = "Object" if isinstance(ref_value, dict) else "Weight"
            _say(f"...{kind} {sub} present in {ref_name}, missing from {target_name}")
            if isinstance(ref_value, dict):
                _say(f"    In {ref_name}, {sub} contains the following keys: "
                     f"{list(ref_value.keys())}")
        elif isinstance(ref_value, dict):
            more_errors, more_matches = _compare(target[key], ref_value, sub, target_name,
                                                 ref_name, errors, matches, checked)
            errors += more_errors
            matches += more_matches
        elif target[key].shape != ref_value.shape:
            errors += 1
            checked.add(sub)
            _say(f"...Weight shape mismatch for {sub}\n    In {ref_name}: "
                 f"shape={ref_value.shape}\n    In {target_name}: shape={target[key].shape}")
        else:
            matches += 1
    return errors, matches
