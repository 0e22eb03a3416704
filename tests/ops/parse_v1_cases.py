"""The first parsing ops, DecodePaddedRaw and StringSplit as tf.raw_ops calls, recorded from
TF 2.21 by record_parse_v1.py (parse_v1_golden.json) and checked by test_parse_v1.py:
each one's outputs, or its eager error's class and full message.

Each case is an expression over `tf`, `EX` (two serialized Examples) and `SEQ` (two
serialized SequenceExamples), built with the `tf` at hand. No imports of either framework:
TF's interpreter loads this file too.
"""

from __future__ import annotations

import re
from typing import Any

_PE = ("tf.raw_ops.ParseExample(serialized=EX, names={names}, sparse_keys={sk}, "
       "dense_keys={dk}, dense_defaults={dd}, sparse_types={st}, dense_shapes={ds})")
_PSE = ("tf.raw_ops.ParseSingleExample(serialized={s}, dense_defaults={dd}, num_sparse={n}, "
        "sparse_keys={sk}, dense_keys={dk}, sparse_types={st}, dense_shapes={ds})")
_SEQ = ("tf.raw_ops.ParseSequenceExample(serialized={s}, debug_name={names}, "
        "context_dense_defaults=[tf.zeros([0], tf.int64)], "
        "feature_list_dense_missing_assumed_empty=['w'], context_sparse_keys=[], "
        "context_dense_keys=['n'], feature_list_sparse_keys=['tok'], "
        "feature_list_dense_keys={fd}, Ncontext_sparse=0, Ncontext_dense=1, "
        "Nfeature_list_sparse=1, Nfeature_list_dense=1, context_sparse_types=[], "
        "feature_list_dense_types=[tf.float32], context_dense_shapes=[[]], "
        "feature_list_sparse_types={ft}, feature_list_dense_shapes={fs})")
_SSEQ = ("tf.raw_ops.ParseSingleSequenceExample(serialized={s}, "
         "feature_list_dense_missing_assumed_empty={empty}, context_sparse_keys=['n'], "
         "context_dense_keys=[], feature_list_sparse_keys=['tok'], "
         "feature_list_dense_keys={fd}, context_dense_defaults=[], debug_name={name}, "
         "context_sparse_types=[tf.int64], feature_list_dense_types=[tf.float32], "
         "context_dense_shapes=[], feature_list_sparse_types=[tf.int64], "
         "feature_list_dense_shapes={fs})")
_E = "tf.zeros([0], tf.int64)"

CASES = [
    _PE.format(names=[], sk=["s"], dk=["a"], dd=f"[{_E}]", st="[tf.string]", ds=[[2]]),
    _PE.format(names=["n1", "n2"], sk=[], dk=["q"], dd="[tf.constant([5, 6], tf.int64)]",
               st=[], ds=[[2]]),
    _PE.format(names=[], sk=[], dk=["a"], dd="[tf.constant(-1, tf.int64)]", st=[],
               ds="[tf.TensorShape([None])]"),
    _PE.format(names=["n1", "n2"], sk=["s"], dk=["a"], dd=f"[{_E}]", st="[tf.string]",
               ds=[[3]]),
    _PE.format(names=[], sk=[], dk=["q"], dd=f"[{_E}]", st=[], ds=[[2]]),
    _PE.format(names=[], sk=[], dk=["a"], dd="[tf.zeros([0], tf.float32)]", st=[], ds=[[2]]),
    _PE.format(names=[], sk=[], dk=["q"], dd="[tf.constant([5, 6, 7], tf.int64)]", st=[],
               ds=[[2]]),
    _PE.format(names=[], sk=["a"], dk=[], dd=[], st="[tf.string]", ds=[]),
    _PE.format(names=["x"], sk=["a"], dk=[], dd=[], st="[tf.int64]", ds=[]),
    _PE.format(names=[], sk=["a"], dk=[], dd=[], st="[tf.int64, tf.int64]", ds=[]),
    _PE.format(names=[], sk=[], dk=["a"], dd=f"[{_E}]", st=[], ds=[]),
    _PE.format(names=[], sk=["a"], dk=[], dd=[], st="[tf.int32]", ds=[]),
    _PE.replace("serialized=EX", "serialized=EX[0]").format(
        names=[], sk=["a"], dk=[], dd=[], st="[tf.int64]", ds=[]),
    _PE.format(names=[], sk=[], dk=["a"], dd="[tf.constant(-1, tf.int64)]", st=[], ds=[[-1]]),
    _PSE.format(s="EX[0]", dd=f"[{_E}]", n=1, sk=["s"], dk=["a"], st="[tf.string]", ds=[[2]]),
    _PSE.format(s="b'\\x0a\\x7f garbage'", dd=[], n=0, sk=[], dk=[], st=[], ds=[]),
    _PSE.format(s="b'\\x0a\\x7f garbage'", dd=[], n=1, sk=["a"], dk=[], st="[tf.int64]",
                ds=[]),
    _PSE.format(s="EX[1]", dd="[tf.constant(0, tf.int64)]", n=0, sk=[], dk=["a"], st=[],
                ds="[tf.TensorShape([None])]"),
    _PSE.format(s="EX", dd=f"[{_E}]", n=1, sk=["s"], dk=["a"], st="[tf.string]", ds=[[2]]),
    _PSE.format(s="EX[0]", dd=f"[{_E}]", n=0, sk=[], dk=["a"], st=[], ds=[[3]]),
    _PSE.format(s="EX[0]", dd=f"[{_E}]", n=0, sk=[], dk=["q"], st=[], ds=[[3]]),
    _PSE.format(s="EX[0]", dd=[], n=2, sk=["s"], dk=[], st="[tf.string]", ds=[]),
    _PSE.format(s="EX[0]", dd="[tf.zeros([0], tf.float32)]", n=0, sk=[], dk=["a"], st=[],
                ds=[[2]]),
    _SEQ.format(s="SEQ", names=[], fd=["w"], ft="[tf.int64]", fs=[[1]]),
    _SEQ.format(s="SEQ[0]", names=[], fd=["w"], ft="[tf.int64]", fs=[[1]]),
    _SEQ.format(s="SEQ", names=[], fd=["zz"], ft="[tf.int64]", fs=[[1]]),
    _SEQ.format(s="SEQ", names=["a", "b"], fd=["zz"], ft="[tf.int64]", fs=[[1]]),
    _SEQ.format(s="SEQ", names=["a"], fd=["w"], ft="[tf.int64]", fs=[[1]]),
    _SEQ.format(s="SEQ", names=[], fd=["w"], ft="[tf.float32]", fs=[[1]]),
    _SEQ.format(s="SEQ", names=[], fd=["w"], ft="[tf.int64]", fs=[[2]]),
    _SSEQ.format(s="SEQ[0]", empty=[], fd=["w"], name="''", fs=[[]]),
    _SSEQ.format(s="SEQ[1]", empty=["tok2"], fd=["tok2"], name="''", fs=[[]]),
    _SSEQ.format(s="SEQ[1]", empty=[], fd=["tok2"], name="''", fs=[[]]),
    _SSEQ.format(s="SEQ[0]", empty=[], fd=["w"], name="'nm'", fs=[[2]]),
    _SSEQ.format(s="SEQ", empty=[], fd=["w"], name="''", fs=[[]]),
    _SSEQ.format(s="b'\\x0a\\x7f garbage'", empty=[], fd=["w"], name="''", fs=[[]]),
    _SEQ.format(s="[b'\\x0a\\x7f garbage']", names=["nm"], fd=["w"], ft="[tf.int64]",
                fs=[[1]]),
    "tf.raw_ops.DecodePaddedRaw(input_bytes=[b'\\x01\\x00\\x02', b'\\x03\\x00\\x04\\x00\\x05'],"
    " fixed_length=4, out_type=tf.int16)",
    "tf.raw_ops.DecodePaddedRaw(input_bytes=[[b'\\x01\\x00\\x02\\x00']], fixed_length=4, "
    "out_type=tf.int16, little_endian=False)",
    "tf.raw_ops.DecodePaddedRaw(input_bytes=[b'ab'], fixed_length=3, out_type=tf.int16)",
    "tf.raw_ops.DecodePaddedRaw(input_bytes=[b'ab'], fixed_length=-2, out_type=tf.int16)",
    "tf.raw_ops.DecodePaddedRaw(input_bytes=[b'ab'], fixed_length=[2], out_type=tf.int16)",
    "tf.raw_ops.DecodePaddedRaw(input_bytes=[b'ab'], fixed_length=2, out_type=tf.bool)",
    "tf.raw_ops.DecodePaddedRaw(input_bytes=[b'ab'], fixed_length=2, out_type=tf.float16)",
    "tf.io.decode_raw([b'ab', b'cdef'], tf.uint8, fixed_length=3)",
    "tf.io.decode_raw([b'ab'], tf.int16, fixed_length=3)",
    "tf.raw_ops.StringSplit(input=['a b  c', '', 'd'], delimiter=' ')",
    "tf.raw_ops.StringSplit(input=['a,b;c', 'x;;y', ';'], delimiter=',;', skip_empty=False)",
    "tf.raw_ops.StringSplit(input=['ab\\xe9', ''], delimiter='', skip_empty=False)",
    "tf.raw_ops.StringSplit(input=['h\\xe9llo w\\xe9'], delimiter='\\xe9')",
    "tf.raw_ops.StringSplit(input=[['a']], delimiter=' ')",
    "tf.raw_ops.StringSplit(input=['a'], delimiter=[' '])",
    "tf.compat.v1.string_split(['a b', 'c'], result_type='RaggedTensor').to_list()",
    "tf.compat.v1.string_split([['a b']])",
]


def scope(tf: Any) -> dict:
    """The names the cases read: EX and SEQ built with `tf`'s protos."""
    def feature(v: list) -> Any:
        if isinstance(v[0], bytes):
            return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
        if isinstance(v[0], float):
            return tf.train.Feature(float_list=tf.train.FloatList(value=v))
        return tf.train.Feature(int64_list=tf.train.Int64List(value=v))

    def example(**f: list) -> bytes:
        return tf.train.Example(features=tf.train.Features(
            feature={k: feature(v) for k, v in f.items()})).SerializeToString()

    def sequence(context: dict, lists: dict) -> bytes:
        msg = tf.train.SequenceExample(context=tf.train.Features(
            feature={k: feature(v) for k, v in context.items()}))
        for k, steps in lists.items():
            msg.feature_lists.feature_list[k].feature.extend([feature(v) for v in steps])
        return msg.SerializeToString()

    return {"tf": tf,
            "EX": [example(a=[1, 2], s=[b"x", b"yz"]), example(a=[3, 4, 5], s=[b"q"])],
            "SEQ": [sequence({"n": [4]}, {"tok": [[1, 2], [3]], "w": [[0.5], [1.5]]}),
                    sequence({"n": [6]}, {"w": [[2.5]]})]}


def outcome(tf: Any, case: str) -> dict:
    """{"value": the outputs flat, as lists} or {"error": class, "message": str()}."""
    import numpy as np

    try:
        out = eval(case, scope(tf))
    except Exception as e:  # noqa: BLE001 (the error is the recorded result)
        return {"error": type(e).__name__,
                "message": re.sub(r"goo\.gle/debug\w+ +", "goo.gle/debug ", str(e))}
    if isinstance(out, list):
        return {"value": _plain(out)}
    flat = tf.nest.flatten(tuple(out) if isinstance(out, tuple) else out, expand_composites=True)
    return {"value": [[str(np.asarray(t).dtype), _plain(np.asarray(t).tolist())]
                      for t in flat]}


def _plain(v: Any) -> Any:
    """Nested lists with each bytes value as its repr (JSON has no bytes)."""
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return repr(v) if isinstance(v, bytes) else v
