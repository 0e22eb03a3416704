"""Model.save_weights / load_weights in TensorFlow's checkpoint format and Keras 3's HDF5 layout.

Sits in keras/ on top of train/. A path prefix (`model.save_weights('weights')`, which
Keras 3 itself no longer writes) is a TensorFlow checkpoint with the model as the root
of the object graph, in Keras 3's layout on TF
(`_functional/_operations/1/_kernel/.ATTRIBUTES/VARIABLE_VALUE`), and the directory's
`checkpoint` file names it; loading matches objects (deferred for layers not built yet;
eagerflow's older files in Keras 2's layout still load) and returns the load status.

A `*.weights.h5` (or `.h5` / `.hdf5`) path uses Keras 3's layout, so weights move
to and from Keras 3: each layer is a group named by its attribute (or, inside a
list such as a Sequential's `layers`, by its snake-cased class name made unique
within the list), holding `vars/0`, `vars/1`, ... (its own trainable then
non-trainable variables) with the layer's name as the `name` attribute of `vars`.
The HDF5 file is written under a temporary name and renamed into place. h5py is
imported only for this format (the `h5` extra).
"""

from __future__ import annotations

import os
import warnings
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.trackable import (
    is_variable,
)
from eagerflow._src.io import fileio
from eagerflow._src.io.file_errors import local_path, ram_found
from eagerflow._src.io.filesystems import make_parent, uri
from eagerflow._src.keras.backend import to_snake_case
from eagerflow._src.keras.utils.io_utils import ask_to_proceed_with_overwrite
from eagerflow._src.keras.weights_legacy_h5 import (
    legacy_plan,
    legacy_plan_by_name,
    weights_group,
)
from eagerflow._src.train import checkpoint_management as cm
from eagerflow._src.train import worker_files
from eagerflow._src.train.checkpoint import restore_object_graph, save_object_graph
from eagerflow._src.train.graph_view import children_of
from eagerflow._src.train.restore import assign_eagerly

H5_SUFFIXES = (".h5", ".hdf5")
_BFLOAT16 = np.dtype(dt.bfloat16.as_numpy_dtype)


FORMAT_NOT_SUPPORTED = ("File format not supported: filepath={}. Keras 3 only supports V3 "
                        "`.keras` files, `.weights.h5` files, legacy H5 format files (`.h5` "
                        "extension), or Orbax checkpoints.")

def is_h5_path(filepath: Any) -> bool:
    return os.fspath(filepath).endswith(H5_SUFFIXES)


def not_a_path(filepath: Any) -> bool:
    """Whether `filepath` is no str or os.PathLike: Keras 3 reads a path as
    str(filepath), so such a value matches no suffix, and os.path's checks of it are
    TypeErrors for None or a float (raised here as Keras's are)."""
    if isinstance(filepath, (str, os.PathLike)):
        return False
    os.path.exists(filepath)
    return True


WEIGHTS_SUFFIX_ERROR = "The filename must end in `.weights.h5`. Received: filepath={}"


# -- TensorFlow checkpoint format ------------------------------------------------------------
def save_weights(model: Any, filepath: Any, overwrite: bool = True, save_format: str | None = None,
                 options: Any = None) -> None:
    """Saves the model's variables (and its optimizer's, if tracked) to `filepath`."""
    if not isinstance(filepath, (str, os.PathLike)):  # (no path: Keras's suffix rule)
        raise ValueError(WEIGHTS_SUFFIX_ERROR.format(filepath))
    filepath = local_path(os.fspath(filepath))  # (Keras: another scheme's by tf.io.gfile)
    make_parent(filepath)  # (a RAM file needs no folder)
    fmt = (save_format or ("h5" if is_h5_path(filepath) else "tf")).lower()
    if fmt not in ("h5", "hdf5", "keras", "tf", "tensorflow"):
        raise ValueError(f"Unknown format. Received: `save_format`={save_format}. Expected "
                         "'tf' or 'h5'.")
    h5 = fmt in ("h5", "hdf5", "keras")
    if (h5 or os.path.splitext(os.path.basename(filepath))[1]) and \
            not filepath.endswith(".weights.h5"):
        # Keras 3's one rule for any file name ("x.txt", "x.h5", "cp.ckpt"); a plain prefix
        # with no extension is eagerflow's TF checkpoint, which Keras 3 no longer writes
        raise ValueError(WEIGHTS_SUFFIX_ERROR.format(filepath))
    if not overwrite and os.path.exists(filepath if h5 else filepath + ".index") and \
            not ask_to_proceed_with_overwrite(filepath):
        return
    if h5 and not getattr(model, "built", True):  # (Keras 3: no layout to walk yet)
        raise ValueError("You are saving a model that has not yet been built. Try building "
                         "the model first by calling it on some data or by using `build()`.")
    with worker_files.save_scope():  # multi-worker: only the chief's files are kept
        target = worker_files.redirect(filepath)
        if h5 and target == filepath and not os.path.isdir(os.path.dirname(filepath) or "."):
            # (Keras 3 makes no folder: h5py's error for the file it cannot create; a
            # worker's own temporary folder is made)
            raise FileNotFoundError(2, "Unable to synchronously create file (unable to open "
                                    f"file: name = '{filepath}', errno = 2, error message = "
                                    "'No such file or directory', flags = 13, o_flags = 242)")
        if h5:
            save_weights_h5(model, target)
            return
        save_object_graph(model, target)
        if worker_files.is_writer():
            cm.update_checkpoint_state_internal(
                save_dir=os.path.dirname(filepath), model_checkpoint_path=filepath,
                all_model_checkpoint_paths=[filepath], save_relative_paths=True)


def refuse_unbuilt(model: Any) -> None:
    """Keras 3's check before it reads a `.weights.h5` or `.keras` file's weights (before
    the file is opened): their layout is walked over the model's built state."""
    if not getattr(model, "built", True):
        raise ValueError("You are loading weights into a model that has not yet been built. "
                         "Try building the model first by calling it on some data or by "
                         "using `build()`.")


def load_weights(model: Any, filepath: Any, by_name: bool | None = None,
                 skip_mismatch: bool = False, options: Any = None, skip: Any = ()) -> Any:
    """Loads weights saved by save_weights (either format); returns the TF-format load status.
    `by_name` is for Keras 2's layout (a legacy `.h5` / `.hdf5` file) only, as in Keras 3."""
    filepath = ram_found(local_path(os.fspath(filepath)))  # (Keras: another scheme's by gfile)
    if filepath.endswith(".weights.h5") and by_name is not None:
        raise ValueError("`by_name` only supports loading legacy '.h5' or '.hdf5' files. "
                         f"Received: {filepath}")
    if is_h5_path(filepath):
        if filepath.endswith(".weights.h5"):
            refuse_unbuilt(model)
        load_weights_h5(model, filepath, skip_mismatch=skip_mismatch, by_name=bool(by_name),
                        skip=skip)
        return None
    if by_name:
        raise NotImplementedError("Weights may only be loaded based on topology into Models when "
                                  "loading TensorFlow-formatted weights (got by_name=True to "
                                  "load_weights).")
    if os.path.isdir(filepath):
        latest = cm.latest_checkpoint(filepath)
        if latest is None:
            raise ValueError(FORMAT_NOT_SUPPORTED.format(filepath))  # (no TF checkpoint)
        filepath = latest
    status = restore_object_graph(model, filepath)
    if getattr(model, "built", True):  # an unbuilt model has no children yet: restored later
        status.assert_nontrivial_match()
    return status


# -- Keras 3 HDF5 layout ----------------------------------------------------------------------
def _h5py() -> Any:
    try:
        import h5py
    except ImportError:
        raise ImportError("`save_weights` / `load_weights` with an .h5 path requires h5py "
                          "(pip install eagerflow[h5]).") from None
    return h5py


def _name_key(name: str) -> str:
    """Keras 3's attribute order: by name, private attributes last."""
    return f"~{name}" if name.startswith("_") else name


def _is_layer(x: Any) -> bool:
    if callable(getattr(x, "get_slot_names", None)):  # optimizers: not part of the layout here
        return False
    if callable(getattr(x, "update_state", None)) and callable(getattr(x, "result", None)):
        return False  # metrics
    return hasattr(x, "_trainable_weights") or (
        hasattr(x, "trainable_weights") and isinstance(getattr(x, "name", None), str))


def _is_graph_model(x: Any) -> bool:
    names = {c.__name__ for c in type(x).__mro__}
    return bool(names & {"Sequential", "Functional"}) or bool(getattr(x, "_is_graph_network",
                                                                      False))


def own_variables(layer: Any) -> list:
    """The layer's own variables, trainable first (Keras 3's order in the file); an
    optimizer's are its `variables` (iterations, learning rate, then its slots)."""
    if _is_optimizer(layer):
        return list(layer.variables)
    ordered = layer._saved_variables() if callable(getattr(layer, "_saved_variables", None)) \
        else None
    if ordered is not None:
        return ordered  # (a quantized layer's own order)
    if hasattr(layer, "_trainable_weights"):
        return list(layer._trainable_weights) + list(getattr(layer, "_non_trainable_weights", []))
    vs = [v for v in children_of(layer).values() if is_variable(v)]
    return [v for v in vs if v.trainable] + [v for v in vs if not v.trainable]


def _is_optimizer(x: Any) -> bool:
    return callable(getattr(x, "get_slot_names", None)) and hasattr(x, "variables")


def _class_properties(cls: type) -> list:
    """The public properties a layer class adds to the Layer (or Model) base it derives
    from: those Keras's dir() walk finds beyond its skip list."""
    bases = {c for c in cls.__mro__ if c.__name__ in ("Layer", "Model", "Functional",
                                                        "Sequential")}
    names = []
    for klass in cls.__mro__:
        if klass in bases or klass is object:
            continue
        for name, value in vars(klass).items():
            if isinstance(value, property) and not name.startswith("_") and \
                    not any(hasattr(b, name) for b in bases):
                names.append(name)
    return names


def _property_value(obj: Any, name: str) -> Any:
    try:
        return getattr(obj, name)
    except Exception:  # noqa: BLE001 (as Keras's walk, a property that fails is passed over)
        return None


def _walk(obj: Any) -> list:
    """(path component, layer or list of layers) below `obj`, in Keras 3's order: a graph
    model's `layers` first, then the attributes by name (private ones last), a model's
    `layers` list and its optimizer (the group `optimizer`) among them."""
    out = []
    if _is_graph_model(obj) and hasattr(obj, "layers"):
        out.append(("layers", list(obj.layers)))
    entries: dict = {}
    # Keras 3's own tracker: public attributes holding layers, or lists, tuples and dicts
    # of them (not the checkpoint's children, which leave lists and dicts out), and the
    # private attributes holding a layer that are checkpoint children too
    children = children_of(obj)
    for name, child in vars(obj).items():
        if name.startswith("_") and children.get(name) is not child:
            continue
        if isinstance(child, (list, tuple)):
            entries[name] = list(child)
        elif isinstance(child, dict):
            entries[name] = list(child.values())
        elif not is_variable(child) and (_is_layer(child) or _is_optimizer(child)):
            entries[name] = child  # (a LossScaleOptimizer's inner_optimizer: its group)
    # Keras walks dir(): a public property of the layer's class giving a sublayer (or a
    # list of them) names it where Keras's is named so (MultiHeadAttention's `key_dense`
    # before its `_key_dense`, a Pipeline's `layers`)
    for name in _class_properties(type(obj)):
        if name not in entries:
            child = _property_value(obj, name)
            if isinstance(child, (list, tuple)) and any(_is_layer(c) for c in child):
                entries[name] = list(child)
            elif child is not None and not is_variable(child) and _is_layer(child):
                entries[name] = child
    if not out and "Model" in {c.__name__ for c in type(obj).__mro__}:
        entries["layers"] = list(obj.layers)  # a subclassed model's property, walked too
    optimizer = obj.__dict__.get("optimizer") if hasattr(obj, "__dict__") else None
    if optimizer is not None and _is_optimizer(optimizer):
        entries["optimizer"] = optimizer
    out.extend((name, entries[name]) for name in sorted(entries, key=_name_key))
    return out


def layout(model: Any, skip: Any = ()) -> list:
    """[(group path, layer)] for every layer of `model`, each once, the model itself first;
    the objects in `skip` (Keras's `objects_to_skip`) and what lies under them left out."""
    seen: set = {id(o) for o in skip}
    out: list = []

    def visit(obj: Any, path: str) -> None:
        if id(obj) in seen:
            return
        seen.add(id(obj))
        out.append((path, obj))
        for name, child in _walk(obj):
            sub = f"{path}/{name}" if path else name
            if isinstance(child, list):
                used: dict = {}
                for item in child:
                    if not _is_layer(item):
                        continue
                    n = to_snake_case(type(item).__name__)
                    if n in used:
                        used[n] += 1
                        n = f"{n}_{used[n]}"
                    else:
                        used[n] = 0
                    visit(item, f"{sub}/{n}")
            else:
                visit(child, sub)

    visit(model, "")
    return out


def save_layer_assets(model: Any, folder: str) -> None:
    """Each layer's `save_assets(dir)` files, in `folder`/<its layout path>/ (the assets of
    a `.keras` archive and of an Orbax checkpoint)."""
    for path, layer in layout(model):
        if callable(getattr(layer, "save_assets", None)):
            d = os.path.join(folder, path)
            os.makedirs(d, exist_ok=True)
            layer.save_assets(d)


def load_layer_assets(model: Any, folder: str) -> None:
    """Each layer's `load_assets(dir)` on `folder`/<its layout path>/; the layers that fail
    are Keras 3's one ValueError naming them."""
    failed: list = []
    for path, layer in layout(model):
        if callable(getattr(layer, "load_assets", None)):
            try:
                layer.load_assets(os.path.join(folder, path))
            except Exception as e:  # noqa: BLE001 (Keras gathers every layer's error)
                failed.append((layer, e))
    if failed:
        raise ValueError(f"A total of {len(failed)} objects could not be loaded. Example "
                         f"error message for object {failed[0][0]}:\n\n{failed[0][1]}\n\n"
                         f"List of objects that could not be loaded:\n"
                         f"{[layer for layer, _ in failed]}")


def _vars_group(path: str) -> str:
    return f"{path}/vars" if path else "vars"


def saved_values(layer: Any) -> list:
    """What a layer writes to its `vars` group ("0", "1", ...): its own variables (a LoRA
    layer's merged weight)."""
    if callable(getattr(layer, "_saved_values", None)):
        return layer._saved_values()
    return own_variables(layer)


def overrides(layer: Any, hook: str) -> bool:
    """Whether `layer`'s class overrides Keras 3's save_own_variables/load_own_variables
    (engine/own_variables.py marks the defaults): the files then go through the override."""
    method = getattr(type(layer), hook, None)
    return method is not None and not getattr(method, "keras_default", False)


def counted_variables(layer: Any, own: list) -> list:
    """The variables Keras 3 counts a layer's file entry against: all of its own, though a
    float Dense, Embedding or Conv saves and loads only its spec'd ones (a subclass's extra
    variable then fails the load, as in Keras 3); a LoRA layer's are not counted."""
    if _is_optimizer(layer) or getattr(layer, "lora_enabled", False) or \
            not callable(getattr(layer, "_saved_variables", None)) or \
            getattr(layer, "quantization_mode", None) is not None or \
            not hasattr(layer, "_trainable_weights"):
        return own
    return list(layer._trainable_weights) + list(getattr(layer, "_non_trainable_weights", []))


def count_error(layer: Any, own: list, stored: int) -> ValueError:
    """Keras 3's error for a layer whose file entry holds `stored` values for `own`."""
    name = getattr(layer, "name", "model")
    if not own and not getattr(layer, "built", True):
        return ValueError(f"Layer '{name}' was never built and thus it doesn't have any "
                          f"variables. However the weights file lists {stored} variables for "
                          "this layer. Build the model (call it on data) before loading "
                          ".weights.h5 files.")
    return ValueError(f"Layer '{name}' expected {len(own)} variables, but received {stored} "
                      f"variables during loading. Expected: {[v.name for v in own]}")


def write_value(group: Any, key: str, value: Any) -> None:
    """`value` as dataset `key` of `group`; a bfloat16 one (HDF5 has no such type: its
    2-byte words) marked with the attribute dtype="bfloat16", as Keras 3 marks it."""
    arr = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    ds = group.create_dataset(key, data=arr)
    if arr.dtype == _BFLOAT16:
        ds.attrs["dtype"] = "bfloat16"


def read_value(ds: Any) -> np.ndarray:
    """A dataset's array (a bfloat16 one's words read back as bfloat16)."""
    arr = np.asarray(ds[()])
    if ds.attrs.get("dtype") == "bfloat16" and arr.dtype.itemsize == 2:
        arr = arr.view(_BFLOAT16)
    return arr


class _Store:
    """A layer's `vars` group as its save_own_variables sees it: `store["0"] = value`."""

    def __init__(self, group: Any) -> None:
        self._group = group

    def __setitem__(self, key: str, value: Any) -> None:
        write_value(self._group, key, value)

    def __getitem__(self, key: str) -> np.ndarray:
        return read_value(self._group[key])

    def keys(self) -> Any:
        return self._group.keys()

    def __len__(self) -> int:
        return len(self._group)

    def __contains__(self, key: str) -> bool:
        return key in self._group


class _Failed:
    """A plan entry for a layer whose stored values don't fit it (reported, with the
    others, when the plan is applied)."""

    def __init__(self, layer: Any, error: Exception) -> None:
        self.layer, self.error = layer, error

    def assign(self, _: Any) -> None:
        raise self.error


class _OwnLoad:
    """A plan entry that hands a layer its stored values (a dict of arrays, read before
    anything is assigned) through its own load_own_variables."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer

    def assign(self, store: dict) -> None:
        self.layer.load_own_variables(store)


def write_weights(model: Any, f: Any, include_optimizer: bool = True, skip: Any = ()) -> None:
    """The model's variables (its optimizer's too) into open h5py File `f`."""
    for path, layer in layout(model, skip):
        if path == "optimizer" and not include_optimizer:
            continue
        g = f.create_group(_vars_group(path))
        name = getattr(layer, "name", None)
        if isinstance(name, str):
            g.attrs["name"] = name
        if overrides(layer, "save_own_variables"):
            layer.save_own_variables(_Store(g))
            continue
        for i, v in enumerate(saved_values(layer)):
            write_value(g, str(i), v)


def save_weights_h5(model: Any, filepath: str, skip: Any = ()) -> None:
    h5py = _h5py()
    fileio.makedirs(os.path.dirname(filepath))
    tmp = fileio.temp_name(filepath)
    try:
        with h5py.File(tmp, "w") as f:
            write_weights(model, f, skip=skip)
        with open(tmp, "rb+") as fh:
            fileio._fsync(fh.fileno())
        os.replace(tmp, filepath)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
    fileio.fsync_dir(os.path.dirname(filepath))


def read_plan(f: Any, model: Any, filepath: str, skip_mismatch: bool,
              build_optimizer: bool = False, skip: Any = ()) -> list:
    """(variable, value) pairs for every layer, read and checked before any is assigned.
    A saved optimizer's values go to the model's; a model without one, or one whose
    variables don't match, skips them with a warning. `build_optimizer`: load_model's
    (Keras 3's compile_from_config builds the optimizer; load_weights leaves an unbuilt
    one unbuilt, so a fresh model's optimizer state is not restored, as in Keras)."""
    plan = []
    optimizer = getattr(model, "optimizer", None)
    if build_optimizer and f.get("optimizer/vars") is not None and optimizer is not None and \
            _is_optimizer(optimizer) and not getattr(optimizer, "built", True):
        optimizer.build(model.trainable_variables)  # build is idempotent per variable
    for path, layer in layout(model, skip):
        group = f.get(_vars_group(path))
        if overrides(layer, "load_own_variables"):
            plan.append((_OwnLoad(layer), {} if group is None else
                         {k: read_value(group[k]) for k in group.keys()}))
            continue
        own = own_variables(layer)
        stored = [] if group is None else sorted(group.keys(), key=int)
        lname = getattr(layer, "name", path or "model")
        if _is_optimizer(layer) and len(stored) != len(own):
            # (Keras 3's UserWarning, from its optimizer's load_own_variables)
            warnings.warn(f"Skipping variable loading for optimizer '{lname}', because it has "
                          f"{len(own)} variables whereas the saved optimizer has "
                          f"{len(stored)} variables. ", stacklevel=2)
            continue
        counted = counted_variables(layer, own)
        if len(stored) != len(counted):  # (skip_mismatch: Keras's warning names it, in apply_plan)
            plan.append((_Failed(layer, count_error(layer, counted, len(stored))), None))
            continue
        for i, v in enumerate(own):
            arr = read_value(group[stored[i]])
            if not v.shape.is_compatible_with(arr.shape):
                # Keras's assign fails here: the layer's variables before it keep their new
                # values, those after it their old ones; the others layers load
                plan.append((_Failed(layer, ValueError(
                    "The shape of the target variable and the shape of the target value in "
                    f"`variable.assign(value)` must match. variable.shape={v.shape}, "
                    f"Received: value.shape={arr.shape}. Target variable: {v!r}")), None))
                break
            target = np.dtype(dt.as_dtype(v.dtype).as_numpy_dtype)
            if arr.dtype != target:
                if arr.dtype.kind not in "biuf" or target.kind not in "biuf":
                    raise ValueError(f"Variable {v.name} of layer '{lname}' has dtype "
                                     f"{dt.as_dtype(v.dtype).name}; the file holds {arr.dtype}")
                arr = arr.astype(target)
            plan.append((v, arr))
        if callable(getattr(layer, "_after_load", None)):
            plan.extend(layer._after_load())  # (a LoRA layer's factors start over at zero)
    return plan


def apply_plan(plan: list, warn_only: bool = False) -> None:
    """Assigns a read plan, as Keras 3's loading does: each layer that can't be loaded (its
    values' count, an error of its own load_own_variables) is gathered, the others are
    loaded, then one ValueError (a warning with skip_mismatch) names them all with the
    first one's error."""
    failed = []
    for target, value in plan:
        if isinstance(target, (_OwnLoad, _Failed)):
            try:
                target.assign(value)
            except Exception as e:  # noqa: BLE001 (Keras gathers every layer's error)
                failed.append((target.layer, e))
        else:
            assign_eagerly(target, value)
    if failed:
        msg = (f"A total of {len(failed)} objects could not be loaded. Example error message "
               f"for object {failed[0][0]}:\n\n{failed[0][1]}\n\nList of objects that "
               f"could not be loaded:\n{[layer for layer, _ in failed]}")
        if warn_only:
            warnings.warn(msg, stacklevel=3)
        else:
            raise ValueError(msg)


def load_weights_h5(model: Any, filepath: str, skip_mismatch: bool = False,
                    by_name: bool = False, skip: Any = ()) -> None:
    """Loads a Keras 3 `.weights.h5` (or a Keras 2 `.h5`, whose layout differs); every
    layer's values are read and checked before any is assigned (see apply_plan)."""
    h5py = _h5py()
    try:
        f = h5py.File(filepath, "r")
    except FileNotFoundError:  # (h5py's, as Keras 3 shows it)
        raise
    except OSError as e:
        raise DataLossError(None, None, f"Unable to read weights file {uri(filepath)}: {e}") \
            from None
    try:
        with f:
            legacy = None if filepath.endswith(".weights.h5") else weights_group(f)
            if legacy is None and not filepath.endswith(".weights.h5") and \
                    "layers" not in f and "vars" not in f:
                legacy = f  # (Keras 3 reads any other `.h5` in Keras 2's layout)
            if legacy is None:  # (eagerflow once wrote Keras 3's layout under any `.h5` name)
                plan = read_plan(f, model, filepath, skip_mismatch, skip=skip)
            elif by_name:
                plan = legacy_plan_by_name(legacy, model, filepath, skip_mismatch)
            else:
                plan = legacy_plan(legacy, model, filepath, skip_mismatch)
    except (KeyError, RuntimeError, OSError) as e:
        # h5py's errors for a damaged file (bad object headers, broken links)
        raise DataLossError(None, None, f"Unable to read weights file {uri(filepath)}: {e}") \
            from None
    apply_plan(plan, warn_only=skip_mismatch)
