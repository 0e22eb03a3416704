"""examples/demo.py's eager walk-through runs and fits its line."""

import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_eager_walkthrough_fits_the_line(capsys):
    spec = importlib.util.spec_from_file_location("demo", os.path.join(ROOT, "examples",
                                                                       "demo.py"))
    demo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(demo)
    result = demo.eager_walkthrough(steps=150)
    out = capsys.readouterr().out
    assert "InvalidArgumentError" in out and "fitted y =" in out
    assert abs(result["w"] - 3.0) < 0.05 and abs(result["b"] - 2.0) < 0.05
