"""Writes gen_wrapper_attrs_golden.json: what TF 2.21 does with each bad attr value of
gen_wrapper_attr_cases.py (run with TF's interpreter from the repository root:
/work/tfref/bin/python tests/ops/record_gen_wrapper_attrs.py)."""

import json
import os
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_text  # noqa: E402
from tests.ops import gen_wrapper_attr_cases as K  # noqa: E402

if __name__ == "__main__":
    out = {K.key(c): K.run(tf, np, c) for c in K.cases() if K.key(c) not in K.CRASHES}
    path = os.path.join(os.path.dirname(__file__), "gen_wrapper_attrs_golden.json")
    # (one case a line, so a re-recording's diff shows the cases that changed)
    write_text(path, "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}"
                                         for k, v in out.items()) + "\n}\n")
    print(f"wrote {path}: {len(out)} cases")
