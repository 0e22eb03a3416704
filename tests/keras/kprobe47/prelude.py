"""The helpers kprobe47's snippets start with: `show`, a call's result as its type, dtype,
shape and values (floats rounded to 5 places; a RaggedTensor as its nested rows; a string
as itself) or its error's class and message (object addresses, dataset ops' and functions'
numbers, temporary paths and a Python traceback inside cut: they differ from run to run)."""

_TRY = """
import re
def _round(v):
    if isinstance(v, float):
        return round(v, 5)
    if isinstance(v, list):
        return [_round(x) for x in v]
    return v
def _text(r):
    if isinstance(r, str):
        return r
    if isinstance(r, tf.RaggedTensor):
        return f"RaggedTensor {r.dtype.name} {r.shape} {_round(r.to_list())}"
    if isinstance(r, (tuple, list)) and r and not isinstance(r[0], (int, float, str, bytes)):
        return "(" + ", ".join(_text(v) for v in r) + ")"
    if isinstance(r, dict):
        return "{" + ", ".join(f"{k}: {_text(v)}" for k, v in sorted(r.items())) + "}"
    a = np.asarray(r)
    if a.dtype.kind in "fc":
        with np.errstate(over="ignore", invalid="ignore"):
            a = np.round(a.astype(a.dtype.name if a.dtype.itemsize >= 4 else "float32"), 5)
    dtype = getattr(getattr(r, "dtype", None), "name", getattr(r, "dtype", None))
    return f"{type(r).__name__} {dtype} {list(a.shape)} {a.tolist()}"
def _clean(s):
    s = re.sub(r" at 0x[0-9a-f]+", "", s.split("\\nTraceback")[0])
    s = re.sub(r"(Dataset):\\d+", r"\\1:N", s)  # (a dataset op's number counts the process's)
    s = re.sub(r"(\\{\\{function_node \\w+)_\\d+\\}\\}", r"\\1_N}}", s)  # (and a function's)
    return re.sub(r"/tmp/[^ '\\"]*", "TMP", s)
def show(label, fn):
    try:
        print(label, _clean(_text(fn())))
    except Exception as e:
        print(label, type(e).__name__, _clean(str(e))[:400])
"""
