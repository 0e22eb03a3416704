"""Keras 3's `save_own_variables` / `load_own_variables`, a mixin of Layer.

Sits in engine/ over weights_io.py. A layer writes its own variables to a store ("0",
"1", ... in its `vars` group of a `.weights.h5` or `.keras` file) and reads them back. A
layer with state of its own (a table, a NumPy array) overrides both, and the file writer
and reader then call its methods; layers that keep these defaults are written and read by
weights_io directly, all values checked before any is assigned.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.lazy import lazy_module

# Weight files (HDF5 layouts, checkpoints, their protos) load on a layer's first save or
# load, not with every Layer class.
weights_io = lazy_module("eagerflow._src.keras.weights_io")


class OwnVariables:
    def save_own_variables(self, store: Any) -> None:
        """Writes this layer's variables to `store` as "0", "1", ..."""
        for i, v in enumerate(weights_io.saved_values(self)):
            store[str(i)] = v

    def load_own_variables(self, store: Any) -> None:
        """Assigns this layer's variables from `store` ("0", "1", ...)."""
        own = weights_io.own_variables(self)
        counted = weights_io.counted_variables(self, own)
        if len(store.keys()) != len(counted):
            raise weights_io.count_error(self, counted, len(store.keys()))
        for i, v in enumerate(own):
            v.assign(store[str(i)])

    save_own_variables.keras_default = True
    load_own_variables.keras_default = True
