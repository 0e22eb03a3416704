"""Categorical preprocessing layers: StringLookup, IntegerLookup, CategoryEncoding, Hashing.

Keras layer level, over tf.lookup tables and the hash ops. An IndexLookup maps tokens to
indices through a StaticHashTable (so it runs inside tf.function and tf.data maps); its
vocabulary is [mask token] + [OOV token] * num_oov_indices + the tokens, adapted from
data by count (ties broken by the larger token first, as Keras 3) or set directly.
Indices are encoded as Keras 3 does: int, one_hot, multi_hot, count or tf_idf.
"""

from __future__ import annotations

import collections
import math
import operator
import os
from typing import Any

import numpy as np

from eagerflow._src.core import context
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    op_error,
)
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.graph.symbolic_tensor import bool_refused
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine import layer_checks
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.call_spec import call_spec
from eagerflow._src.keras.layers.category_encoding import (
    _encode_high_rank,
    encode_categorical,
    refuse_narrow_indices,
)
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import (
    hash_ops,
    indexing,
    lookup_ops,
    math_base,
    sparse_functions,
    unique_one_hot,
)
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.math_base import cast, ones_like, zeros_like
from eagerflow._src.ops.ragged import RaggedTensor, map_flat_values
from eagerflow._src.ops.reduce import reduce_max, reduce_mean
from eagerflow._src.ops.string_format import as_string
from eagerflow._src.ops.string_format import format as string_format
from eagerflow._src.ops.variables import Variable

_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")


def validate_string_arg(value: Any, allowed: tuple, caller: str, arg: str,
                        allow_none: bool = False, allow_callables: bool = False) -> None:
    """Keras' check of a string-valued argument, with its message."""
    if (allow_none and value is None) or (allow_callables and callable(value)) or \
            (isinstance(value, str) and value in allowed):
        return
    raise ValueError(f"Unknown value for `{arg}` argument of {caller}. Allowed values are: "
                     f"{allowed}. Received: {arg}={value}")


def _mode(output_mode: str, allowed: tuple, owner: str) -> str:
    output_mode = {"binary": "multi_hot", "tf-idf": "tf_idf"}.get(output_mode, output_mode)
    validate_string_arg(output_mode, allowed, owner, "output_mode")
    return output_mode


def as_tensor(x: Any, dtype: Any = None) -> Any:
    """A layer input as a tensor (ragged and sparse tensors are kept)."""
    if isinstance(x, (Tensor, RaggedTensor, SparseTensor)):
        return x
    return convert_to_tensor(x, dtype=dtype)


# ---------------------------------------------------------------------------------------
# IndexLookup: StringLookup and IntegerLookup.
# ---------------------------------------------------------------------------------------

class PreprocessingLayer(Layer):
    """A layer whose inputs may be Python lists or NumPy arrays of strings or numbers, and
    which has no weights to build."""

    # (Keras 3's DataLayer and lookup layers: a dict of images and Python lists of boxes
    # reaches the call rather than the positional-argument refusal)
    _allow_non_tensor_positional_args = True

    def build(self, input_shape: Any = None) -> None:
        self.built = True

    def __call__(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(inputs, (list, tuple)):
            layer_checks.refuse_mixed_arguments(self, call_spec(self), inputs, (), {})
        if isinstance(inputs, (list, tuple, np.ndarray, str, bytes, int, float)) and \
                not _has_keras_tensor(inputs):
            given, inputs = inputs, convert_to_tensor(inputs)
            if not self._convert_input_args:
                # (Keras 3 calls these layers on what it was given: its errors show that)
                self.__dict__["_call_inputs_as_given"] = given
                try:
                    return super().__call__(inputs, *args, **kwargs)
                finally:
                    self.__dict__.pop("_call_inputs_as_given", None)
        return super().__call__(inputs, *args, **kwargs)

    def _inputs_as_given(self, inputs: Any) -> Any:
        """What the caller gave for `inputs` (a NumPy array or a list, which __call__
        converted for its own checks), for a call that converts them as Keras's own does;
        `inputs` where the call was given tensors."""
        return self.__dict__.get("_call_inputs_as_given", inputs)


def _has_keras_tensor(x: Any) -> bool:
    if isinstance(x, (list, tuple)):
        return any(_has_keras_tensor(v) for v in x)
    return type(x).__name__ == "KerasTensor"


class IndexLookup(PreprocessingLayer):
    """Tokens <-> indices through a vocabulary (Keras 3's IndexLookup)."""

    _convert_input_args = False  # as Keras 3's
    supports_jit = False  # (as Keras 3's: a model holding one refuses jit_compile)

    def __init__(self, max_tokens: int | None, num_oov_indices: int, mask_token: Any,
                 oov_token: Any, vocabulary_dtype: str, vocabulary: Any = None,
                 idf_weights: Any = None, invert: bool = False, output_mode: str = "int",
                 sparse: bool = False, pad_to_max_tokens: bool = False,
                 oov_method: str = "floormod", name: str | None = None, salt: Any = None,
                 **kwargs: Any) -> None:
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(f"If set, `max_tokens` must be greater than 1. Received: "
                             f"max_tokens={max_tokens}")
        if pad_to_max_tokens and max_tokens is None:
            raise ValueError(f"If pad_to_max_tokens is True, must set `max_tokens`. Received: "
                             f"max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError(f"`num_oov_indices` must be greater than or equal to 0. Received: "
                             f"num_oov_indices={num_oov_indices}")
        validate_string_arg(oov_method, ("floormod", "farmhash"), type(self).__name__,
                            "oov_method")
        self.salt = _salt(salt, vocabulary_dtype, oov_method, "IndexLookup")
        output_mode = _mode(output_mode, _MODES, type(self).__name__)
        if invert and output_mode != "int":
            raise ValueError(f"`output_mode` must be `'int'` when `invert` is true. Received: "
                             f"output_mode={output_mode}")
        if sparse and output_mode == "int":
            raise ValueError("`sparse` may only be true if `output_mode` is `'one_hot'`, "
                             "`'multi_hot'`, `'count'` or `'tf_idf'`. Received: sparse=True "
                             f"and output_mode={output_mode}")
        if idf_weights is not None and output_mode != "tf_idf":
            raise ValueError(f"`idf_weights` should only be set if `output_mode` is "
                             f"`'tf_idf'`. Received: idf_weights={idf_weights} and "
                             f"output_mode={output_mode}")
        self._frozen_vocab_size = kwargs.pop("vocabulary_size", None)
        has_vocab = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        kwargs.pop("trainable", None)
        kwargs.pop("dtype", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword argument(s): {kwargs}")
        super().__init__(name=name)
        self.invert, self.max_tokens = invert, max_tokens
        self.num_oov_indices, self.mask_token, self.oov_token = \
            num_oov_indices, mask_token, oov_token
        self.output_mode, self.sparse, self.pad_to_max_tokens = \
            output_mode, sparse, pad_to_max_tokens
        self.vocabulary_dtype = dt.as_dtype(vocabulary_dtype).name
        self.oov_method = oov_method
        self.input_vocabulary = vocabulary if not isinstance(vocabulary, str) else None
        self.input_idf_weights = idf_weights
        self._has_input_vocabulary = has_vocab
        vd = dt.as_dtype(vocabulary_dtype)
        self._key_dtype, self._value_dtype = (dt.int64, vd) if invert else (vd, dt.int64)
        if invert:
            self._default_value: Any = oov_token
        else:
            self._default_value = self._oov_start_index() if num_oov_indices == 1 else -1
        if mask_token is not None:
            # (eager tensors made once, as Keras's: a traced call captures them, and an
            # exported endpoint lists them among its captures, as TF's)
            mask_key = 0 if invert else mask_token
            mask_value = mask_token if invert else \
                0 if output_mode == "int" else self._value_dtype.max
            self._mask_key = convert_to_tensor(mask_key, self._key_dtype)
            self._mask_value = convert_to_tensor(mask_value, self._value_dtype)
        if output_mode == "tf_idf" and has_vocab and idf_weights is None:
            raise ValueError("When specifying the `vocabulary` argument, in TF-IDF output "
                             "mode, the `idf_weights` argument must also be provided.")
        self.idf_weights_const = None
        self._counts: collections.Counter = collections.Counter()
        self._doc_counts: collections.Counter = collections.Counter()
        self._num_documents = 0
        self._table = self._table_of(np.zeros(0, _np(self._key_dtype)),
                                     np.zeros(0, _np(self._value_dtype)))
        # (Keras 3's table before a vocabulary: never initialized, so a lookup fails, eagerly
        # and when a traced function or a model's predict runs it)
        self._table._state.initialized = False
        object.__setattr__(self, "_uninitialized_table", self._table)
        self._track("lookup_table", self._table)
        self._tokens: Any = np.zeros(0)
        if not has_vocab:
            # Keras 3's adapt state, which its checkpoints and SavedModels hold (empty
            # once adapted); the counting itself is done here in Python
            self._track("token_counts", self._counts_table(vd))
            if output_mode == "tf_idf":
                self._track("token_document_counts", self._counts_table(vd))
                self._track("num_documents", Variable(0, dtype=dt.int64, trainable=False))
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)

    _checkpoint_names = {"_table": "lookup_table"}  # the one table, under Keras 3's name

    @staticmethod
    def _counts_table(key_dtype: dt.DType) -> Any:
        return lookup_ops.MutableHashTable(key_dtype, dt.int64, 0)

    def _set_idf_weights(self, weights: Any) -> None:
        """The idf weights a tf_idf call multiplies by, also kept as Keras 3 keeps them:
        a non-trainable tf.Variable (a checkpoint child, not one of the layer's weights)."""
        self.idf_weights_const = convert_to_tensor(weights)
        variable = Variable(self.idf_weights_const, trainable=False)
        self._track("idf_weights", variable)
        # (also the layer's `idf_weights` attribute, as Keras 3's, set past the layer's
        # attribute tracking, which would make it one of the layer's weights)
        object.__setattr__(self, "idf_weights", variable)

    # -- vocabulary --------------------------------------------------------------------
    def _oov_start_index(self) -> int:
        return 1 if self.mask_token is not None and self.output_mode == "int" else 0

    def _token_start_index(self) -> int:
        return self._oov_start_index() + self.num_oov_indices

    def _table_of(self, keys: Any, values: Any) -> Any:
        init = lookup_ops.KeyValueTensorInitializer(
            convert_to_tensor(keys, dtype=self._key_dtype),
            convert_to_tensor(values, dtype=self._value_dtype))
        return lookup_ops.StaticHashTable._maybe_empty(init, self._default_value)

    def _install(self, tokens: np.ndarray, keys: Any = None) -> None:
        """`tokens` as get_vocabulary lists them; the table holds `keys` (default: the
        tokens). Keras 3 keys an adapted table by the counted bytes themselves but lists its
        vocabulary through a NumPy str array, which drops trailing NULs."""
        start = self._token_start_index()
        ids = np.arange(start, start + len(tokens), dtype=np.int64)
        self._tokens = tokens
        keys = tokens if keys is None else keys
        self._table = self._table_of(ids, keys) if self.invert else \
            self._table_of(keys, ids)
        self._track("lookup_table", self._table)  # Keras 3's name: saved in SavedModels

    # -- the `.keras` file's weights: a tf_idf layer's idf weights, as Keras 3 keeps them --
    def save_own_variables(self, store: Any) -> None:
        if self.output_mode == "tf_idf":
            store["idf_weights"] = np.asarray(self.idf_weights_const)

    def load_own_variables(self, store: Any) -> None:
        # (before load_assets, which sets the vocabulary with these weights)
        if self.output_mode == "tf_idf":
            weights = store["idf_weights"]
            if self.idf_weights_const is None:
                self._set_idf_weights(weights)
            else:
                self.idf_weights.assign(weights)
                self.idf_weights_const = self.idf_weights.value()

    # -- the `.keras` file's assets: an adapted vocabulary, as Keras 3 keeps it ----------
    def save_assets(self, dir_path: str) -> None:
        if self.input_vocabulary is not None:
            return  # in the config
        with open(os.path.join(dir_path, "vocabulary.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(str(w) for w in self.get_vocabulary(True)))

    def load_assets(self, dir_path: str) -> None:
        if self.input_vocabulary is not None:
            return
        with open(os.path.join(dir_path, "vocabulary.txt"), encoding="utf-8") as f:
            lines = f.read().splitlines()
        while lines and lines[-1] == "":
            lines.pop()
        values: list = lines if self.vocabulary_dtype == "string" else [int(v) for v in lines]
        if self.output_mode == "tf_idf":
            self.set_vocabulary(values, idf_weights=np.asarray(self.idf_weights_const))
        else:
            self.set_vocabulary(values)

    def vocabulary_size(self) -> int:
        return len(self._tokens) + self._token_start_index()

    def get_vocabulary(self, include_special_tokens: bool = True) -> list:
        start = self._token_start_index()
        vocab = [self.oov_token] * start + self._exported_tokens()
        if self.mask_token is not None and self.output_mode == "int":
            vocab[0] = self.mask_token
        if not include_special_tokens:
            vocab = vocab[start:]
        return vocab

    def _exported_tokens(self) -> list:
        """The terms as Keras reads them back from its lookup table."""
        return list(self._tokens)

    def set_vocabulary(self, vocabulary: Any, idf_weights: Any = None) -> None:
        if self.output_mode == "tf_idf":
            if idf_weights is None:
                raise ValueError("`idf_weights` must be set if output_mode is 'tf_idf'.")
        elif idf_weights is not None:
            raise ValueError(f"`idf_weights` should only be set if output_mode is `'tf_idf'`. "
                             f"Received: output_mode={self.output_mode} and "
                             f"idf_weights={idf_weights}")
        if isinstance(vocabulary, str):
            self._set_vocabulary_file(vocabulary)
            return
        if not isinstance(vocabulary, Tensor) and _nested(vocabulary):
            # (Keras looks for repeated terms in a set of the array's rows)
            raise TypeError("unhashable type: 'numpy.ndarray'")
        vocab = self._vocab_array(vocabulary)
        if vocab.size == 0:
            raise ValueError(f"Cannot set an empty vocabulary. Received: vocabulary={vocab}")
        start = self._token_start_index()
        special = [self.mask_token] * self._oov_start_index() + \
            [self.oov_token] * self.num_oov_indices
        found_special = np.array_equal(special, vocab[:start])
        tokens = vocab[start:] if found_special else vocab
        repeated = [t for t, c in collections.Counter(tokens.tolist()).items() if c > 1]
        if repeated:
            raise ValueError("The passed vocabulary has at least one repeated term. Please "
                             "uniquify your dataset. The repeated terms are: "
                             f"{[self._item(t) for t in repeated]}")
        for what, token in (("mask", self.mask_token), ("OOV", self.oov_token)):
            if token is None or (what == "OOV" and not self.invert) or token not in tokens:
                continue
            where = np.argwhere(vocab == token)[-1]
            raise ValueError(f"Found reserved {what} token at unexpected location in "
                             "`vocabulary`. Note that passed `vocabulary` does not need to "
                             "include the OOV and mask tokens. Either remove all mask and OOV "
                             "tokens, or include them only at the start of the vocabulary in "
                             f"precisely this order: {special}. Received: "
                             f"{'mask' if what == 'mask' else 'oov'}_token={token} at "
                             f"vocabulary index {where}")
        size = start + len(tokens)
        if self.max_tokens is not None and size > self.max_tokens:
            raise ValueError("Attempted to set a vocabulary larger than the maximum vocab "
                             f"size. Received vocabulary size is {size}; `max_tokens` is "
                             f"{self.max_tokens}.")
        if not len(tokens):  # (a vocabulary of the special tokens only: Keras's table)
            raise _empty_table()
        self._install(tokens)
        self._record_vocabulary_size()
        if self.output_mode == "tf_idf":
            self._set_idf(np.asarray(idf_weights, np.float64), len(vocab), found_special)

    def _set_idf(self, weights: np.ndarray, vocab_len: int, found_special: bool) -> None:
        if len(weights) != vocab_len:
            raise ValueError(f"`idf_weights` must be the same length as vocabulary. "
                             f"len(idf_weights) is {len(weights)}; len(vocabulary) is "
                             f"{vocab_len}")
        if weights.ndim != 1:
            raise ValueError(f"TF-IDF data must be a 1-index array. Received: "
                             f"type(idf_weights)={type(weights)}")
        front = 0 if found_special else self._token_start_index()
        value = 0 if found_special else float(np.average(weights))
        back = self.max_tokens - front - len(weights) if self.pad_to_max_tokens else 0
        padded = np.pad(weights, (front, back), constant_values=(value, 0))
        self._set_idf_weights(padded.astype(kb.floatx()))

    def _set_vocabulary_file(self, path: str) -> None:
        path = local_path(path)  # (Keras reads another scheme's file by tf.io.gfile)
        if not os.path.exists(path):
            raise ValueError(f"Vocabulary file {path} does not exist.")
        if self.output_mode == "tf_idf":
            raise ValueError("output_mode `'tf_idf'` does not support loading a vocabulary "
                             "from file.")
        # the table reads the file itself, so a SavedModel carries it as an asset (Keras 3);
        # it reads first, so a file's bad line is its error
        whole, number = lookup_ops.TextFileIndex.WHOLE_LINE, lookup_ops.TextFileIndex.LINE_NUMBER
        keys, values = (number, whole) if self.invert else (whole, number)
        init = lookup_ops.TextFileInitializer(path, self._key_dtype, keys, self._value_dtype,
                                              values,
                                              value_index_offset=self._token_start_index())
        # (a table of its own: TF's is shared by the file's name for the whole process, so
        # a string and an integer lookup of one file conflict there; not here)
        self._table = lookup_ops.StaticHashTable._maybe_empty(init, self._default_value)
        with open(path, "rb") as f:
            lines = f.read().decode("utf-8").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        self._tokens = self._vocab_array(lines)
        self._track("lookup_table", self._table)
        self._record_vocabulary_size()

    def _vocab_array(self, vocabulary: Any) -> np.ndarray:
        if isinstance(vocabulary, Tensor):
            vocabulary = vocabulary.numpy()
        if self.vocabulary_dtype == "string":
            return np.array([v.decode("utf-8") if isinstance(v, bytes) else str(v)
                             for v in np.asarray(vocabulary, dtype=object).reshape(-1).tolist()])
        # (NumPy's scalars, as Keras converts them: its error names np.str_('a'))
        return np.array([int(v) for v in np.asarray(vocabulary).reshape(-1)], np.int64)

    def _item(self, t: Any) -> Any:
        return np.str_(t) if isinstance(t, str) else np.int64(t)

    def _record_vocabulary_size(self) -> None:
        if self.output_mode != "int" and not self.pad_to_max_tokens and \
                self._frozen_vocab_size is not None and \
                self._frozen_vocab_size != self.vocabulary_size():
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and "
                               "`pad_to_max_tokens=False`, the vocabulary size cannot be "
                               "changed after the layer is called. Old vocab size is "
                               f"{self._frozen_vocab_size}, new vocab size is "
                               f"{self.vocabulary_size()}")
        self._frozen_vocab_size = self.vocabulary_size()

    # -- adapt -------------------------------------------------------------------------
    def adapt(self, data: Any, steps: int | None = None) -> None:
        self.reset_state()
        for batch in _batches(data, steps, self.vocabulary_dtype):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data: Any) -> None:
        if self._has_input_vocabulary:
            raise ValueError(f"Cannot adapt layer '{self.name}' after setting a static "
                             "vocabulary via `vocabulary` argument or `set_vocabulary()` "
                             "method.")
        if not isinstance(data, (Tensor, RaggedTensor, SparseTensor)):
            data = convert_to_tensor(data, self.vocabulary_dtype)  # (Keras's ensure_tensor)
        if not context.executing_eagerly():
            # (Keras counts into a hash table, and finalizing asks the truth of its
            # symbolic size: an adapt traced in a tf.function fails there)
            raise bool_refused()
        # (one count over the flat tokens, by UniqueWithCounts as Keras counts, in every
        # mode; tf_idf also counts the documents each token is in)
        self._counts.update(_token_counts(data))
        if self.output_mode == "tf_idf":
            rows = _token_rows(data)
            for row in rows:
                self._doc_counts.update(set(row))
            self._num_documents += len(rows)

    def finalize_state(self) -> None:
        if self._has_input_vocabulary or not self._counts:
            # (Keras 3 takes its tf_idf weights again here: a layer that never had any, its
            # attribute not set, fails)
            if self.output_mode == "tf_idf" and self.idf_weights_const is None:
                raise AttributeError(f"'{type(self).__name__}' object has no attribute "
                                     "'idf_weights'")
            self._record_vocabulary_size()
            return
        for special in (self.mask_token, self.oov_token):
            if special is not None:
                self._counts.pop(special.encode() if isinstance(special, str) else special,
                                 None)
        # by count, then by the token itself, both from high to low (Keras 3's order)
        ordered = sorted(self._counts.items(), key=operator.itemgetter(1, 0), reverse=True)
        if self.max_tokens:
            ordered = ordered[:self.max_tokens - self._token_start_index()]
        tokens = [k for k, _ in ordered]
        if not tokens:  # (max_tokens leaves room for the special tokens only)
            raise _empty_table()
        keys: Any = tokens
        if tokens and isinstance(tokens[0], bytes):  # the exact bytes, converted at once
            keys = np.empty(len(tokens), dtype=object)
            keys[:] = tokens
        self._install(self._vocab_array(tokens), keys)
        if self.output_mode == "tf_idf":
            idf = np.array([math.log(1 + self._num_documents / (1 + self._doc_counts[t]))
                            for t in tokens]).astype(kb.floatx())
            # (the OOV slots' weight: the mean of the weights cast to floatx, as Keras
            # takes it after the cast, by TF's reduce_mean)
            mean = reduce_mean(convert_to_tensor(idf)).numpy() if idf.size else 0.0
            padded = np.pad(idf, (self._token_start_index(), 0), constant_values=mean)
            if self.pad_to_max_tokens and self.max_tokens is not None:
                padded = np.pad(padded, (0, self.max_tokens - padded.size))
            self._set_idf_weights(padded.astype(kb.floatx()))
        self.reset_state()
        self._record_vocabulary_size()

    def reset_state(self) -> None:
        self._counts.clear()
        self._doc_counts.clear()
        self._num_documents = 0

    # -- call --------------------------------------------------------------------------
    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = tuple(TensorShape(input_shape))
        if self.output_mode == "int":
            return shape
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        if self.output_mode == "one_hot":
            if len(shape) > 1 and shape[-1] == 1:
                return shape[:-1] + (depth,)
            return shape + (depth,)
        return shape[:-1] + (depth,)

    _spec_dtype_is_output_dtype = True

    # Keras 3.15's lookups answer their vocabulary's dtype for these (int64, string), the
    # policy they were given (or float32) notwithstanding: layer.dtype too
    @property
    def compute_dtype(self) -> str:
        return self.vocabulary_dtype

    @property
    def variable_dtype(self) -> str:
        return self.vocabulary_dtype

    def _output_dtype(self, input_dtype: dt.DType) -> dt.DType:
        # Keras 3's output spec: floatx for the encoded modes, though an eager call's
        # one_hot/multi_hot/count are int64 (the merges downstream promote); int64 for
        # "int", an inverted lookup's strings too
        if self.output_mode != "int":
            return dt.as_dtype(kb.floatx())
        return dt.int64

    def call(self, inputs: Any) -> Any:
        if self.output_mode != "int" and not self.pad_to_max_tokens and \
                self._frozen_vocab_size is None:
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and "
                               "`pad_to_max_tokens=False`, you must set the layer's vocabulary "
                               "before calling it. Either pass a `vocabulary` argument to the "
                               "layer, or call `adapt` with some sample data.")
        x = _ensure_dtype(as_tensor(inputs, self._key_dtype
                                    if not isinstance(inputs, Tensor) else None),
                          self._key_dtype)
        scalar = isinstance(x, Tensor) and x.shape.rank == 0
        if scalar:
            x = ta.expand_dims(x, -1)
        if isinstance(x, SparseTensor):
            ids: Any = SparseTensor._of(x.indices, self._lookup_dense(x.values), x.dense_shape)
        elif isinstance(x, RaggedTensor):
            ids = map_flat_values(self._lookup_dense, x)
        else:
            ids = self._lookup_dense(x)
        if self.output_mode == "int":
            return ta.squeeze(ids, -1) if scalar else ids
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        out = encode_categorical(ids, "count" if self.output_mode == "tf_idf"
                                 else self.output_mode, depth, self._value_dtype)
        if self.sparse:
            if self.output_mode == "tf_idf":  # (Keras 3.15 on TF fails so, gathering)
                raise raised_eagerly(InvalidArgumentError(
                    None, None, "index innermost dimension length must be <= params rank; "
                                "saw: 2 vs. 1 [Op:GatherNd]"))
            return sparse_functions.from_dense(out)  # Keras's bincount/one_hot, sparse
        if self.output_mode == "tf_idf":
            out = tm.multiply(cast(out, self.idf_weights_const.dtype),
                              self.idf_weights_const)
        return out

    def _lookup_dense(self, x: Any) -> Any:
        if self._table is self._uninitialized_table and context.executing_eagerly():
            # (no vocabulary given, adapted or loaded: a legacy `.h5` file keeps none)
            raise raised_eagerly(op_error(FailedPreconditionError, "LookupTableFindV2",
                                          "Table not initialized."), host=True)
        ids = self._table.lookup(x)
        if self.mask_token is not None:
            ids = math_base.where(tm.equal(x, self._mask_key), self._mask_value, ids)
        if self.invert:
            return ids
        if self.num_oov_indices == 0:
            _assert_all_known(x, ids)
        elif self.num_oov_indices > 1:
            oov = self._oov_buckets(x) + self._oov_start_index()
            ids = math_base.where(tm.equal(ids, convert_to_tensor(self._default_value, dt.int64)),
                           oov, ids)
        return ids

    def _oov_buckets(self, x: Any) -> Any:
        n = self.num_oov_indices
        if self._key_dtype.is_integer and self.oov_method != "farmhash":
            return tm.floormod(x, convert_to_tensor(n, x.dtype))
        text = as_string(x) if self._key_dtype.is_integer else x
        if self.salt is not None:
            return hash_ops.to_hash_bucket_strong(text, n, self.salt)
        return hash_ops.to_hash_bucket_fast(text, n)

    def get_build_config(self) -> dict:
        """An empty build config, which Keras 3 writes into a lookup layer's serialized
        form (and which, being empty, builds nothing when read back)."""
        return {}

    def build_from_config(self, config: dict) -> None:
        self.build(None)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({
            "invert": self.invert, "max_tokens": self.max_tokens,
            "num_oov_indices": self.num_oov_indices, "oov_token": self.oov_token,
            "mask_token": self.mask_token, "output_mode": self.output_mode,
            "sparse": self.sparse, "pad_to_max_tokens": self.pad_to_max_tokens,
            "vocabulary_dtype": self.vocabulary_dtype,
            "idf_weights": _listify(self.input_idf_weights),
            "vocabulary": _listify(self.input_vocabulary),
            "vocabulary_size": self._frozen_vocab_size, "oov_method": self.oov_method,
            "salt": self.salt})
        return config


def _np(d: dt.DType) -> Any:
    return object if d is dt.string else d.as_numpy_dtype


def _ensure_dtype(x: Any, d: dt.DType) -> Any:
    """Inputs cast to the key dtype, as Keras' ensure_tensor (strings and numbers don't
    cast: UnimplementedError, as TF's Cast)."""
    if x.dtype is d:
        return x
    if isinstance(x, RaggedTensor):
        return x.with_flat_values(_ensure_dtype(x.flat_values, d))
    if isinstance(x, SparseTensor):
        return SparseTensor._of(x.indices, _ensure_dtype(x.values, d), x.dense_shape)
    return cast(x, d)  # (strings and numbers: Cast's own UnimplementedError)


def _listify(x: Any) -> Any:
    if isinstance(x, Tensor):
        x = x.numpy()
    return x.tolist() if isinstance(x, np.ndarray) else x


def _salt(salt: Any, vocabulary_dtype: str, oov_method: str, owner: str,
          pair: str = "2 integers") -> Any:
    """A SipHash key from `salt` (two ints, or one used twice), with Keras' checks."""
    if salt is None:
        return None
    if dt.as_dtype(vocabulary_dtype).is_integer and oov_method != "farmhash":
        raise ValueError(f"`salt` can only be used when `oov_method='farmhash'`. Received: "
                         f"oov_method={oov_method}")
    if isinstance(salt, (tuple, list)) and len(salt) == 2:
        return list(salt)
    if isinstance(salt, int):
        return [salt, salt]
    raise ValueError(f"The `salt` argument for `{owner}` can only be a tuple of {pair}, "
                     f"or a single integer. Received: salt={salt}.")


def _assert_all_known(x: Any, ids: Any) -> None:
    """num_oov_indices=0: every input must be in the vocabulary (TF's Assert)."""
    missing = tm.equal(ids, convert_to_tensor(-1, dt.int64))
    oov = indexing.boolean_mask(ta.reshape(x, [-1]), ta.reshape(missing, [-1]))
    Assert(tm.logical_not(reduce_max(cast(missing, dt.int32)) > 0) if ids.shape.rank
           else tm.logical_not(missing),
           [string_format("When `num_oov_indices=0` all inputs should be in vocabulary, "
                          "found OOV values {}, consider setting `num_oov_indices=1`.",
                          (oov,))])  # (one formatted string, as Keras 3's)


def _nested(vocabulary: Any) -> bool:
    """Whether a vocabulary list or array has rows (more than one dimension)."""
    if isinstance(vocabulary, np.ndarray):
        return vocabulary.ndim > 1
    return isinstance(vocabulary, (list, tuple)) and any(
        isinstance(v, (list, tuple, np.ndarray)) for v in vocabulary)


def _batches(data: Any, steps: int | None, dtype: Any = None) -> Any:
    """adapt()'s data as batches: a dataset's or an iterable's, or one array (whose rows,
    when it is a vector, are its elements; converted to `dtype` when given, as
    TextVectorization converts to strings)."""
    if hasattr(data, "element_spec") or (hasattr(data, "__iter__") and not isinstance(
            data, (list, tuple, np.ndarray, Tensor, RaggedTensor))):
        for i, batch in enumerate(data):
            if steps is not None and i >= steps:
                break
            yield batch
        return
    if not isinstance(data, (Tensor, RaggedTensor, SparseTensor)):
        data = convert_to_tensor(data, dtype)
    if isinstance(data, Tensor) and data.shape.rank == 1:
        data = ta.expand_dims(data, -1)
    yield data


def _empty_table() -> InvalidArgumentError:
    """The error of the table Keras builds for no tokens: TF's refusal of empty keys."""
    return raised_eagerly(InvalidArgumentError(
        None, None, "keys and values cannot be empty tensors. [Op:LookupTableImportV2]"),
        "", host=True)


def _token_counts(data: Any) -> dict:
    """A batch's tokens (bytes or ints), each with the number of times it occurs."""
    if isinstance(data, RaggedTensor):  # (flat values of several axes: Unique's refusal)
        data = data.flat_values
    elif isinstance(data, SparseTensor):
        data = data.values
    else:
        data = ta.reshape(convert_to_tensor(data), [-1])
    tokens, _, counts = unique_one_hot.unique_with_counts(data, out_idx="int64")
    return dict(zip(tokens.numpy().tolist(), counts.numpy().tolist()))


def _token_rows(data: Any) -> list:
    """A batch as a list of rows of tokens (bytes or ints), as Python values: the documents
    Keras 3 takes each row's unique tokens of (a scalar or a vector: one document), so
    failing as its ops fail: a sparse batch is no iterable, a dense one of no rows is TF's
    concat of none, a row of several axes (a dense batch's, a ragged one's) Unique's."""
    if isinstance(data, SparseTensor):
        raise TypeError("'SparseTensor' object is not iterable")
    if not isinstance(data, (Tensor, RaggedTensor)):
        data = convert_to_tensor(data)
    if isinstance(data, Tensor) and data.shape.rank < 2:
        data = ta.reshape(data, [1, -1])
    if data.shape.rank > 2 and data.shape[0] != 0:
        unique_one_hot.unique(data[0])
    if isinstance(data, Tensor) and data.shape[0] == 0:
        ta.concat([], axis=0)
    if isinstance(data, RaggedTensor):
        values = data.flat_values.numpy().tolist()
        splits = data.row_splits.numpy().tolist() if data.ragged_rank == 1 else None
        if splits is None:
            return [values]
        return [values[a:b] for a, b in zip(splits[:-1], splits[1:])]
    return data.numpy().tolist()


class StringLookup(IndexLookup):
    """`keras.layers.StringLookup`: strings to integer indices (or back, with `invert`)."""

    def __init__(self, max_tokens: int | None = None, num_oov_indices: int = 1,
                 mask_token: Any = None, oov_token: str = "[UNK]", vocabulary: Any = None,
                 idf_weights: Any = None, invert: bool = False, output_mode: str = "int",
                 pad_to_max_tokens: bool = False, sparse: bool = False,
                 encoding: str = "utf-8", name: str | None = None, salt: Any = None,
                 **kwargs: Any) -> None:
        self.encoding = encoding
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices,
                         mask_token=mask_token, oov_token=oov_token, vocabulary=vocabulary,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode,
                         pad_to_max_tokens=pad_to_max_tokens, sparse=sparse, name=name,
                         salt=salt, vocabulary_dtype="string", **kwargs)

    def _exported_tokens(self) -> list:
        """Keras's table holds each term's UTF-8 bytes and decodes them back with
        `encoding`: another encoding garbles a non-ASCII term (latin-1) or refuses it
        (utf-16's UnicodeDecodeError)."""
        return [np.str_(str(t).encode("utf-8").decode(self.encoding)) for t in self._tokens]

    def get_config(self) -> dict:
        config = super().get_config()
        del config["vocabulary_dtype"]
        config["encoding"] = self.encoding
        return config


class IntegerLookup(IndexLookup):
    """`keras.layers.IntegerLookup`: integers to contiguous indices (or back)."""

    def __init__(self, max_tokens: int | None = None, num_oov_indices: int = 1,
                 mask_token: Any = None, oov_token: int = -1, vocabulary: Any = None,
                 vocabulary_dtype: str = "int64", idf_weights: Any = None,
                 invert: bool = False, output_mode: str = "int", sparse: bool = False,
                 pad_to_max_tokens: bool = False, oov_method: str = "floormod",
                 salt: Any = None, name: str | None = None, **kwargs: Any) -> None:
        # (Keras 3's checks, in its order)
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError("If `max_tokens` is set for `IntegerLookup`, it must be greater "
                             f"than 1. Received: max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError("The value of `num_oov_indices` argument for `IntegerLookup` must "
                             f">= 0. Received: num_oov_indices={num_oov_indices}")
        if vocabulary_dtype != "int64":
            raise ValueError("Only `vocabulary_dtype='int64'` is supported at this time. "
                             f"Received: vocabulary_dtype={vocabulary_dtype}")
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices,
                         mask_token=mask_token, oov_token=oov_token, vocabulary=vocabulary,
                         vocabulary_dtype=vocabulary_dtype, idf_weights=idf_weights,
                         invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, oov_method=oov_method,
                         salt=salt, name=name, **kwargs)

    def call(self, inputs: Any) -> Any:
        # (Keras 3's IntegerLookup takes a sparse input as NumPy does: densified, so its
        # implicit zeros are looked up too)
        if isinstance(inputs, SparseTensor):
            inputs = sparse_functions.to_dense(inputs)
        given = self._inputs_as_given(inputs)
        if isinstance(given, (np.ndarray, list, tuple)):
            # (Keras hands a NumPy array or a list on as given, for TF to convert to the
            # key dtype: a string "7" is 7, "a" NumPy's ValueError)
            inputs = convert_to_tensor(given, self._key_dtype)
        return super().call(inputs)


# ---------------------------------------------------------------------------------------
# CategoryEncoding and Hashing.
# ---------------------------------------------------------------------------------------

class CategoryEncoding(PreprocessingLayer):
    """`keras.layers.CategoryEncoding(num_tokens, output_mode='multi_hot')`."""

    _convert_input_args = False  # as Keras 3's

    def __init__(self, num_tokens: int | None = None, output_mode: str = "multi_hot",
                 sparse: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode not in ("count", "one_hot", "multi_hot"):
            raise ValueError(f"Unknown arg for output_mode: {output_mode}")
        if num_tokens is None:
            raise ValueError("num_tokens must be set to use this layer. If the number of "
                             "tokens is not known beforehand, use the IntegerLookup layer "
                             "instead.")
        if num_tokens < 1:
            raise ValueError(f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}.")
        self.num_tokens, self.output_mode, self.sparse = num_tokens, output_mode, sparse

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = tuple(TensorShape(input_shape))
        if not shape:
            return (self.num_tokens,)
        if self.output_mode == "one_hot" and (shape[-1] != 1 or len(shape) == 1):
            return shape + (self.num_tokens,)
        return shape[:-1] + (self.num_tokens,)

    def _output_dtype(self, input_dtype: dt.DType) -> dt.DType:
        return dt.as_dtype(self.compute_dtype)

    def call(self, inputs: Any, count_weights: Any = None) -> Any:
        if count_weights is not None:
            if self.output_mode != "count":
                raise ValueError("`count_weights` is not used when `output_mode` is not "
                                 f"`'count'`. Received `count_weights={count_weights}`.")
            count_weights = as_tensor(count_weights, self.compute_dtype)
        x = as_tensor(inputs)
        if self.output_mode != "one_hot":
            refuse_narrow_indices(x, self.output_mode, self.sparse, self.dtype)
        # (the encoding in the variable dtype, as Keras 3.15's: float32 under mixed_float16,
        # whose symbolic output still says the compute dtype)
        if self.output_mode != "one_hot" and x.shape.rank is not None and x.shape.rank > 2:
            out = _encode_high_rank(x, self.output_mode, self.num_tokens, self.dtype,
                                    count_weights)
        else:
            out = encode_categorical(x, self.output_mode, self.num_tokens, self.dtype,
                                     count_weights)
        return sparse_functions.from_dense(out) if self.sparse else out

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"num_tokens": self.num_tokens, "output_mode": self.output_mode})
        return config


class Hashing(PreprocessingLayer):
    """`keras.layers.Hashing(num_bins, mask_value=None, salt=None, output_mode='int')`:
    values (numbers as their decimal strings) into Fingerprint64 bins, or SipHash bins
    keyed by `salt`."""

    _convert_input_args = False  # as Keras 3's
    supports_jit = False  # (as Keras 3's: a model holding one refuses jit_compile)

    def __init__(self, num_bins: int, mask_value: Any = None, salt: Any = None,
                 output_mode: str = "int", sparse: bool = False, **kwargs: Any) -> None:
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = "int64" if output_mode == "int" else kb.floatx()
        super().__init__(**kwargs)
        if num_bins is None or num_bins <= 0:
            raise ValueError(f"The `num_bins` for `Hashing` cannot be `None` or non-positive "
                             f"values. Received: num_bins={num_bins}.")
        if output_mode == "int" and self.compute_dtype not in ("int32", "int64"):
            raise ValueError(f'When `output_mode="int"`, `dtype` should be an integer type, '
                             f"'int32' or 'in64'. Received: dtype={kwargs['dtype']}")
        modes = ("int", "one_hot", "multi_hot", "count")
        if output_mode not in modes:
            raise ValueError(f"Invalid value for argument `output_mode`. Expected one of "
                             f"{modes}. Received: output_mode={output_mode}")
        if sparse and output_mode == "int":
            raise ValueError('`sparse` may only be true if `output_mode` is `"one_hot"`, '
                             f'`"multi_hot"`, or `"count"`. Received: sparse={sparse} and '
                             f"output_mode={output_mode}")
        self.num_bins, self.mask_value, self.output_mode, self.sparse = \
            num_bins, mask_value, output_mode, sparse
        self.strong_hash = salt is not None
        self.salt = _salt(salt, "string", "farmhash", "Hashing", "size 2 integers")

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = tuple(TensorShape(input_shape))
        if self.output_mode == "int":
            return shape
        if not shape:
            return (self.num_bins,)
        return shape[:-1] + (self.num_bins,)

    def _output_dtype(self, input_dtype: dt.DType) -> dt.DType:
        return dt.as_dtype(self.compute_dtype)

    def call(self, inputs: Any) -> Any:
        x = as_tensor(inputs)
        if self.output_mode == "one_hot" and isinstance(x, Tensor) and x.shape.rank and \
                x.shape[-1] == 1:
            x = ta.squeeze(x, -1)
        if isinstance(x, SparseTensor):
            bins: Any = SparseTensor._of(x.indices, self._bins(x.values), x.dense_shape)
        elif isinstance(x, RaggedTensor):
            bins = map_flat_values(self._bins, x)
        else:
            bins = self._bins(x)
        out = encode_categorical(bins, self.output_mode, self.num_bins, self.compute_dtype)
        return sparse_functions.from_dense(out) if self.sparse and self.output_mode != "int" \
            else out

    def _bins(self, values: Any) -> Any:
        n, mask = int(self.num_bins), None  # (Keras takes num_bins=True: one bin)
        if self.mask_value is not None and n > 1:
            n -= 1
            mask = tm.equal(values, convert_to_tensor(self.mask_value, dtype=values.dtype))
        if values.dtype.is_floating:
            values = cast(values, dt.int64)
        if values.dtype is not dt.string:
            values = as_string(values)
        out = hash_ops.to_hash_bucket_strong(values, n, self.salt) if self.strong_hash \
            else hash_ops.to_hash_bucket_fast(values, n)
        if mask is not None:
            out = math_base.where(mask, zeros_like(out), out + ones_like(out))
        return out

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "salt": self.salt,
                       "mask_value": self.mask_value, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config
