"""TF's own definitions of the ops (their OpDefs), as its error messages print them.

Ops machinery, at the bottom of ops/ (below checks.py and eager_errors.py, which use it
when an op has failed; graph/type_errors.py reads the same table). The table is
saved_model/tf_op_signatures.json, which tests/saved_model/make_tf_op_signatures.py writes
from TF 2.21 for every op of the registry: read as data, not imported, so nothing is paid
until an error needs it. An attr error lists the dtypes TF's definition allows
(`allowed_types`).

TF ends the message of an attr that fails its op's definition ("Value for attr 'T' of
float is not in the list of allowed values: ...", "Length for attr ... must be at least
minimum 4") with the NodeDef and the op's definition summarized:

    ; NodeDef: {{node EncodePng}}; Op<name=EncodePng; signature=image:T -> contents:string;
    attr=compression:int,default=-1; attr=T:type,default=DT_UINT8,allowed=[DT_UINT8, DT_UINT16]>

(`summary`: the arguments with their types, each attr with its type, default, minimum
and allowed values as TF prints an AttrValue, then the op's flags.)

The public functions that are TF's generated wrappers read their attrs' kinds and
defaults here too (`attr_defs`, for attr_values.wrapper_attrs), and their function names from
tf_raw_ops.json (`wrappers`): the table is read the first time one of them runs.
"""

from __future__ import annotations

import functools
from pathlib import Path

from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.versions import GRAPH_DEF_VERSION

# read only when an error needs the table: ~2 ms of `import eagerflow`
base64 = lazy_module("base64")
json = lazy_module("json")

_TABLE = Path(__file__).resolve().parent.parent / "saved_model" / "tf_op_signatures.json"
# each op's Python wrapper: its function's name and parameters (tests/saved_model/
# make_tf_raw_ops.py writes it from TF 2.21)
_WRAPPERS = _TABLE.with_name("tf_raw_ops.json")

# TF's DataTypeString of the enum names that are not the name less "DT_", lower case
_TYPE_NAMES = {"DT_HALF": "half", "DT_FLOAT": "float", "DT_DOUBLE": "double"}
# TF summarizes lists this long with a hash of their items (not reproduced: no summary)
_LONGEST_LIST = 29
_FLAGS = (("isCommutative", "is_commutative"), ("isAggregate", "is_aggregate"),
          ("isStateful", "is_stateful"), ("allowsUninitializedInput",
                                          "allows_uninitialized_input"),
          ("isDistributedCommunication", "is_distributed_communication"))


@functools.lru_cache(maxsize=1)
def signatures() -> dict:
    """TF's OpDefs by op name (JSON, as protobuf's json_format writes them), or {} for an
    installation without the table."""
    try:
        return json.loads(_TABLE.read_text(encoding="utf-8"))
    except OSError:
        return {}


@functools.cache  # (the table never changes: read once per question)
def typed_input(op_name: str, attr: str) -> str | None:
    """The name of `op_name`'s first input whose type is attr `attr` ("Tidx" of Sum:
    "reduction_indices"), or None."""
    args = signatures().get(op_name, {}).get("inputArg", ())
    return next((a["name"] for a in args if a.get("typeAttr") == attr), None)


@functools.cache  # (the table never changes: read once per question)
def counted_input(op_name: str, attr: str) -> str | None:
    """The name of `op_name`'s list input whose length is int attr `attr` ("N" of ShapeN:
    "input"), or None."""
    args = signatures().get(op_name, {}).get("inputArg", ())
    return next((a["name"] for a in args if a.get("numberAttr") == attr), None)


@functools.lru_cache(maxsize=1)
def wrappers() -> dict:
    """TF's generated Python function of each op, by op name: {"fn": its name, "params":
    [[parameter, OpDef argument], ...]} (tf.raw_ops' table)."""
    return json.loads(_WRAPPERS.read_text(encoding="utf-8"))


def wrapper_name(op_name: str) -> str:
    """The name of TF's generated Python function of `op_name` ("extract_volume_patches"),
    which its wrapper's errors name."""
    return wrappers()[op_name]["fn"]


@functools.cache
def attr_defs(op_name: str) -> dict:
    """attr name -> (its type, "list(int)", ...; its default as the table holds it, an
    AttrValue's JSON such as {"i": "0"}, or None) of TF's definition of `op_name`."""
    return {a["name"]: (a["type"], a.get("defaultValue"))
            for a in signatures()[op_name].get("attr", [])}


def removed_message(op: str) -> str:
    """TF's words for an op its GraphDefs dropped at the version its OpDef records."""
    dep = signatures()[op]["deprecation"]
    return (f"Op {op} is not available in GraphDef version {GRAPH_DEF_VERSION}. It has been "
            f"removed in version {dep['version']}. {dep['explanation']}.")


def _type_name(enum_name: str) -> str:
    return _TYPE_NAMES.get(enum_name, enum_name[3:].lower())


@functools.cache  # (the table never changes: read once per question)
def allowed_types(op_name: str, attr: str) -> tuple | None:
    """The DataType enum names TF's definition of `op_name` allows for type attr `attr`
    ("DT_BFLOAT16", ...), in its order (a tuple: one kept answer, shared); None where it
    names no list."""
    for a in signatures().get(op_name, {}).get("attr", []):
        if a["name"] == attr:
            listed = a.get("allowedValues", {}).get("list", {}).get("type")
            return None if listed is None else tuple(listed)
    return None


@functools.cache  # (the table never changes: read once per question)
def default_type(op_name: str, attr: str) -> str | None:
    """The DataType enum name TF's definition of `op_name` gives type attr `attr` by
    default ("DT_INT32"), None where it gives none."""
    for a in signatures().get(op_name, {}).get("attr", []):
        if a["name"] == attr:
            return a.get("defaultValue", {}).get("type")
    return None


@functools.cache  # (the table never changes: read once per question)
def input_type_attr(op_name: str, index: int) -> str | None:
    """The type attr of input `index` of TF's definition of `op_name` ("T" for
    RandomUniform's shape), None where its type is fixed or the op is not known."""
    args = signatures().get(op_name, {}).get("inputArg", [])
    return args[index].get("typeAttr") if index < len(args) else None


@functools.cache  # (the table never changes: read once per question)
def fixed_input(op_name: str, attr: str) -> tuple[int, str] | None:
    """(index, type) of the first input whose type TF's definition of `op_name` fixes
    ("input:bool"), where the definition has no attr `attr`: a dtype refused there is
    refused as that input's ("cannot compute All as input #0(zero-based) was expected to
    be a bool tensor ..."), not as an attr's. None where the op is not in the table, has
    the attr, or lists a variable number of inputs before a fixed one (their count
    would shift the index)."""
    op = signatures().get(op_name)
    if op is None or any(a["name"] == attr for a in op.get("attr", [])):
        return None
    for i, arg in enumerate(op.get("inputArg", [])):
        if "numberAttr" in arg or "typeListAttr" in arg:
            return None
        if "type" in arg:
            return i, _type_name(arg["type"])
    return None


def type_words(enum_names: list) -> str:
    """TF's DataTypeString of each enum name, as an attr error lists allowed values."""
    return ", ".join(_type_name(t) for t in enum_names)


def _args(args: list) -> str:
    out = []
    for a in args:
        text = a["name"] + ":" + ("Ref(" if a.get("isRef") else "")
        if "numberAttr" in a:
            text += a["numberAttr"] + "*"
        # (an argument typed by a list of types shows none: "values: -> ...")
        text += _type_name(a["type"]) if "type" in a else a.get("typeAttr", "")
        text += ")" if a.get("isRef") else ""
        out.append(text)
    return ", ".join(out)


def attr_string(b64: str) -> str:
    """A string attr value of the signature table (base64 there), decoded."""
    return base64.b64decode(b64).decode()


def _string(b64: str) -> str:
    raw = base64.b64decode(b64)
    if any(c < 0x20 or c > 0x7E or c in b'"\\' for c in raw):
        raise ValueError("escaped")  # (C's escapes are not reproduced: no summary)
    return '"' + raw.decode("ascii") + '"'


def _float(f: float | str) -> str:
    return format(float(f), "g")


def _value(v: dict) -> str:
    """TF's SummarizeAttrValue of an AttrValue (the kinds OpDefs' defaults and allowed
    values hold); ValueError for one it words otherwise."""
    if "list" in v:
        lst = v["list"]
        for key, word in (("s", _string), ("i", str), ("f", _float),
                          ("b", lambda b: "true" if b else "false"), ("type", str)):
            if lst.get(key):
                items = [word(x) for x in lst[key]]
                if len(items) > _LONGEST_LIST:
                    raise ValueError("long list")
                return "[" + ", ".join(items) + "]"
        if len(lst) > 0:
            raise ValueError("list kind")
        return "[]"
    if "s" in v:
        return _string(v["s"])
    if "i" in v:
        return str(v["i"])
    if "f" in v:
        return _float(v["f"])
    if "b" in v:
        return "true" if v["b"] else "false"
    if "type" in v:
        return v["type"]
    raise ValueError("kind")


@functools.cache
def summary(op_name: str) -> str | None:
    """TF's SummarizeOpDef of op `op_name` ("Op<name=...; signature=...; attr=...>"), or
    None where the table lacks it or holds a value TF words in a way not reproduced."""
    op = signatures().get(op_name)
    if op is None:
        return None
    parts = [f"Op<name={op_name}",
             f"signature={_args(op.get('inputArg', []))} -> {_args(op.get('outputArg', []))}"]
    try:
        for a in op.get("attr", []):
            text = f"attr={a['name']}:{a['type']}"
            if "defaultValue" in a:
                text += ",default=" + _value(a["defaultValue"])
            if a.get("hasMinimum"):
                text += f",min={a.get('minimum', 0)}"
            if "allowedValues" in a:
                text += ",allowed=" + _value(a["allowedValues"])
            parts.append(text)
    except ValueError:
        return None
    parts.extend(f"{word}=true" for key, word in _FLAGS if op.get(key))
    return "; ".join(parts) + ">"
