"""Writes golden/deprecations.txt: what deprecation_program.py prints to stderr under TF
2.21, each notice's "From FILE:LINE" reduced to "From <caller>" (TF names its dispatch
wrapper there for the functions it dispatches, eagerflow the caller's line), TF's C++
start-up lines dropped.

    $EAGERFLOW_TF_PYTHON tests/v1/record_deprecations.py
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.probe.record_retracing import clean as clean_tf  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def clean(stderr: str) -> str:
    return re.sub(r"(?m)^(WARNING:tensorflow:From ).*?:\d+: ", r"\1<caller>: ",
                  clean_tf(stderr))


def main():
    out = run_program(os.path.join(HERE, "deprecation_program.py"), "tf")
    write_text(os.path.join(HERE, "golden", "deprecations.txt"), clean(out.stderr))


if __name__ == "__main__":
    main()
