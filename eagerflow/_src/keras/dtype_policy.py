"""keras.DTypePolicy (alias keras.mixed_precision.Policy) and the global dtype policy.

A policy names a layer's two dtypes: the one its computations run in and the one its
variables are stored in. `'float32'` (or any float dtype) uses the same for both;
`'mixed_float16'` and `'mixed_bfloat16'` compute in 16 bits and keep float32 variables.
Layers created without `dtype=` take the global policy (`set_global_policy`), which
starts as `keras.backend.floatx()`. A quantized layer's policy is named
`<mode>_from_<source>` (`'int8_from_float32'`, `'int4/128_from_mixed_bfloat16'`): its mode
and the float policy it was quantized from. A DTypePolicyMap maps layer paths to
policies (a layer given one takes its path's). Sits on backend.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import convert_to_tensor, is_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.keras_tensor import KerasTensor
from eagerflow._src.keras.name_scope import match_path
from eagerflow._src.keras.ops.dtypes import standardize_dtype
from eagerflow._src.ops.math_base import cast

_MIXED = {"mixed_float16": "float16", "mixed_bfloat16": "bfloat16"}

QUANTIZATION_MODES = ("int8", "float8", "int4", "gptq", "awq")

# keras.ops.cast, which casts a KerasTensor as an operation of its model's graph: keras/ops
# (which loads above this module, with every KerasTensor) puts it here
SYMBOLIC_CAST: list = []


class DTypePolicy:
    """`DTypePolicy(name=None)`: `'float32'`, `'mixed_float16'`, ... (None: the global)."""

    def __init__(self, name: str | None = None) -> None:
        if name is None:
            name = dtype_policy().name
        self._name = name
        self._compute_dtype, self._variable_dtype = self._parse_name(name)

    @staticmethod
    def _parse_name(name: Any) -> tuple:
        if not isinstance(name, str):
            raise TypeError("'name' must be a string, such as 'mixed_float16'. Received: "
                            f"name={name} (of type {type(name)})")
        if name in _MIXED:
            return _MIXED[name], "float32"
        try:
            dtype = kb.standardize_dtype(name).name
        except (TypeError, ValueError):
            raise ValueError(f"Cannot convert '{name}' to a mixed precision DTypePolicy. "
                             "Valid policies include 'mixed_float16', 'mixed_bfloat16', and "
                             "the name of any float dtype such as 'float32'.") from None
        return dtype, dtype

    @property
    def name(self) -> str:
        return self._name

    @property
    def compute_dtype(self) -> str:
        return self._compute_dtype

    @property
    def variable_dtype(self) -> str:
        return self._variable_dtype

    @property
    def quantization_mode(self) -> None:
        return None

    def get_config(self) -> dict:
        return {"name": self.name}

    def convert_input(self, x: Any, autocast: bool, dtype: Any) -> Any:
        """`x` cast to `dtype` (None: floatx) when `autocast` and it is a float of another
        dtype; a NumPy array (or anything with `__array__`) becomes a tensor first; other
        inputs (lists, Python numbers) come back as they are, as in Keras 3."""
        dtype = standardize_dtype(dtype)
        if isinstance(x, KerasTensor):
            return SYMBOLIC_CAST[0](x, dtype) if _should_cast(x, autocast, dtype) else x
        if not is_tensor(x):
            if not hasattr(x, "__array__"):
                return x
            try:
                x = convert_to_tensor(x)
            except TypeError:  # (what it cannot convert alone, it converts to `dtype`)
                x = convert_to_tensor(x, dtype)
        return cast(x, dtype) if _should_cast(x, autocast, dtype) else x

    @classmethod
    def from_config(cls, config: dict) -> DTypePolicy:
        return cls(**config)

    def __repr__(self) -> str:
        return f'<{type(self).__name__} "{self._name}">'

    def __eq__(self, other: Any) -> bool:
        plain = (DTypePolicy, FloatDTypePolicy)
        if type(self) in plain:  # the alias class compares equal to the plain one
            if type(other) not in plain:
                return False
        elif type(other) is not type(self):
            return False
        return self._name == other._name

    def __hash__(self) -> int:
        return hash(self._name)


def _should_cast(x: Any, autocast: bool, dtype: str) -> bool:
    x_dtype = dt.as_dtype(x.dtype)
    return bool(autocast) and x_dtype.is_floating and x_dtype.name != dtype


Policy = DTypePolicy


class FloatDTypePolicy(DTypePolicy):
    """A float DTypePolicy under Keras 3's older name (its own class, as there)."""

    def __repr__(self) -> str:
        return f'<DTypePolicy "{self._name}">'


class QuantizedDTypePolicy(DTypePolicy):
    """`QuantizedDTypePolicy(mode, source_name=None)`: a quantized layer's policy, named
    `<mode>_from_<source_name>`; it computes in (and keeps its float variables in) the
    dtypes of `source_name` (the global policy's name by default)."""

    def __init__(self, mode: str, source_name: str | None = None) -> None:
        if source_name is None:
            source_name = dtype_policy().name
        self._compute_dtype, self._variable_dtype = self._parse_name(source_name)
        self._check_quantization_mode(mode, self._compute_dtype)
        self._name = f"{mode}_from_{source_name}"
        self._source_name = source_name
        self._quantization_mode = mode

    @property
    def quantization_mode(self) -> str:  # type: ignore[override]
        return self._quantization_mode

    def __eq__(self, other: Any) -> bool:
        if not super().__eq__(other):
            return False
        return self._quantization_mode == other._quantization_mode and \
            self._source_name == other._source_name

    __hash__ = DTypePolicy.__hash__

    def get_config(self) -> dict:
        return {"mode": self._quantization_mode, "source_name": self._source_name}

    @staticmethod
    def _check_quantization_mode(mode: str, compute_dtype: str) -> None:
        if mode not in QUANTIZATION_MODES:
            raise ValueError(f"Invalid quantization mode. Expected one of "
                             f"{QUANTIZATION_MODES}. Received: mode={mode}")
        if compute_dtype == "float16" and mode == "int8":
            raise ValueError(f"Quantization mode='{mode}' doesn't work well with "
                             "compute_dtype='float16'.")


class QuantizedFloat8DTypePolicy(QuantizedDTypePolicy):
    """`QuantizedFloat8DTypePolicy(mode, source_name=None, amax_history_length=1024)`: a
    float8 layer's policy; the length of its scales' amax histories."""

    default_amax_history_length = 1024

    def __init__(self, mode: str, source_name: str | None = None,
                 amax_history_length: int = 1024) -> None:
        super().__init__(mode=mode, source_name=source_name)
        if not isinstance(amax_history_length, int):
            raise TypeError("`amax_history_length` must be an integer. Received: "
                            f"amax_history_length={amax_history_length}")
        self._amax_history_length = amax_history_length

    @property
    def amax_history_length(self) -> int:
        return self._amax_history_length

    def __eq__(self, other: Any) -> bool:
        return super().__eq__(other) and \
            self._amax_history_length == other._amax_history_length

    __hash__ = DTypePolicy.__hash__

    def get_config(self) -> dict:
        return {**super().get_config(), "amax_history_length": self._amax_history_length}


def _split_mode(cls_name: str, mode: Any, fields: tuple, expected: str) -> list:
    """The integers of a `<algorithm>/<n>/...` mode (Keras 3's checks and messages)."""
    parts = mode.split("/") if isinstance(mode, str) else []
    if len(parts) != len(fields) + 1 or parts[0] != expected.split("/")[0].strip("'"):
        raise ValueError(f"Invalid mode for {cls_name}. Expected format {expected}, but got "
                         f"'{mode}'.")
    try:
        return [int(p) for p in parts[1:]]
    except ValueError:
        names = " and ".join(f"<{f}>" for f in fields)
        verb = "must be an integer" if len(fields) == 1 else "must be integers"
        raise ValueError(f"Invalid mode for {cls_name}. {names} {verb}. Expected format "
                         f"{expected}, but got '{mode}'.") from None


class Int4DTypePolicy(QuantizedDTypePolicy):
    """`Int4DTypePolicy(mode, source_name=None)`, mode `'int4/<block_size>'`: an int4
    layer's policy with its group size (-1: one scale per output channel)."""

    def __init__(self, mode: str, source_name: str | None = None) -> None:
        (block_size,) = _split_mode("Int4DTypePolicy", mode, ("block_size",),
                                    "'int4/<block_size>'")
        if block_size < -1 or block_size == 0:
            raise ValueError("Invalid block_size in mode. Supported values are -1 "
                             "(per-channel) or a positive integer (sub-channel), but got "
                             f"{block_size} from '{mode}'.")
        super().__init__(mode="int4", source_name=source_name)
        self._name = f"{mode}_from_{self._source_name}"
        self.mode = "int4"
        self.block_size = block_size

    def __eq__(self, other: Any) -> bool:
        return super().__eq__(other) and self.block_size == other.block_size

    __hash__ = DTypePolicy.__hash__

    def get_config(self) -> dict:
        return {**super().get_config(), "mode": f"int4/{self.block_size}"}


class GPTQDTypePolicy(QuantizedDTypePolicy):
    """`GPTQDTypePolicy(mode, source_name=None)`, mode `'gptq/<weight_bits>/<group_size>'`."""

    _algorithm = "gptq"
    _group_what = "whole-tensor"

    def __init__(self, mode: str, source_name: str | None = None) -> None:
        cls_name = type(self).__name__
        bits, group = _split_mode(cls_name, mode, ("weight_bits", "group_size"),
                                  f"'{self._algorithm}/<weight_bits>/<group_size>'")
        self._check_bits(bits, mode)
        if group < -1 or group == 0:
            raise ValueError("Invalid group_size in mode. Supported values are -1 "
                             f"({self._group_what}) or a positive integer, but got {group} "
                             f"from '{mode}'.")
        super().__init__(mode=self._algorithm, source_name=source_name)
        self._name = f"{mode}_from_{self._source_name}"
        self.mode = self._algorithm
        self.weight_bits = bits
        self.group_size = group

    @staticmethod
    def _check_bits(bits: int, mode: str) -> None:
        if bits not in (2, 3, 4, 8):
            raise ValueError("Invalid weight_bits in mode. Supported values are 2, 3, 4, and "
                             f"8, but got {bits} from '{mode}'.")

    def __eq__(self, other: Any) -> bool:
        return super().__eq__(other) and self.weight_bits == other.weight_bits and \
            self.group_size == other.group_size

    __hash__ = DTypePolicy.__hash__

    def get_config(self) -> dict:
        return {**super().get_config(),
                "mode": f"{self._algorithm}/{self.weight_bits}/{self.group_size}"}


class AWQDTypePolicy(GPTQDTypePolicy):
    """`AWQDTypePolicy(mode, source_name=None)`, mode `'awq/4/<group_size>'` (AWQ is
    4-bit only)."""

    _algorithm = "awq"
    _group_what = "per-channel"

    @staticmethod
    def _check_bits(bits: int, mode: str) -> None:
        if bits != 4:
            raise ValueError("Invalid weight_bits in mode. AWQ only supports 4-bit "
                             f"quantization, but got {bits} from '{mode}'.")


def quantized_policy(name: Any) -> QuantizedDTypePolicy:
    """The quantized policy a `<mode>_from_<source>` name describes."""
    if not isinstance(name, str):
        raise TypeError(f"`policy` must be a string. Received: policy={name}")
    if not name.startswith(QUANTIZATION_MODES):
        raise ValueError("`policy` is incompatible with the current supported quantization.")
    parts = name.split("_from_")
    if len(parts) != 2:
        raise ValueError("Cannot convert `policy` into a valid pair (`mode`, `source_name`) "
                         "to instantiate `QuantizedDTypePolicy`. "
                         f"Received: policy={name}")
    mode, source = parts
    if name.startswith("int4") and "/" in mode:
        return Int4DTypePolicy(mode, source)
    if name.startswith("gptq"):
        return GPTQDTypePolicy(mode, source)
    if name.startswith("awq"):
        return AWQDTypePolicy(mode, source)
    if name.startswith("float8"):
        return QuantizedFloat8DTypePolicy(mode, source)
    return QuantizedDTypePolicy(mode, source)


def check_implicit_quantization(mode: str, value: Any) -> None:
    """A layer quantized by setting its policy: GPTQ cannot be (it needs calibration)."""
    if mode == "gptq":
        raise ValueError(f"Implicitly enabling GPTQ quantization by setting `dtype_policy` to "
                         f"'{value}' is not supported. GPTQ requires a calibration dataset and "
                         "a `GPTQConfig` object.\n\nPlease use the `.quantize('gptq', "
                         "config=...)` method on the layer or model instead.")


class DTypePolicyMap(DTypePolicy, MutableMapping):
    """`DTypePolicyMap(default_policy=None, policy_map=None)`: layer paths (or regular
    expressions over them) to policies. A layer given one as its `dtype` takes the policy
    its path maps to once it has a path (from its build on), the default before."""

    def __init__(self, default_policy: Any = None, policy_map: dict | None = None) -> None:
        if isinstance(default_policy, DTypePolicyMap):
            raise ValueError("`default_policy` cannot be a `DTypePolicyMap`.")
        if policy_map is not None and not isinstance(policy_map, dict):
            raise TypeError("If specified, `policy_map` must be a dict. Received: "
                            f"policy_map={policy_map} of type {type(policy_map)}")
        self._default_policy_arg = default_policy
        self._default_policy = get(default_policy)  # (None: the global one, as of now)
        self._policy_map = policy_map or {}

    @property
    def name(self) -> str:
        return f"map_{self._default_policy.name}"

    @property
    def default_policy(self) -> DTypePolicy:
        return self._default_policy

    @property
    def compute_dtype(self) -> str:
        return self._default_policy.compute_dtype

    @property
    def variable_dtype(self) -> str:
        return self._default_policy.variable_dtype

    @property
    def quantization_mode(self) -> str | None:  # type: ignore[override]
        return self._default_policy.quantization_mode

    def __getitem__(self, key: str) -> DTypePolicy:
        """The policy of the key itself, else of the one pattern the key fully matches,
        else the default; a key two patterns match is refused."""
        return match_path(self._policy_map, key, self._default_policy, "dtype policy", "path",
                          "DTypePolicyMap")

    def __setitem__(self, key: str, policy: Any) -> None:
        if key in self._policy_map:
            raise ValueError(f"{key} already exist in the DTypePolicyMap with value "
                             f"{self._policy_map[key]}. Please make sure to not use duplicated "
                             "keys.")
        try:
            policy = get(policy)
        except Exception:  # noqa: BLE001 - any refusal is Keras's one message
            raise ValueError("Cannot interpret the assigned value by "
                             f"`keras.dtype_policies.get`. Received: {policy} of type "
                             f"{type(policy)}") from None
        self._policy_map[key] = policy

    def __delitem__(self, key: str) -> Any:
        return self._policy_map.pop(key)  # (the value, as Keras 3's gives it to a direct call)

    def __contains__(self, key: object) -> bool:
        return key in self._policy_map

    def __len__(self) -> int:
        return len(self._policy_map)

    def __iter__(self) -> Iterator[str]:
        return iter(self._policy_map)

    __eq__ = object.__eq__  # (a mutable mapping: compared by identity, hashed by id)
    __hash__ = object.__hash__

    def get_config(self) -> dict:
        """Keras's form; without a default the policies are written nameless (so that
        they follow the global policy where the map is read again), as Keras writes them."""
        nameless = self._default_policy_arg is None
        policies = {}
        for key, policy in self._policy_map.items():
            config = serialize(policy)
            if nameless:
                inner = dict(config["config"])
                if isinstance(policy, QuantizedDTypePolicy):
                    inner["source_name"] = None
                elif "name" in inner:
                    inner["name"] = None
                config["config"] = inner
            policies[key] = config
        return {"default_policy": self._default_policy_arg, "policy_map": policies}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> DTypePolicyMap:
        config = dict(config)
        config["policy_map"] = {k: deserialize(v, custom_objects) if isinstance(v, dict) else v
                                for k, v in (config.get("policy_map") or {}).items()}
        return cls(**config)

    def __repr__(self) -> str:
        mapping = [(k, v.name) for k, v in self._policy_map.items()]
        return (f"<DTypePolicyMap at {hex(id(self))} default_policy="
                f"{self._default_policy.name}, mapping={mapping}>")


ALL_OBJECTS = {cls.__name__: cls for cls in (
    DTypePolicy, FloatDTypePolicy, QuantizedDTypePolicy, QuantizedFloat8DTypePolicy,
    Int4DTypePolicy, GPTQDTypePolicy, AWQDTypePolicy, DTypePolicyMap)}

_GLOBAL: list = [None]


def set_dtype_policy(policy: Any) -> None:
    """Sets the policy of layers created without `dtype=` (a name or a DTypePolicy)."""
    if not isinstance(policy, DTypePolicy):
        if not isinstance(policy, str):
            raise ValueError("Invalid `policy` argument. Expected the string name of a policy "
                             "(such as 'mixed_float16') or a `DTypePolicy` instance. Received: "
                             f"policy={policy} (of type {type(policy)})")
        policy = quantized_policy(policy) if policy.startswith(QUANTIZATION_MODES) else \
            DTypePolicy(policy)
    _GLOBAL[0] = policy


@kb.on_clear_session
def _forget_global_policy() -> None:
    _GLOBAL[0] = None


def dtype_policy() -> DTypePolicy:
    """The global policy (`floatx()` until one is set)."""
    if _GLOBAL[0] is None:
        _GLOBAL[0] = DTypePolicy(kb.floatx())
    return _GLOBAL[0]


set_global_policy = set_dtype_policy
global_policy = dtype_policy


def get(identifier: Any) -> DTypePolicy:
    """A policy from None (the global one), a name, a dtype, a config dict, or a policy."""
    if identifier is None:
        return dtype_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if identifier.startswith(QUANTIZATION_MODES):
            return quantized_policy(identifier)
        return DTypePolicy(identifier)
    if isinstance(identifier, dt.DType) or hasattr(identifier, "dtype") or \
            isinstance(identifier, type):
        return DTypePolicy(kb.standardize_dtype(identifier).name)
    raise ValueError(f"Cannot interpret `dtype` argument. Expected a string or an instance of "
                     f"DTypePolicy. Received: dtype={identifier}")


def serialize(dtype_policy: DTypePolicy) -> dict:
    """A policy's Keras 3 config dict (the float policies under `keras`, the quantized
    ones under `keras.dtype_policies`, where Keras 3 exports them)."""
    policy = dtype_policy
    module = "keras" if type(policy) in (DTypePolicy, FloatDTypePolicy) else \
        "keras.dtype_policies"
    config = {"module": module, "class_name": type(policy).__name__,
              "config": policy.get_config(), "registered_name": None}
    ser.mark_if_shared(policy, config)
    return config


def deserialize(config: dict, custom_objects: dict | None = None) -> DTypePolicy:
    """The policy a config dict describes (by its `class_name`)."""
    cls = ALL_OBJECTS.get(config.get("class_name", "DTypePolicy"))
    if cls is None:
        if custom_objects and config.get("class_name") in custom_objects:
            cls = custom_objects[config["class_name"]]
        else:
            raise ValueError(f"Could not interpret dtype policy: {config}")
    return cls.from_config(config.get("config", {}))
