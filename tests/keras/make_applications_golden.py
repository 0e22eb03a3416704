"""Records keras.applications facts from real Keras 3 (TF 2.21's) for
test_applications.py: each architecture's name, layer count, parameter counts, output
shape, and each layer's name, class, parameter count and output shape. Cases marked
slow (the largest models) run in test_applications.py only with EAGERFLOW_APPS=all.
Run with the reference environment's Python:

    /work/tfref/bin/python tests/keras/make_applications_golden.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root

import numpy as np  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

NOTOP = {"include_top": False, "input_shape": (64, 64, 3)}
SMALL = {"include_top": False, "input_shape": (32, 32, 3)}
CASES = {  # key -> (architecture, keyword arguments, slow)
    "ResNet50/top": ("ResNet50", {}, False),
    "ResNet101/notop": ("ResNet101", NOTOP, False),
    "ResNet152/notop": ("ResNet152", NOTOP, False),
    "VGG16/notop_avg": ("VGG16", {**NOTOP, "pooling": "avg"}, False),
    "VGG19/notop_max": ("VGG19", {**NOTOP, "pooling": "max"}, False),
    "MobileNetV2/top": ("MobileNetV2", {}, False),
    "MobileNetV2/notop_avg": ("MobileNetV2", {"include_top": False, "pooling": "avg",
                                              "input_shape": (96, 96, 3), "alpha": 0.5},
                              False),
    "DenseNet121/top": ("DenseNet121", {}, False),
    "DenseNet169/notop": ("DenseNet169", NOTOP, False),
    "DenseNet201/notop_avg": ("DenseNet201", {**NOTOP, "pooling": "avg"}, False),
    "ResNet50V2/top": ("ResNet50V2", {}, False),
    "ResNet101V2/notop_avg": ("ResNet101V2", {**NOTOP, "pooling": "avg"}, True),
    "ResNet152V2/notop_max": ("ResNet152V2", {**NOTOP, "pooling": "max"}, True),
    "MobileNet/top": ("MobileNet", {}, False),
    "MobileNet/notop_max": ("MobileNet", {"include_top": False, "pooling": "max",
                                          "input_shape": (128, 128, 3), "alpha": 0.5,
                                          "depth_multiplier": 2}, False),
    "MobileNetV3Small/top": ("MobileNetV3Small", {}, False),
    "MobileNetV3Small/notop_avg": ("MobileNetV3Small", {
        "include_top": False, "pooling": "avg", "alpha": 0.75,
        "include_preprocessing": False}, False),
    "MobileNetV3Large/top": ("MobileNetV3Large", {"input_shape": (224, 224, 3),
                                                  "classes": 10}, False),
    "MobileNetV3Large/minimalistic": ("MobileNetV3Large", {
        "include_top": False, "minimalistic": True, "input_shape": (64, 64, 3)}, False),
    "InceptionV3/top": ("InceptionV3", {}, True),
    "InceptionV3/notop_avg": ("InceptionV3", {"include_top": False, "pooling": "avg",
                                              "input_shape": (75, 75, 3)}, False),
    "Xception/top": ("Xception", {}, True),
    "Xception/notop_max": ("Xception", {"include_top": False, "pooling": "max",
                                        "input_shape": (71, 71, 3)}, False),
    "InceptionResNetV2/notop": ("InceptionResNetV2", {"include_top": False,
                                                      "input_shape": (75, 75, 3)}, False),
    "InceptionResNetV2/top": ("InceptionResNetV2", {}, True),
    "EfficientNetB0/top": ("EfficientNetB0", {}, False),
    **{f"EfficientNetB{i}/notop": (f"EfficientNetB{i}", SMALL, True) for i in range(1, 8)},
    "EfficientNetV2B0/top": ("EfficientNetV2B0", {}, False),
    "EfficientNetV2B0/notop_avg_nopre": ("EfficientNetV2B0", {
        **SMALL, "pooling": "avg", "include_preprocessing": False}, False),
    **{f"EfficientNetV2{v}/notop": (f"EfficientNetV2{v}", SMALL, True)
       for v in ("B1", "B2", "B3", "S", "M", "L")},
    "ConvNeXtTiny/top": ("ConvNeXtTiny", {}, True),
    "ConvNeXtTiny/notop_nopre": ("ConvNeXtTiny", {**SMALL, "pooling": "avg",
                                                  "include_preprocessing": False}, False),
    **{f"ConvNeXt{v}/notop": (f"ConvNeXt{v}", SMALL, True)
       for v in ("Small", "Base", "Large", "XLarge")},
    "NASNetMobile/top": ("NASNetMobile", {}, True),
    "NASNetMobile/notop_avg": ("NASNetMobile", {"include_top": False, "pooling": "avg",
                                                "input_shape": (32, 32, 3)}, False),
    "NASNetLarge/notop": ("NASNetLarge", {"include_top": False, "input_shape": (32, 32, 3)},
                          True),
}


def record(arch: str, kwargs: dict, slow: bool) -> dict:
    m = getattr(keras.applications, arch)(weights=None, **kwargs)
    return {"arch": arch, "kwargs": kwargs, "slow": slow, "name": m.name,
            "layers": len(m.layers), "params": int(m.count_params()),
            "trainable": int(sum(int(np.prod(w.shape)) for w in m.trainable_weights)),
            "output_shape": list(m.output.shape), "names": [la.name for la in m.layers],
            "classes": [type(la).__name__ for la in m.layers],
            "counts": [int(la.count_params()) for la in m.layers],
            "shapes": [list(la.output.shape) for la in m.layers]}


only = sys.argv[1:]  # keys to re-record (default: all)
path = Path(__file__).with_name("applications_golden.json")
out = {}
if only and path.exists():
    import json
    out = json.loads(path.read_text())
for key, (arch, kwargs, slow) in CASES.items():
    if only and key not in only and key.split("/")[0] not in only:
        continue
    try:
        out[key] = record(arch, kwargs, slow)
    except Exception as e:  # noqa: BLE001 - shown, the other cases go on
        print(key, "failed:", e)
    keras.backend.clear_session()
write_json(path, dict(sorted(out.items())), end="\n", separators=(",", ":"))
