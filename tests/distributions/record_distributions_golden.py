"""Records distributions_cases.py run by TensorFlow 2.21 into golden/distributions.json.

Run: .venv-peers/bin/python tests/distributions/record_distributions_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.distributions.distributions_cases import cases, run_case  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import program_json, program_notices  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

if __name__ == "__main__":
    out = {name: run_case(fn) for name, fn in cases(tf).items()}
    write_json(os.path.join(HERE, "golden", "distributions.json"), out, indent=0,
               sort_keys=True, end="\n")
    print(len(out), "cases")
    result, log = program_json(sys.executable, os.path.join(HERE, "notices_program.py"), "tf",
                               cwd=ROOT)
    write_json(os.path.join(HERE, "golden", "notices.json"),
               {"result": result, "notices": program_notices(log, "notices_program.py")},
               indent=1, end="\n")
