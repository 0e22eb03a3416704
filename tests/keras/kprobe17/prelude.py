"""The helpers kprobe17's snippets start with: kprobe16's (`tryp` prints a result's repr
or the error's class and message, `dt` a result's Keras dtype name and shape, `quiet` what
a call prints with its dates masked, `head` an error's first line, `answering`, `names`),
`fill`, which sets every float weight of a layer or model to fixed values (a sine of its
position), so that what a snippet prints does not hang on the random initializers,
`unordered`, tryp for errors whose message shows a Python set (its items sorted: a set's
order is the process's string hashing), `timeless`, what a call prints with its step
times masked, and `classless`, tryp for errors that show a class by its Python module
(Keras's keras.src... path: where the class is written, not what it does)."""

from tests.keras.kprobe16.prelude import _TRY as _TRY16

_TRY = _TRY16 + """
def fill(obj, scale=0.5):
    for k, w in enumerate(obj.weights):
        if "float" in str(w.dtype):
            n = int(np.prod(w.shape))
            values = np.sin(np.arange(n) * 0.7 + k) * scale
            w.assign(values.reshape(tuple(w.shape)).astype("float32"))
def _sorted_set(match):
    return "{" + ", ".join(sorted(match.group(1).split(", "))) + "}"
def unordered(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, re.sub(r"\\{([^{}]*)\\}", _sorted_set, str(e)))
def classless(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        text = re.sub(r"<class '[\\w.]+\\.(\\w+)'>", r"<class '\\1'>", str(e))
        print(label, type(e).__name__, text[:300])
def timeless(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        r = fn()
    print(re.sub(r"[0-9]+m?s/step|[0-9]+us/step", "T/step", buf.getvalue()), end="")
    return r
"""
