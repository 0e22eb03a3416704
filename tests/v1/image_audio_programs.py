"""tf.compat.v1.summary.image and .audio (TF's ImageSummary and AudioSummaryV2 ops), run by
TF 2.21 (recorded by record_image_audio_golden.py) or by eagerflow
(test_v1_image_audio.py): `python image_audio_programs.py tf|eagerflow` prints one JSON
line: each case's Summary (tags, sizes, the PNG/WAV bytes in base64) or error."""

import base64
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

v1 = tf.compat.v1
OUT: dict = {}
rng = np.random.RandomState(3)


def summary(data):
    s = v1.Summary.FromString(data)
    out = []
    for v in s.value:
        if v.HasField("image"):
            i = v.image
            out.append([v.tag, "image", i.height, i.width, i.colorspace,
                        base64.b64encode(i.encoded_image_string).decode()])
        else:
            a = v.audio
            out.append([v.tag, "audio", a.sample_rate, a.num_channels, a.length_frames,
                        a.content_type, base64.b64encode(a.encoded_audio_string).decode()])
    return out


def err(e):
    lines = [ln for ln in str(getattr(e, "message", e)).split("\n")
             if ln.strip() and "Graph execution error" not in ln and "Detected at" not in ln
             and not ln.startswith("  ") and "Node:" not in ln]
    return [type(e).__name__, (lines or [""])[0][:300]]


def graph_case(name, build):
    with tf.Graph().as_default():
        try:
            t = build()
            info = [t.name, str(t.shape), [x.name for x in
                                           v1.get_collection(v1.GraphKeys.SUMMARIES)]]
            with v1.Session() as s:
                OUT[name] = info + [summary(s.run(t))]
        except Exception as e:  # noqa: BLE001 - the error is the result
            OUT[name] = err(e)


def eager_case(name, fn):
    try:
        OUT[name] = summary(fn().numpy())
    except Exception as e:  # noqa: BLE001 - the error is the result
        OUT[name] = err(e)


u8 = rng.randint(0, 256, (4, 3, 2, 3)).astype(np.uint8)
pos = rng.uniform(0, 5, (2, 2, 3, 1)).astype(np.float32)
mixed = rng.uniform(-3, 2, (2, 3, 2, 4)).astype(np.float32)
bad = mixed.copy()
bad[0, 0, 0, 1], bad[1, 2, 1, 0], bad[1, 0, 0, 3] = np.nan, np.inf, -np.inf
zeros = np.zeros((1, 2, 2, 3), np.float32)
tiny = np.full((1, 2, 2, 1), 1e-7, np.float32)

graph_case("uint8", lambda: v1.summary.image("img", u8))
graph_case("uint8_max1", lambda: v1.summary.image("one", u8, max_outputs=1))
graph_case("uint8_max10", lambda: v1.summary.image("ten", u8, max_outputs=10,
                                                   family="fam", collections=["mine"]))
graph_case("float_pos", lambda: v1.summary.image("pos", pos))
graph_case("float_mixed", lambda: v1.summary.image("mixed", mixed))
graph_case("float_bad", lambda: v1.summary.image("bad", bad))
graph_case("zeros", lambda: v1.summary.image("z", zeros))
graph_case("tiny", lambda: v1.summary.image("tiny", tiny))
graph_case("half", lambda: v1.summary.image("h", mixed.astype(np.float16)))
graph_case("double", lambda: v1.summary.image("d", mixed.astype(np.float64)))
graph_case("image_3d", lambda: v1.summary.image("x", u8[0]))
graph_case("image_2ch", lambda: v1.summary.image("x", u8[..., :2]))
graph_case("image_int32", lambda: v1.summary.image("x", u8.astype(np.int32)))
eager_case("eager_image", lambda: v1.summary.image("e", u8))

wave2 = rng.uniform(-1.2, 1.2, (3, 7)).astype(np.float32)
wave3 = rng.uniform(-1, 1, (2, 5, 2)).astype(np.float32)
graph_case("audio_2d", lambda: v1.summary.audio("snd", wave2, 8000))
graph_case("audio_3d", lambda: v1.summary.audio("st", wave3, 44100.7, max_outputs=1))
graph_case("audio_half_rate", lambda: v1.summary.audio("hr", wave3, 22050.5, max_outputs=1))
graph_case("audio_half_rate_odd", lambda: v1.summary.audio("ho", wave3, 22051.5, max_outputs=1))
graph_case("audio_family", lambda: v1.summary.audio("f", wave2, 16000, max_outputs=2,
                                                    family="voice"))
graph_case("audio_1d", lambda: v1.summary.audio("x", wave2[0], 8000))
graph_case("audio_int", lambda: v1.summary.audio("x", wave2.astype(np.int32), 8000))
graph_case("audio_rate_vector", lambda: v1.summary.audio("r", wave2, [8000.0, 1.0]))
graph_case("audio_max_zero", lambda: v1.summary.audio("r", wave2, 8000, max_outputs=0))
graph_case("audio_4d", lambda: v1.summary.audio("r", wave3[..., None], 8000))
graph_case("image_max_zero", lambda: v1.summary.image("r", u8, max_outputs=0))
graph_case("image_empty_batch", lambda: v1.summary.image("e", u8[:0]))
graph_case("image_tensor_int32", lambda: v1.summary.image("e", tf.constant(u8.astype(np.int32))))
graph_case("audio_tensor_int32", lambda: v1.summary.audio("e", tf.constant(wave2 > 0, tf.int32),
                                                          8000))
eager_case("eager_audio", lambda: v1.summary.audio("ea", wave2, 8000))

print(json.dumps(OUT, sort_keys=True))
