"""tf.keras: layers, models and training (re-exports only).

Sub-namespaces (`tf.keras.layers`, `tf.keras.optimizers`, ...) load on first use.
"""

import importlib as _importlib

# -- layers and models --
from eagerflow._src.keras.dtype_policy import DTypePolicy as DTypePolicy
from eagerflow._src.keras.dtype_policy import FloatDTypePolicy as FloatDTypePolicy
from eagerflow._src.keras.engine.base_layer import Layer as Layer
from eagerflow._src.keras.engine.input_layer import Input as Input
from eagerflow._src.keras.engine.input_spec import InputSpec as InputSpec
from eagerflow._src.keras.engine.keras_tensor import KerasTensor as KerasTensor
from eagerflow._src.keras.engine.sequential import Sequential as Sequential
from eagerflow._src.keras.engine.training import Model as Model

# -- end layers and models --

# -- training --
from eagerflow._src.keras.losses import Loss as Loss
from eagerflow._src.keras.metrics.base import Metric as Metric
from eagerflow._src.keras.optimizers.optimizer import Optimizer as Optimizer

# -- end training --

# -- Keras 3 --
from eagerflow._src.keras.engine.keras_function import Function as Function
from eagerflow._src.keras.engine.operation import Operation as Operation
from eagerflow._src.keras.scopes import RematScope as RematScope
from eagerflow._src.keras.scopes import SymbolicScope as SymbolicScope
from eagerflow._src.keras.scopes import device as device
from eagerflow._src.keras.scopes import remat as remat
from eagerflow._src.keras.variables import StatelessScope as StatelessScope
from eagerflow._src.keras.initializers import Initializer as Initializer
from eagerflow._src.keras.regularizers import Regularizer as Regularizer
from eagerflow._src.keras.variables import Variable as Variable
from eagerflow._src.keras.name_scope import name_scope as name_scope
from eagerflow._src.keras.version import __version__ as __version__
from eagerflow._src.keras.version import version as version

# -- end Keras 3 --

# model.export(format="litert") converts with tf.lite (above keras/ in the pipeline), loaded
# on the first such export
from eagerflow._src.core.lazy import lazy_module as _lazy_module
from eagerflow._src.keras import export_formats as _export_formats

_export_formats.WRITERS["litert"] = _lazy_module("eagerflow._src.lite.keras_export")

_LAZY = ("activations", "applications", "backend", "callbacks", "config", "constraints",
         "datasets", "distillation", "distribution", "dtype_policies", "export",
         "initializers", "layers", "legacy", "losses", "metrics", "mixed_precision",
         "models", "ops", "optimizers", "preprocessing", "quantizers", "random",
         "regularizers", "saving", "tree", "utils", "visualization", "wrappers")

# top-level classes that live in a sub-namespace (`keras.Quantizer`)
_LAZY_CLASSES = {"Quantizer": "quantizers"}


def __dir__() -> list:
    """The names tf.keras lists: its classes and functions and the sub-namespaces (which
    load on first use); as TF 2.21's, `saving` works but is not listed."""
    return sorted({n for n in globals() if not n.startswith("_")} - {"saving"}
                  | set(_LAZY) - {"saving"} | set(_LAZY_CLASSES))


def __getattr__(name: str):
    if name in _LAZY_CLASSES:  # a class of a sub-namespace, loaded with it
        value = globals()[name] = getattr(__getattr__(_LAZY_CLASSES[name]), name)
        return value
    if name in _LAZY:
        try:
            module = _importlib.import_module(f"eagerflow.keras.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"eagerflow.keras.{name}":
                raise AttributeError(
                    f"module 'eagerflow.keras' has no attribute {name!r}") from None
            raise
        globals()[name] = module
        return module
    raise AttributeError(f"module 'eagerflow.keras' has no attribute {name!r}")
