"""Bad attribute values given to the public functions that are TF's generated op wrappers
themselves (their TF 2.21 `__module__` is `tensorflow.python.ops.gen_*`) and take attrs,
shared by record_gen_wrapper_attrs.py (run by TF 2.21's interpreter) and
test_gen_wrapper_attrs.py (eagerflow, against the recorded golden file).

Each function gets one valid call; each of its attrs is then given, one at a time, every
bad value of its kind's table, the other arguments kept valid. `run` gives what a call
did, as both sides record it: ["OK", its outputs' dtypes and shapes], or [the error's
class name, its message's first line]. The module is imported under either library: the
`tf` and `np` modules are passed in.
"""

from __future__ import annotations

import base64
import json
import math
import os
from typing import Any, Callable

# public function -> the op whose generated wrapper it is (TF's gen_* function name, the
# op's Python name in tf_raw_ops.json)
OPS = {
    "tf.approx_top_k": "ApproxTopK",
    "tf.as_string": "AsString",
    "tf.audio.decode_wav": "DecodeWav",
    "tf.bitcast": "Bitcast",
    "tf.conv": "Conv",
    "tf.conv2d_backprop_filter_v2": "Conv2DBackpropFilterV2",
    "tf.conv2d_backprop_input_v2": "Conv2DBackpropInputV2",
    "tf.debugging.check_numerics": "CheckNumerics",
    "tf.dynamic_partition": "DynamicPartition",
    "tf.extract_volume_patches": "ExtractVolumePatches",
    "tf.image.decode_and_crop_jpeg": "DecodeAndCropJpeg",
    "tf.image.decode_bmp": "DecodeBmp",
    "tf.image.decode_jpeg": "DecodeJpeg",
    "tf.image.decode_jxl": "DecodeJxl",
    "tf.image.decode_png": "DecodePng",
    "tf.image.decode_webp": "DecodeWebP",
    "tf.image.encode_jpeg": "EncodeJpeg",
    "tf.image.extract_jpeg_shape": "ExtractJpegShape",
    "tf.io.decode_and_crop_jpeg": "DecodeAndCropJpeg",
    "tf.io.decode_bmp": "DecodeBmp",
    "tf.io.decode_compressed": "DecodeCompressed",
    "tf.io.decode_jpeg": "DecodeJpeg",
    "tf.io.decode_jxl": "DecodeJxl",
    "tf.io.decode_png": "DecodePng",
    "tf.io.decode_proto": "DecodeProtoV2",
    "tf.io.decode_webp": "DecodeWebP",
    "tf.io.encode_base64": "EncodeBase64",
    "tf.io.encode_jpeg": "EncodeJpeg",
    "tf.io.encode_proto": "EncodeProto",
    "tf.io.extract_jpeg_shape": "ExtractJpegShape",
    "tf.io.parse_tensor": "ParseTensor",
    "tf.irfftnd": "IRFFTND",
    "tf.linalg.inv": "MatrixInverse",
    "tf.linalg.lu": "Lu",
    "tf.linalg.qr": "Qr",
    "tf.linalg.solve": "MatrixSolve",
    "tf.nn.local_response_normalization": "LRN",
    "tf.nn.lrn": "LRN",
    "tf.quantization.fake_quant_with_min_max_args": "FakeQuantWithMinMaxArgs",
    "tf.quantization.fake_quant_with_min_max_args_gradient": "FakeQuantWithMinMaxArgsGradient",
    "tf.quantization.fake_quant_with_min_max_vars": "FakeQuantWithMinMaxVars",
    "tf.quantization.fake_quant_with_min_max_vars_gradient": "FakeQuantWithMinMaxVarsGradient",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel":
        "FakeQuantWithMinMaxVarsPerChannel",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel_gradient":
        "FakeQuantWithMinMaxVarsPerChannelGradient",
    "tf.random_index_shuffle": "RandomIndexShuffle",
    "tf.rfftnd": "RFFTND",
    "tf.scatter_nd": "ScatterNd",
    "tf.strings.as_string": "AsString",
    "tf.strings.lower": "StringLower",
    "tf.strings.to_hash_bucket_fast": "StringToHashBucketFast",
    "tf.strings.to_hash_bucket_strong": "StringToHashBucketStrong",
    "tf.strings.unicode_transcode": "UnicodeTranscode",
    "tf.strings.upper": "StringUpper",
    "tf.tensor_scatter_nd_add": "TensorScatterAdd",
    "tf.tensor_scatter_nd_max": "TensorScatterMax",
    "tf.tensor_scatter_nd_min": "TensorScatterMin",
    "tf.tensor_scatter_nd_sub": "TensorScatterSub",
}

# tf.raw_ops.<Op> is the same generated wrapper (keyword arguments only): each op's raw form
# is probed too, with the valid call of the first public function that is it
RAW = {f"tf.raw_ops.{op}": fn for fn, op in reversed(OPS.items())}

# Tiny 2x2 images (written by Pillow), so each decoder's valid call decodes
_FILES = {
    "png": "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkENGwsbFhqOhZsOXEHQAVr"
           "ATuu6j5zgAAAABJRU5ErkJggg==",
    "bmp": "Qk1GAAAAAAAAADYAAAAoAAAAAgAAAAIAAAABABgAAAAAABAAAADEDgAAxA4AAAAAAAAAAAAAoIx43Mi0AAA"
           "oFABkUDwAAA==",
    "webp": "UklGRigAAABXRUJQVlA4TBsAAAAvAUAAAB9wCp7hOQrP/AfeHcgGKFOFWUT/YwcA",
    "jxl": "/woQUBAUNwIIBAEAeABLGIsVUlwX6mQlfJXtpjwE03neau5xfIfyViuUBA0=",
}
FILES = {k: base64.b64decode(v) for k, v in _FILES.items()}

_HUGE = 2**40  # past int32
_HUGER = 2**70  # past int64

# kind -> (label, the bad value made from the module pair and the attr's valid value);
# a list's element cases replace its first element (or are its one element, for an empty
# valid list)


def _elem(v: Any) -> Callable:
    return lambda tf, np, valid: [v] + list(valid[1:])


BAD: dict[str, list[tuple[str, Callable]]] = {
    "list(int)": [
        ("int", lambda tf, np, valid: 1),
        ("none", lambda tf, np, valid: None),
        ("array", lambda tf, np, valid: np.array(valid or [1], dtype=np.int64)),
        ("tensor", lambda tf, np, valid: tf.constant(valid or [1])),
        ("set", lambda tf, np, valid: {1}),
        ("str", _elem("a")),
        ("inf", _elem(math.inf)),
        ("float", lambda tf, np, valid: [(valid or [1])[0] + 0.5] + list(valid[1:])),
        ("bool", _elem(True)),
        ("huge", _elem(_HUGE)),
        ("huger", _elem(_HUGER)),
        ("tuple", lambda tf, np, valid: tuple(valid)),
    ],
    "string": [
        ("true", lambda tf, np, valid: True),
        ("one", lambda tf, np, valid: 1),
        ("none", lambda tf, np, valid: None),
        ("bytes", lambda tf, np, valid: valid.encode()),
        ("list", lambda tf, np, valid: [valid]),
        ("other", lambda tf, np, valid: "nope"),
    ],
    "int": [
        ("float", lambda tf, np, valid: valid + 0.5),
        ("str", lambda tf, np, valid: "a"),
        ("inf", lambda tf, np, valid: math.inf),
        ("none", lambda tf, np, valid: None),
        ("huge", lambda tf, np, valid: _HUGE),
        ("huger", lambda tf, np, valid: _HUGER),
        ("bool", lambda tf, np, valid: True),
        ("np", lambda tf, np, valid: np.int64(valid)),
    ],
    "bool": [
        ("one", lambda tf, np, valid: 1),
        ("str", lambda tf, np, valid: "a"),
        ("none", lambda tf, np, valid: None),
        ("np", lambda tf, np, valid: np.bool_(valid)),
    ],
    "float": [
        ("str", lambda tf, np, valid: "a"),
        ("none", lambda tf, np, valid: None),
        ("int", lambda tf, np, valid: 1),
        ("np", lambda tf, np, valid: np.float32(valid)),
    ],
    "type": [
        ("str", lambda tf, np, valid: "nope"),
        ("float", lambda tf, np, valid: 3.5),
        ("none", lambda tf, np, valid: None),
        ("name", lambda tf, np, valid: valid.name),
    ],
    "list(string)": [
        ("str", lambda tf, np, valid: "abc"),
        ("none", lambda tf, np, valid: None),
        ("int", _elem(1)),
        ("bytes", lambda tf, np, valid: [v.encode() for v in valid]),
    ],
    "list(type)": [
        ("dtype", lambda tf, np, valid: valid[0]),
        ("none", lambda tf, np, valid: None),
        ("str", _elem("nope")),
    ],
}


# Calls that crash TF 2.21's process (a segmentation fault), not recorded: eagerflow gives
# the answer TF gives every other op's int attr past int64 (OverflowError)
CRASHES = {"tf.random_index_shuffle:rounds:huger", "tf.raw_ops.RandomIndexShuffle:rounds:huger"}


def _signatures() -> dict:
    path = os.path.join(os.path.dirname(__file__), "..", "..", "eagerflow", "_src",
                        "saved_model", "tf_op_signatures.json")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _raw_params() -> dict:
    path = os.path.join(os.path.dirname(__file__), "..", "..", "eagerflow", "_src",
                        "saved_model", "tf_raw_ops.json")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def attrs_of(fn: str, sigs: dict, raw: dict) -> list[tuple[str, str]]:
    """(parameter, attr kind) of each attr the public function `fn` takes as an argument
    (the attrs its inputs' dtypes set are not arguments)."""
    op = OPS[RAW.get(fn, fn)]
    inputs = {a["name"] for a in sigs[op].get("inputArg", [])}
    kinds = {a["name"]: a["type"] for a in sigs[op]["attr"]}
    return [(p, kinds[arg]) for p, arg in raw[op]["params"] if arg not in inputs]


_VALID_CALLS: dict = {}


def valid_calls(tf: Any, np: Any) -> dict[str, dict]:
    """public function -> keyword arguments of one call that runs. Made once for each
    (tf, np): its tensors are immutable, and `run` changes a copy of a call's arguments
    (building them all again cost each case 8 ms)."""
    made = _VALID_CALLS.get((id(tf), id(np)))
    if made is None:
        made = _VALID_CALLS[id(tf), id(np)] = _valid_calls(tf, np)
    return made


def _valid_calls(tf: Any, np: Any) -> dict[str, dict]:
    img = tf.zeros([1, 3, 3, 1])
    jpeg = tf.io.encode_jpeg(tf.zeros([2, 2, 3], tf.uint8))
    wav = tf.audio.encode_wav(tf.zeros([4, 1]), 8000)
    fake = {"inputs": tf.constant([0.5, 1.5])}
    fake_vars = {"inputs": tf.constant([0.5, 1.5]), "min": tf.constant(-6.0),
                 "max": tf.constant(6.0)}
    fake_channel = {"inputs": tf.constant([[0.5, 1.5]]), "min": tf.constant([-6.0, -6.0]),
                    "max": tf.constant([6.0, 6.0])}
    grads = {"gradients": tf.constant([1.0, 1.0])}
    scatter = {"tensor": tf.zeros([4]), "indices": tf.constant([[1]]),
               "updates": tf.constant([2.0])}
    conv2d = {"strides": [1, 1, 1, 1], "padding": "VALID", "use_cudnn_on_gpu": True,
              "explicit_paddings": [], "data_format": "NHWC", "dilations": [1, 1, 1, 1]}
    int64_list = {"message_type": "tensorflow.Int64List", "field_names": ["value"]}
    decode_jpeg = {"contents": jpeg, "channels": 0, "ratio": 1, "fancy_upscaling": True,
                   "try_recover_truncated": False, "acceptable_fraction": 1.0,
                   "dct_method": ""}
    encode_jpeg = {"image": tf.zeros([2, 2, 3], tf.uint8), "format": "", "quality": 95,
                   "progressive": False, "optimize_size": False, "chroma_downsampling": True,
                   "density_unit": "in", "x_density": 300, "y_density": 300,
                   "xmp_metadata": ""}
    lrn = {"input": tf.zeros([1, 2, 2, 3]), "depth_radius": 5, "bias": 1.0, "alpha": 1.0,
           "beta": 0.5}
    as_string = {"input": tf.constant([1.5]), "precision": -1, "scientific": False,
                 "shortest": False, "width": -1, "fill": ""}
    calls = {
        "tf.approx_top_k": {"input": tf.constant([[1.0, 3.0, 2.0]]), "k": 2,
                            "reduction_dimension": -1, "recall_target": 0.95,
                            "is_max_k": True, "reduction_input_size_override": -1,
                            "aggregate_to_topk": True},
        "tf.as_string": as_string,
        "tf.audio.decode_wav": {"contents": wav, "desired_channels": -1,
                                "desired_samples": -1},
        "tf.bitcast": {"input": tf.constant([1.0]), "type": tf.int32},
        "tf.conv": {"input": img, "filter": tf.ones([1, 1, 1, 1]), "strides": [1, 1, 1, 1],
                    "padding": "VALID", "explicit_paddings": [],
                    "data_format": "CHANNELS_LAST", "dilations": [], "batch_dims": 1,
                    "groups": 1},
        "tf.conv2d_backprop_filter_v2": {"input": img, "filter": tf.ones([1, 1, 1, 1]),
                                         "out_backprop": img, **conv2d},
        "tf.conv2d_backprop_input_v2": {"input": img, "filter": tf.ones([1, 1, 1, 1]),
                                        "out_backprop": img, **conv2d},
        "tf.debugging.check_numerics": {"tensor": tf.constant([1.0]), "message": "m"},
        "tf.dynamic_partition": {"data": tf.constant([1, 2]), "partitions": tf.constant([0, 1]),
                                 "num_partitions": 2},
        "tf.extract_volume_patches": {"input": tf.zeros([1, 2, 2, 2, 1]),
                                      "ksizes": [1, 1, 1, 1, 1], "strides": [1, 1, 1, 1, 1],
                                      "padding": "VALID"},
        "tf.image.decode_and_crop_jpeg": {**decode_jpeg, "crop_window": tf.constant([0, 0, 1, 1])},
        "tf.image.decode_bmp": {"contents": FILES["bmp"], "channels": 0},
        "tf.image.decode_jpeg": decode_jpeg,
        "tf.image.decode_jxl": {"contents": FILES["jxl"], "channels": 0, "dtype": tf.uint8},
        "tf.image.decode_png": {"contents": FILES["png"], "channels": 0, "dtype": tf.uint8},
        "tf.image.decode_webp": {"contents": FILES["webp"], "channels": 0, "dtype": tf.uint8},
        "tf.image.encode_jpeg": encode_jpeg,
        "tf.image.extract_jpeg_shape": {"contents": jpeg, "output_type": tf.int32},
        "tf.io.decode_compressed": {"bytes": tf.constant([b"abc"]), "compression_type": ""},
        "tf.io.decode_proto": {"bytes": tf.constant([b""]), **int64_list,
                               "output_types": [tf.int64], "descriptor_source": "local://",
                               "message_format": "binary", "sanitize": False},
        "tf.io.encode_base64": {"input": tf.constant([b"abc"]), "pad": False},
        "tf.io.encode_proto": {"sizes": tf.constant([[1]]),
                               "values": [tf.constant([[3]], tf.int64)], **int64_list,
                               "descriptor_source": "local://"},
        "tf.io.parse_tensor": {"serialized": tf.io.serialize_tensor(tf.constant(1.0)),
                               "out_type": tf.float32},
        "tf.irfftnd": {"input": tf.complex(tf.ones([4]), tf.zeros([4])),
                       "fft_length": tf.constant([4]), "axes": tf.constant([0]),
                       "Treal": tf.float32},
        "tf.linalg.inv": {"input": tf.eye(2), "adjoint": False},
        "tf.linalg.lu": {"input": tf.eye(2), "output_idx_type": tf.int32},
        "tf.linalg.qr": {"input": tf.eye(2), "full_matrices": False},
        "tf.linalg.solve": {"matrix": tf.eye(2), "rhs": tf.ones([2, 1]), "adjoint": False},
        "tf.nn.local_response_normalization": lrn,
        "tf.nn.lrn": lrn,
        "tf.quantization.fake_quant_with_min_max_args": {
            **fake, "min": -6.0, "max": 6.0, "num_bits": 8, "narrow_range": False},
        "tf.quantization.fake_quant_with_min_max_args_gradient": {
            **grads, **fake, "min": -6.0, "max": 6.0, "num_bits": 8, "narrow_range": False},
        "tf.quantization.fake_quant_with_min_max_vars": {
            **fake_vars, "num_bits": 8, "narrow_range": False},
        "tf.quantization.fake_quant_with_min_max_vars_gradient": {
            **grads, **fake_vars, "num_bits": 8, "narrow_range": False},
        "tf.quantization.fake_quant_with_min_max_vars_per_channel": {
            **fake_channel, "num_bits": 8, "narrow_range": False},
        "tf.quantization.fake_quant_with_min_max_vars_per_channel_gradient": {
            "gradients": tf.constant([[1.0, 1.0]]), **fake_channel, "num_bits": 8,
            "narrow_range": False},
        "tf.random_index_shuffle": {"index": tf.constant(1, tf.int64),
                                    "seed": tf.constant([1, 2, 3], tf.int64),
                                    "max_index": tf.constant(9, tf.int64), "rounds": 4},
        "tf.rfftnd": {"input": tf.ones([4]), "fft_length": tf.constant([4]),
                      "axes": tf.constant([0]), "Tcomplex": tf.complex64},
        "tf.scatter_nd": {"indices": tf.constant([[1]]), "updates": tf.constant([2.0]),
                          "shape": tf.constant([4]), "bad_indices_policy": ""},
        "tf.strings.as_string": as_string,
        "tf.strings.lower": {"input": tf.constant(["Ab"]), "encoding": ""},
        "tf.strings.to_hash_bucket_fast": {"input": tf.constant(["a"]), "num_buckets": 10},
        "tf.strings.to_hash_bucket_strong": {"input": tf.constant(["a"]), "num_buckets": 10,
                                             "key": [1, 2]},
        "tf.strings.unicode_transcode": {"input": tf.constant(["a"]), "input_encoding": "UTF-8",
                                         "output_encoding": "UTF-16-BE", "errors": "replace",
                                         "replacement_char": 65533,
                                         "replace_control_characters": False},
        "tf.strings.upper": {"input": tf.constant(["Ab"]), "encoding": ""},
        "tf.tensor_scatter_nd_add": {**scatter, "bad_indices_policy": ""},
        "tf.tensor_scatter_nd_max": {**scatter, "bad_indices_policy": ""},
        "tf.tensor_scatter_nd_min": {**scatter, "bad_indices_policy": ""},
        "tf.tensor_scatter_nd_sub": {**scatter, "bad_indices_policy": ""},
    }
    for name in ("decode_and_crop_jpeg", "decode_bmp", "decode_jpeg", "decode_jxl",
                 "decode_png", "decode_webp", "encode_jpeg", "extract_jpeg_shape"):
        calls[f"tf.io.{name}"] = calls[f"tf.image.{name}"]
    return calls


def function(tf: Any, fn: str) -> Callable:
    out = tf
    for part in fn.split(".")[1:]:
        out = getattr(out, part)
    return out


def cases() -> list[tuple[str, str, str, str]]:
    """(function, parameter, attr kind, bad value's label) of every probed call, and
    (function, "", "", "valid") for each valid call: the public functions', then the raw
    ops'."""
    sigs, raw = _signatures(), _raw_params()
    out = []
    for fn in (*OPS, *RAW):
        out.append((fn, "", "", "valid"))
        for param, kind in attrs_of(fn, sigs, raw):
            out += [(fn, param, kind, label) for label, _ in BAD[kind]]
    return out


def summary(result: Any) -> Any:
    """A result's outputs' dtypes and shapes."""
    if isinstance(result, (list, tuple)):
        return [summary(r) for r in result]
    if result is None:
        return None
    return [result.dtype.name, list(result.shape)]


def run(tf: Any, np: Any, case: tuple[str, str, str, str]) -> list:
    """What the call of `case` did: ["OK", its outputs' summary], or [the error's class name,
    its message's first line]."""
    fn, param, kind, label = case
    kwargs = dict(valid_calls(tf, np)[RAW.get(fn, fn)])
    if param:
        make = dict(BAD[kind])[label]
        kwargs[param] = make(tf, np, kwargs[param])
    try:
        out = function(tf, fn)(**kwargs)
    except Exception as e:  # noqa: BLE001 (the error is what is recorded)
        lines = str(e).splitlines()
        return [type(e).__name__, lines[0] if lines else ""]
    return ["OK", summary(out)]


def key(case: tuple[str, str, str, str]) -> str:
    fn, param, _, label = case
    return f"{fn}:{param}:{label}" if param else f"{fn}:valid"
