"""The layers Keras 3 exports for code of other frameworks: JaxLayer and FlaxLayer (a JAX
function or Flax module as a layer, through jax2tf on TF) and TorchModuleWrapper (a
torch.nn.Module, Keras's PyTorch backend's). eagerflow runs none of that code; it has the
names, which a TF-backend user of Keras 3 without those frameworks sees refuse when
constructed, and refuses in the same place with the same error.

Sits in keras/layers/ on base_layer only.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from eagerflow._src.keras.engine.base_layer import Layer


def _missing(module: str) -> bool:
    """Whether `module` can't be imported here (looked up, not imported)."""
    try:
        return importlib.util.find_spec(module) is None
    except ImportError:  # (a finder refusing it)
        return True


def _runs_no(framework: str, cls: str) -> NotImplementedError:
    # (with the framework installed Keras would go on to run its code: eagerflow can't)
    return NotImplementedError(f"keras.layers.{cls} runs {framework} code, which eagerflow "
                               "does not run.")


class JaxLayer(Layer):
    """`JaxLayer(call_fn, init_fn=None, params=None, state=None, seed=None,
    native_serialization_platforms=None, **kwargs)`: refused, as Keras 3 on TF refuses it
    without JAX (its ImportError, once the Layer's own arguments are checked)."""

    def __init__(self, call_fn: Any, init_fn: Any = None, params: Any = None,
                 state: Any = None, seed: Any = None,
                 native_serialization_platforms: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if _missing("jax"):
            raise ImportError("This requires the jax module. You can install it via "
                              "`pip install jax`")
        raise _runs_no("JAX", type(self).__name__)


class FlaxLayer(JaxLayer):
    """`FlaxLayer(module, method=None, variables=None, **kwargs)`: refused, as Keras 3
    refuses it without Flax (Flax's import comes first, before any other check)."""

    def __init__(self, module: Any, method: Any = None, variables: Any = None,
                 **kwargs: Any) -> None:
        if _missing("flax"):
            raise ModuleNotFoundError("No module named 'flax'", name="flax")
        raise _runs_no("Flax", type(self).__name__)


class TorchModuleWrapper(Layer):
    """`TorchModuleWrapper(module, name=None, output_shape=None, **kwargs)`: refused, as
    Keras 3 on TF refuses it without PyTorch (its import of torch.nn, once the Layer's own
    arguments are checked)."""

    def __init__(self, module: Any, name: str | None = None, output_shape: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(name=name, **kwargs)
        if _missing("torch"):
            raise ModuleNotFoundError("No module named 'torch'", name="torch")
        raise _runs_no("PyTorch", type(self).__name__)
