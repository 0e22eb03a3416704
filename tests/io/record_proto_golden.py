"""Records tf.io.decode_proto / encode_proto on the cases of proto_cases.py with real
TensorFlow: `/work/tfref/bin/python tests/io/record_proto_golden.py` writes
tests/io/proto_golden.json (values, dtypes and shapes, or the error class and message)."""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import tensorflow as tf  # noqa: E402

from tests.golden_io import encode_array, write_json  # noqa: E402
from tests.io import proto_cases as pc  # noqa: E402


def error(e, src):
    return {"error": [type(e).__name__, pc.strip_tf(str(e)).replace(src, "{SRC}")]}


def main():
    out = {"decode": {}, "decode_errors": {}, "encode": {}, "encode_errors": {}, "inputs": {}}
    with tempfile.TemporaryDirectory() as tmp:
        srcs = pc.sources(tmp)
        for name, src, mtype, spec, shape, fields, types, kw in pc.DECODE_CASES:
            x = pc.decode_input(spec, shape)
            out["inputs"][name] = encode_array(x)
            sizes, values = tf.io.decode_proto(tf.constant(x, tf.string), mtype, fields,
                                               [tf.as_dtype(t) for t in types],
                                               descriptor_source=srcs[src], **kw)
            out["decode"][name] = {"sizes": encode_array(sizes.numpy()),
                                   "values": [encode_array(v.numpy()) for v in values]}
            # encoding the decoded values gives back the messages
            try:
                enc = tf.io.encode_proto(sizes, values, fields, mtype,
                                         descriptor_source=srcs[src])
                out["encode"]["roundtrip_" + name] = encode_array(enc.numpy())
            except Exception as e:  # noqa: BLE001 - recorded
                out["encode"]["roundtrip_" + name] = error(e, srcs[src])
        for name, src, mtype, spec, fields, types, kw in pc.DECODE_ERRORS:
            x = pc.decode_input(spec)
            try:
                tf.io.decode_proto(tf.constant(x, tf.string), mtype, fields,
                                   [tf.as_dtype(t) for t in types],
                                   descriptor_source=srcs[src], **kw)
                out["decode_errors"][name] = {"error": None}
            except Exception as e:  # noqa: BLE001 - recorded
                out["decode_errors"][name] = error(e, srcs[src])
        for table, cases in (("encode", pc.ENCODE_CASES), ("encode_errors", pc.ENCODE_ERRORS)):
            for name, src, mtype, sizes, values, fields in cases:
                s, vals = pc.encode_inputs(sizes, values)
                try:
                    enc = tf.io.encode_proto(tf.constant(s), [tf.constant(v) for v in vals],
                                             fields, mtype, descriptor_source=srcs[src])
                    out[table][name] = encode_array(enc.numpy())
                except Exception as e:  # noqa: BLE001 - recorded
                    out[table][name] = error(e, srcs[src])
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)), "proto_golden.json"),
               out, end="\n", indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
