"""Runs a Keras guide's cells (guide_*.py: CELLS, a list of code strings) in one namespace
and captures what each prints, for golden.py (real TF 2.21 + Keras 3) and the tests
(eagerflow). The cells are the guides of keras-team/keras-io (Apache-2.0) with their data
made small and random (no downloads), plot_model, keras.applications and the saving
cells left out; what they print is compared after `normalize`: weights start random,
so losses, accuracies and timings differ, while the structure (which lines, which
metrics, shapes, parameter counts, summaries) must be the same."""

import contextlib
import importlib
import io
import os
import re
import tempfile
import traceback

# (the functional API and masking guides run whole, unmasked, as tests/guides/guide_keras_*.py)
GUIDES = ["sequential_model", "subclassing", "built_in_training", "custom_training_loop",
          "custom_train_step", "callbacks", "rnns"]


def load(name: str) -> list:
    return importlib.import_module(f"tests.keras.guides.guide_{name}").CELLS


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_TIME = re.compile(r"\b\d+(\.\d+)?(ms|us|s|m)(/step|/sample)?\b")
_FLOAT = re.compile(r"-?\b\d+\.(\d+)?(e[+-]?\d+)?")
_BAR_BEFORE_TEXT = re.compile(r"^\d+/\d+ \u2501+ T T\s*(?!- )(?=\S)")
_BAR = re.compile(r"^\d+/\d+ \u2501+ T T")
_CALLBACK_TEXT = re.compile(r"^Epoch \d+: ")


def normalize(text: str) -> str:
    """Timings and float values masked; progress-bar redraws reduced to their last state."""
    text = _ANSI.sub("", text)
    lines = []
    for line in text.split("\n"):
        line = line.split("\r")[-1]
        while "\b" in line:
            line = line[line.index("\b") + 1:] if line.index("\b") == 0 else \
                re.sub(r"[^\b]\b", "", line, count=1)
        masked = _FLOAT.sub("F", _TIME.sub("T", line))
        if masked != line:  # printed arrays pad their columns to the values' widths
            masked = re.sub(r" +", " ", masked.replace("[ ", "["))
        # a progress bar redrawn or not before a callback prints depends on the time since
        # its last redraw (Keras redraws at most every 0.05 s)
        masked = _BAR_BEFORE_TEXT.sub("", masked)
        if _CALLBACK_TEXT.match(masked) and lines and _BAR.match(lines[-1]):
            lines.pop()  # (likewise the bar's state when a callback prints on its own line)
        lines.append(masked.rstrip())
    return "\n".join(lines)


def run(cells: list, namespace: dict) -> list:
    """What each cell prints (an exception ends the cell and is printed as its class and
    message)."""
    os.environ["COLUMNS"] = "80"
    outputs = []
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)  # the files a guide writes (checkpoints) go to a scratch directory
        try:
            for code in cells:
                outputs.append(_run_cell(code, namespace))
        finally:
            os.chdir(cwd)
    return outputs


def _run_cell(code: str, namespace: dict) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            exec(code, namespace)
        except Exception as e:  # noqa: BLE001 - the failure is the output compared
            print(f"{type(e).__name__}: {e}")
            traceback.print_exc(file=out) if os.environ.get("GUIDE_TRACEBACKS") else None
    return out.getvalue()
