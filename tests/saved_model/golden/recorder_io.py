"""What the SavedModel recorders of this folder share (run under TF's interpreter): a
saved_model.pb's structure as a case module's `structure` reads it, and the `--load DIR`
mode, which prints TF's probes of the cases eagerflow saved under DIR/<case>."""

import json
from pathlib import Path
from typing import Any, Callable


def saved_structure(path: Path, structure: Callable[[Any], dict]) -> dict:
    from tensorflow.core.protobuf import saved_model_pb2

    sm = saved_model_pb2.SavedModel()
    sm.ParseFromString((path / "saved_model.pb").read_bytes())
    return structure(sm)


def print_probes_of_loaded(tf: Any, directory: str, cases: Any,
                           probes: Callable[[Any, Any], Any]) -> None:
    d = Path(directory)
    print(json.dumps({name: probes(tf, tf.saved_model.load(str(d / name)))
                      for name in cases}))
