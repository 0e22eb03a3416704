"""Checkpoint sharding: tf.train.experimental's ShardableTensor, ShardingCallback,
ShardByTaskPolicy and MaxShardSizePolicy, as TF 2.21 has them.

Train layer, between graph_view.py (which lists what a checkpoint holds) and
checkpoint.py (which writes it through tensor_bundle.py). The tensors to save are grouped
by the task of their device (a parameter server's variables by their ps task); the
callback of `CheckpointOptions(experimental_sharding_callback=...)` (ShardByTaskPolicy
when none is given) cuts each group into shards, `[{checkpoint key: {slice spec:
tensor}}]`, every shard one `.data-0000k-of-0000n` file. TF 2.21 does not check what a
callback returns (its validate_shards is never called), and neither does this: a tensor
a callback drops is missing from the checkpoint, as in TF. A slice spec is TF's
SaveSliceInfo spec: the full shape, then "offset,size" per dimension ("4 3 0,4:0,1");
"" for a whole tensor.
"""

from __future__ import annotations

import abc
import dataclasses
import math
from typing import Any, Sequence

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.device import DeviceSpec
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.train.graph_view import OBJECT_GRAPH_KEY


@dataclasses.dataclass(frozen=True)
class ShardableTensor:
    """One tensor (or slice of one) to save, as a sharding callback is given it."""

    _tensor_save_spec: Any
    tensor: Any
    dtype: Any
    device: Any
    name: str
    shape: Any
    slice_spec: str
    checkpoint_key: str
    trackable: Any

    def __hash__(self) -> int:
        return hash((self.name, self.dtype, str(self.device), self.checkpoint_key))

    def __repr__(self) -> str:
        return (f"\n{type(self).__name__}:\n"
                f"  _tensor_save_spec={self._tensor_save_spec!r}\n"
                f"  tensor={self.tensor!r}\n"
                f"  dtype={self.dtype!r}\n"
                f"  device={self.device!r}\n"
                f"  name={self.name!r}\n"
                f"  shape={self.shape!r}\n"
                f"  slice_spec={self.slice_spec!r}\n"
                f"  checkpoint_key={self.checkpoint_key!r}\n"
                f"  trackable={self.trackable!r}")


class ShardingCallback(abc.ABC):
    """Decides how the tensors of a checkpoint are cut into shards (files)."""

    @property
    @abc.abstractmethod
    def description(self) -> str:
        pass

    @abc.abstractmethod
    def __call__(self, shardable_tensors: Sequence[ShardableTensor]) -> Sequence[dict]:
        pass

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.description))


class ShardByTaskPolicy(ShardingCallback):
    """One shard per task (the tensors are already grouped by task when it is called)."""

    @property
    def description(self) -> str:
        return "Split tensors into shards based on their device spec task."

    def __call__(self, shardable_tensors: Sequence[ShardableTensor]) -> Sequence[dict]:
        shard: dict = {}
        for t in shardable_tensors:
            shard.setdefault(t.checkpoint_key, {})[t.slice_spec] = t.tensor
        return [shard]


# ---------------------------------------------------------------------------------------
# Slice specs.
# ---------------------------------------------------------------------------------------

def slice_spec(full_shape: Sequence[int], offset: Sequence[int], shape: Sequence[int]) -> str:
    """TF's SaveSliceInfo spec, stripped: "4 3 0,4:0,1"."""
    dims = " ".join(str(int(d)) for d in full_shape)
    return f"{dims} " + ":".join(f"{int(o)},{int(s)}" for o, s in zip(offset, shape))


def parse_slice_spec(spec: str) -> tuple:
    """(full shape, offsets, shape) of a slice spec; a "-" dimension is the whole one."""
    parts = spec.split()
    full = [int(d) for d in parts[:-1]]
    offsets, shape = [], []
    for d, extent in enumerate(parts[-1].split(":")):
        if extent == "-":
            offsets.append(0)
            shape.append(full[d])
        else:
            start, length = extent.split(",")
            offsets.append(int(start))
            shape.append(int(length))
    return full, offsets, shape


# ---------------------------------------------------------------------------------------
# MaxShardSizePolicy.
# ---------------------------------------------------------------------------------------

class MaxShardSizePolicy(ShardingCallback):
    """Shards of at most `max_shard_size` bytes: tensors are cut into slices to fill
    them (a scalar, or a slice of one row, too big on its own gets a shard of its own;
    the object graph counts as empty). Where not even one slice of a tensor fits an empty
    shard, TF 2.21 never returns; here each row of it becomes a shard of its own."""

    def __init__(self, max_shard_size: int) -> None:
        self.max_shard_size = max_shard_size

    @property
    def description(self) -> str:
        return "Split tensors into shards with a max shard size."

    def __call__(self, shardable_tensors: Sequence[ShardableTensor]) -> Sequence[dict]:
        return _MaxSizePacker(self.max_shard_size).pack(shardable_tensors)


class _MaxSizePacker:
    """TF's greedy packing: tensors in order; one that does not fit what is left of the
    current shard is cut along the axis that needs the fewest pieces."""

    def __init__(self, max_size: int) -> None:
        self.max = max_size
        self.shards: list = [{}]
        self.oversized: list = []
        self.left = max_size

    def _next_shard(self) -> None:
        self.shards.append({})
        self.left = self.max

    def pack(self, tensors: Sequence[ShardableTensor]) -> list:
        for t in tensors:
            self._pack_one(t)
        out = list(self.shards) if self.shards[0] else []
        return out + self.oversized

    def _sizes(self, t: ShardableTensor, value: np.ndarray) -> tuple:
        """(total bytes, bytes per element) as TF counts them."""
        dtype = dt.as_dtype(t.dtype)
        if t.checkpoint_key == OBJECT_GRAPH_KEY or dtype is dt.variant:
            return 0, 0
        if dtype is dt.string:
            if value.ndim == 0:
                lengths = [len(value[()])]
            else:  # TF measures each row (the first axis) as one element
                lengths = [sum(len(x) for x in np.asarray(row).reshape(-1)) for row in value]
            return sum(lengths), max(lengths) if lengths else 0
        return value.size * dtype.size, dtype.size

    def _pack_one(self, t: ShardableTensor) -> None:
        value = _array(t.tensor)
        if t.slice_spec:
            full, root_offset, _ = parse_slice_spec(t.slice_spec)
        else:
            full, root_offset = list(value.shape), [0] * value.ndim
        root_shape = list(value.shape)
        total, elem = self._sizes(t, value)
        key = t.checkpoint_key
        if value.ndim == 0:
            if total > self.max:
                self.oversized.append({key: {t.slice_spec: t.tensor}})
                return
            if total > self.left:
                self._next_shard()
            self.shards[-1].setdefault(key, {})[t.slice_spec] = t.tensor
            self.left -= total
            return
        offset = list(root_offset)
        shape = list(root_shape)
        size = total
        while size > self.left:
            axis, part = self._next_partition(shape, elem)
            if part == 0:
                if self.left < self.max:  # nothing fits what is left: a fresh shard
                    self._next_shard()
                    continue
                # Not one slice fits an empty shard either (TF 2.21 loops forever here):
                # one row at a time, each a shard of its own, as TF keeps a scalar too big
                axis, part = 0, 1
            rel = [o - r for o, r in zip(offset, root_offset)]
            piece_shape = [s - r for s, r in zip(root_shape, rel)]
            piece_shape[axis] = part
            piece_bytes = int(math.prod(piece_shape)) * elem
            piece = _slice(value, rel, piece_shape)
            spec = slice_spec(full, offset, piece_shape)
            if piece_bytes > self.max:
                self.oversized.append({key: {spec: piece}})
            else:
                self.shards[-1].setdefault(key, {})[spec] = piece
                self.left -= piece_bytes
                if self.left == 0:
                    self._next_shard()
            offset[axis] += part
            rel[axis] += part
            shape = [s - r for s, r in zip(root_shape, rel)]
            size = int(math.prod(shape)) * elem
        if int(math.prod(shape)) > 0:
            # what is left (all of it, when it fits) goes in as a slice, as TF's does
            rest = _slice(value, [o - r for o, r in zip(offset, root_offset)], shape)
            self.shards[-1].setdefault(key, {})[slice_spec(full, offset, shape)] = rest
        self.left -= size

    def _next_partition(self, shape: list, elem: int) -> tuple:
        """(axis, rows per piece) that cuts the working tensor into the fewest pieces that
        fit what is left of the shard; (0, 0) when not even one slice fits."""
        n = int(math.prod(shape))

        def pieces(axis: int) -> float:
            per_slice = n // shape[axis] * elem
            fit = self.left // per_slice if per_slice else math.inf
            return math.inf if fit == 0 else math.ceil(shape[axis] / fit)

        best, best_axis = pieces(0), 0
        for axis in range(1, len(shape)):
            p = pieces(axis)
            if p < best and n * elem / p <= self.left:
                best, best_axis = int(p), axis
        if best == math.inf:
            return 0, 0
        return best_axis, math.ceil(shape[best_axis] / best)


def _array(value: Any) -> np.ndarray:
    if hasattr(value, "numpy"):
        value = value.numpy()
    return np.asarray(value, dtype=object) if isinstance(value, (bytes, str)) else \
        np.asarray(value)


def _slice(value: np.ndarray, begin: list, size: list) -> EagerTensor:
    index = tuple(slice(b, b + s) for b, s in zip(begin, size))
    return EagerTensor(np.ascontiguousarray(value[index]))


# ---------------------------------------------------------------------------------------
# Tasks.
# ---------------------------------------------------------------------------------------

def task_of(device: str) -> DeviceSpec:
    """The task a device belongs to (its spec with CPU:0), as TF groups tensors."""
    return DeviceSpec.from_string(device).replace(device_type="CPU", device_index=0)


# ---------------------------------------------------------------------------------------
# From a checkpoint's values to its shards.
# ---------------------------------------------------------------------------------------

def needs_shards(owners: dict, callback: Any) -> bool:
    """Whether a save goes through the sharded writer: a callback was given, a value lives
    on another task (a ps task), or an object saves slices (a ShardedVariable), as TF's
    default ShardByTaskPolicy would then write them."""
    if callback is not None:
        return True
    tasks = {task_of(_device_of(o)) for o in owners.values()}
    return len(tasks) > 1 or any(callable(getattr(o, "_checkpoint_slices", None))
                                 for o in owners.values())


def _device_of(obj: Any) -> str:
    device = getattr(obj, "device", None)
    return device if isinstance(device, str) and device else CPU_DEVICE


def shardable_tensors(values: dict, owners: dict, graph_bytes: bytes) -> dict:
    """{task: [ShardableTensor]} in the checkpoint's order (tasks as first met), the
    object graph last on this task; a sliced object's slices one by one."""
    by_task: dict = {}

    def add(key: str, spec: str, tensor: Any, device: str, owner: Any) -> None:
        spec_dev = DeviceSpec.from_string(device)
        by_task.setdefault(task_of(device), []).append(ShardableTensor(
            _tensor_save_spec=None, tensor=tensor, dtype=tensor.dtype, device=spec_dev,
            name=key, shape=tensor.shape, slice_spec=spec, checkpoint_key=key,
            trackable=owner))

    for key, thunk in values.items():
        owner = owners.get(key)
        slices = getattr(owner, "_checkpoint_slices", None)
        if callable(slices):
            for spec, tensor, device in slices():
                add(key, spec, tensor, device, owner)
            continue
        arr, dtype = thunk()
        add(key, "", EagerTensor(arr, dtype), _device_of(owner), owner)
    graph = EagerTensor(np.array(graph_bytes, dtype=object), dt.string)
    add(OBJECT_GRAPH_KEY, "", graph, CPU_DEVICE, None)
    return by_task


def plan(values: dict, owners: dict, graph_bytes: bytes, callback: Any) -> list:
    """The shards to write, in file order: each task's, as the callback cuts them."""
    callback = callback if callback is not None else ShardByTaskPolicy()
    shards: list = []
    for tensors in shardable_tensors(values, owners, graph_bytes).values():
        shards.extend(callback(tensors))
    return shards
