"""RecordInput calls whose results and errors TF 2.21 recorded (record_input_golden.json,
written by record_record_input_golden.py), over files this module writes.

The files are named in their patterns one by one (comma-separated), so their order is the
pattern's on any file system (a wildcard lists them in the directory's own order); each
case runs in a folder of its own, as the current directory, so messages name relative
paths. Cases are statements over `tf` and `R` (tf.raw_ops.RecordInput with one shard and a
buffer of one unless told: the settings where TF's order depends on no thread's race) that
append what they see to `out`.
"""

from __future__ import annotations

import os
from typing import Any

# (cases whose order is the race of TF's threads)
RACY = ("shards",)
SIZES = [3, 20, 1, 7, 18, 2]  # records of files f0 ... f5 ("f<i>-<j>")
FILES = ",".join(f"f{i}.tfrecord" for i in range(len(SIZES)))
REVERSED = ",".join(f"f{i}.tfrecord" for i in reversed(range(len(SIZES))))
ONE = "file_buffer_size=1, file_parallelism=1"

CASES = {
    # two epochs and more (each epoch's order its own), continued call after call
    "epochs": f"out.append(R(file_pattern=FILES, batch_size=120, {ONE}))",
    "seeds": "".join(f"out.append(R(file_pattern=FILES, batch_size=60, file_random_seed={s}, "
                     f"{ONE}))\n" for s in (0, 5, 99, -1, 2**40)),
    "listed_order": f"out.append(R(file_pattern=REVERSED, batch_size=51, {ONE}))",
    "continued": "".join(f"out.append(R(file_pattern=FILES, batch_size={n}, {ONE}))\n"
                         for n in (20, 20, 30)),
    "shift": "".join(f"out.append(R(file_pattern=FILES, batch_size=51, "
                     f"file_shuffle_shift_ratio={r}, {ONE}))\n"
                     for r in (0.5, 0.2, 0.99, 1.0, -0.5)),
    # a buffer holding an epoch whole: nothing is taken until it is read
    "whole_epoch_buffer": "".join(
        f"out.append(R(file_pattern=FILES, batch_size=102, file_buffer_size={b}, "
        f"file_parallelism=1))\n" for b in (1000, -1)),
    # several shards: TF's order is their threads' race (compared as each call's records)
    "shards": "".join(f"out.append(R(file_pattern=FILES, batch_size=51, file_buffer_size={b}, "
                      f"file_parallelism={p}))\n" for b, p in ((200, 3), (-5, 16), (500, 16))),
    "gzip": f"out.append(R(file_pattern='g0.gz,g1.gz,g2.gz', batch_size=9, "
            f"compression_type='GZIP', {ONE}))",
    "unknown_compression": f"out.append(R(file_pattern='f2.tfrecord', batch_size=2, "
                           f"compression_type='XYZ', {ONE}))",
    "zlib_on_gzip": f"out.append(R(file_pattern='g0.gz', batch_size=1, "
                    f"compression_type='ZLIB', {ONE}))",
    "corrupt": f"out.append(R(file_pattern='bad.bin', batch_size=1, {ONE}))",
    # (the yielder keeps its failure: the next call with these attributes fails alike)
    "no_files": "".join(f"out.append(R(file_pattern='zzz*', batch_size=1, {ONE}))\n"
                        for _ in range(2)),
    "empty_pattern": f"out.append(R(file_pattern='', batch_size=1, {ONE}))",
    "directory": f"out.append(R(file_pattern='sub', batch_size=1, {ONE}))",
    "no_batch": f"out.append(R(file_pattern='zzz*', batch_size=0, {ONE}))\n"
                "out.append(R(file_pattern=FILES, batch_size=0, file_parallelism=0))",
    "bad_parallelism": "out.append(R(file_pattern=FILES, batch_size=1, file_parallelism=-1))",
    "bad_batch": "out.append(R(file_pattern=FILES, batch_size=-1))",
    "no_pattern": "out.append(R(batch_size=1))",
    # a traced function's node keeps its own yielder from call to call
    "function": "f = tf.function(lambda: R(file_pattern=FILES, batch_size=25, "
                f"{ONE}))\nout.append(f())\nout.append(f())\n"
                "out.append([n.op for n in f.get_concrete_function().graph.as_graph_def()"
                ".node])",
}


def write_files(tf: Any, folder: str) -> None:
    """The files the cases read, in `folder`."""
    for i, n in enumerate(SIZES):
        with tf.io.TFRecordWriter(os.path.join(folder, f"f{i}.tfrecord")) as w:
            for j in range(n):
                w.write(f"f{i}-{j}".encode())
    for i in range(3):
        with tf.io.TFRecordWriter(os.path.join(folder, f"g{i}.gz"), options="GZIP") as w:
            for j in range(3):
                w.write(f"g{i}-{j}".encode())
    with open(os.path.join(folder, "bad.bin"), "wb") as f:
        f.write(b"not a TFRecord file")
    os.mkdir(os.path.join(folder, "sub"))


def run(tf: Any, name: str, folder: str) -> list:
    """What case `name` appends, each tensor as its list of texts, each error as
    [class name, message], run in `folder` (which holds write_files' files)."""
    out: list = []
    here = os.getcwd()
    os.chdir(folder)
    try:
        exec(CASES[name], {"tf": tf, "R": tf.raw_ops.RecordInput, "out": out,
                           "FILES": FILES, "REVERSED": REVERSED})
    except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
        out.append([type(e).__name__, str(e)])
    finally:
        os.chdir(here)
    return [[x.decode() for x in v.numpy()] if hasattr(v, "numpy") else v for v in out]
