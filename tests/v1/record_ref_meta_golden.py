"""Records TF 2.21's TF 1 graphs of reference variables for test_ref_meta_graph.py: the
meta graph and checkpoint ref_meta_programs.build_and_save writes (golden/meta/refvars/,
its op list left out: importing needs none) and what TF sees when it imports them and
trains on, with the node types of the graph; and small.meta (build_small: the rarer ref
ops) with what each of its ops gives (golden/ref_meta_graph.json).

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_ref_meta_golden.py
"""

from __future__ import annotations

import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import meta_graph_pb2  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.v1 import ref_meta_programs as rp  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def main() -> None:
    d = os.path.join(HERE, "meta", "refvars")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    saved = rp.build_and_save(tf, d)
    os.remove(os.path.join(d, "checkpoint"))
    meta = meta_graph_pb2.MetaGraphDef()
    with open(saved["path"] + ".meta", "rb") as f:
        meta.ParseFromString(f.read())
    meta.meta_info_def.ClearField("stripped_op_list")  # (TF's OpDefs: 12 KB, unread)
    with open(saved["path"] + ".meta", "wb") as f:
        f.write(meta.SerializeToString())
    out = {"types": saved["types"], "imported": rp.import_and_train(tf, saved["path"])}
    rp.build_small(tf, os.path.join(d, "small.meta"))
    out["small"] = rp.run_small(tf, os.path.join(d, "small.meta"))
    write_json(os.path.join(HERE, "ref_meta_graph.json"), out, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
