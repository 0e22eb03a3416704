"""Writes opsgap_golden.json: TF 2.21's results and errors for the calls of
opsgap_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_opsgap_golden.py
"""

import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import numpy as np  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.opsgap_cases import (  # noqa: E402
    batch_cases,
    conv_cases,
    io_cases,
    iterator_facts,
    ragged_cases,
    webp_inputs,
)


def message(e):
    """TF's message without its eager function wrapper and node suffixes."""
    m = re.sub(r"^\{\{function_node [^}]*\}\} ", "", str(e))
    return m.split(" name: ")[0].split("\n\t;")[0]


def _value(v):
    v = v.numpy()
    values = v.astype(np.float64).ravel().tolist() if v.dtype != object else \
        [b.decode() for b in v.ravel()]
    return {"dtype": v.dtype.name, "shape": list(v.shape), "values": values}


def _variable(v, root):
    """A variable's facts, its paths relative to `root`."""
    return {"variable": repr(v).replace(root, "<root>"), "name": v.name,
            "trainable": v.trainable, "shape": v.shape.as_list(), "dtype": v.dtype.name}


def record(cases, root=None):
    out = {}
    for key, call in cases.items():
        try:
            r = call()
        except Exception as e:  # noqa: BLE001 - each error is recorded
            m = message(e)
            out[key] = {"error": type(e).__name__,
                        "message": m if root is None else m.replace(root, "<root>")}
            continue
        if root is not None and hasattr(r, "trainable"):
            out[key] = _variable(r, root)
        elif isinstance(r, (tuple, list)):  # several outputs (a namedtuple keeps its names)
            out[key] = {"outputs": [_value(v) for v in r],
                        "fields": list(getattr(r, "_fields", ())),
                        "type": type(r).__name__}
        else:
            out[key] = _value(r)
    return out


def main():
    import tensorflow as tf

    # (XLA's kernels: TF's CPU ones refuse dilations)
    def filter_v2(x, w, dy, **kw):
        return tf.function(lambda x, dy: tf.raw_ops.Conv2DBackpropFilter(
            input=x, filter_sizes=list(w.shape), out_backprop=dy, **kw),
            jit_compile=True)(x, dy)

    def input_v2(x, w, dy, **kw):
        return tf.function(lambda w, dy: tf.raw_ops.Conv2DBackpropInput(
            input_sizes=list(x.shape), filter=w, out_backprop=dy, **kw),
            jit_compile=True)(w, dy)

    out = record(conv_cases(tf, filter_v2, input_v2))
    out.update(record(ragged_cases(tf)))
    out.update(record(batch_cases(tf)))
    import base64
    import tempfile

    from PIL import Image

    files = webp_inputs(Image)
    with tempfile.TemporaryDirectory() as root:
        for f in ("a1.txt", "a2.txt", "b.txt", "c.csv"):
            open(os.path.join(root, f), "w").close()
        out.update(record(io_cases(tf, files, root), root))
    inputs = {k: base64.b64encode(v).decode() for k, v in files.items()}
    sysconfig = {"names": sorted(n for n in dir(tf.sysconfig) if not n.startswith("_")),
                 "build_info": dict(tf.sysconfig.get_build_info()),
                 "build_info_type": type(tf.sysconfig.get_build_info()).__name__,
                 "ints": {n: getattr(tf.sysconfig, n) for n in dir(tf.sysconfig)
                          if isinstance(getattr(tf.sysconfig, n), int)}}
    # what TF 2.21 itself does with the V2 ops: no kernel on any device
    x, w = np.ones((1, 4, 4, 2), np.float32), np.ones((2, 2, 2, 3), np.float32)
    out.update(record({
        "tf_v2_kernel/filter": lambda: tf.conv2d_backprop_filter_v2(
            x, w, np.ones((1, 3, 3, 3), np.float32), [1, 1, 1, 1], "VALID"),
        "tf_v2_kernel/input": lambda: tf.conv2d_backprop_input_v2(
            x, w, np.ones((1, 3, 3, 3), np.float32), [1, 1, 1, 1], "VALID")}))
    path = os.path.join(os.path.dirname(__file__), "opsgap_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out, "webp_inputs": inputs,
                      "sysconfig": sysconfig, "iterator": iterator_facts(tf)},
               separators=(",", ":"))


if __name__ == "__main__":
    main()
