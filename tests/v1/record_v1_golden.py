"""Records what TensorFlow 2.21 gives for the TF 1 programs of v1_programs.py (losses,
variables, slots, names, errors) into golden/v1_programs.json, for the sparse-gradient and
update-hook programs of sparse_programs.py into golden/v1_sparse.json, and the public names
and signatures of the tf.compat.v1 namespaces eagerflow fills (tf_v1_names.json).

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_v1_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.signatures import signatures  # noqa: E402
from tests.v1.sparse_programs import EMBED_META, write_embeddings_meta  # noqa: E402
from tests.v1.sparse_programs import PROGRAMS as SPARSE_PROGRAMS  # noqa: E402
from tests.v1.v1_programs import PROGRAMS  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
V1_NAMESPACES = ["", "train", "summary", "nn", "losses", "initializers", "saved_model",
                 "saved_model.builder", "saved_model.signature_def_utils", "saved_model.utils",
                 "saved_model.main_op"]


def record_sparse() -> None:
    """golden/v1_sparse.json (run before the v1 programs: the last of them turns eager
    execution off for the process), after TF's embedding models' checkpoint and `.meta`
    (golden/meta/embeddings/) that one of them imports."""
    os.makedirs(os.path.dirname(EMBED_META), exist_ok=True)
    write_embeddings_meta(tf)
    results = {name: program(tf) for name, program in SPARSE_PROGRAMS.items()}
    write_json(os.path.join(HERE, "v1_sparse.json"), results, indent=0, sort_keys=True)


def main() -> None:
    os.makedirs(HERE, exist_ok=True)
    record_sparse()
    results = {name: program(tf) for name, program in PROGRAMS.items()}
    write_json(os.path.join(HERE, "v1_programs.json"), results, indent=1, sort_keys=True)
    names = {}
    for space in V1_NAMESPACES:
        obj = tf.compat.v1
        for part in filter(None, space.split(".")):
            obj = getattr(obj, part)
        names[space] = sorted(n for n in dir(obj) if not n.startswith("_"))
    sigs = signatures(tf.compat.v1, V1_NAMESPACES)
    write_json(os.path.join(HERE, "tf_v1_names.json"), {"names": names, "signatures": sigs},
               indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
