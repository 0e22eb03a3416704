"""Writes tests/ops/jxl_golden.json from TF 2.21 (run with TF's interpreter, which needs
imagecodecs and Pillow to write the files): the files of jxl_cases.py, base64, and what each
call gives, pixels or error."""

import base64
import sys
from pathlib import Path

import imagecodecs
import numpy as np
import tensorflow as tf
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.golden_io import call_outcomes, encode_arrays_cases, write_json  # noqa: E402
from tests.ops.jxl_cases import calls, images, traced_shapes  # noqa: E402

files = images(imagecodecs, Image, np)
write_json(Path(__file__).parent / "jxl_golden.json", {
    "files": {k: base64.b64encode(v).decode() for k, v in files.items()},
    "cases": encode_arrays_cases(call_outcomes(calls(tf, files))),
    "traced": traced_shapes(tf)}, end="\n")
