"""`model.export(path, format="litert")`: a Keras model as a .tflite file, as Keras 3 writes
it on TF: the model served as an ExportArchive's `serve` endpoint (called with
training=False), written as a SavedModel to a temporary folder, and converted from there by
tf.lite's converter with TFLite's builtin and TF's select ops and resource variables on;
the export's other keyword arguments set the converter's attributes (`target_spec` as a
dict sets its fields). Sits in lite/ over keras/ (eagerflow/keras wires it to
Model.export)."""

from __future__ import annotations

import functools
import tempfile
from typing import Any

from eagerflow._src.keras import export as keras_export
from eagerflow._src.keras.utils import io_utils
from eagerflow._src.lite.converter import TFLiteConverter
from eagerflow._src.lite.options import OpsSet


def export_litert(model: Any, filepath: Any, input_signature: Any = None,
                  verbose: bool | None = None, **kwargs: Any) -> None:
    """Writes `model` to `filepath` (which must end in .tflite); prints where unless
    `verbose` is False."""
    filepath = str(filepath)
    if not filepath.endswith(".tflite"):
        raise ValueError("The LiteRT export requires the filepath to end with '.tflite'. "
                         f"Got: {filepath}")
    if input_signature is None:
        input_signature = keras_export.default_input_signature(model)
    if not isinstance(input_signature, (list, tuple)):  # (one argument's structure)
        input_signature = [input_signature]
    flatbuffer = _convert(model, input_signature, kwargs)
    with open(filepath, "wb") as f:
        f.write(flatbuffer)
    if verbose is None or verbose:
        io_utils.print_msg(f"Saved artifact at '{filepath}'.")


def _convert(model: Any, input_signature: Any, options: dict) -> bytes:
    with tempfile.TemporaryDirectory() as saved_model_dir:
        archive = keras_export.ExportArchive()
        archive.track(model)
        archive.add_endpoint("serve", functools.partial(model.__call__, training=False),
                             input_signature=input_signature)
        archive.write_out(saved_model_dir, verbose=False)
        converter = TFLiteConverter.from_saved_model(saved_model_dir)
        converter.target_spec.supported_ops = [OpsSet.TFLITE_BUILTINS, OpsSet.SELECT_TF_OPS]
        converter.experimental_enable_resource_variables = True
        _set_options(converter, options)
        return converter.convert()


def _set_options(converter: TFLiteConverter, options: dict) -> None:
    """The export's keyword arguments as the converter's attributes; an unknown one is
    refused, as Keras 3 refuses it."""
    for attr, value in options.items():
        if attr == "target_spec" and isinstance(value, dict):
            for key, spec_value in value.items():
                if not hasattr(converter.target_spec, key):
                    raise ValueError(f"Unknown target_spec attribute '{key}'")
                setattr(converter.target_spec, key, spec_value)
        elif hasattr(converter, attr):
            setattr(converter, attr, value)
        else:
            raise ValueError(f"Unknown converter attribute '{attr}'")
