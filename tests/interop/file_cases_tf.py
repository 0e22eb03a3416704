"""TensorFlow 2.21 / Keras 3's half of test_file_cases.py, run in TF's interpreter from the
repository root:

    $EAGERFLOW_TF_PYTHON tests/interop/file_cases_tf.py [--keras|--kinds] WORKDIR [NAME ...]

writes TF's files of each case of file_cases.all_cases() (with --keras: of
file_cases_keras.all_cases(), recorded in golden/file_cases_keras.json, and the files
of its TF_FILES cases in golden/file_cases_keras/NAME, for test_file_cases_keras.py;
with --kinds, the same for file_cases_kinds.py and test_file_cases_kinds.py)
under WORKDIR/tf/NAME and reads them
(TF on its own files: the reference), reads eagerflow's under WORKDIR/ef/NAME where they
exist, and writes both results to WORKDIR/tf_out.json. With WORKDIR "--record" it writes
TF on its own files into golden/file_cases.json (what test_file_cases.py checks without
TensorFlow): every case's, or the NAMEs' in place of their old records.
"""

import json
import os
import shutil
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
sys.path.insert(0, os.getcwd())

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.interop import file_cases as C  # noqa: E402
from tests.interop import file_cases_keras, file_cases_kinds  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    args = sys.argv[1:]
    # the case set: (its cases, its golden's stem, the cases whose TF files are kept)
    sets = {"--keras": (file_cases_keras.all_cases(), "file_cases_keras",
                        file_cases_keras.TF_FILES),
            "--kinds": (file_cases_kinds.CASES, "file_cases_kinds", file_cases_kinds.TF_FILES)}
    chosen = args[0] in sets
    cases, stem, tf_files = sets[args[0]] if chosen else (C.all_cases(), "file_cases", ())
    golden = os.path.join(HERE, "golden", stem + ".json")
    work, *names = args[chosen:]
    record = work == "--record"
    if record:
        work = tempfile.mkdtemp()
    named = bool(names)
    names = names or list(cases)
    out = {"tf_on_tf": {}, "tf_on_ef": {}, "tf_write": {}}
    for name in names:
        folder = os.path.join(work, "tf", name)
        out["tf_write"][name] = C.run_case(tf, keras, name, folder, True, cases)
        out["tf_on_tf"][name] = C.run_case(tf, keras, name, folder, False, cases)
        ours = os.path.join(work, "ef", name)
        if os.path.isdir(ours):
            out["tf_on_ef"][name] = C.run_case(tf, keras, name, ours, False, cases)
    if record:  # (named cases update the recorded ones)
        recorded = json.loads(open(golden).read()) if named and os.path.exists(golden) else {}
        write_json(golden, {**recorded, **out["tf_on_tf"]}, "\n", indent=1, sort_keys=True)
        for name in set(names) & set(tf_files):
            kept = os.path.join(HERE, "golden", stem, name)
            shutil.rmtree(kept, ignore_errors=True)
            shutil.copytree(os.path.join(work, "tf", name), kept)
    else:
        write_json(os.path.join(work, "tf_out.json"), out)


if __name__ == "__main__":
    main()
