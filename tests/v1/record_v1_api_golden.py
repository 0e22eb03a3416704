"""Records what TensorFlow 2.21 gives for the programs of v1_api_programs.py, and the
`dir()` of the tf.compat.v1 namespaces of its DIR_SPACES, into golden/v1_api.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_v1_api_golden.py
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
from tests.signatures import _params  # noqa: E402
from tests.v1.v1_api_programs import (  # noqa: E402
    DIR_SPACES,
    PROGRAMS,
    SIGNED,
    notice_lines,
    public_dir,
    resolve,
)


def main() -> None:
    dirs = {space: public_dir(resolve(tf.compat.v1, space)) for space in DIR_SPACES}
    tf2_only = sorted(set(public_dir(tf)) - set(dirs[""]))
    results = {name: program(tf) for name, program in PROGRAMS.items()}
    notices = notice_lines(sys.executable, "tensorflow", ROOT)
    signed = {name: _params(resolve(tf.compat.v1, name)) for name in SIGNED}
    write_json(os.path.join(ROOT, "tests", "v1", "golden", "v1_api.json"),
               {"dir": dirs, "tf2_only": tf2_only, "programs": results, "notices": notices,
                "signatures": signed},
               indent=0,
               sort_keys=True)


if __name__ == "__main__":
    main()
