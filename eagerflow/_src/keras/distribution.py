"""keras.distribution: Keras 3's device meshes, tensor layouts and distributions, as they
behave on Keras's TensorFlow backend.

On that backend the API is a record-keeper: a `DataParallel` or `ModelParallel` made
current (`set_distribution`, `scope()`) changes neither the variables a model makes nor
how `fit` runs (one device, the data unsharded in a single process), and the backend
hooks Keras never wrote for TensorFlow (`distribute_tensor`, `initialize`,
`get_device_count`) fail with the AttributeError Keras raises there. What does happen:
every layer call looks up `<layer path>/output` in the current distribution's layouts,
and a match reaches that missing `distribute_tensor`. Data-parallel training over several
devices is tf.distribute's job here as in TF (MirroredStrategy).

The current distribution is per thread and `keras.backend.clear_session()` forgets it
(Keras keeps it in its thread-local global state).

Sits on backend (the thread's call context), core.device (the logical devices) and the
KerasTensor; base_layer calls `output_layout_hook` after each eager layer call.
"""

from __future__ import annotations

import collections
import contextlib
import math
import os
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np

from eagerflow._src.core.device import list_logical_devices
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.keras_tensor import KerasTensor
from eagerflow._src.keras.name_scope import match_path

DEFAULT_BATCH_DIM_NAME = "batch"

# Keras's TensorFlow backend module, which lacks these hooks: its AttributeError names it
_TF_BACKEND_MODULE = "keras.src.backend.tensorflow.distribution_lib"


def _missing_backend_hook(name: str) -> AttributeError:
    return AttributeError(f"module '{_TF_BACKEND_MODULE}' has no attribute '{name}'")


def list_devices(device_type: str | None = None) -> list:
    """The devices to distribute over, as "cpu:0", "gpu:1", ...: those of `device_type`
    ("cpu", "gpu" or "tpu", any case), or the accelerators when there are any, else the
    CPUs (never a mix)."""
    device_type = device_type.upper() if device_type else None
    devices = list_logical_devices(device_type)
    if device_type is None:
        others = [d for d in devices if d.device_type.lower() != "cpu"]
        devices = others or [d for d in devices if d.device_type.lower() == "cpu"]
    return [f"{d.device_type.lower()}:{d.name.split(':')[-1]}" for d in devices]


def get_device_count(device_type: str | None = None) -> int:
    """Keras's count of devices, which its TensorFlow backend does not provide."""
    raise _missing_backend_hook("get_device_count")


def initialize(job_addresses: str | None = None, num_processes: int | None = None,
               process_id: int | None = None) -> None:
    """Keras's multi-process start-up: the arguments default to the
    KERAS_DISTRIBUTION_* environment variables, then the TensorFlow backend has no hook
    for it (multi-worker training is tf.distribute's MultiWorkerMirroredStrategy)."""
    if job_addresses is None and "KERAS_DISTRIBUTION_JOB_ADDRESSES" in os.environ:
        job_addresses = os.environ["KERAS_DISTRIBUTION_JOB_ADDRESSES"]
    if num_processes is None and "KERAS_DISTRIBUTION_NUM_PROCESSES" in os.environ:
        num_processes = int(os.environ["KERAS_DISTRIBUTION_NUM_PROCESSES"])
    if process_id is None and "KERAS_DISTRIBUTION_PROCESS_ID" in os.environ:
        process_id = int(os.environ["KERAS_DISTRIBUTION_PROCESS_ID"])
    raise _missing_backend_hook("initialize")


def _dtensor_uninitialized() -> ValueError:
    # Keras converts meshes and layouts to DTensor's, whose accelerators nothing here
    # initializes (eagerflow has no DTensor): TF's refusal
    return ValueError("Accelerators are uninitialized, please run "
                      "dtensor.initialize_accelerator_system() first.")


class DeviceMesh:
    """`DeviceMesh(shape, axis_names, devices=None)`: the devices (default
    `list_devices()`) laid out in an array of `shape`, one name per axis."""

    def __init__(self, shape: Any, axis_names: Any, devices: Any = None) -> None:
        if not shape or not axis_names:
            raise ValueError("Shape and axis_names cannot be empty. Received: "
                             f"shape={shape}, axis_names={axis_names}")
        if len(shape) != len(axis_names):
            raise ValueError("Shape and axis_names should have same size. "
                             f"Received: shape={shape}, axis_names={axis_names}")
        devices = np.array(list_devices() if devices is None else devices)
        if math.prod(shape) != math.prod(devices.shape):
            raise ValueError("Shape does not match the number of devices. "
                             f"Received: shape={shape}; devices.shape={devices.shape}")
        self._shape = shape
        self._axis_names = axis_names
        self._devices = np.reshape(devices, shape)

    @property
    def shape(self) -> Any:
        return self._shape

    @property
    def axis_names(self) -> Any:
        return self._axis_names

    @property
    def devices(self) -> np.ndarray:
        return self._devices

    @property
    def backend_mesh(self) -> Any:
        raise _dtensor_uninitialized()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} shape={self.shape}, axis_names={self.axis_names}>"

    __str__ = __repr__


class TensorLayout:
    """`TensorLayout(axes, device_mesh=None)`: for each dimension of a tensor, the mesh
    axis it is split over, or None (replicated)."""

    def __init__(self, axes: Any, device_mesh: DeviceMesh | None = None) -> None:
        self._axes = tuple(axes)
        self._device_mesh = device_mesh
        self._validate_axes()

    @property
    def axes(self) -> tuple:
        return self._axes

    @property
    def device_mesh(self) -> DeviceMesh | None:
        return self._device_mesh

    @device_mesh.setter
    def device_mesh(self, device_mesh: DeviceMesh) -> None:
        if self._device_mesh is not None:
            raise ValueError("Cannot override device mesh value. Existing "
                             f"value is {self._device_mesh}")
        # (set before the check, as Keras: a bad mesh stays set after the error)
        self._device_mesh = device_mesh
        self._validate_axes()

    @property
    def backend_layout(self) -> Any:
        if self._device_mesh is None:
            raise ValueError("Cannot create sharding when device mesh is not set for "
                             "TensorLayout.")
        raise _dtensor_uninitialized()

    def _validate_axes(self) -> None:
        if self._device_mesh:
            valid = set(self._device_mesh.axis_names)
            names = set(self._axes) - {None}
            if names - valid:
                raise ValueError("Invalid axis names for Layout. Valid axis "
                                 f"names: {valid}, Got {names}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} axes={self.axes}, device_mesh={self.device_mesh}>"

    __str__ = __repr__


class Distribution:
    """The base of DataParallel and ModelParallel: a mesh, the name of its batch axis,
    and whether datasets are sharded across processes (one process here, as on Keras's
    TensorFlow backend, which counts no others)."""

    def __init__(self, device_mesh: DeviceMesh, batch_dim_name: str | None = None,
                 auto_shard_dataset: bool = True) -> None:
        self._device_mesh = device_mesh
        self._batch_dim_name = batch_dim_name
        self._auto_shard_dataset = auto_shard_dataset
        self._num_processes = 1
        self._process_id = 0
        self._is_multi_process = False

    @property
    def num_processes(self) -> int:
        return self._num_processes

    @property
    def num_model_replicas(self) -> int:
        raise NotImplementedError()

    @property
    def data_shard_id(self) -> int:
        replicas = self.num_model_replicas
        if replicas >= self.num_processes:
            return self._process_id
        return self._process_id // (self.num_processes // replicas)

    def get_data_layout(self, data_shape: Any) -> TensorLayout:
        raise NotImplementedError()

    def get_variable_layout(self, variable: Any) -> TensorLayout:
        raise NotImplementedError()

    def get_tensor_layout(self, path: str) -> TensorLayout | None:
        raise NotImplementedError()

    @contextlib.contextmanager
    def scope(self) -> Iterator[None]:
        """Makes this distribution the current one inside the block."""
        original = distribution()
        set_distribution(self)
        try:
            yield
        finally:
            set_distribution(original)

    @property
    def device_mesh(self) -> DeviceMesh:
        return self._device_mesh

    @property
    def batch_dim_name(self) -> str | None:
        return self._batch_dim_name

    @property
    def auto_shard_dataset(self) -> bool:
        return self._auto_shard_dataset

    @auto_shard_dataset.setter
    def auto_shard_dataset(self, auto_shard_dataset: bool) -> None:
        self._auto_shard_dataset = auto_shard_dataset

    def distribute_dataset(self, dataset: Any) -> Any:
        """The dataset this process reads: in a single process, `dataset` itself."""
        if not self._is_multi_process or not self.auto_shard_dataset:
            return dataset
        raise ValueError(f"The dataset type {type(dataset)} is not supported for "
                         "auto-sharding in multi-process setting.")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} device_mesh={self.device_mesh}>"

    __str__ = __repr__


class DataParallel(Distribution):
    """`DataParallel(device_mesh=None, devices=None, auto_shard_dataset=True)`: variables
    replicated, data split along the mesh's first axis (a 1-D mesh over `devices`, or
    over `list_devices()`, unless a mesh is given)."""

    def __init__(self, device_mesh: DeviceMesh | None = None, devices: Any = None,
                 auto_shard_dataset: bool = True) -> None:
        if device_mesh:
            if not isinstance(device_mesh, DeviceMesh):
                raise ValueError("Expect `mesh` to be an instance of `DeviceMesh`. "
                                 f"Received: mesh={device_mesh} (of type "
                                 f"{type(device_mesh)})")
            super().__init__(device_mesh, device_mesh.axis_names[0], auto_shard_dataset)
            if device_mesh.devices.ndim != 1:
                # Keras passes printf-style arguments to warnings.warn, which takes the
                # second as the category: the call fails with this TypeError
                warnings.warn("Expect the input mesh to be 1D, but received "
                              "mesh.devices.ndim=%d. The first axis will be used for "
                              "data-parallel sharding.", device_mesh.devices.ndim,
                              stacklevel=2)
            return
        devices = np.array(devices if devices else list_devices())
        mesh = DeviceMesh(shape=devices.shape, axis_names=[DEFAULT_BATCH_DIM_NAME],
                          devices=devices)
        super().__init__(mesh, DEFAULT_BATCH_DIM_NAME, auto_shard_dataset)

    @property
    def num_model_replicas(self) -> int:
        return int(self.device_mesh.devices.size)

    def get_data_layout(self, data_shape: Any) -> TensorLayout:
        return _split_batch(self, data_shape)

    def get_variable_layout(self, variable: Any) -> TensorLayout:
        if getattr(variable, "_layout", None) is not None:
            return variable._layout
        return TensorLayout([None] * len(variable.shape), self.device_mesh)

    def get_tensor_layout(self, path: str) -> None:
        return None


def _split_batch(distribution: Distribution, data_shape: Any) -> TensorLayout:
    """Data split along the distribution's batch axis of its mesh, whole along the rest."""
    spec: list = [None] * len(data_shape)
    spec[0] = distribution.batch_dim_name
    return TensorLayout(spec, distribution.device_mesh)


class ModelParallel(Distribution):
    """`ModelParallel(*, layout_map, batch_dim_name=None, auto_shard_dataset=True)`:
    variables laid out by `layout_map` (regexes over variable paths), data split along
    `batch_dim_name` (default the mesh's first axis)."""

    def __init__(self, *, layout_map: LayoutMap | None = None,
                 batch_dim_name: str | None = None, auto_shard_dataset: bool = True,
                 **kwargs: Any) -> None:
        kwargs.pop("device_mesh", None)
        if layout_map is None:
            raise ValueError("You must specify a layout_map argument.")
        if not isinstance(layout_map, LayoutMap):
            raise ValueError("Argument `layout_map` must be a `LayoutMap` instance. "
                             f"Received: layout_map={layout_map}")
        mesh = layout_map.device_mesh
        super().__init__(mesh, batch_dim_name or mesh.axis_names[0], auto_shard_dataset)
        self._layout_map = layout_map

    @property
    def num_model_replicas(self) -> int:
        index = self.device_mesh.axis_names.index(self.batch_dim_name)
        return self.device_mesh.shape[index]

    def get_data_layout(self, data_shape: Any) -> TensorLayout:
        return _split_batch(self, data_shape)

    def get_variable_layout(self, variable: Any) -> TensorLayout:
        if getattr(variable, "_layout", None) is not None:
            return variable._layout
        layout = self._layout_map[variable.path]
        if layout is not None:
            return layout
        return TensorLayout([None] * len(variable.shape), self.device_mesh)

    def get_tensor_layout(self, path: str) -> TensorLayout | None:
        return self._layout_map[path]


class LayoutMap(collections.abc.MutableMapping):
    """`LayoutMap(device_mesh)`: TensorLayouts by key, where a key that is not stored
    exactly is matched against the stored keys as regexes (whole-string matches; more than
    one is an error, none gives None). A tuple stored is made a TensorLayout on the
    map's mesh."""

    def __init__(self, device_mesh: DeviceMesh | None) -> None:
        self._layout_map: collections.OrderedDict = collections.OrderedDict()
        self._device_mesh = device_mesh

    def __getitem__(self, key: str) -> TensorLayout | None:
        return match_path(self._layout_map, key, None, "layout", "tensor/variable path",
                          "LayoutMap")

    def __setitem__(self, key: str, layout: Any) -> None:
        if key in self._layout_map:
            raise ValueError(f"{key} already exist in the LayoutMap with value "
                             f"{self._layout_map[key]}. Please make sure to not use "
                             "duplicated keys.")
        if isinstance(layout, tuple):
            layout = TensorLayout(axes=layout, device_mesh=None)
        if not isinstance(layout, TensorLayout):
            raise ValueError(f"{layout} should be a TensorLayout type, got {type(layout)}")
        if layout.device_mesh is None and self._device_mesh is not None:
            layout.device_mesh = self._device_mesh
        self._layout_map[key] = layout

    def __delitem__(self, key: str) -> Any:
        return self._layout_map.pop(key)  # (the value, as Keras 3's gives it to a direct call)

    def __len__(self) -> int:
        return len(self._layout_map)

    def __iter__(self) -> Iterator[str]:
        return iter(self._layout_map)

    @property
    def device_mesh(self) -> DeviceMesh | None:
        return self._device_mesh


def distribute_tensor(tensor: Any, layout: Any) -> Any:
    """Keras's relayout of a value: a KerasTensor comes back as it is; a value reaches the
    TensorFlow backend, which has no such hook."""
    if isinstance(tensor, KerasTensor):
        return tensor
    raise _missing_backend_hook("distribute_tensor")


def distribution() -> Distribution | None:
    """The current distribution of this thread (None until one is set)."""
    return kb.call_context.distribution


def set_distribution(value: Distribution | None) -> None:
    """Makes `value` this thread's current distribution."""
    kb.call_context.distribution = value


def output_layout_hook(dist: Distribution, path: str, outputs: Any) -> Any:
    """What a layer call at name-scope path `path` returns under `dist`: the outputs, or
    them relaid out when `dist` has a layout for `<path>/output` (which, on the
    TensorFlow backend, fails as Keras's does)."""
    layout = dist.get_tensor_layout(path + "/output")
    if layout:
        return distribute_tensor(outputs, layout)
    return outputs
