"""The raw-op calls of record_op_summaries.py / test_op_summaries.py: each op of TF's table
whose type attr `T` lists its allowed dtypes, called with scalars, `T`'s inputs of the first
dtype of BAD it does not allow (other attrs left at their defaults)."""

from eagerflow._src.ops.tf_op_defs import signatures

BAD = ("bool", "string", "int32", "float16", "int8", "complex64", "float64", "float32",
       "int64", "uint8")
_NAMES = {"DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_HALF": "float16"}


def _name(enum: str) -> str:
    return _NAMES.get(enum, enum[3:].lower())


def _scalar(tf, dtype: str):
    return tf.constant("a") if dtype == "string" else tf.zeros([], getattr(tf, dtype))


def cases(tf) -> dict:
    """{op: (the dtype given to T, the raw op's keyword arguments)} (`tf`: either module)."""
    out = {}
    for op, sig in sorted(signatures().items()):
        attrs = {a["name"]: a for a in sig.get("attr", ())}
        t = attrs.get("T", {})
        allowed = {_name(x) for x in t.get("allowedValues", {}).get("list", {}).get("type", ())}
        bad = next((b for b in BAD if b not in allowed), None) if allowed else None
        args = sig.get("inputArg", ())
        counts = {a.get("numberAttr") for a in args}
        settable = all(n == "T" or "defaultValue" in a or n in counts for n, a in attrs.items())
        fixed = [_name(a["type"]) for a in args if "type" in a]
        if (bad is None or not settable or not hasattr(tf.raw_ops, op)
                or any(a.get("typeAttr", "T") != "T" and "type" not in a for a in args)
                or any(f not in BAD for f in fixed)):
            continue
        kwargs = {}
        for a in args:
            v = _scalar(tf, bad if "typeAttr" in a else _name(a["type"]))
            kwargs[a["name"]] = [v, v] if "numberAttr" in a else v
        out[op] = (bad, kwargs)
    return out
