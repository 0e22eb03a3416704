"""Keras 3's whole-model files: `model.save("m.keras")` and `keras.saving.load_model`
(`.h5` / `.hdf5` paths go to legacy_h5.py, Keras 3's legacy HDF5 format; an
OrbaxCheckpoint directory to orbax_io.py).

Sits in keras/ over serialization.py (configs) and weights_io.py (the variables' HDF5
layout). A `.keras` file is a zip archive, stored uncompressed as Keras writes it:

    metadata.json      {"keras_version": ..., "date_saved": ...}
    config.json        serialize_keras_object(model): the model's config with its
                       build_config and compile_config
    model.weights.h5   every layer's variables and the optimizer's (weights_io's layout)
    assets/<path>/...  files a layer keeps of its own (an adapted vocabulary), in the
                       directory of the layer's path in model.weights.h5

Saving writes the archive under a temporary name, syncs it and renames it into place.
Loading checks the archive (members, sizes, versions, JSON) and reads the weights before
any variable is assigned; it builds the model from its config (registered and given
custom objects, never code from the file: a serialized lambda is refused) and compiles it
from its compile_config, as Keras 3 does.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import tempfile
import warnings
import zipfile
from typing import Any

from eagerflow._src.core import tf_logging
from eagerflow._src.io import fileio
from eagerflow._src.io.file_errors import local_path, ram_found
from eagerflow._src.io.filesystems import make_parent, uri
from eagerflow._src.keras import legacy_h5, orbax_io, weights_sharded
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras import version as keras_version
from eagerflow._src.keras.utils.io_utils import ask_to_proceed_with_overwrite
from eagerflow._src.keras.weights_io import (
    WEIGHTS_SUFFIX_ERROR,
    apply_plan,
    load_layer_assets,
    not_a_path,
    read_plan,
    save_layer_assets,
    save_weights_h5,
    write_weights,
)

CONFIG = "config.json"
METADATA = "metadata.json"
WEIGHTS = "model.weights.h5"
ASSETS = "assets"
# A member may not declare more than this many times its stored size (a zip bomb).
_MAX_RATIO = 4096
_MAX_JSON = 256 << 20


def _h5py() -> Any:
    try:
        import h5py
    except ImportError:
        raise ImportError("h5py must be installed in order to save a model.") from None
    return h5py


# -- saving -------------------------------------------------------------------------------------

def _exists(filepath: Any) -> bool:
    """os.path.exists as Keras calls it on the path it was given (False for what no path is)."""
    try:
        return os.path.exists(filepath)
    except TypeError:
        return False


def save_model(model: Any, filepath: Any, overwrite: bool = True, zipped: Any = None,
               **kwargs: Any) -> None:
    """keras.saving.save_model / Model.save: a `.keras` file."""
    include_optimizer = kwargs.pop("include_optimizer", True)
    save_format = kwargs.pop("save_format", False)
    if save_format:
        if str(filepath).endswith((".h5", ".hdf5", ".keras")):
            tf_logging.absl_warning("The `save_format` argument is deprecated in Keras 3. "
                                    "We recommend removing this argument as it can be "
                                    "inferred from the file path. Received: "
                                    f"save_format={save_format}")
        else:
            raise ValueError("The `save_format` argument is deprecated in Keras 3. Please "
                             "remove this argument and pass a file path with either `.keras` "
                             f"or `.h5` extension.Received: save_format={save_format}")
    if kwargs:
        raise ValueError(f"The following argument(s) are not supported: {list(kwargs)}")
    given = filepath
    # (Keras reads the path as str(filepath): anything else is no .keras or .h5 path)
    filepath = os.fspath(filepath) if isinstance(filepath, (str, os.PathLike)) else \
        str(filepath)
    h5 = filepath.endswith((".h5", ".hdf5"))
    if h5:
        tf_logging.absl_warning("You are saving your model as an HDF5 file via `model.save()` "
                                "or `keras.saving.save_model(model)`. This file format is "
                                "considered legacy. We recommend using instead the native "
                                "Keras format, e.g. `model.save('my_model.keras')` or "
                                "`keras.saving.save_model(model, 'my_model.keras')`. ")
    if not overwrite and _exists(given) and not ask_to_proceed_with_overwrite(filepath):
        return  # (Keras asks before it looks at the extension)
    if h5 and zipped is not False:
        legacy_h5.save_model_to_hdf5(model, filepath, overwrite, include_optimizer)
        return
    if not filepath.endswith(".keras"):
        raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` "
                         "extension for the native Keras format (recommended) or a `.h5` "
                         "extension. Use `model.export(filepath)` if you want to export a "
                         "SavedModel for use with TFLite/TFServing/etc. Received: "
                         f"filepath={filepath}.")
    if zipped is False:
        raise ValueError("When using `zipped=False`, the `filepath` argument should not end in "
                         f"`.keras`. Received: filepath={filepath}")
    _write_archive(model, filepath, include_optimizer)


def save_archive(obj: Any, filepath: Any) -> None:
    """Writes `obj` to a `.keras` file by the archive writer alone (Keras's
    saving_lib.save_model, which FeatureSpace.save calls): no `.h5` dispatch, and any other
    extension refused with the writer's own message."""
    filepath = str(filepath)
    if not filepath.endswith(".keras"):
        raise ValueError("Invalid `filepath` argument: expected a `.keras` extension. "
                         f"Received: filepath={filepath}")
    _write_archive(obj, filepath, True)


def _write_archive(model: Any, filepath: str, include_optimizer: bool) -> None:
    if not model.built:  # (read as Keras 3 reads it: what has no `built` fails here)
        warnings.warn("You are saving a model that has not yet been built. It might not "
                      "contain any weights yet. Consider building the model first by calling "
                      "it on some data.", stacklevel=1)  # (at Keras's line)
    filepath = local_path(filepath)  # (Keras hands another scheme's path to tf.io.gfile)
    make_parent(filepath)  # (a RAM file needs no folder)
    if not os.path.isdir(os.path.dirname(filepath) or "."):  # (Keras 3 makes no folder)
        raise FileNotFoundError(2, "No such file or directory", filepath)
    data = archive(model, include_optimizer)
    fileio.atomic_write(filepath, data, "keras")


def archive(model: Any, include_optimizer: bool = True) -> bytes:
    """The bytes of the `.keras` archive of `model`."""
    with ser.ObjectSharingScope():
        config = ser.serialize_keras_object(model)
    if not include_optimizer:
        config.pop("compile_config", None)
    metadata = {"keras_version": keras_version.__version__,
                "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S")}
    weights = io.BytesIO()
    with _h5py().File(weights, "w") as f:
        write_weights(model, f, include_optimizer)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as z:
        # (the two JSON entries dated 1980-01-01, the weights and assets now, as Keras's)
        for name, text in ((METADATA, json.dumps(metadata)), (CONFIG, json.dumps(config))):
            with z.open(name, "w") as entry:
                entry.write(text.encode())
        z.writestr(WEIGHTS, weights.getvalue())
        _write_assets(model, z)
    return out.getvalue()


def _write_assets(model: Any, z: zipfile.ZipFile) -> None:
    """Each layer's `save_assets(dir)` files, under assets/<its path>/, added once all
    are written, each folder's entries in name order (a layer's sublayer's before its own
    files where the names sort so, as in Keras's archives)."""
    with tempfile.TemporaryDirectory() as tmp:
        save_layer_assets(model, os.path.join(tmp, ASSETS))
        _zip_tree(z, os.path.join(tmp, ASSETS), ASSETS)


def _zip_tree(z: zipfile.ZipFile, folder: str, arcname: str) -> None:
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            _zip_tree(z, path, f"{arcname}/{name}")
        else:
            z.write(path, f"{arcname}/{name}")


def _load_assets(model: Any, z: zipfile.ZipFile, filepath: str) -> None:
    """Each layer's `load_assets(dir)` on the archive's assets/<its path>/ (when the archive
    has assets, as Keras 3); a layer that fails is Keras's ValueError naming it."""
    with tempfile.TemporaryDirectory() as tmp:
        for info in z.infolist():
            parts = info.filename.split("/")
            if parts[0] != ASSETS or info.is_dir():
                continue
            if any(p in ("", ".", "..") or "\\" in p or ":" in p for p in parts):
                raise ValueError(f"Invalid asset path: '{info.filename}' of {filepath} escapes "
                                 "the asset directory.")
            target = os.path.join(tmp, *parts)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(z.read(info))
        load_layer_assets(model, os.path.join(tmp, ASSETS))


# -- loading ------------------------------------------------------------------------------------

def load_model(filepath: Any, custom_objects: dict | None = None, compile: bool = True,  # noqa: A002
               safe_mode: bool = True) -> Any:
    """keras.saving.load_model / keras.models.load_model for `.keras` files."""
    unsupported = not_a_path(filepath)  # (no path: Keras's format error below)
    filepath = str(filepath) if unsupported else ram_found(local_path(os.fspath(filepath)))
    if not unsupported and filepath.endswith((".h5", ".hdf5")) and not os.path.isdir(filepath):
        return legacy_h5.load_model_from_hdf5(filepath, custom_objects=custom_objects,
                                              compile=compile, safe_mode=safe_mode)
    if not unsupported and orbax_io.is_orbax_checkpoint(filepath):
        return orbax_io.load_model(filepath, custom_objects=custom_objects, compile=compile,
                                   safe_mode=safe_mode)
    if unsupported or os.path.isdir(filepath) and os.path.isfile(
            os.path.join(filepath, "saved_model.pb")) or not filepath.endswith(".keras"):
        raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only "
                         "supports V3 `.keras` files, legacy H5 format files (`.h5` "
                         "extension). Note that the legacy SavedModel format is not supported "
                         "by `load_model()` in Keras 3. In order to reload a TensorFlow "
                         "SavedModel as an inference-only layer in Keras 3, use "
                         f"`keras.layers.TFSMLayer({filepath}, call_endpoint="
                         "'serving_default')` (note that your `call_endpoint` might have a "
                         "different name).")
    if not os.path.isfile(filepath) or not zipfile.is_zipfile(filepath):
        raise ValueError(f"File not found: filepath={uri(filepath)}. Please ensure the file "
                         "is an accessible `.keras` zip file.")
    config, names = _read_config(filepath)
    if not compile:
        config.pop("compile_config", None)
    with ser.scope_adding(custom_objects), ser.ObjectSharingScope():
        model = ser.deserialize_keras_object(config, custom_objects=custom_objects,
                                             safe_mode=safe_mode)
    # (as Keras: the config is read and built before the archive's weights are looked for)
    if WEIGHTS not in names:
        raise ValueError(f"Expected a {WEIGHTS} or model.weights.npz file.")
    if not hasattr(model, "get_build_config"):  # (a config that made no Keras object)
        raise ValueError("Expected object to be an instance of `KerasSaveable`, but got "
                         f"{model} of type {type(model)}")
    _load_weights_member(model, filepath, skip_mismatch=False, build_optimizer=True)
    if len(names) > 3:  # (as Keras 3 decides that an archive has assets)
        with zipfile.ZipFile(filepath) as z:
            _load_assets(model, z, filepath)
    return model


def save_weights(model: Any, filepath: Any, overwrite: bool = True, max_shard_size: Any = None,
                 **kwargs: Any) -> None:
    """keras.saving.save_weights: Keras 3's `.weights.h5` file of `model`'s weights."""
    path = str(filepath) if not isinstance(filepath, (str, os.PathLike)) else \
        str(os.fspath(filepath))
    if max_shard_size is None and not path.endswith(".weights.h5"):
        raise ValueError(WEIGHTS_SUFFIX_ERROR.format(path))
    if max_shard_size is not None and not path.endswith(("weights.h5", "weights.json")):
        raise ValueError("The filename must end in `.weights.json` when `max_shard_size` is "
                         f"specified. Received: filepath={path}")
    skip = kwargs.pop("objects_to_skip", None)
    if kwargs:
        raise TypeError("save_weights_only() got an unexpected keyword argument "
                        f"'{next(iter(kwargs))}'")
    if skip is None:
        model.save_weights(path, overwrite=overwrite, max_shard_size=max_shard_size)
        return
    if not getattr(model, "built", True):
        raise ValueError("You are saving a model that has not yet been built. Try building the "
                         "model first by calling it on some data or by using `build()`.")
    if not overwrite and os.path.exists(path) and not ask_to_proceed_with_overwrite(path):
        return
    if max_shard_size is not None:
        weights_sharded.save_sharded(model, path, max_shard_size, skip)
    else:
        save_weights_h5(model, path, skip)


def load_weights(model: Any, filepath: Any, skip_mismatch: bool = False, **kwargs: Any) -> None:
    """keras.saving.load_weights: what `model.load_weights` reads (`.keras`, `.weights.h5`,
    a legacy `.h5` / `.hdf5` file with `by_name`)."""
    model.load_weights(filepath, skip_mismatch=skip_mismatch, **kwargs)


def load_weights_only(model: Any, filepath: str, skip_mismatch: bool = False) -> None:
    """`model.load_weights("m.keras")`: the weights (and assets) of a `.keras` archive into
    `model`, by the same layout as a `.weights.h5` file (Keras 3's load_weights_only, which
    reads neither the config nor the metadata)."""
    with zipfile.ZipFile(filepath, "r") as z:  # (as Keras opens it: zipfile's errors, a
        names = z.namelist()                    # missing file's FileNotFoundError)
    _load_weights_member(model, filepath, skip_mismatch=skip_mismatch, build_optimizer=False)
    if len(names) > 3:
        with zipfile.ZipFile(filepath) as z:
            _load_assets(model, z, filepath)


def _load_weights_member(model: Any, filepath: str, skip_mismatch: bool,
                         build_optimizer: bool) -> None:
    """The archive's model.weights.h5 read into `model` (zipfile's KeyError where the
    archive has none)."""
    with zipfile.ZipFile(filepath) as z:
        _check_sizes(z, filepath)
        weights = z.read(WEIGHTS)
    h5py = _h5py()
    try:
        with h5py.File(io.BytesIO(weights), "r") as f:
            plan = read_plan(f, model, filepath, skip_mismatch=skip_mismatch,
                             build_optimizer=build_optimizer)
    except (KeyError, RuntimeError, OSError) as e:  # h5py's errors for damaged data
        raise ValueError(f"Unable to read the weights of {filepath}: {e}") from None
    apply_plan(plan, warn_only=skip_mismatch)


def _read_config(filepath: str) -> tuple:
    """(config dict, member names) of a `.keras` file: zipfile's KeyError where it has no
    config.json, json's error where that is not JSON (the metadata is not read, as in
    Keras 3)."""
    try:
        with zipfile.ZipFile(filepath) as z:
            _check_sizes(z, filepath)
            if z.getinfo(CONFIG).file_size > _MAX_JSON:
                raise ValueError(f"{CONFIG} of {filepath} is too large")
            return json.loads(z.read(CONFIG)), z.namelist()
    except zipfile.BadZipFile as e:
        raise ValueError(f"{filepath} is a damaged `.keras` file: {e}") from None


def _check_sizes(z: zipfile.ZipFile, filepath: str) -> None:
    """Refuses a member that declares far more bytes than it stores (a zip bomb)."""
    for info in z.infolist():
        if info.file_size > _MAX_RATIO * max(info.compress_size, 1):
            raise ValueError(f"Not allowed: ZIP member '{info.filename}' of {filepath} "
                             f"declares {info.file_size} bytes but only {info.compress_size} "
                             "are stored")
