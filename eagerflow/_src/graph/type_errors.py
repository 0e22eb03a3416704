"""TF's TypeError for a traced node whose inputs' dtypes its op refuses.

Eagerly TF's kernels refuse mismatched dtypes with an InvalidArgumentError ("cannot
compute AddV2 as input #1(zero-based) was expected to be a int32 tensor ..."); while
building a graph, TF's Python op builder checks the inputs against the op's signature
first and raises a TypeError that names the arguments:

    Input 'y' of 'AddV2' Op has type float32 that does not match type int32 of argument 'x'.
    Tensors in list passed to 'values' of 'Pack' Op have types [int32, float32] that don't
    all match.
    Value passed to parameter 'x' has DataType int32 not in list of allowed values: ...
    Input 'input' of 'StringLength' Op has type int32 that does not match expected type of
    string.

graph/ir.py's add_op asks `signature_type_error` only after an op's `infer` refused the
node, so tracing pays nothing. The signatures (argument names, type attrs, allowed dtypes)
are TF's, from saved_model/tf_op_signatures.json (the table tests/saved_model/
make_tf_op_signatures.py writes from TF 2.21), as ops/tf_op_defs.py reads it.
"""

from __future__ import annotations

from eagerflow._src.core.dtypes import DType
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops.tf_op_defs import signatures

# TF's DataType enum names as its Python dtypes spell them in these messages
_WORDS = {"FLOAT": "float32", "DOUBLE": "float64", "HALF": "float16"}


def _word(enum_name: str) -> str:
    base = enum_name[3:]
    return _WORDS.get(base, base.lower())


def signature(op_name: str) -> dict | None:
    """TF's OpDef of `op_name` as the table holds it (inputArg, attr, ...), or None."""
    return signatures().get(op_name)


def dtype_word(enum_name: str) -> str:
    """A DataType enum name ("DT_FLOAT") as TF's Python dtypes spell it ("float32")."""
    return _word(enum_name)


def input_arg_names(op_name: str, n: int, attrs: dict) -> list | None:
    """TF's names for the `n` flat inputs of `op_name` ("x", "y"; "values_0", "values_1"
    for a list argument's elements), or None when its signature doesn't map onto them."""
    sig = signatures().get(op_name)
    if sig is None:
        return None
    args = [a for a in sig.get("inputArg", ()) if a["name"] not in attrs]
    lists = [a for a in args if "numberAttr" in a or "typeListAttr" in a]
    sizes = _list_sizes(lists, n - (len(args) - len(lists)), attrs)
    if sizes is None:
        return None
    names = []
    for a in args:
        if a in lists:
            names.extend(f"{a['name']}_{i}" for i in range(sizes[lists.index(a)]))
        else:
            names.append(a["name"])
    return names


def _list_sizes(lists: list, n_listed: int, attrs: dict) -> list | None:
    """The lengths of the list arguments `lists`, holding `n_listed` inputs: their count
    attrs' values where the call gives them all, else one list's, or equal lengths for
    lists of one count (DynamicStitch's); None when they can't be told."""
    counts = [attrs.get(a.get("numberAttr")) for a in lists]
    if lists and all(isinstance(c, int) for c in counts) and sum(counts) == n_listed:
        return counts
    if len(lists) > 1 and (len({a.get("numberAttr") for a in lists}) != 1 or
                           None in {a.get("numberAttr") for a in lists[1:]}):
        return None
    size, extra = divmod(n_listed, max(len(lists), 1))
    if extra or (lists and size < 0) or (not lists and size != 0):
        return None
    return [size] * len(lists)


def _typed_list_error(op_name: str, sig: dict, args: list, ins: tuple) -> TypeError | None:
    """signature_type_error for a signature whose last argument is a list of tensors of
    several types: its fixed-type inputs, then each listed tensor's dtype against its
    type list attr's allowed values."""
    if len(ins) < len(args) - 1 or not all(isinstance(x, Tensor) for x in ins):
        return None
    for arg, x in zip(args[:-1], ins):
        if "type" not in arg:
            return None
        want = _word(arg["type"])
        if x._dtype.name != want:
            return TypeError(f"Input '{arg['name']}' of '{op_name}' Op has type "
                             f"{x._dtype.name} that does not match expected type of {want}.")
    last = args[-1]
    ok = next((a.get("allowedValues", {}).get("list", {}).get("type") for a in
               sig.get("attr", ()) if a["name"] == last["typeListAttr"]), None)
    for x in ins[len(args) - 1:]:
        if ok is not None and x._dtype.name not in [_word(e) for e in ok]:
            return TypeError(f"Value passed to parameter '{last['name']}' has DataType "
                             f"{x._dtype.name} not in list of allowed values: "
                             f"{', '.join(_word(e) for e in ok)}")
    return None


def signature_type_error(op_name: str, ins: tuple, attrs: dict) -> TypeError | None:
    """The TypeError TF's graph builder raises for `op_name` on inputs `ins` (eagerflow's
    flat inputs; TF inputs that eagerflow takes as attrs, like ConcatV2's axis, are left
    out), or None when its signature accepts their dtypes or does not map onto them."""
    refused = _signature_type_error(op_name, ins, attrs)
    if refused is None and op_name in signatures():
        # (where eagerflow's inputs do not map onto TF's, its explicit type attrs still
        # check: tf.math.argmax's output_type)
        refused = _attr_type_error(attrs, _allowed_types(signatures()[op_name]))
    if refused is None and any(v is None for v in attrs.values()):
        # (an attr left None whose TF input comes as an input: a count known only when
        # the graph runs, UnsortedSegmentSum's num_segments)
        refused = _signature_type_error(
            op_name, ins, {k: v for k, v in attrs.items() if v is not None})
    return refused


def _signature_type_error(op_name: str, ins: tuple, attrs: dict) -> TypeError | None:
    sig = signatures().get(op_name)
    if sig is None:
        return None
    args = [a for a in sig.get("inputArg", ()) if a["name"] not in attrs]
    typed_lists = [i for i, a in enumerate(args) if "typeListAttr" in a]
    if typed_lists:
        # (a list of tensors of several types, last: DecodeCSV's record_defaults)
        if typed_lists != [len(args) - 1] or any("numberAttr" in a for a in args):
            return None
        return _typed_list_error(op_name, sig, args, ins)
    lists = [a for a in args if "numberAttr" in a]
    if len({a["numberAttr"] for a in lists}) > 1:
        return None
    n_list = len(ins) - (len(args) - len(lists))
    if (lists and n_list < 1) or (not lists and n_list != 0):
        return None
    if lists:  # (lists of one length: DynamicStitch's indices and data)
        n_list, extra = divmod(n_list, len(lists))
        if extra:
            return None
    allowed = _allowed_types(sig)
    seen: dict = {}  # type attr -> (its dtype, the argument that set it)
    pos = 0
    for arg in args:
        count = n_list if "numberAttr" in arg else 1
        xs = ins[pos:pos + count]
        pos += count
        if not all(isinstance(x, Tensor) for x in xs):
            return None
        names = [x._dtype.name for x in xs]
        name = arg["name"]
        if "numberAttr" in arg and len(set(names)) > 1:
            return TypeError(f"Tensors in list passed to '{name}' of '{op_name}' Op have types "
                             f"[{', '.join(names)}] that don't all match.")
        got = names[0]
        if "type" in arg:
            want = _word(arg["type"])
            if got != want:
                return TypeError(f"Input '{name}' of '{op_name}' Op has type {got} that does "
                                 f"not match expected type of {want}.")
            continue
        attr = arg.get("typeAttr")
        if attr is None:
            return None
        if attr in seen:
            want, first = seen[attr]
            if got != want:
                return TypeError(f"Input '{name}' of '{op_name}' Op has type {got} that does "
                                 f"not match type {want} of argument '{first}'.")
            continue
        seen[attr] = (got, name)
        ok = allowed.get(attr)
        if ok is not None and got not in [_word(e) for e in ok]:
            return TypeError(f"Value passed to parameter '{name}' has DataType {got} not in "
                             f"list of allowed values: {', '.join(_word(e) for e in ok)}")
    return _attr_type_error(attrs, allowed)


def _allowed_types(sig: dict) -> dict:
    """Each type attr of OpDef `sig`: its allowed DataType enum names, or None."""
    return {a["name"]: a.get("allowedValues", {}).get("list", {}).get("type")
            for a in sig.get("attr", ()) if a.get("type") == "type"}


def _attr_type_error(attrs: dict, allowed: dict) -> TypeError | None:
    """A type attr given outside its allowed list (tf.unique's out_idx=tf.float32): the
    graph builder's TypeError, after the inputs' checks."""
    for attr, ok in allowed.items():
        given = attrs.get(attr)
        if ok is not None and isinstance(given, DType) and \
                given.name not in [_word(e) for e in ok]:
            return TypeError(f"Value passed to parameter '{attr}' has DataType {given.name} "
                             f"not in list of allowed values: "
                             f"{', '.join(_word(e) for e in ok)}")
    return None
