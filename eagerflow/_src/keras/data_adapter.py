"""What fit/evaluate/predict iterate over: batches from arrays, datasets or generators.

Sits in keras below the trainer. Arrays (NumPy, tensors, nested lists/dicts of
them) are sliced into batches here (shuffled per epoch, float64 cast to float32 as
Keras does); anything else iterable (tf.data datasets, generators, Sequences) is
iterated as given, each element an `x`, `(x,)`, `(x, y)` or `(x, y, sample_weight)`.
"""

from __future__ import annotations

import itertools
import math
import random
import types
import warnings
from typing import Any, Callable, Iterator

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor, converts_as_array
from eagerflow._src.keras import class_weights as cw
from eagerflow._src.keras import tree
from eagerflow._src.keras.ops.dtypes import standardize_dtype
from eagerflow._src.ops import indexing
from eagerflow._src.ops import ragged as _ragged_family  # noqa: F401 - loads the family whole
from eagerflow._src.ops.ragged_functions import constant as ragged_constant
from eagerflow._src.ops.random import fresh_shuffles

# tf.data, loaded on first use: building or calling a model does not need it
dataset_lib = lazy_module("eagerflow._src.data.dataset")
distribute_input = lazy_module("eagerflow._src.distribute.input")


def is_dataset(x: Any) -> bool:
    """Whether `x` is a tf.data.Dataset (the Keras modules above ask here, so that none
    of them loads tf.data at import)."""
    return isinstance(x, dataset_lib.DatasetV2)


def unpack_x_y_sample_weight(data: Any) -> tuple:
    """`(x, y, sample_weight)` from what a dataset yields (missing parts are None)."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data[0], data[1], data[2]
    raise ValueError("Data is expected to be in format `x`, `(x,)`, `(x, y)`, or "
                     f"`(x, y, sample_weight)`, found: {data}")


def pack_x_y_sample_weight(x: Any, y: Any = None, sample_weight: Any = None) -> Any:
    if y is None:
        return (x,) if isinstance(x, (tuple, list)) else x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def _is_array(x: Any) -> bool:
    # (anything with __array__ too, a pandas DataFrame or Series: Keras 3 slices it)
    return isinstance(x, (np.ndarray, Tensor, SparseTensor)) or hasattr(x, "_as_tensor") or \
        _is_ragged(x) or converts_as_array(x)


def _pandas_class(x: Any) -> str | None:
    """'DataFrame' or 'Series' for pandas' (found by name: eagerflow imports no pandas)."""
    for cls in type(x).__mro__:
        if cls.__name__ in ("DataFrame", "Series") and cls.__module__.startswith("pandas"):
            return cls.__name__
    return None


def _sparse_rows(a: SparseTensor, rows: Any) -> SparseTensor:
    """Rows of a SparseTensor (a slice or index array), renumbered from 0 in the order
    given, as Keras's array adapter slices one (by its rows' entries, kept in order)."""
    indices, values = np.asarray(a.indices.numpy()), np.asarray(a.values.numpy())
    shape = [int(d) for d in a.dense_shape.numpy()]
    picked = np.arange(shape[0])[rows] if isinstance(rows, slice) else np.asarray(rows)
    where = {int(r): i for i, r in enumerate(picked)}
    order = [k for r in picked for k in np.flatnonzero(indices[:, 0] == r)]
    new = indices[order].copy() if order else np.zeros((0, len(shape)), np.int64)
    if order:
        new[:, 0] = [where[int(r)] for r in new[:, 0]]
    return SparseTensor(new, values[order], [len(picked)] + shape[1:])


def _is_ragged(x: Any) -> bool:
    """A RaggedTensor: array data Keras's TF backend slices by rows as it is."""
    return isinstance(x, CompositeTensor) and hasattr(x, "flat_values")


def _rows(a: Any) -> int:
    if isinstance(a, SparseTensor):
        return int(a.dense_shape[0])
    if _is_ragged(a):
        return int(a.nrows())
    return int(a.shape[0]) if a.ndim else 1


def _take(a: Any, rows: Any) -> Any:
    """Rows of an array leaf: a slice or index array (a ragged leaf's rows gathered)."""
    if a is None:
        return None
    if isinstance(a, SparseTensor):
        return _sparse_rows(a, rows)
    if _is_ragged(a) and not isinstance(rows, slice):
        return indexing.gather(a, rows)
    return a[rows]


def holds_only_arrays(data: Any) -> bool:
    """Whether every leaf of `data` (None aside) is an array or tensor."""
    return all(_is_array(v) for v in nest.flatten(data) if v is not None)


def is_array_data(x: Any) -> bool:
    """True for arrays/tensors and nested lists/tuples/dicts of them (sliceable data)."""
    if x is None:
        return False
    leaves = nest.flatten(x)
    if not leaves:
        return False
    # (Python lists of numbers are no arrays to Keras 3: make_data refuses them)
    return all(_is_array(v) for v in leaves)


def _check_pandas_dtypes(x: Any) -> None:
    """Keras 3 reads a DataFrame's column dtypes (a Series' dtype) by name, objects aside:
    one it has no name for (pandas 3's strings, 'str') is its ValueError."""
    kind = _pandas_class(x)
    if kind is not None:
        for dtype in [x.dtype] if kind == "Series" else list(x.dtypes.values):
            if str(dtype) != "object":
                standardize_dtype(dtype)


def _to_numpy(x: Any) -> np.ndarray | None:
    if x is None or isinstance(x, (np.ndarray, SparseTensor)) or _is_ragged(x):
        return x  # (None: no target there)
    if hasattr(x, "numpy"):
        return np.asarray(x.numpy())
    if _pandas_class(x) == "Series":  # (Keras 3 slices a Series as one column)
        return np.expand_dims(x.to_numpy(), axis=-1)
    _ = x.shape  # (Keras 3 counts an array-like's rows by its shape: AttributeError first)
    return np.asarray(x)


def to_tensor(x: Any) -> Any:
    """A batch leaf as a tensor: float64 arrays become float32 (Keras' floatx)."""
    if x is None or isinstance(x, (Tensor, SparseTensor)) or _is_ragged(x):
        return x
    if hasattr(x, "_as_tensor"):
        return x._as_tensor()
    arr = np.asarray(x)
    if arr.dtype == np.float64:
        arr = arr.astype(np.float32)
    return convert_to_tensor(arr)


def _structure_to_tensors(data: Any) -> Any:
    return nest.map_structure(to_tensor, data)


def lists_to_tuples(data: Any) -> Any:
    """Every list in a structure as a tuple (dicts and tuples walked), as Keras's array
    adapter hands batches on: a list of targets reaches `train_step` as a tuple."""
    if isinstance(data, (list, tuple)):
        return tuple(lists_to_tuples(v) for v in data)
    if isinstance(data, dict):
        return {k: lists_to_tuples(v) for k, v in data.items()}
    return data


def _per_output_weights(y: Any, sample_weight: Any, class_weight: Any) -> Any:
    """The sample weights of nested targets as Keras 3's array adapter checks them: one
    per output in y's structure (list and tuple apart), or one weight per sample given
    once and shared by every output."""
    if sample_weight is None or not tree.is_nested(y):
        return sample_weight
    if class_weight is not None:
        raise ValueError(cw.WITH_SAMPLE_WEIGHT)
    if isinstance(sample_weight, (list, tuple, dict)):
        try:
            tree.assert_same_structure(y, sample_weight)
        except ValueError:
            raise ValueError("You should provide one `sample_weight` array per output in "
                             f"`y`. The two structures did not match:\n- y: {y}\n"
                             f"- sample_weight: {sample_weight}\n") from None
        return sample_weight
    shape = np.shape(sample_weight)
    if not (len(shape) == 1 or (len(shape) == 2 and shape[1] == 1)):
        raise ValueError("For a model with multiple outputs, when providing a single "
                         "`sample_weight` array, it should only have one scalar score per "
                         "sample (i.e. shape `(num_samples,)`). If you want to use non-scalar "
                         "sample weights, pass a `sample_weight` argument with one array per "
                         "model output.")
    return tree.map_structure(lambda _: sample_weight, y)


def _check_batching(num_samples: int, batch_size: Any, steps: Any) -> None:
    """Refuses a batch size or step count Keras 3's TF dataset of arrays cannot use, in
    the words of the TF ops it makes: the full batches' indices are sliced (a float size is
    Slice's TypeError) and reshaped to (batches, batch size) (a negative batch size, or
    step count, makes a dimension below -1: Reshape's ValueError); a float step count is
    Python's range's TypeError."""
    math.ceil(num_samples / batch_size)  # (Keras counts its batches first: a str refused)
    full = int(num_samples // batch_size)
    if not isinstance(batch_size, (int, np.integer)):
        size = full * batch_size
        raise TypeError(f"Expected int32 passed to parameter 'size' of op 'Slice', got "
                        f"{[size]!r} of type 'list' instead. Error: Expected int32, but got "
                        f"{size} of type '{type(size).__name__}'.")
    for dim in (full, batch_size):
        if dim < -1:
            raise ValueError(f"Invalid value in tensor used for shape: {dim}")
    if steps is not None and not isinstance(steps, (int, np.integer)):
        raise TypeError(f"'{type(steps).__name__}' object cannot be interpreted as an integer")


class ArrayData:
    """Batches sliced from in-memory arrays."""

    def __init__(self, x: Any, y: Any = None, sample_weight: Any = None,
                 batch_size: int | None = None, shuffle: Any = False,
                 class_weight: dict | None = None, steps: int | None = None) -> None:
        for leaf in nest.flatten((x, y, sample_weight)):
            # Keras 3's adapter takes NumPy arrays by their dtype's name: fixed-width
            # strings and bytes are refused, and object arrays past one dimension (a
            # vector of str objects goes through, as on TF)
            if isinstance(leaf, np.ndarray) and (leaf.dtype.kind in "US" or (
                    leaf.dtype.kind == "O" and leaf.ndim > 1)):
                raise ValueError(f"Invalid dtype: {leaf.dtype.name}")
            _check_pandas_dtypes(leaf)
        sample_weight = _per_output_weights(y, sample_weight, class_weight)
        self.x = nest.map_structure(_to_numpy, x)
        self.y = None if y is None else nest.map_structure(_to_numpy, y)
        self.sample_weight = None if sample_weight is None else \
            nest.map_structure(_to_numpy, sample_weight)
        sizes = {_rows(a) for a in nest.flatten(
            (self.x, self.y, self.sample_weight)) if a is not None}
        if len(sizes) > 1:
            msg = ("Data cardinality is ambiguous. Make sure all arrays contain the same "
                   "number of samples.")
            for label, part in (("x", self.x), ("y", self.y), ("sample_weight",
                                                               self.sample_weight)):
                if part is not None:
                    shapes = ", ".join(str(_rows(a)) for a in nest.flatten(part)
                                       if a is not None)
                    msg += f"'{label}' sizes: {shapes}\n"
            raise ValueError(msg)
        self.num_samples = sizes.pop() if sizes else 0
        if class_weight is not None and self.sample_weight is not None:
            raise ValueError(cw.WITH_SAMPLE_WEIGHT)
        if class_weight is not None:
            if tree.is_nested(self.y):
                raise ValueError(cw.SINGLE_OUTPUT)
            self.sample_weight = cw.class_weight_to_sample_weights(self.y, class_weight)
        self.batch_size = batch_size or 32
        if steps is not None and not batch_size:
            self.batch_size = math.ceil(self.num_samples / steps) if steps else 32
        _check_batching(self.num_samples, self.batch_size, steps)
        self.shuffle = shuffle
        self.steps = steps
        self._current: Iterator | None = None

    @property
    def steps_per_epoch(self) -> int:
        return math.ceil(self.num_samples / self.batch_size) if self.num_samples else 0

    @property
    def static_batch_size(self) -> int | None:
        """The batch size Keras 3's dataset of these arrays states: the batch size when the
        samples fill whole batches, else unknown."""
        full, rest = divmod(self.num_samples, self.batch_size)
        return self.batch_size if full and not rest else None

    static_shapes = None  # (the arrays' dims past the batch are all known)

    def _order(self) -> np.ndarray:
        """The epoch's order, as Keras 3's TF dataset draws it: one tf.random.shuffle of all
        the indices, or of each batch's for "batch", in a tf.data function (so under a
        global seed, op seed 0 and the same draws every epoch)."""
        n, b = self.num_samples, self.batch_size
        if self.shuffle == "batch":
            sizes = [min(b, n - s) for s in range(0, n, b)]
            perms = fresh_shuffles(sizes)
            return np.concatenate([s + p for s, p in zip(range(0, n, b), perms)]) if n else \
                np.arange(0)
        if self.shuffle:
            return fresh_shuffles([n])[0]
        return np.arange(n)

    def epoch_iterator(self) -> Iterator:
        if self.steps is None:
            yield from self._pass()
            return
        yield from _continued(self, self._pass, self.steps_per_epoch)

    def _pass(self) -> Iterator:
        order = self._order()
        for start in range(0, self.num_samples, self.batch_size):
            idx = order[start:start + self.batch_size]
            if self.shuffle is False:
                sl = slice(start, start + self.batch_size)
                take = (lambda a, sl=sl: _take(a, sl))
            else:
                take = (lambda a, idx=idx: _take(a, idx))
            x = nest.map_structure(take, self.x)
            y = None if self.y is None else nest.map_structure(take, self.y)
            sw = None if self.sample_weight is None else nest.map_structure(
                take, self.sample_weight)
            # (Keras's packing: x alone unless it is a tuple, then `(x,)`; no weights
            # without targets)
            yield _structure_to_tensors(pack_x_y_sample_weight(*lists_to_tuples((x, y, sw))))

    def whole(self) -> tuple:
        """`(x, y, sample_weight)` over all the samples, lists kept: what Keras's
        train_on_batch and test_on_batch hand to the step."""
        return _structure_to_tensors((self.x, self.y, self.sample_weight))


class IterableData:
    """Batches from a dataset, generator or any other iterable."""

    def __init__(self, data: Any, steps: int | None = None, shuffle: Any = False) -> None:
        self.data = data
        self.steps = steps
        self.shuffle = shuffle
        # (a PyDataset is read by index, as Keras does, even where it is also an iterator)
        self._one_shot = not isinstance(data, PyDataset) and (
            iter(data) is data if hasattr(data, "__next__") else False)
        self._current: Iterator | None = None
        self._peeked: list | None = None
        try:
            n = data.num_batches if isinstance(data, PyDataset) else len(data)
            self._len = int(n) if n is not None and n >= 0 else None
        except (TypeError, ValueError, AttributeError, NotImplementedError):
            self._len = None

    @property
    def steps_per_epoch(self) -> int | None:
        return self.steps if self.steps is not None else self._len

    @property
    def static_batch_size(self) -> int | tuple | None:
        """A dataset's batch size where its element spec states one for every leaf; where
        the leaves' first dims differ (a dataset not batched), each leaf's, in order."""
        if not is_dataset(self.data):
            return None
        dims = [None if s.shape.rank in (None, 0) else s.shape[0]
                for s in nest.flatten(self.data.element_spec)
                if isinstance(getattr(s, "shape", None), TensorShape)]
        return dims[0] if len(set(dims)) == 1 else tuple(dims)

    @property
    def static_shapes(self) -> tuple | None:
        """A dataset's element shapes, leaf by leaf (None for a leaf without one): Keras 3
        traces its steps on the dataset's iterator, so for what its element spec states,
        an unknown dim included (padded_batch's), not for the first batch's dims."""
        if not is_dataset(self.data):
            return None
        return tuple(s.shape if isinstance(getattr(s, "shape", None), TensorShape) else None
                     for s in nest.flatten(self.data.element_spec))

    def _fresh(self) -> Iterator:
        """A new pass. A one-shot generator cannot restart: as Keras 3 (which peeks at its
        first two batches for their specs), a new pass replays those two, then goes on
        with what the generator has left."""
        if isinstance(self.data, PyDataset):
            return self._py_dataset_pass()
        if not self._one_shot:
            return iter(self.data)
        if self._peeked is None:
            self._peeked = list(itertools.islice(self.data, 2))
            if isinstance(self.data, types.GeneratorType):  # (Keras's generator adapter)
                if not self._peeked:
                    raise ValueError("When passing a Python generator to a Keras model, the "
                                     "generator must yield at least one batch. Received an "
                                     "empty generator.")
                if not isinstance(self._peeked[0], tuple):
                    raise ValueError("When passing a Python generator to a Keras model, the "
                                     "generator must return a tuple, either (input,) or "
                                     "(inputs, targets) or (inputs, targets, "
                                     f"sample_weights). Received: {self._peeked[0]}")
        return itertools.chain(self._peeked, self.data)

    def _py_dataset_pass(self) -> Iterator:
        """A PyDataset's batches as Keras 3's adapter reads them (its first two were read
        for their specs when it was made): each pass in order, or in the order Python's
        `random.shuffle` gives when the pass begins (keras.utils.set_random_seed fixes it).
        Its on_epoch_begin/on_epoch_end are KerasEpochs's."""
        if self._len is None:
            yield from (self.data[i] for i in itertools.count())
            return
        order = list(range(self._len))
        if self.shuffle:
            random.shuffle(order)
        for i in order:
            yield self.data[i]

    def epoch_iterator(self) -> Iterator:
        batches = self._fresh() if self.steps is None else \
            _continued(self, self._fresh, self._len)
        standardize = _py_dataset_batch if isinstance(self.data, PyDataset) else None
        for item in batches:
            yield _structure_to_tensors(standardize(item) if standardize else item)

    @property
    def known_batches(self) -> int | None:
        """The number of batches of a pass where it is known (a dataset's cardinality, a
        PyDataset's length), as Keras's adapters give it."""
        return self._len

    by_passes = True  # (steps go through KerasEpochs)

    def read_specs(self) -> None:
        """Keras's adapter reads a PyDataset's first two batches for their specs once, when
        its epoch iterator is made (a fit's validation data: at the first validation)."""
        if isinstance(self.data, PyDataset) and self._peeked is None:
            self._peeked = [_py_dataset_batch(self.data[i])
                            for i in range(2 if self._len is None else min(2, self._len))]
            if not self._peeked:
                raise ValueError("The PyDataset has length 0")
            for batch in self._peeked:
                _refuse_lists(batch)

    def on_epoch_begin(self) -> None:
        if isinstance(self.data, PyDataset):
            self.data.on_epoch_begin()

    def on_epoch_end(self) -> None:
        if isinstance(self.data, PyDataset):
            self.data.on_epoch_end()

    def new_pass(self) -> Iterator:
        """A new pass over the data, its batches as the steps take them."""
        items = self._fresh()
        if is_dataset(self.data):
            return _Passing(items)
        standardize = _py_dataset_batch if isinstance(self.data, PyDataset) else None
        return (_structure_to_tensors(standardize(item) if standardize else item)
                for item in items)


RAN_OUT = object()  # what KerasEpochs yields for a step whose call finds no data


class KerasEpochs:
    """The steps of each epoch over a dataset or generator as Keras 3's epoch iterator
    (TF backend) takes them, where the passes it starts are seen: a dataset's reshuffling
    shuffles draw a new order for each.

    `epoch()` yields (step, batch) pairs. A known number of batches N: each epoch starts a
    pass (steps_per_epoch given: only when the last one ended) and, once N batches of a
    pass are seen, starts another after the epoch's last step (unused unless
    steps_per_epoch is given). Otherwise steps go on until a step's call finds no data:
    that step comes as (step, RAN_OUT) (its callbacks' batch begin is made, the call
    raises in TF's function), the epoch ends with Keras's warning, and N becomes the
    number of steps taken, that one included.
    """

    def __init__(self, data: Any, steps_per_epoch: int | None = None) -> None:
        self.data = data
        self.steps_per_epoch = steps_per_epoch
        self.num_batches = data.known_batches
        self._current: Iterator | None = None
        self._seen = 0
        data.read_specs()

    def _new_pass(self) -> Iterator:
        _close(self._current)
        self._current = self.data.new_pass()
        self._seen = 0
        return self._current

    def reset(self) -> None:
        """Keras's reset before fit's epochs and each evaluate: the data's epoch ends."""
        self.data.on_epoch_end()

    def peek_for_build(self) -> None:
        """Keras 3's symbolic build of a model made in a strategy's scope (fit's and each
        evaluate's, before the reset): a pass starts and gives one batch, so a
        reshuffling dataset draws an order that no epoch sees."""
        self.data.on_epoch_begin()
        it = self.data.new_pass()
        next(it, None)
        _close(it)

    def epoch(self) -> Iterator:
        self.data.on_epoch_begin()
        steps = self.steps_per_epoch or self.num_batches or -1
        if steps > 0:
            if self._current is None or self.steps_per_epoch is None:
                self._new_pass()
            for step in range(steps):
                if self.num_batches and self._seen >= self.num_batches:
                    if self.steps_per_epoch:
                        warnings.warn(RAN_OUT_WARNING, stacklevel=1)
                    break
                self._seen += 1
                batch = next(self._current, RAN_OUT)
                if batch is RAN_OUT:
                    yield from self._ran_out(step)
                    return
                yield step, batch
            if self.num_batches and self._seen >= self.num_batches:
                self._new_pass()
            self.data.on_epoch_end()
            return
        it = self._new_pass()
        step = -1
        while True:
            step += 1
            self._seen = step + 1
            batch = next(it, RAN_OUT)
            if batch is RAN_OUT:
                yield from self._ran_out(step)
                return
            yield step, batch

    def _ran_out(self, step: int) -> Iterator:
        # (all done before the yield: the caller stops at that step)
        if self.num_batches is None:
            self.num_batches = self._seen
        warnings.warn(RAN_OUT_WARNING, stacklevel=1)
        _close(self._current)
        self._current = None
        self.data.on_epoch_end()
        yield step, RAN_OUT


RAN_OUT_WARNING = ("Your input ran out of data; interrupting training. Make sure that your "
                   "dataset or generator can generate at least `steps_per_epoch * epochs` "
                   "batches. You may need to use the `.repeat()` function when building your "
                   "dataset.")


def _close(it: Any) -> None:
    close = getattr(it, "_close", None) or getattr(it, "close", None)
    if callable(close):
        close()


def _py_dataset_batch(batch: Any) -> Any:
    """A PyDataset's item as Keras's adapter passes it on: a dict as it is, an array as
    `(x,)`, a list as a tuple of 1 to 3 parts (anything else refused)."""
    if isinstance(batch, dict):
        return batch
    if isinstance(batch, np.ndarray):
        batch = (batch,)
    if isinstance(batch, list):
        batch = tuple(batch)
    if not isinstance(batch, tuple) or len(batch) not in (1, 2, 3):
        raise ValueError("PyDataset.__getitem__() must return a tuple or a dict. If a tuple, "
                         "it must be ordered either (input,) or (inputs, targets) or (inputs, "
                         f"targets, sample_weights). Received: {str(batch)[:100]}... of type "
                         f"{type(batch)}")
    return batch


def _refuse_lists(batch: Any) -> None:
    """A PyDataset's batch specs go to tf.data.Dataset.from_generator in Keras 3's TF
    adapter, whose structures hold tuples and dicts only: a list in a batch (inputs given
    as a list of arrays) is its TypeError."""
    if isinstance(batch, list):
        raise TypeError("`output_signature` must contain objects that are subclass of "
                        "`tf.TypeSpec` but found <class 'list'> which is not.")
    parts = batch.values() if isinstance(batch, dict) else \
        batch if isinstance(batch, tuple) else ()
    for part in parts:
        _refuse_lists(part)


def _continued(data: Any, new_pass: Callable, num_batches: int | None) -> Iterator:
    """One epoch's batches when steps_per_epoch is given: as Keras 3, the epoch goes on
    where the last one stopped; a pass that ran out, or that gave all its `num_batches`
    batches, is followed by a new one (`data._current` holds the pass under way, with
    `data._taken` batches drawn from it)."""
    if data._current is None:
        data._current, data._taken = new_pass(), 0
    current = data._current
    for batch in current:  # (a for loop: closing this epoch's generator keeps the pass)
        data._taken += 1
        if num_batches is not None and data._taken >= num_batches:
            data._current = None
        yield batch
    if data._current is current:
        data._current = None


def _is_data_source(x: Any) -> bool:
    """Whether Keras 3 takes `x` (not arrays) as data: a tf.data.Dataset or a distributed
    one, a PyDataset, or a Python generator; any other iterable (an iterator over a
    dataset, a list iterator, a string) it refuses."""
    return (is_dataset(x) or isinstance(x, (PyDataset, types.GeneratorType))
            or isinstance(x, distribute_input.DistributedDataset))


def make_data(x: Any, y: Any = None, sample_weight: Any = None, batch_size: int | None = None,
              shuffle: Any = False, class_weight: dict | None = None,
              steps: int | None = None) -> Any:
    """ArrayData for arrays, IterableData for datasets and generators."""
    for part in (x, y, sample_weight):
        if isinstance(part, (list, tuple)) and any(
                isinstance(v, (int, float, str, bytes, np.generic))
                for v in nest.flatten(part)):
            # Keras 3 takes no Python scalars as data (its message names x whichever part
            # held them)
            raise ValueError(f"Unrecognized data type: x={x} (of type {type(x)})")
    if is_array_data(x):
        if isinstance(x, (list, tuple)) and all(not _is_array(v) for v in nest.flatten(x)):
            x = np.asarray(x)
        if isinstance(y, (list, tuple)) and y and all(not _is_array(v) for v in nest.flatten(y)):
            y = np.asarray(y)
        return ArrayData(x, y, sample_weight, batch_size, shuffle, class_weight, steps)
    if x is None:
        # Keras 3 slices None as an array structure's empty leaf: the targets' batches
        # come with no inputs (the model refuses None), and with no array at all its count
        # of samples is popped from an empty set
        if all(part is None for part in nest.flatten((y, sample_weight))):
            raise KeyError("pop from an empty set")
        return ArrayData(None, y, sample_weight, batch_size, shuffle, class_weight, steps)
    if not _is_data_source(x):
        raise ValueError(f"Unrecognized data type: x={x} (of type {type(x)})")
    kind = ("tf.data.Dataset" if is_dataset(x) else "PyDataset"
            if isinstance(x, PyDataset) else "generator")
    if y is not None:
        _unsupported("y", "the targets", kind)
    if sample_weight is not None:
        _unsupported("sample_weights", "the sample weights", kind)
    if class_weight is not None and isinstance(x, types.GeneratorType):
        raise ValueError("Argument `class_weight` is not supported for Python generator "
                         f"inputs. Received: class_weight={class_weight}")
    if shuffle and is_dataset(x):
        warnings.warn("`shuffle=True` was passed, but will be ignored since the data `x` was "
                      "provided as a tf.data.Dataset. The Dataset is expected to already be "
                      "shuffled (via `.shuffle(buffer_size)`).", stacklevel=1)
    elif shuffle and isinstance(x, PyDataset) and x.num_batches is None:
        warnings.warn("`shuffle=True` was passed, but will be ignored since the data `x` was "
                      "provided as an infinite PyDataset. The PyDataset is expected to "
                      "already be shuffled.", stacklevel=1)
    elif shuffle and isinstance(x, types.GeneratorType):
        warnings.warn("`shuffle=True` was passed, but will be ignored since the data `x` was "
                      "provided as a generator. The generator is expected to yield "
                      "already-shuffled data.", stacklevel=1)
    if class_weight is not None and is_dataset(x):
        # (Keras maps the dataset, so what its batches hold is checked as it traces)
        x = x.map(cw.class_weight_map_fn(class_weight, unpack_x_y_sample_weight)).prefetch(-1)
    data = IterableData(x, steps, shuffle)
    if class_weight is not None and not is_dataset(x):
        data = _ClassWeighted(data, class_weight)
    return data


def _unsupported(arg: str, description: str, kind: str) -> None:
    raise ValueError(f"When providing `x` as a {kind}, `{arg}` should not be passed. Instead, "
                     f"{description} should be included as part of the {kind}.")


class _Passing:
    """A dataset's iterator whose elements come as step batches (closable), read one
    ahead: TF's iterator runs the prefetch its inject_prefetch optimization adds, so by the
    time a step has its batch the next one is being read (a reshuffling shuffle under a
    repeat that a pass ends has drawn the next repetition's seed before the next fit's
    iterator draws one). An error reading ahead comes with the batch it stands for."""

    _EMPTY = object()

    def __init__(self, it: Any) -> None:
        self._it = it
        self._ahead: Any = self._EMPTY
        self._error: BaseException | None = None

    def __iter__(self) -> _Passing:
        return self

    def _read(self) -> None:
        try:
            self._ahead = next(self._it)
        except StopIteration:
            self._ahead = self._EMPTY
            self._error = StopIteration()
        except Exception as e:  # (raised where the step asks for this batch)
            self._ahead = self._EMPTY
            self._error = e

    def __next__(self) -> Any:
        if self._ahead is self._EMPTY and self._error is None:
            self._read()
        if self._error is not None:
            error, self._error = self._error, None
            if isinstance(error, StopIteration):
                self._error = error  # (stays ended)
            raise error
        out, self._ahead = self._ahead, self._EMPTY
        self._read()
        return _structure_to_tensors(out)

    def _close(self) -> None:
        _close(self._it)


class _ClassWeighted:
    def __init__(self, inner: IterableData, class_weight: dict) -> None:
        self.inner = inner
        self.class_weight = class_weight

    @property
    def steps_per_epoch(self) -> int | None:
        return self.inner.steps_per_epoch

    @property
    def static_batch_size(self) -> int | None:
        return self.inner.static_batch_size

    static_shapes = None  # (its batches gain a weights leaf the dataset's spec lacks)

    def epoch_iterator(self) -> Iterator:
        for batch in self.inner.epoch_iterator():
            yield self._weighted(batch)

    def _weighted(self, batch: Any) -> tuple:
        # (Keras's PyDataset adapter: by the batch's length, through NumPy)
        if len(batch) == 3:
            raise ValueError("You cannot specify `class_weight` and `sample_weight` at the "
                             "same time.")
        if len(batch) == 2:
            weights = cw.class_weight_to_sample_weights(batch[1], self.class_weight)
            batch = tuple(batch) + (convert_to_tensor(weights),)
        return batch

    @property
    def known_batches(self) -> int | None:
        return self.inner.known_batches

    by_passes = True

    def read_specs(self) -> None:
        self.inner.read_specs()

    def on_epoch_begin(self) -> None:
        self.inner.on_epoch_begin()

    def on_epoch_end(self) -> None:
        self.inner.on_epoch_end()

    def new_pass(self) -> Iterator:
        return (self._weighted(b) for b in self.inner.new_pass())


# (Keras 3's words, with no space after its first sentence)
VALIDATION_SPLIT_REFUSED = ("Argument `validation_split` is only supported for tensors or NumPy "
                            "arrays.Found incompatible type in the input: ")


def types_repr(types: list) -> str:
    """`repr(types)` with each class named by its `__name__`: a dataset class's is TF's
    (`_BatchDataset`), which its qualified name (eagerflow's own) is not."""
    return "[" + ", ".join(f"<class '{t.__name__}'>" if t.__module__ == "builtins" else
                           f"<class '{t.__module__}.{t.__name__}'>" for t in types) + "]"


def train_validation_split(arrays: tuple, validation_split: float) -> tuple:
    """Splits arrays at `floor(n * (1 - validation_split))`, before any shuffling."""
    leaves = [a for a in nest.flatten(arrays) if a is not None]
    unsplittable = [type(a) for a in leaves if not (_is_array(a) or isinstance(a, (list,
                                                                                    tuple)))]
    if unsplittable:
        raise ValueError(VALIDATION_SPLIT_REFUSED + types_repr(unsplittable))
    arrays = nest.map_structure(lambda a: None if a is None else _to_numpy(a), arrays)
    n = _rows(nest.flatten([a for a in nest.flatten(arrays) if a is not None])[0])
    split_at = int(math.floor(n * (1.0 - validation_split)))
    if split_at == 0 or split_at == n:
        raise ValueError(f"Training data contains {n} samples, which is not sufficient to split "
                         f"it into a validation and training set as specified by "
                         f"`validation_split={validation_split}`. Either provide more data, or "
                         "a different value for the `validation_split` argument.")
    train = nest.map_structure(lambda a: _take(a, slice(None, split_at)), arrays)
    val = nest.map_structure(lambda a: _take(a, slice(split_at, None)), arrays)
    return train, val


def as_float(value: Any) -> Any:
    """A log value as a Python float (or a nested structure of them)."""
    if isinstance(value, dict):
        return {k: as_float(v) for k, v in value.items()}
    if hasattr(value, "numpy"):
        value = value.numpy()
    arr = np.asarray(value)
    if arr.ndim == 0:
        return float(arr)
    return arr



class PyDataset:
    """Base for batch-indexed data (tf.keras.utils.PyDataset / Sequence): implement
    `__len__` (batches per epoch) or `num_batches`, and `__getitem__(index)` -> a batch."""

    def __init__(self, workers: int = 1, use_multiprocessing: bool = False,
                 max_queue_size: int = 10) -> None:
        self.workers = workers
        self.use_multiprocessing = use_multiprocessing
        self.max_queue_size = max_queue_size

    def __getitem__(self, index: int) -> Any:
        raise NotImplementedError

    # (no __len__ here, as in Keras 3: a subclass defines it or `num_batches`)

    @property
    def num_batches(self) -> int | None:
        """The number of batches (None: infinite); `len()` where the class defines it."""
        if hasattr(self, "__len__"):
            return len(self)
        raise NotImplementedError("You need to implement the `num_batches` property:\n\n"
                                  "@property\ndef num_batches(self):\n  return ...")

    def on_epoch_begin(self) -> None:
        """Called at the beginning of every epoch."""

    def on_epoch_end(self) -> None:
        """Called at the end of every epoch (shuffle here); fit and evaluate also call it
        once before their first epoch, as Keras 3's epoch iterator's reset does."""

    def __iter__(self) -> Iterator:
        try:
            n = self.num_batches
        except NotImplementedError:
            n = None
        for i in (itertools.count() if n is None else range(n)):
            yield self[i]


Sequence = PyDataset


def joined_batches(parts: list) -> Any:
    """predict's outputs of one structure position, batch after batch, joined as Keras
    3.15 joins them: concatenated (scalars stacked) where every batch's inner shape agrees,
    else a RaggedTensor of the rows, its inner dims that agree kept uniform (batches of
    other time lengths: (6, None, 3))."""
    if len(parts) == 1:
        return parts[0]
    inner = [p.shape[1:] for p in parts]
    if all(s == inner[0] for s in inner):
        return np.stack(parts) if parts[0].ndim == 0 else np.concatenate(parts, axis=0)
    same = [all(s[d] == inner[0][d] for s in inner) for d in range(len(inner[0]))]
    uniform = same[::-1].index(False)  # (the agreeing dims after the last that varies)
    shape = parts[0].shape[len(parts[0].shape) - uniform:] if uniform else None
    return ragged_constant(parts, inner_shape=shape).merge_dims(0, 1)
