"""keras.SymbolicScope, keras.RematScope, keras.remat and keras.device: Keras 3's scopes
that are not about variables (StatelessScope sits with the variables, in variables.py).

Sits on backend (the scope stacks) and the autodiff and device layers below keras;
base_layer reads the remat scope when a layer is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from eagerflow._src.autodiff.custom_gradient import recompute_grad
from eagerflow._src.core.device import device as tf_device
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops.variables import is_tf_variable

_symbolic_scopes: list = []
_remat_scopes: list = []


class SymbolicScope:
    """`keras.SymbolicScope()`: marks a block as computing output specs only (Keras 3
    enters it to infer shapes). Inside a StatelessScope as well, a layer's weight
    regularization reads its variables, not the scope's values."""

    def __enter__(self) -> SymbolicScope:
        _symbolic_scopes.append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _symbolic_scopes.remove(self)


def in_symbolic_scope() -> bool:
    return bool(_symbolic_scopes)


_REMAT_MODES = ("full", "activations", "larger_than", "list_of_layers", None)


class RematMode(NamedTuple):
    mode: str | None
    output_size_threshold: int
    layer_names: list


class RematScope:
    """`keras.RematScope(mode='full', output_size_threshold=1024, layer_names=None)`:
    layers made inside take this rematerialization mode (`layer._remat_mode`). eagerflow
    records it; layers compute their gradients as without it (same values, no memory
    traded for recomputation)."""

    def __init__(self, mode: str | None = "full", output_size_threshold: int = 1024,
                 layer_names: list | None = None) -> None:
        if mode not in _REMAT_MODES:
            raise ValueError(f"Invalid mode '{mode}'. Supported modes are: 'full', "
                             "'activations', 'larger_than', 'list_of_layers', or  None.")
        self.mode = mode
        self.output_size_threshold = output_size_threshold
        self.layer_names = layer_names or []
        self._pop_on_exit = False

    def __enter__(self) -> RematScope:
        _remat_scopes.append(self)
        self._pop_on_exit = True
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pop_on_exit:
            _remat_scopes.remove(self)
            self._pop_on_exit = False


def current_remat_mode() -> RematMode | None:
    """The mode a layer made now takes: the innermost RematScope's, if any."""
    if not _remat_scopes or _remat_scopes[-1].mode is None:
        return None
    scope = _remat_scopes[-1]
    return RematMode(scope.mode, scope.output_size_threshold, scope.layer_names)


def remat(f: Callable) -> Callable:
    """`keras.remat(f)`: `f` recomputed in the backward pass instead of keeping its
    activations (tf.recompute_grad, as Keras 3 on TF, which takes NumPy and Python
    arguments as tensors)."""
    inner = recompute_grad(f)

    def call(*args: Any, **kwargs: Any) -> Any:
        return inner(*(a if isinstance(a, Tensor) or is_tf_variable(a) else
                       convert_to_tensor(a) for a in args), **kwargs)

    return call


class device:  # noqa: N801 - Keras 3's name for a context manager
    """`keras.device(name)`: ops in the block run on that device (tf.device's scope); a
    name that is not a string is refused on entering, as Keras 3 on TF does."""

    def __init__(self, device_name: Any) -> None:
        self.device_name = device_name
        self._scope: Any = None

    def __enter__(self) -> Any:
        if not isinstance(self.device_name, str):
            raise ValueError(f"Expecting a string device name. Got {type(self.device_name)}"
                             f"({self.device_name})")
        self._scope = tf_device(self.device_name)
        return self._scope.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self._scope.__exit__(*exc)
