"""tf.image edge cases recorded under TF 2.21 by record_edges.py
(image_edges_golden.json) and checked by test_edges_vs_tf.py, each an expression over `tf`
run as in assert_messages_cases.py: resize_with_pad's float32 padding formula, which images
of a batch the random flips flip (a draw that rounds to 1), adjust_hue's eager check, the
HSV ops' channel check, Abs refusing unsigned types (total_variation of uint8), ssim's
filter-size asserts; AdjustHue's and AdjustSaturation's float32 arithmetic bit for bit (ties
between channels, values outside [0, 1], NaN and inf, deltas of many turns); the greedy
NonMaxSuppression ops' selections and eager errors; where ExtractGlimpse (V1) and V2 put
their windows, and their eager errors."""

from __future__ import annotations

_IMG = "tf.reshape(tf.range(2 * 7 * 9 * 3, dtype=tf.float32) / 378.0, [2, 7, 9, 3])"
_BATCH = "tf.reshape(tf.range(8 * 2 * 3, dtype=tf.float32), [8, 2, 3, 1])"
# pixels: random ones, ties of two and three channels, negatives, past 1, NaN and inf
_PIX = ("tf.reshape(tf.concat([tf.random.stateless_uniform([40, 3], (4, 5), -0.5, 1.5), "
        "tf.constant([[0.2, 0.2, 0.7], [0.7, 0.2, 0.2], [0.2, 0.7, 0.7], [0.4, 0.4, 0.4], "
        "[0., 0., 0.], [1., 0., 0.], [0., 1., 1.], [-1., -1., -2.], [float('nan'), 0.5, 0.2], "
        "[float('inf'), 0., 1.], [0.3, float('-inf'), 0.2], [2., 1e-30, 0.]])], 0), "
        "[4, 13, 3])")
_BOXES = ("tf.constant([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], "
          "[0, 10.1, 1, 11.1], [0, 100, 1, 101], [1, 1, 0, 0]])")
_SCORES = "tf.constant([0.9, 0.75, 0.6, 0.95, 0.5, 0.3, float('nan')])"
_GI = "tf.reshape(tf.range(2 * 5 * 6 * 2, dtype=tf.float32), [2, 5, 6, 2])"

CASES = [
    f"tf.image.resize_with_pad({_IMG}, 5, 5).numpy()[0, :, :, 0].tolist()",
    f"tf.image.resize_with_pad({_IMG}, 11, 4).numpy()[1, :, :, 2].tolist()",
    f"tf.image.resize_with_pad({_IMG}[0], 3, 8, method='nearest').numpy()[:, :, 1].tolist()",
    f"tf.image.stateless_random_flip_left_right({_BATCH}, seed=(1, 2)).numpy()[:, 0, :, 0]"
    ".tolist()",
    f"tf.image.stateless_random_flip_up_down({_BATCH}, seed=(7, 3)).numpy()[:, :, 0, 0]"
    ".tolist()",
    f"tf.image.stateless_random_flip_left_right({_BATCH}[0], seed=(1, 2)).numpy().tolist()",
    f"(tf.random.set_seed(3), tf.image.random_flip_left_right({_BATCH}, seed=5)"
    ".numpy()[:, 0, :, 0].tolist())[1]",
    f"tf.image.adjust_hue({_IMG}, 1.5)",
    f"tf.image.adjust_hue({_IMG}, -1.01)",
    "tf.image.rgb_to_hsv(tf.zeros([2, 2, 4]))",
    "tf.image.hsv_to_rgb(tf.zeros([2, 2, 2]))",
    "tf.abs(tf.constant([1], tf.uint8))",
    "tf.abs(tf.constant([1], tf.uint64))",
    "tf.abs(tf.constant([-1], tf.int8)).numpy().tolist()",
    "tf.image.total_variation(tf.ones([1, 3, 3, 1], tf.uint8))",
    "tf.image.total_variation(tf.reshape(tf.range(9), [3, 3, 1])).numpy().tolist()",
    f"tf.image.ssim({_IMG}, {_IMG}, 1.0)",
    f"tf.image.ssim({_IMG}, {_IMG}, 1.0, filter_size=9)",
    f"tf.image.ssim({_IMG}, {_IMG}, 1.0, filter_size=7).numpy().tolist()",
    *(f"repr(tf.raw_ops.AdjustHue(images={_PIX}, delta={d}).numpy().tolist())"
      for d in ("0.3", "-0.7", "1.0", "2.5", "-4.2", "1e6", "float('nan')")),
    *(f"repr(tf.raw_ops.AdjustSaturation(images={_PIX}, scale={f}).numpy().tolist())"
      for f in ("0.0", "0.45", "1.0", "2.5", "-1.0")),
    f"repr(tf.image.adjust_hue(tf.cast({_IMG} * 255, tf.uint8), 0.4).numpy().tolist())",
    f"repr(tf.image.adjust_saturation(tf.cast({_IMG}, tf.float64), 1.6).numpy().tolist())",
    f"tf.image.adjust_saturation(tf.cast({_IMG}, tf.float16), 1.6)",
    f"tf.raw_ops.AdjustHue(images={_IMG}, delta=tf.constant(0.1, tf.float64))",
    f"tf.raw_ops.AdjustSaturation(images={_IMG}, scale=[0.1])",
    f"tf.raw_ops.AdjustHue(images={_IMG}[0, 0], delta=0.1)",
    "tf.raw_ops.AdjustSaturation(images=tf.zeros([2, 2, 4]), scale=0.1)",
    f"tf.raw_ops.NonMaxSuppression(boxes={_BOXES}, scores={_SCORES}, max_output_size=7)"
    ".numpy().tolist()",
    f"tf.raw_ops.NonMaxSuppression(boxes={_BOXES}, scores={_SCORES}, max_output_size=7, "
    "iou_threshold=0.0).numpy().tolist()",
    f"tf.raw_ops.NonMaxSuppressionV2(boxes={_BOXES}, scores={_SCORES}, max_output_size=2, "
    "iou_threshold=0.9).numpy().tolist()",
    f"tf.raw_ops.NonMaxSuppressionV2(boxes=tf.cast({_BOXES}, tf.float16), "
    f"scores=tf.cast({_SCORES}, tf.float16), max_output_size=5, "
    "iou_threshold=tf.constant(0.5, tf.float16)).numpy().tolist()",
    f"[t.numpy().tolist() for t in tf.raw_ops.NonMaxSuppressionV4(boxes={_BOXES}, "
    f"scores={_SCORES}, max_output_size=6, iou_threshold=0.5, score_threshold=0.55, "
    "pad_to_max_output_size=True)]",
    f"[t.numpy().tolist() for t in tf.raw_ops.NonMaxSuppressionV4(boxes={_BOXES}, "
    f"scores={_SCORES}, max_output_size=6, iou_threshold=0.5, score_threshold=0.55)]",
    "[t.numpy().tolist() for t in tf.raw_ops.NonMaxSuppressionV4(boxes=tf.zeros([0, 4]), "
    "scores=tf.zeros([0]), max_output_size=3, iou_threshold=0.5, score_threshold=0.0, "
    "pad_to_max_output_size=True)]",
    f"tf.raw_ops.NonMaxSuppression(boxes={_BOXES}, scores={_SCORES}, max_output_size=-1)",
    f"tf.raw_ops.NonMaxSuppression(boxes={_BOXES}, scores={_SCORES}, max_output_size=3, "
    "iou_threshold=1.5)",
    f"tf.raw_ops.NonMaxSuppression(boxes=tf.cast({_BOXES}, tf.float16), scores={_SCORES}, "
    "max_output_size=3)",
    f"tf.raw_ops.NonMaxSuppressionV2(boxes={_BOXES}[None], scores={_SCORES}, "
    "max_output_size=3, iou_threshold=0.5)",
    f"tf.raw_ops.NonMaxSuppressionV4(boxes={_BOXES}, scores={_SCORES}[None], "
    "max_output_size=3, iou_threshold=0.5, score_threshold=0.0)",
    f"tf.raw_ops.NonMaxSuppressionV4(boxes={_BOXES}, scores={_SCORES}[:3], "
    "max_output_size=3, iou_threshold=0.5, score_threshold=0.0)",
    *(f"tf.raw_ops.{op}(input={_GI}, size={size}, offsets={offsets}, centered={c}, "
      f"normalized={n}, uniform_noise=False, noise='zero').numpy()[..., 0].tolist()"
      for op in ("ExtractGlimpse", "ExtractGlimpseV2") for c in (True, False)
      for n in (True, False) for size, offsets in (
          ([2, 3], [[0.3, -0.2], [0.9, -0.9]]), ([4, 4], [[-1.5, 1.5], [2.5, -0.5]]),
          ([3, 2], [[1.2, 2.7], [-2.6, float("nan")]]))),
    f"tf.compat.v1.image.extract_glimpse({_GI}, [2, 3], [[0.3, -0.2], [0.9, -0.9]], "
    "centered=False, normalized=False).numpy()[..., 0].tolist()[0][1][1:]",
    f"tf.raw_ops.ExtractGlimpse(input={_GI}, size=[2, 3], offsets=[[0.3, 0.2]])",
    f"tf.raw_ops.ExtractGlimpse(input={_GI}, size=[-1, 3], offsets=[[0.3, 0.2], [0, 0]])",
    f"tf.raw_ops.ExtractGlimpse(input={_GI}, size=[0, 3], offsets=[[0.3, 0.2], [0, 0]]).shape",
    f"tf.raw_ops.ExtractGlimpseV2(input={_GI}, size=[2, 3], offsets=[[0.3, 0.2, 1], [0, 0, 1]])",
    f"tf.raw_ops.ExtractGlimpse(input={_GI}, size=[2, 3], offsets=[0.3, 0.2])",
    f"tf.raw_ops.ExtractGlimpseV2(input={_GI}, size=[2, 3], offsets=[[0.3, 0.2], [0, 0]], "
    "uniform_noise=True, noise='gaussian')",
    f"tf.raw_ops.ExtractGlimpse(input={_GI}, size=[2, 3], offsets=[[0.3, 0.2], [0, 0]], "
    "uniform_noise=False, noise='pink')",
]
