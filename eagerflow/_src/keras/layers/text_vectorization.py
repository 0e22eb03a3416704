"""TextVectorization: strings to token indices (or counts), as Keras 3's layer.

Keras layer level. Standardize (lowercase, strip punctuation), split (whitespace or
characters), optional ngrams, then a StringLookup with "" as the mask token: each step
is the tf.strings op TF's layer uses, so a model holding the layer trains in tf.function
and its adapt() learns the same vocabulary as Keras.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.layers.preprocessing_lookup import (
    PreprocessingLayer,
    StringLookup,
    _batches,
    _listify,
    as_tensor,
    validate_string_arg,
)
from eagerflow._src.keras.serialization import deserialize_keras_object
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import padding, ragged_ngrams, ragged_strings, string_ops
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import RaggedTensor

_PUNCTUATION = r'[!"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\']'


class TextVectorization(PreprocessingLayer):
    """`keras.layers.TextVectorization(max_tokens=None,
    standardize='lower_and_strip_punctuation', split='whitespace', ngrams=None,
    output_mode='int', output_sequence_length=None, ...)`."""

    _convert_input_args = False  # as Keras 3's
    supports_jit = False  # (as Keras 3's: a model holding one refuses jit_compile)

    def __init__(self, max_tokens: int | None = None,
                 standardize: Any = "lower_and_strip_punctuation", split: Any = "whitespace",
                 ngrams: Any = None, output_mode: str = "int",
                 output_sequence_length: int | None = None, pad_to_max_tokens: bool = False,
                 vocabulary: Any = None, idf_weights: Any = None, sparse: bool = False,
                 ragged: bool = False, encoding: str = "utf-8", name: str | None = None,
                 **kwargs: Any) -> None:
        caller = type(self).__name__
        validate_string_arg(standardize, ("lower_and_strip_punctuation", "lower",
                                          "strip_punctuation"), caller, "standardize",
                            allow_none=True, allow_callables=True)
        validate_string_arg(split, ("whitespace", "character"), caller, "split",
                            allow_none=True, allow_callables=True)
        output_mode = {"binary": "multi_hot", "tf-idf": "tf_idf"}.get(output_mode, output_mode)
        validate_string_arg(output_mode, ("int", "one_hot", "multi_hot", "count", "tf_idf"),
                            caller, "output_mode")
        if not (ngrams is None or isinstance(ngrams, int) or isinstance(ngrams, tuple)
                and all(isinstance(n, int) for n in ngrams)):
            raise ValueError(f"`ngrams` must be None, an integer, or a tuple of integers. "
                             f"Received: ngrams={ngrams}")
        if output_mode == "int" and not (isinstance(output_sequence_length, int)
                                         or output_sequence_length is None):
            raise ValueError("`output_sequence_length` must be either None or an integer "
                             "when `output_mode` is 'int'. Received: "
                             f"output_sequence_length={output_sequence_length}")
        if output_mode != "int" and output_sequence_length is not None:
            raise ValueError("`output_sequence_length` must not be set if `output_mode` is "
                             f"not 'int'. Received output_sequence_length="
                             f"{output_sequence_length}.")
        if ragged and output_mode != "int":
            raise ValueError(f"`ragged` must not be true if `output_mode` is `'int'`. "
                             f"Received: ragged={ragged} and output_mode={output_mode}")
        self._standardize, self._split, self._ngrams_arg = standardize, split, ngrams
        self._ngrams = tuple(range(1, ngrams + 1)) if isinstance(ngrams, int) else ngrams
        self._ragged, self._output_mode = ragged, output_mode
        self._output_sequence_length, self._encoding = output_sequence_length, encoding
        has_vocab = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        vocabulary_size = kwargs.pop("vocabulary_size", None)
        super().__init__(name=name, **kwargs)
        self._lookup_layer = StringLookup(
            max_tokens=max_tokens, vocabulary=vocabulary, idf_weights=idf_weights,
            pad_to_max_tokens=pad_to_max_tokens, mask_token="", output_mode=output_mode,
            sparse=sparse, has_input_vocabulary=has_vocab, encoding=encoding,
            vocabulary_size=vocabulary_size)
        self._track("_lookup_layer", self._lookup_layer)  # Keras 3's path in saved files

    def save_own_variables(self, store: Any) -> None:
        self._lookup_layer.save_own_variables(store)

    def load_own_variables(self, store: Any) -> None:
        self._lookup_layer.load_own_variables(store)

    def save_assets(self, dir_path: str) -> None:
        self._lookup_layer.save_assets(dir_path)

    def load_assets(self, dir_path: str) -> None:
        self._lookup_layer.load_assets(dir_path)

    @property
    def compute_dtype(self) -> str:
        return "string"

    @property
    def variable_dtype(self) -> str:
        return "string"

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = tuple(TensorShape(input_shape))
        if self._output_mode == "int":
            return (shape[0], self._output_sequence_length)
        if self._split is None:
            shape = shape + (1,) if len(shape) <= 1 else shape
        else:
            shape = shape + (None,)
        return self._lookup_layer.compute_output_shape(shape)

    _spec_dtype_is_output_dtype = True

    def _output_dtype(self, input_dtype: dt.DType) -> dt.DType:
        return dt.int64 if self._output_mode == "int" else dt.as_dtype(kb.floatx())

    # -- vocabulary --------------------------------------------------------------------
    def adapt(self, data: Any, batch_size: Any = None, steps: int | None = None) -> None:
        self.reset_state()
        for batch in _batches(data, steps, dt.string):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data: Any) -> None:
        self._lookup_layer.update_state(self._preprocess(data))

    def finalize_state(self) -> None:
        self._lookup_layer.finalize_state()

    def reset_state(self) -> None:
        self._lookup_layer.reset_state()

    def get_vocabulary(self, include_special_tokens: bool = True) -> list:
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self) -> int:
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary: Any, idf_weights: Any = None) -> None:
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights=idf_weights)

    # -- call --------------------------------------------------------------------------
    def _preprocess(self, inputs: Any) -> Any:
        # (a NumPy array of numbers as given: TF refuses to convert it to strings)
        x = as_tensor(self._inputs_as_given(inputs), dt.string)
        if x.dtype is not dt.string:  # (Keras casts: TF's Cast refuses numbers to strings)
            x = cast(x, dt.string)
        if self._split is not None and not callable(self._standardize):
            x = self._split_input(x)  # (first: the built-in standardizations are elementwise)
        if self._standardize in ("lower", "lower_and_strip_punctuation"):
            x = string_ops.lower(x)
        if self._standardize in ("strip_punctuation", "lower_and_strip_punctuation"):
            x = string_ops.regex_replace(x, _PUNCTUATION, "")
        if callable(self._standardize):
            x = self._standardize(x)
            if self._split is not None:
                x = self._split_input(x)
        if self._split == "whitespace":
            x = ragged_strings.split(x)
        elif self._split == "character":
            x = ragged_strings.unicode_split(x, "UTF-8")
        elif self._split is not None:
            x = self._split(x)
        if self._ngrams is not None:
            x = ragged_ngrams.ngrams(x, ngram_width=self._ngrams, separator=" ")
        return x

    @staticmethod
    def _split_input(x: Any) -> Any:
        """The strings to split: a batch of shape (n, 1) squeezed to a vector."""
        if x.shape.rank is not None and x.shape.rank > 1:
            if x.shape[-1] != 1:
                raise ValueError("When using `TextVectorization` to tokenize strings, the "
                                 "input rank must be 1 or the last shape dimension must "
                                 f"be 1. Received: inputs.shape={x.shape} with "
                                 f"rank={x.shape.rank}")
            x = ta.squeeze(x, -1)
        return x

    def call(self, inputs: Any) -> Any:
        ids = self._lookup_layer.call(self._preprocess(inputs))
        if self._output_mode != "int":
            return ids
        n = self._output_sequence_length
        if isinstance(ids, RaggedTensor) and not self._ragged:
            shape = ids.shape.as_list()
            shape[-1] = n
            return ids.to_tensor(default_value=0, shape=shape)
        if n is not None:
            ids = ids[..., :n]
            if not self._ragged and isinstance(ids, Tensor):
                missing = n - ids.shape[-1] if ids.shape[-1] is not None else None
                if missing:
                    pads = [[0, 0]] * (ids.shape.rank - 1) + [[0, missing]]
                    ids = padding.pad(ids, pads)
        return ids

    def get_config(self) -> dict:
        config = super().get_config()
        look = self._lookup_layer
        config.update({
            "max_tokens": look.max_tokens, "standardize": self._standardize,
            "split": self._split, "ngrams": self._ngrams_arg,
            "output_mode": self._output_mode,
            "output_sequence_length": self._output_sequence_length,
            "pad_to_max_tokens": look.pad_to_max_tokens, "sparse": look.sparse,
            "ragged": self._ragged, "vocabulary": _listify(look.input_vocabulary),
            "idf_weights": _listify(look.input_idf_weights), "encoding": self._encoding,
            "vocabulary_size": self.vocabulary_size()})
        return config

    @classmethod
    def from_config(cls, config: dict) -> TextVectorization:
        # a callable standardize/split comes back through the custom objects in scope
        config = dict(config)
        for key in ("standardize", "split"):
            if not isinstance(config[key], str):
                config[key] = deserialize_keras_object(config[key])
        if isinstance(config.get("ngrams"), list):
            config = dict(config, ngrams=tuple(config["ngrams"]))
        return cls(**config)
