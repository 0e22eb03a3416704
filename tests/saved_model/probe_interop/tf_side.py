"""TensorFlow 2.21 / Keras 3's half of test_probe_interop.py, run in TF's interpreter from the
repository root:

    $EAGERFLOW_TF_PYTHON tests/saved_model/probe_interop/tf_side.py WORKDIR

WORKDIR/ef holds eagerflow's files of every case (driver.CASES). This saves TF's own files
of each under WORKDIR/tf, probes both folders (TF's load of its own files is the reference
both directions are held to), and lists what `saved_model_cli` and the checkpoint reader
show of each SavedModel; all of it goes to WORKDIR/tf_out.json.
"""

import json
import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
sys.path.insert(0, os.getcwd())

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
from google.protobuf import json_format  # noqa: E402
from tensorflow.core.protobuf import saved_model_pb2  # noqa: E402

from tests.saved_model.probe_interop import driver  # noqa: E402


def signature_defs(path):
    """The SavedModel's signature defs, as JSON (map order sorted)."""
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    (meta,) = sm.meta_graphs
    return {"tags": list(meta.meta_info_def.tags),
            "signature_def": {k: json_format.MessageToDict(v)
                              for k, v in sorted(meta.signature_def.items())}}


def cli_show(path):
    cli = os.path.join(os.path.dirname(sys.executable), "saved_model_cli")
    return subprocess.run([cli, "show", "--all", "--dir", path], capture_output=True,
                          text=True).stdout


def inspect(path):
    if not os.path.exists(os.path.join(path, "saved_model.pb")):
        return None
    keys = sorted([k, list(s)] for k, s in tf.train.list_variables(
        os.path.join(path, "variables", "variables")))
    return {"defs": signature_defs(path), "cli": cli_show(path), "checkpoint_keys": keys}


def main():
    work = sys.argv[1]
    names = sys.argv[2:] or list(driver.CASES)
    ef_root, tf_root = os.path.join(work, "ef"), os.path.join(work, "tf")
    os.makedirs(tf_root, exist_ok=True)
    out = {"save_errors": {}, "tf_on_tf": {}, "tf_on_ef": {}, "inspect_tf": {},
           "inspect_ef": {}}
    for name in names:
        try:
            driver.save(tf, keras, name, tf_root)
        except Exception as e:  # noqa: BLE001
            out["save_errors"][name] = f"{type(e).__name__}: {e}"
            continue
        out["tf_on_tf"][name] = driver.probe(tf, keras, name, tf_root)
        out["inspect_tf"][name] = inspect(driver.path_of(tf_root, name))
    for name in names:
        if os.path.exists(driver.path_of(ef_root, name)):
            out["tf_on_ef"][name] = driver.probe(tf, keras, name, ef_root)
            out["inspect_ef"][name] = inspect(driver.path_of(ef_root, name))
    with open(os.path.join(work, "tf_out.json"), "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
