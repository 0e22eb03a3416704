"""keras.utils.FeatureSpace: structured-data preprocessing declared per feature (floats
rescaled, normalized or discretized; integer and string categories looked up or hashed;
feature crosses), adapted on a dataset, then applied to dicts of values, eagerly, in
tf.data pipelines, or as a functional model's inputs (`get_inputs`,
`get_encoded_features`).

Keras layer level: each feature's preprocessor is one of the preprocessing layers (a
Normalization, a StringLookup, a Hashing, ...), crosses are HashedCrossing layers, and
categorical results are one-hot (multi_hot) encoded by CategoryEncoding layers before the
features are concatenated in sorted-name order (crosses after), as Keras 3 does.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import saving_lib, tree
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_layer import Input
from eagerflow._src.keras.engine.keras_tensor import _NO_VALUE, KerasTensor
from eagerflow._src.keras.layers.preprocessing import Normalization, Rescaling
from eagerflow._src.keras.layers.preprocessing_lookup import (
    CategoryEncoding,
    Hashing,
    IntegerLookup,
    StringLookup,
)
from eagerflow._src.keras.layers.preprocessing_numeric import Discretization, HashedCrossing
from eagerflow._src.keras.layers.text_vectorization import TextVectorization
from eagerflow._src.ops import array as ta
from eagerflow._src.ops.math_base import cast

_MODULE = "keras.src.layers.preprocessing.feature_space"  # where Keras 3's configs say


class Cross:
    """A cross of categorical features: hashed into `crossing_dim` bins."""

    def __init__(self, feature_names: Any, crossing_dim: int,
                 output_mode: str = "one_hot") -> None:
        if output_mode not in {"int", "one_hot"}:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of "
                             f"{{'int', 'one_hot'}}. Received: output_mode={output_mode}")
        self.feature_names = tuple(feature_names)
        self.crossing_dim = crossing_dim
        self.output_mode = output_mode

    @property
    def name(self) -> str:
        return "_X_".join(self.feature_names)

    def get_config(self) -> dict:
        return {"feature_names": self.feature_names, "crossing_dim": self.crossing_dim,
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config: dict) -> Cross:
        return cls(**config)


class Feature:
    """One feature: its input dtype, its preprocessor (a layer) and how it is output."""

    def __init__(self, dtype: str, preprocessor: Any, output_mode: str) -> None:
        if output_mode not in {"int", "one_hot", "float"}:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of "
                             f"{{'int', 'one_hot', 'float'}}. Received: "
                             f"output_mode={output_mode}")
        self.dtype = dtype
        if isinstance(preprocessor, dict):
            preprocessor = ser.deserialize_keras_object(preprocessor)
        self.preprocessor = preprocessor
        self.output_mode = output_mode

    def get_config(self) -> dict:
        return {"dtype": self.dtype,
                "preprocessor": ser.serialize_keras_object(self.preprocessor),
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config: dict) -> Feature:
        return cls(**config)


class TFDIdentity(Layer):
    """A float feature's preprocessor: passes its input on (Keras 3's class, its name)."""

    def call(self, x: Any) -> Any:
        return x


class TFDConcat(Layer):
    """Joins the encoded features on their last axis (Keras 3's class, its name)."""

    def __init__(self, axis: int = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, xs: list) -> Any:
        return ta.concat(list(xs), axis=self.axis)


ser.register_keras_src_class(_MODULE, Feature)
ser.register_keras_src_class(_MODULE, Cross)
ser.register_keras_src_class(_MODULE, TFDIdentity, "TFDIdentity")


def _as_data_input(preprocessor: Any, x: Any) -> Any:
    """`x` as a float feature's preprocessor gets it: Keras calls the preprocessors in a TF
    graph scope, where its data layers first convert their inputs to their compute dtype
    (so an integer column declared `float` comes out float32); eager tensors only (an
    Input is declared with the feature's dtype already)."""
    if isinstance(preprocessor, TFDIdentity) and isinstance(x, Tensor) and \
            not isinstance(x, KerasTensor):
        return cast(x, preprocessor.compute_dtype)
    return x


def _one_hot_cardinality(name: str, preprocessor: Any) -> int:
    if isinstance(preprocessor, (IntegerLookup, StringLookup)):
        return preprocessor.vocabulary_size()
    if isinstance(preprocessor, CategoryEncoding):
        return preprocessor.num_tokens
    if isinstance(preprocessor, (Discretization, HashedCrossing, Hashing)):
        return preprocessor.num_bins
    raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. However it isn't a "
                     "standard feature and the dimensionality of its output space is not "
                     "known, thus it cannot be one-hot encoded. Try using `output_mode='int'`.")


def _convert_input(value: Any) -> Any:
    """A feature's value as a tensor. Keras 3 converts what is no TF tensor through NumPy,
    so a KerasTensor (FeatureSpace called on keras.Inputs, not on get_inputs' own graph)
    is its ValueError: a FeatureSpace does not build functional models."""
    if isinstance(value, KerasTensor):
        raise ValueError(_NO_VALUE + "a NumPy array.")
    return value if isinstance(value, Tensor) else convert_to_tensor(value)


class FeatureSpace(Layer):
    """`keras.utils.FeatureSpace(features, output_mode='concat', crosses=None,
    crossing_dim=32, hashing_dim=32, num_discretization_bins=32, name=None)`.

    `features` maps each input name to a feature: a name (`'float'`, `'float_rescaled'`,
    `'float_normalized'`, `'float_discretized'`, `'integer_categorical'`,
    `'string_categorical'`, `'integer_hashed'`, `'string_hashed'`) or what one of the
    class methods of those names makes. `crosses` lists tuples of feature names (or
    `FeatureSpace.cross(...)`). `adapt(dataset)` fits the preprocessors that learn."""

    @classmethod
    def cross(cls, feature_names: Any, crossing_dim: int,
              output_mode: str = "one_hot") -> Cross:
        return Cross(feature_names, crossing_dim, output_mode=output_mode)

    @classmethod
    def feature(cls, dtype: str, preprocessor: Any, output_mode: str) -> Feature:
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name: str | None = None) -> Feature:  # noqa: A003 - Keras 3's name
        name = name or kb.auto_name("float")
        return Feature("float32", TFDIdentity(dtype="float32", name=f"{name}_preprocessor"),
                       "float")

    @classmethod
    def float_rescaled(cls, scale: float = 1.0, offset: float = 0.0,
                       name: str | None = None) -> Feature:
        name = name or kb.auto_name("float_rescaled")
        return Feature("float32", Rescaling(scale=scale, offset=offset,
                                            name=f"{name}_preprocessor"), "float")

    @classmethod
    def float_normalized(cls, name: str | None = None) -> Feature:
        name = name or kb.auto_name("float_normalized")
        return Feature("float32", Normalization(axis=-1, name=f"{name}_preprocessor"),
                       "float")

    @classmethod
    def float_discretized(cls, num_bins: int, bin_boundaries: Any = None,
                          output_mode: str = "one_hot", name: str | None = None) -> Feature:
        name = name or kb.auto_name("float_discretized")
        return Feature("float32", Discretization(num_bins=num_bins,
                                                 bin_boundaries=bin_boundaries,
                                                 name=f"{name}_preprocessor"), output_mode)

    @classmethod
    def integer_categorical(cls, max_tokens: int | None = None, num_oov_indices: int = 1,
                            output_mode: str = "one_hot", name: str | None = None) -> Feature:
        name = name or kb.auto_name("integer_categorical")
        return Feature("int32", IntegerLookup(name=f"{name}_preprocessor",
                                              max_tokens=max_tokens,
                                              num_oov_indices=num_oov_indices), output_mode)

    @classmethod
    def string_categorical(cls, max_tokens: int | None = None, num_oov_indices: int = 1,
                           output_mode: str = "one_hot", name: str | None = None) -> Feature:
        name = name or kb.auto_name("string_categorical")
        return Feature("string", StringLookup(name=f"{name}_preprocessor",
                                              max_tokens=max_tokens,
                                              num_oov_indices=num_oov_indices), output_mode)

    @classmethod
    def string_hashed(cls, num_bins: int, output_mode: str = "one_hot",
                      name: str | None = None) -> Feature:
        name = name or kb.auto_name("string_hashed")
        return Feature("string", Hashing(name=f"{name}_preprocessor", num_bins=num_bins),
                       output_mode)

    @classmethod
    def integer_hashed(cls, num_bins: int, output_mode: str = "one_hot",
                       name: str | None = None) -> Feature:
        name = name or kb.auto_name("integer_hashed")
        return Feature("int32", Hashing(name=f"{name}_preprocessor", num_bins=num_bins),
                       output_mode)

    def __init__(self, features: dict, output_mode: str = "concat", crosses: Any = None,
                 crossing_dim: int = 32, hashing_dim: int = 32,
                 num_discretization_bins: int = 32, name: str | None = None) -> None:
        super().__init__(name=name)
        if not features:
            raise ValueError("The `features` argument cannot be None or empty.")
        self.crossing_dim = crossing_dim
        self.hashing_dim = hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {n: self._standardize_feature(n, f) for n, f in features.items()}
        self.crosses = [self._standardize_cross(c, set(features)) for c in crosses or []]
        self.crosses_by_name = {c.name: c for c in self.crosses}
        if output_mode not in {"dict", "concat"}:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of "
                             f"{{'dict', 'concat'}}. Received: output_mode={output_mode}")
        self.output_mode = output_mode
        self.inputs = {n: Input(shape=(1,), dtype=f.dtype, name=n)
                       for n, f in self.features.items()}
        self.preprocessors = {n: f.preprocessor for n, f in self.features.items()}
        self.encoded_features = None
        self.crossers = {c.name: HashedCrossing(c.crossing_dim, name=c.name)
                         for c in self.crosses}
        self.one_hot_encoders: dict = {}
        self._is_adapted = False
        self.concat = None
        self._preprocessed_features_names: list | None = None
        self._crossed_features_names: list | None = None
        self._sublayers_built = False

    def _standardize_feature(self, name: str, feature: Any) -> Feature:
        if isinstance(feature, Feature):
            return feature
        if isinstance(feature, dict):
            return ser.deserialize_keras_object(feature)
        makers = {
            "float": lambda: self.float(name=name),
            "float_normalized": lambda: self.float_normalized(name=name),
            "float_rescaled": lambda: self.float_rescaled(name=name),
            "float_discretized": lambda: self.float_discretized(
                name=name, num_bins=self.num_discretization_bins),
            "integer_categorical": lambda: self.integer_categorical(name=name),
            "string_categorical": lambda: self.string_categorical(name=name),
            "integer_hashed": lambda: self.integer_hashed(self.hashing_dim, name=name),
            "string_hashed": lambda: self.string_hashed(self.hashing_dim, name=name),
        }
        if not isinstance(feature, str) or feature not in makers:
            raise ValueError(f"Invalid feature type: {feature}")
        return makers[feature]()

    def _standardize_cross(self, cross: Any, names: set) -> Cross:
        if isinstance(cross, dict):
            cross = ser.deserialize_keras_object(cross)
        if isinstance(cross, Cross):
            return cross
        if not self.crossing_dim:
            raise ValueError("When specifying `crosses`, the argument `crossing_dim` "
                             "(dimensionality of the crossing space) should be specified as "
                             "well.")
        if any(key not in names for key in cross):
            raise ValueError("All features referenced in the `crosses` argument should be "
                             "present in the `features` dict. Received unknown features: "
                             f"{cross}")
        return Cross(cross, crossing_dim=self.crossing_dim)

    # -- adapting ------------------------------------------------------------------------
    def _adaptable(self) -> list:
        """Names of the features whose preprocessor still learns from data."""
        names = []
        for name, pre in self.preprocessors.items():
            if isinstance(pre, Normalization) and pre.input_mean is not None:
                continue
            if isinstance(pre, TextVectorization) and pre._has_input_vocabulary:
                continue
            if hasattr(pre, "adapt"):
                names.append(name)
        return names

    def adapt(self, dataset: Any) -> None:
        """Fits each learning preprocessor on its feature's values in `dataset` (a
        tf.data.Dataset of dicts, or a dict of arrays or lists)."""
        if not isinstance(dataset, DatasetV2):
            if not isinstance(dataset, dict):
                raise ValueError("`adapt()` can only be called on a tf.data.Dataset or a dict "
                                 f"of arrays/lists. Received instead: {dataset} (of type "
                                 f"{type(dataset)})")
            dataset = DatasetV2.from_tensor_slices(dataset)
        for name in self._adaptable():
            # (one argument, as Keras's: a dataset of (features, target) pairs fails with
            # Python's own TypeError that two were given; read before the loop moves on)
            column = dataset.map(lambda x: x[name])
            first = next(iter(column))
            if len(first.shape) == 0:
                column = column.batch(32)
            if len(first.shape) in (0, 1):
                column = column.map(lambda x: ta.expand_dims(x, -1))
            self.preprocessors[name].adapt(column)
        self._is_adapted = True
        self.get_encoded_features()
        self.built = True
        self._sublayers_built = True

    def _check_if_adapted(self) -> None:
        if not self._is_adapted:
            if self._adaptable():
                raise ValueError("You need to call `.adapt(dataset)` on the FeatureSpace "
                                 "before you can start using it.")
            self._is_adapted = True

    def _check_if_built(self) -> None:
        if not self._sublayers_built:
            self._check_if_adapted()
            self.get_encoded_features()
            self._sublayers_built = True

    # -- the functional view -------------------------------------------------------------
    def get_inputs(self) -> dict:
        """The Input KerasTensors, one per feature, shaped (None, 1)."""
        self._check_if_built()
        return self.inputs

    def get_encoded_features(self) -> Any:
        """The encoded features as KerasTensors computed from `get_inputs()`."""
        self._check_if_adapted()
        if self.encoded_features is None:
            pre = self._preprocess(self.inputs)
            self.encoded_features = self._merge(pre, self._cross(pre))
        return self.encoded_features

    def _preprocess(self, features: dict) -> dict:
        return {name: self.preprocessors[name](_as_data_input(self.preprocessors[name], x))
                for name, x in features.items()}

    def _cross(self, features: dict) -> dict:
        return {c.name: self.crossers[c.name]([features[n] for n in c.feature_names])
                for c in self.crosses}

    def _merge(self, preprocessed: dict, crossed: dict) -> Any:
        if not self._preprocessed_features_names:
            self._preprocessed_features_names = sorted(preprocessed)
            self._crossed_features_names = sorted(crossed)
        names = self._preprocessed_features_names + self._crossed_features_names
        values = [preprocessed[n] for n in self._preprocessed_features_names] + \
            [crossed[n] for n in self._crossed_features_names]
        if self._sublayers_built:
            encoded = {}
            for name, value in zip(names, values):
                encoder = self.one_hot_encoders.get(name)
                encoded[name] = encoder(value) if encoder else value
            return encoded if self.output_mode == "dict" else self.concat(list(encoded.values()))
        specs = [self.features[n] for n in self._preprocessed_features_names] + \
            [self.crosses_by_name[n] for n in self._crossed_features_names]
        encoded = {}
        for name, value, spec in zip(names, values, specs):
            dtype = kb.standardize_dtype_name(tree.flatten(value)[0].dtype)
            if spec.output_mode == "one_hot":
                if not dtype.startswith("int"):
                    raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. Thus its "
                                     "preprocessor should return an integer dtype. Instead it "
                                     f"returns a {dtype} dtype.")
                pre = self.preprocessors.get(name) or self.crossers.get(name)
                encoder = CategoryEncoding(num_tokens=_one_hot_cardinality(name, pre),
                                           output_mode="multi_hot")
                self.one_hot_encoders[name] = encoder
                value = encoder(value)
            if self.output_mode == "concat":
                dtype = kb.standardize_dtype_name(value.dtype)
                if dtype.startswith("int") or dtype == "string":
                    raise ValueError("Cannot concatenate features because feature "
                                     f"'{name}' has not been encoded (it has dtype {dtype}). "
                                     "Consider using `output_mode='dict'`.")
            encoded[name] = value
        if self.output_mode == "dict":
            return encoded
        self.concat = TFDConcat(axis=-1)
        return self.concat(list(encoded.values()))

    # -- calling -------------------------------------------------------------------------
    def __call__(self, data: Any) -> Any:
        self._check_if_built()
        if not isinstance(data, dict):
            raise ValueError(f"A FeatureSpace can only be called with a dict. Received: "
                             f"data={data} (of type {type(data)}")
        data = {k: _convert_input(v) for k, v in data.items()}
        rebatched = False
        for name, x in data.items():
            if len(x.shape) == 0:
                data[name] = ta.reshape(x, (1, 1))
                rebatched = True
            elif len(x.shape) == 1:
                data[name] = ta.expand_dims(x, -1)
        pre = self._preprocess(data)
        merged = self._merge(pre, self._cross(pre))
        if rebatched:
            if self.output_mode == "concat":
                if merged.shape[0] != 1:
                    raise ValueError("Expected rebatched data to have batch size 1. "
                                     f"Received: shape={merged.shape}")
                merged = ta.squeeze(merged, axis=0)
            else:
                merged = {n: ta.squeeze(x, axis=0) if len(x.shape) == 2 and x.shape[0] == 1
                          else x for n, x in merged.items()}
        return merged

    # -- saving --------------------------------------------------------------------------
    def get_config(self) -> dict:
        return {"features": ser.serialize_keras_object(self.features),
                "output_mode": self.output_mode,
                "crosses": ser.serialize_keras_object(self.crosses),
                "crossing_dim": self.crossing_dim, "hashing_dim": self.hashing_dim,
                "num_discretization_bins": self.num_discretization_bins}

    @classmethod
    def from_config(cls, config: dict) -> FeatureSpace:
        return cls(**config)

    def get_build_config(self) -> dict:
        return {name: f.preprocessor.get_build_config() for name, f in self.features.items()}

    def build_from_config(self, config: dict) -> None:
        for name, build_config in config.items():
            pre = self.features[name].preprocessor
            if not pre.built:
                pre.build_from_config(build_config)
        self._is_adapted = True

    def save(self, filepath: Any) -> None:
        """Writes the FeatureSpace (its preprocessors' state included) to a `.keras` file."""
        saving_lib.save_archive(self, filepath)

    def save_own_variables(self, store: Any) -> None:
        return

    def load_own_variables(self, store: Any) -> None:
        return
