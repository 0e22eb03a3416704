"""Records what TensorFlow 2.21 writes and does for tests/saved_model/generator_policy_cases.py,
for tests/saved_model/test_generator_policy.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_generator_policy.py`. Writes TF's SavedModel of the IGNORE
module under generator_policy/ and generator_policy.json: each policy's file's
`structure`, what its function gives loaded in the saving process (the tokens
registered) and in a fresh one (none), and the error saving a function over an untracked
dataset.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, ROOT)
from tests.golden_io import write_json  # noqa: E402
from tests.saved_model import generator_policy_cases as C  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAVED = os.path.join(HERE, "generator_policy")
ELSEWHERE = ("import json, sys\nimport tensorflow as tf\nsys.path.insert(0, sys.argv[1])\n"
             "from tests.saved_model import generator_policy_cases as C\n"
             "print(json.dumps(C.run(tf, tf.saved_model.load(sys.argv[2]))))\n")


def structure(path: str) -> dict:
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    return C.structure(sm)


def elsewhere(path: str) -> object:
    run = subprocess.run([sys.executable, "-c", ELSEWHERE, ROOT, path], capture_output=True,
                         text=True, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"},
                         check=True)
    import json
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    shutil.rmtree(SAVED, ignore_errors=True)
    golden: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for policy in C.POLICIES:
            m = C.module(tf, policy)
            path = SAVED if policy == "IGNORE" else os.path.join(tmp, policy)
            tf.saved_model.save(m, path)
            golden[policy] = {"structure": structure(path), "computed": C.run(tf, m),
                              "loaded here": C.run(tf, tf.saved_model.load(path)),
                              "loaded elsewhere": elsewhere(path)}
        golden["untracked"] = C.untracked(tf, os.path.join(tmp, "untracked"))
    write_json(os.path.join(HERE, "generator_policy.json"), golden, indent=1)


if __name__ == "__main__":
    main()
