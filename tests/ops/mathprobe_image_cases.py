"""mathprobe's groups of tf.image (see mathprobe_cases.py): resizing, crops and boxes,
NMS of every kind, metrics and colours."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np


def _image_resize(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(0)
    u8 = tf.constant(rng.randint(0, 256, (1, 5, 7, 3)).astype(np.uint8))
    f16 = tf.constant(rng.rand(1, 5, 7, 2).astype(np.float16))
    f32 = tf.constant(rng.rand(2, 4, 6, 1).astype(np.float32))
    for m in [
        "bilinear",
        "nearest",
        "bicubic",
        "area",
        "lanczos3",
        "lanczos5",
        "gaussian",
        "mitchellcubic",
    ]:
        for aa in (False, True):
            case(f"u8 {m} {aa}", lambda: tf.image.resize(u8, [3, 9], method=m, antialias=aa))
            case(f"f16 {m} {aa}", lambda: tf.image.resize(f16, [8, 4], method=m, antialias=aa))
            case(
                f"f32 pad {m} {aa}",
                lambda: tf.image.resize(
                    f32, [3, 3], method=m, antialias=aa, preserve_aspect_ratio=True
                ),
            )
    case("3d", lambda: tf.image.resize(f32[0], [2, 2]))
    case("bad rank", lambda: tf.image.resize(f32[0, 0], [2, 2]))
    case("bad size", lambda: tf.image.resize(f32, [2, 2, 2]))
    case("bad method", lambda: tf.image.resize(f32, [2, 2], method="foo"))
    case("neg size", lambda: tf.image.resize(f32, [-1, 2]))
    case("zero size", lambda: tf.image.resize(f32, [0, 2]))
    case("size float", lambda: tf.image.resize(f32, [2.0, 2.0]))
    case("with_pad", lambda: tf.image.resize_with_pad(f32, 5, 3))
    case("with_pad u8", lambda: tf.image.resize_with_pad(u8, 4, 4, method="nearest"))
    case("with_crop_or_pad", lambda: tf.image.resize_with_crop_or_pad(u8, 3, 9))
    case("with_crop_or_pad bad", lambda: tf.image.resize_with_crop_or_pad(u8, 0, 9))


def _image_crops(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(1)
    img = tf.constant(rng.rand(2, 6, 8, 3).astype(np.float32))
    boxes = tf.constant(
        [[0.1, 0.2, 0.8, 0.9], [-0.5, -0.2, 1.3, 1.1], [0.5, 0.5, 0.5, 0.5], [0.9, 0.9, 0.1, 0.1]],
        tf.float32,
    )
    bi = tf.constant([0, 1, 0, 1])
    for m in ("bilinear", "nearest"):
        case(
            f"car {m}",
            lambda: tf.image.crop_and_resize(
                img, boxes, bi, [3, 4], method=m, extrapolation_value=-1.0
            ),
        )
        case(f"car {m} 1x1", lambda: tf.image.crop_and_resize(img, boxes, bi, [1, 1], method=m))
    case(
        "car u8", lambda: tf.image.crop_and_resize(tf.cast(img * 255, tf.uint8), boxes, bi, [2, 2])
    )
    case("car f16", lambda: tf.image.crop_and_resize(tf.cast(img, tf.float16), boxes, bi, [2, 2]))
    case(
        "car bad idx",
        lambda: tf.image.crop_and_resize(img, boxes, tf.constant([0, 2, 0, 1]), [2, 2]),
    )
    case("car bad crop", lambda: tf.image.crop_and_resize(img, boxes, bi, [0, 2]))
    case("car bad boxes", lambda: tf.image.crop_and_resize(img, boxes[:, :3], bi, [2, 2]))
    case("car mismatch", lambda: tf.image.crop_and_resize(img, boxes, bi[:3], [2, 2]))
    x = tf.constant(np.arange(2 * 4 * 5 * 1, dtype=np.float32).reshape(2, 4, 5, 1))
    case("pad ok", lambda: tf.image.pad_to_bounding_box(x, 1, 2, 6, 8))
    case("pad 3d", lambda: tf.image.pad_to_bounding_box(x[0], 0, 0, 4, 5))
    case("pad neg off", lambda: tf.image.pad_to_bounding_box(x, -1, 0, 6, 8))
    case("pad too small", lambda: tf.image.pad_to_bounding_box(x, 0, 0, 3, 8))
    case("pad off too big", lambda: tf.image.pad_to_bounding_box(x, 3, 0, 6, 8))
    case("pad off w", lambda: tf.image.pad_to_bounding_box(x, 0, 4, 6, 8))
    case("pad rank2", lambda: tf.image.pad_to_bounding_box(x[0, :, :, 0], 0, 0, 6, 8))
    case("crop ok", lambda: tf.image.crop_to_bounding_box(x, 1, 1, 2, 3))
    case("crop neg", lambda: tf.image.crop_to_bounding_box(x, -1, 1, 2, 3))
    case("crop zero h", lambda: tf.image.crop_to_bounding_box(x, 1, 1, 0, 3))
    case("crop big", lambda: tf.image.crop_to_bounding_box(x, 3, 1, 2, 3))
    case("crop big w", lambda: tf.image.crop_to_bounding_box(x, 0, 3, 2, 3))
    case("crop rank5", lambda: tf.image.crop_to_bounding_box(x[None], 0, 0, 2, 3))
    case(
        "crop tensor args",
        lambda: tf.image.crop_to_bounding_box(
            x, tf.constant(1), tf.constant(0), tf.constant(2), tf.constant(2)
        ),
    )
    case("central 0.5", lambda: tf.image.central_crop(x, 0.5))
    case("central 1", lambda: tf.image.central_crop(x, 1.0))
    case("central 0", lambda: tf.image.central_crop(x, 0.0))
    case("central 0.3 3d", lambda: tf.image.central_crop(x[0], 0.3))
    case("central bad rank", lambda: tf.image.central_crop(x[0, 0], 0.3))
    case("flip lr 3d", lambda: tf.image.flip_left_right(x[0]))
    case("flip ud", lambda: tf.image.flip_up_down(x))
    case("transpose", lambda: tf.image.transpose(x))
    case("rot90 k=3", lambda: tf.image.rot90(x, 3))
    case("rot90 k=-1", lambda: tf.image.rot90(x[0], -1))
    case("rot90 k tensor", lambda: tf.image.rot90(x[0], tf.constant(2)))
    case("rot90 bad", lambda: tf.image.rot90(x[0, 0], 1))
    case("flip rank2", lambda: tf.image.flip_left_right(x[0, :, :, 0]))


def _padded_basics(tf: Any, case: Callable, boxes: Any, scores: Any) -> None:
    """The padded NMS cases run over each set of boxes."""
    case(
        "nms padded",
        lambda: tf.image.non_max_suppression_padded(
            boxes, scores, 5, 0.5, pad_to_max_output_size=True
        ),
    )
    case("nms padded nopad", lambda: tf.image.non_max_suppression_padded(boxes, scores, 5, 0.5))
    case(
        "nms padded thr",
        lambda: tf.image.non_max_suppression_padded(
            boxes, scores, 6, 0.5, 0.7, pad_to_max_output_size=True
        ),
    )
    case(
        "nms padded batch",
        lambda: tf.image.non_max_suppression_padded(
            tf.stack([boxes, boxes[::-1]]),
            tf.stack([scores, scores[::-1]]),
            4,
            0.5,
            pad_to_max_output_size=True,
        ),
    )
    case(
        "nms padded batch sorted",
        lambda: tf.image.non_max_suppression_padded(
            tf.stack([boxes, boxes[::-1]]),
            tf.stack([scores, scores[::-1]]),
            4,
            0.5,
            pad_to_max_output_size=True,
            sorted_input=False,
            canonicalized_coordinates=True,
            tile_size=2,
        ),
    )


def _image_nms(tf: Any, case: Callable) -> None:
    boxes = tf.constant(
        [
            [0, 0, 1, 1],
            [0, 0.1, 1, 1.1],
            [0, -0.1, 1, 0.9],
            [0, 10, 1, 11],
            [0, 10.1, 1, 11.1],
            [0, 100, 1, 101],
            [1, 1, 0, 0],
        ],
        tf.float32,
    )
    scores = tf.constant([0.9, 0.75, 0.6, 0.95, 0.5, 0.3, 0.9], tf.float32)
    case("nms", lambda: tf.image.non_max_suppression(boxes, scores, 5, 0.5))
    case(
        "nms thr", lambda: tf.image.non_max_suppression(boxes, scores, 5, 0.5, score_threshold=0.6)
    )
    case(
        "nms thr float16",
        lambda: tf.image.non_max_suppression(
            tf.cast(boxes, tf.float16), tf.cast(scores, tf.float16), 5, 0.5, score_threshold=0.6
        ),
    )
    case("nms iou>1", lambda: tf.image.non_max_suppression(boxes, scores, 5, 1.5))
    case("nms iou<0", lambda: tf.image.non_max_suppression(boxes, scores, 5, -0.5))
    case("nms max 0", lambda: tf.image.non_max_suppression(boxes, scores, 0))
    case("nms max neg", lambda: tf.image.non_max_suppression(boxes, scores, -1))
    case("nms bad scores", lambda: tf.image.non_max_suppression(boxes, scores[:3], 3))
    case("nms bad boxes", lambda: tf.image.non_max_suppression(boxes[:, :3], scores, 3))
    case(
        "nms scores",
        lambda: tf.image.non_max_suppression_with_scores(
            boxes, scores, 6, 0.5, 0.0, soft_nms_sigma=0.5
        ),
    )
    case("nms scores hard", lambda: tf.image.non_max_suppression_with_scores(boxes, scores, 6, 0.5))
    case(
        "nms scores thr",
        lambda: tf.image.non_max_suppression_with_scores(
            boxes, scores, 6, 1.0, 0.3, soft_nms_sigma=1.0
        ),
    )
    case(
        "nms soft neg sigma",
        lambda: tf.image.non_max_suppression_with_scores(
            boxes, scores, 6, 0.5, soft_nms_sigma=-1.0
        ),
    )
    _padded_basics(tf, case, boxes, scores)
    ov = tf.constant([[1, 0.7, 0.2], [0.7, 1, 0.8], [0.2, 0.8, 1]], tf.float32)
    case(
        "nms overlaps",
        lambda: tf.image.non_max_suppression_overlaps(
            ov, tf.constant([0.9, 0.8, 0.7]), 3, overlap_threshold=0.75
        ),
    )
    case(
        "nms overlaps thr",
        lambda: tf.image.non_max_suppression_overlaps(
            ov, tf.constant([0.9, 0.8, 0.7]), 3, overlap_threshold=0.5, score_threshold=0.75
        ),
    )
    b4 = tf.constant(np.random.RandomState(3).rand(2, 6, 2, 4).astype(np.float32))
    s4 = tf.constant(np.random.RandomState(4).rand(2, 6, 2).astype(np.float32))
    case("cnms", lambda: tf.image.combined_non_max_suppression(b4, s4, 3, 5, 0.5, 0.1))
    case(
        "cnms nopad clip",
        lambda: tf.image.combined_non_max_suppression(
            b4, s4, 3, 8, 0.5, 0.1, pad_per_class=True, clip_boxes=False
        ),
    )
    case(
        "cnms q1", lambda: tf.image.combined_non_max_suppression(b4[:, :, :1], s4, 4, 10, 0.3, 0.2)
    )
    case(
        "cnms bad q",
        lambda: tf.image.combined_non_max_suppression(b4[:, :, :1, :3], s4, 4, 10, 0.3, 0.2),
    )
    case("cnms bad iou", lambda: tf.image.combined_non_max_suppression(b4, s4, 4, 10, 1.3, 0.2))
    case("cnms max0", lambda: tf.image.combined_non_max_suppression(b4, s4, 0, 10))


def _image_metrics(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(2)
    f = tf.constant(rng.rand(2, 7, 9, 3).astype(np.float32))
    g = tf.constant(np.clip(rng.rand(2, 7, 9, 3) * 0.2 + f.numpy() * 0.8, 0, 1).astype(np.float32))
    u8 = tf.constant((rng.rand(2, 12, 12, 3) * 255).astype(np.uint8))
    u8b = tf.constant(
        np.clip(u8.numpy().astype(int) + rng.randint(-20, 20, u8.shape), 0, 255).astype(np.uint8)
    )
    bx = tf.constant(
        [
            [[0.1, 0.1, 0.5, 0.6], [0.3, -0.2, 1.2, 0.8]],
            [[0.0, 0.0, 1.0, 1.0], [0.5, 0.5, 0.4, 0.4]],
        ],
        tf.float32,
    )
    case(
        "draw", lambda: tf.image.draw_bounding_boxes(f, bx, tf.constant([[1.0, 0, 0], [0, 1.0, 0]]))
    )
    case(
        "draw u8 4ch",
        lambda: tf.image.draw_bounding_boxes(
            tf.concat([u8, u8[..., :1]], -1), bx, tf.constant([[255.0, 0, 0, 255]])
        ),
    )
    case(
        "draw 2ch",
        lambda: tf.image.draw_bounding_boxes(f[..., :2], bx, tf.constant([[0.5, 0.5, 0.5]])),
    )
    case("draw bad", lambda: tf.image.draw_bounding_boxes(f[0], bx, tf.constant([[1.0, 0, 0]])))
    case("sobel", lambda: tf.image.sobel_edges(f))
    case("sobel f64", lambda: tf.image.sobel_edges(tf.cast(f, tf.float64)))
    case("ssim", lambda: tf.image.ssim(f, g, max_val=1.0))
    case(
        "ssim small filter",
        lambda: tf.image.ssim(f, g, 1.0, filter_size=3, filter_sigma=0.8, k1=0.02, k2=0.05),
    )
    case("ssim u8", lambda: tf.image.ssim(u8, u8b, 255))
    case(
        "ssim return_index_map",
        lambda: tf.image.ssim(f, g, 1.0, filter_size=5, return_index_map=True),
    )
    case(
        "ssim f16",
        lambda: tf.image.ssim(tf.cast(f, tf.float16), tf.cast(g, tf.float16), 1.0, filter_size=3),
    )
    case("ssim mismatch", lambda: tf.image.ssim(f, g[:, :6], 1.0))
    case("ssim too small", lambda: tf.image.ssim(f[:, :2, :2], g[:, :2, :2], 1.0))
    case(
        "ssim_ms",
        lambda: tf.image.ssim_multiscale(
            tf.image.resize(f, [48, 48]),
            tf.image.resize(g, [48, 48]),
            1.0,
            power_factors=(0.5, 0.5),
            filter_size=3,
        ),
    )
    case(
        "ssim_ms u8",
        lambda: tf.image.ssim_multiscale(
            tf.image.resize(u8, [48, 48], method="nearest"),
            tf.image.resize(u8b, [48, 48], method="nearest"),
            255,
            filter_size=5,
            power_factors=(0.3, 0.3, 0.4),
        ),
    )
    case("psnr", lambda: tf.image.psnr(f, g, 1.0))
    case("psnr u8", lambda: tf.image.psnr(u8, u8b, 255))
    case("psnr same", lambda: tf.image.psnr(f, f, 1.0))
    case("psnr u8 f", lambda: tf.image.psnr(u8, u8b, 255.0))
    case("psnr bad", lambda: tf.image.psnr(f, g[..., :2], 1.0))
    case("image_gradients", lambda: tf.image.image_gradients(f))
    case("image_gradients int", lambda: tf.image.image_gradients(tf.cast(u8, tf.int32)))
    case("image_gradients bad", lambda: tf.image.image_gradients(f[0]))
    case("tv", lambda: tf.image.total_variation(f))
    case("tv 3d", lambda: tf.image.total_variation(f[0]))
    case("tv u8", lambda: tf.image.total_variation(u8))
    case("tv int", lambda: tf.image.total_variation(tf.cast(u8, tf.int32)))
    case("tv bad", lambda: tf.image.total_variation(f[0, 0]))


def _image_color(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(3)
    u8 = tf.constant((rng.rand(2, 3, 4, 3) * 255).astype(np.uint8))
    f = tf.constant(rng.rand(2, 3, 4, 3).astype(np.float32))
    case("bright u8", lambda: tf.image.adjust_brightness(u8, 0.2))
    case("bright u8 neg", lambda: tf.image.adjust_brightness(u8, -0.3))
    case("contrast u8", lambda: tf.image.adjust_contrast(u8, 1.7))
    case("contrast f16", lambda: tf.image.adjust_contrast(tf.cast(f, tf.float16), 0.5))
    case("gamma u8", lambda: tf.image.adjust_gamma(u8, 0.5, 1.2))
    case("gamma neg", lambda: tf.image.adjust_gamma(f, -1.0))
    case("gamma int32", lambda: tf.image.adjust_gamma(tf.cast(u8, tf.int32), 2.0))
    case("hue u8", lambda: tf.image.adjust_hue(u8, 0.3))
    case("hue bad", lambda: tf.image.adjust_hue(f, 1.5))
    case("sat u8", lambda: tf.image.adjust_saturation(u8, 2.5))
    case("sat f16", lambda: tf.image.adjust_saturation(tf.cast(f, tf.float16), 0.3))
    case("jpeg quality", lambda: tf.image.adjust_jpeg_quality(u8[0], 50))
    case("per_image_std u8", lambda: tf.image.per_image_standardization(u8))
    case("per_image_std const", lambda: tf.image.per_image_standardization(tf.ones([2, 2, 1])))
    case("per_image_std f16", lambda: tf.image.per_image_standardization(tf.cast(f, tf.float16)))
    case("grayscale u8", lambda: tf.image.rgb_to_grayscale(u8))
    case("gray to rgb", lambda: tf.image.grayscale_to_rgb(tf.image.rgb_to_grayscale(u8)))
    case("gray to rgb bad", lambda: tf.image.grayscale_to_rgb(u8))
    case("yuv rt", lambda: tf.image.yuv_to_rgb(tf.image.rgb_to_yuv(f)))
    case("yuv", lambda: tf.image.rgb_to_yuv(f))
    case("yiq rt", lambda: tf.image.yiq_to_rgb(tf.image.rgb_to_yiq(f)))
    case("hsv rt", lambda: tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(f)))
    case("hsv f64", lambda: tf.image.rgb_to_hsv(tf.cast(f, tf.float64)))
    case("hsv u8", lambda: tf.image.rgb_to_hsv(u8))
    case("yuv u8", lambda: tf.image.rgb_to_yuv(u8))
    case("yuv bad ch", lambda: tf.image.rgb_to_yuv(f[..., :2]))
    case("cid u8->f", lambda: tf.image.convert_image_dtype(u8, tf.float32))
    case("cid f->u8 sat", lambda: tf.image.convert_image_dtype(f * 3 - 1, tf.uint8, saturate=True))
    case("cid f->i16", lambda: tf.image.convert_image_dtype(f * 2 - 1, tf.int16, saturate=True))
    case("cid u8->i32", lambda: tf.image.convert_image_dtype(u8, tf.int32))
    case(
        "cid i32->u8",
        lambda: tf.image.convert_image_dtype(
            tf.constant([[-5, 2**31 - 1, 2**24]], tf.int32), tf.uint8
        ),
    )
    case("cid u8->u16", lambda: tf.image.convert_image_dtype(u8, tf.uint16))
    case("cid f->f16", lambda: tf.image.convert_image_dtype(f, tf.float16))
    case(
        "cid f64->i8",
        lambda: tf.image.convert_image_dtype(
            tf.constant([-1.5, -1.0, 0.0, 0.5, 1.0, 2.0], tf.float64), tf.int8, saturate=True
        ),
    )
    case("cid bad", lambda: tf.image.convert_image_dtype(tf.constant(["a"]), tf.float32))
    case("cid to string", lambda: tf.image.convert_image_dtype(f, tf.string))
    case("cid u8->bool", lambda: tf.image.convert_image_dtype(u8, tf.bool))
    seed = (1, 2)
    case("s_bright", lambda: tf.image.stateless_random_brightness(f, 0.3, seed))
    case("s_contrast", lambda: tf.image.stateless_random_contrast(u8, 0.2, 1.8, seed))
    case("s_hue", lambda: tf.image.stateless_random_hue(f, 0.2, seed))
    case("s_sat", lambda: tf.image.stateless_random_saturation(u8, 0.5, 1.5, seed))
    case("s_jpeg", lambda: tf.image.stateless_random_jpeg_quality(u8[0], 20, 80, seed))
    case("s_flip_lr", lambda: tf.image.stateless_random_flip_left_right(f, seed))
    case("s_flip_ud", lambda: tf.image.stateless_random_flip_up_down(f[0], (3, 4)))
    case("s_crop", lambda: tf.image.stateless_random_crop(f, [2, 2, 2, 3], seed))
    case("s_crop bad", lambda: tf.image.stateless_random_crop(f, [2, 5, 2, 3], seed))
    case("s_contrast bad", lambda: tf.image.stateless_random_contrast(f, 1.5, 0.5, seed))
    case("s_hue bad", lambda: tf.image.stateless_random_hue(f, 0.7, seed))
    case("s_sat neg", lambda: tf.image.stateless_random_saturation(f, -0.5, 1.5, seed))
    case(
        "s_sample_dbb",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            [20, 30, 3],
            tf.constant([[[0.1, 0.1, 0.9, 0.9]]]),
            seed,
            min_object_covered=0.3,
            aspect_ratio_range=(0.5, 2.0),
            area_range=(0.1, 0.9),
            max_attempts=50,
        ),
    )
    case(
        "s_sample_dbb noboxes",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            [20, 30, 3], tf.zeros([1, 0, 4]), seed, use_image_if_no_bounding_boxes=True
        ),
    )


def _image_combined_nms(tf: Any, case: Callable) -> None:
    b4 = tf.constant(np.random.RandomState(3).rand(2, 6, 2, 4).astype(np.float32))
    s4 = tf.constant(np.random.RandomState(4).rand(2, 6, 2).astype(np.float32))
    case("rank3", lambda: tf.image.combined_non_max_suppression(b4[:, :, 0], s4, 3, 5))
    case("cols3", lambda: tf.image.combined_non_max_suppression(b4[..., :3], s4, 3, 5))
    case(
        "q3",
        lambda: tf.image.combined_non_max_suppression(tf.concat([b4, b4[:, :, :1]], 2), s4, 3, 5),
    )
    case(
        "q3 cols3",
        lambda: tf.image.combined_non_max_suppression(
            tf.concat([b4, b4[:, :, :1]], 2)[..., :3], s4, 3, 5
        ),
    )
    case("scores n", lambda: tf.image.combined_non_max_suppression(b4, s4[:, :5], 3, 5))
    case("batch", lambda: tf.image.combined_non_max_suppression(b4, s4[:1], 3, 5))
    case("per neg", lambda: tf.image.combined_non_max_suppression(b4, s4, -1, 5))
    case("total 0 iou bad", lambda: tf.image.combined_non_max_suppression(b4, s4, 2, 0, 2.0))
    case("iou bad", lambda: tf.image.combined_non_max_suppression(b4[..., :3], s4, 2, 3, 2.0))
    case(
        "f16",
        lambda: tf.image.combined_non_max_suppression(
            tf.cast(b4, tf.float16), tf.cast(s4, tf.float16), 2, 3
        ),
    )


def _image_nms_padded(tf: Any, case: Callable) -> None:
    boxes = tf.constant(
        [
            [0, 0, 1, 1],
            [0, 0.1, 1, 1.1],
            [0, -0.1, 1, 0.9],
            [0, 10, 1, 11],
            [0, 10.1, 1, 11.1],
            [0, 100, 1, 101],
            [1, 1, 0, 0],
        ],
        tf.float32,
    )
    scores = tf.constant([0.9, 0.75, 0.6, 0.95, 0.5, 0.3, 0.9], tf.float32)
    _padded_basics(tf, case, boxes, scores)
    case(
        "nms padded sorted_input",
        lambda: tf.image.non_max_suppression_padded(boxes, scores, 5, 0.5, sorted_input=True),
    )
    case(
        "nms padded tile3",
        lambda: tf.image.non_max_suppression_padded(boxes, scores, 7, 0.3, tile_size=3),
    )
    case(
        "nms padded iou eq",
        lambda: tf.image.non_max_suppression_padded(
            tf.constant([[0, 0, 1, 1], [0, 0, 1, 2.0]]), tf.constant([0.9, 0.8]), 2, 0.5
        ),
    )
    case(
        "nms padded neg quadrant",
        lambda: tf.image.non_max_suppression_padded(
            tf.constant([[-2, -2, -1, -1], [0, 0, 1, 1.0]]), tf.constant([0.9, 0.8]), 2, 0.5
        ),
    )
    case("nms padded max0", lambda: tf.image.non_max_suppression_padded(boxes, scores, 0, 0.5))
    case(
        "nms padded f16",
        lambda: tf.image.non_max_suppression_padded(
            tf.cast(boxes, tf.float16),
            tf.cast(scores, tf.float16),
            4,
            0.5,
            pad_to_max_output_size=True,
        ),
    )
    case(
        "nms padded 3d batch",
        lambda: tf.image.non_max_suppression_padded(
            tf.reshape(tf.stack([boxes] * 4), [2, 2, 7, 4]),
            tf.reshape(tf.stack([scores] * 4), [2, 2, 7]),
            3,
            0.5,
            pad_to_max_output_size=True,
        ),
    )
    case(
        "nms padded ties", lambda: tf.image.non_max_suppression_padded(boxes, tf.ones([7]), 7, 0.5)
    )
    case(
        "nms padded thr all",
        lambda: tf.image.non_max_suppression_padded(boxes, scores, 7, 0.5, 0.99),
    )
    case(
        "nms padded chain",
        lambda: tf.image.non_max_suppression_padded(
            tf.constant([[0, 0, 1, 1], [0, 0.4, 1, 1.4], [0, 0.8, 1, 1.8], [0, 1.2, 1, 2.2]]),
            tf.constant([0.9, 0.8, 0.7, 0.6]),
            4,
            0.4,
            tile_size=1,
        ),
    )
    case(
        "nms padded chain tile",
        lambda: tf.image.non_max_suppression_padded(
            tf.constant([[0, 0, 1, 1], [0, 0.4, 1, 1.4], [0, 0.8, 1, 1.8], [0, 1.2, 1, 2.2]]),
            tf.constant([0.9, 0.8, 0.7, 0.6]),
            4,
            0.4,
        ),
    )
    rng = np.random.RandomState(5)
    bb = rng.rand(3, 40, 2) * 10
    bb = np.concatenate([bb, bb + rng.rand(3, 40, 2) * 3], -1).astype(np.float32)
    case(
        "nms padded random",
        lambda: tf.image.non_max_suppression_padded(
            tf.constant(bb),
            tf.constant(rng.rand(3, 40).astype(np.float32)),
            15,
            0.3,
            pad_to_max_output_size=True,
            tile_size=8,
        ),
    )
    case(
        "nms padded random thr",
        lambda: tf.image.non_max_suppression_padded(
            tf.constant(bb),
            tf.constant(rng.rand(3, 40).astype(np.float32)),
            25,
            0.2,
            0.3,
            pad_to_max_output_size=True,
            tile_size=16,
        ),
    )


def _image_sampling(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(21)
    img = tf.constant(rng.rand(2, 8, 10, 3).astype(np.float32))
    offs = tf.constant([[0.0, 0.0], [0.5, -0.5]])
    for c in (True, False):
        for n in (True, False):
            for noise in ("uniform", "gaussian", "zero"):
                case(
                    f"glimpse c={c} n={n} {noise}",
                    lambda: (
                        tf.image.extract_glimpse(
                            img, [3, 4], offs, centered=c, normalized=n, noise=noise
                        )
                        if noise == "zero"
                        else tf.image.extract_glimpse(
                            img, [3, 4], offs, centered=c, normalized=n, noise=noise
                        ).shape
                    ),
                )
    case("glimpse big", lambda: tf.image.extract_glimpse(img, [12, 14], offs, noise="zero"))
    case(
        "glimpse outside",
        lambda: tf.image.extract_glimpse(
            img,
            [3, 3],
            tf.constant([[5.0, 5.0], [-3.0, 2.0]]),
            centered=False,
            normalized=False,
            noise="zero",
        ),
    )
    case("glimpse bad noise", lambda: tf.image.extract_glimpse(img, [3, 3], offs, noise="foo"))
    case("glimpse bad offsets", lambda: tf.image.extract_glimpse(img, [3, 3], offs[:1]))
    case(
        "glimpse uniform+noise",
        lambda: tf.image.extract_glimpse(img, [3, 4], offs, noise="uniform").shape,
    )
    case(
        "patches",
        lambda: tf.image.extract_patches(img, [1, 3, 3, 1], [1, 2, 3, 1], [1, 1, 1, 1], "VALID"),
    )
    case(
        "patches same rate",
        lambda: tf.image.extract_patches(img, [1, 2, 2, 1], [1, 3, 3, 1], [1, 2, 2, 1], "SAME"),
    )
    case(
        "patches bad",
        lambda: tf.image.extract_patches(img, [1, 2, 2], [1, 3, 3, 1], [1, 2, 2, 1], "SAME"),
    )
    case(
        "patches int",
        lambda: tf.image.extract_patches(
            tf.cast(img * 10, tf.int32), [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], "VALID"
        ),
    )
    case(
        "sdbb noboxes err",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            [20, 30, 3], tf.zeros([1, 0, 4]), (1, 2)
        ),
    )
    case(
        "sdbb bad shape",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            [20, 30], tf.constant([[[0.1, 0.1, 0.9, 0.9]]]), (1, 2)
        ),
    )
    case(
        "sdbb bad boxes",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            [20, 30, 3], tf.constant([[0.1, 0.1, 0.9, 0.9]]), (1, 2)
        ),
    )
    case(
        "sdbb area",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            [64, 48, 1],
            tf.constant([[[0.2, 0.3, 0.7, 0.9]]]),
            (7, 8),
            min_object_covered=0.0,
            area_range=(0.05, 0.2),
            aspect_ratio_range=(0.3, 3.0),
            max_attempts=200,
        ),
    )
    case(
        "sdbb int64 size",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            tf.constant([20, 30, 3], tf.int64), tf.constant([[[0.1, 0.1, 0.9, 0.9]]]), (1, 2)
        ),
    )
    case(
        "sdbb uint8 size",
        lambda: tf.image.stateless_sample_distorted_bounding_box(
            tf.constant([20, 30, 3], tf.uint8), tf.constant([[[0.1, 0.1, 0.9, 0.9]]]), (1, 2)
        ),
    )
    case(
        "random_flip seeded",
        lambda: (tf.random.set_seed(3), tf.image.random_flip_left_right(img, seed=5))[1],
    )
    case(
        "random_brightness seeded",
        lambda: (tf.random.set_seed(3), tf.image.random_brightness(img, 0.2, seed=5))[1],
    )
    case(
        "random_contrast seeded",
        lambda: (tf.random.set_seed(3), tf.image.random_contrast(img, 0.5, 1.5, seed=5))[1],
    )
    case(
        "random_hue seeded",
        lambda: (tf.random.set_seed(3), tf.image.random_hue(img, 0.1, seed=5))[1],
    )
    case(
        "random_saturation seeded",
        lambda: (tf.random.set_seed(3), tf.image.random_saturation(img, 0.5, 1.5, seed=5))[1],
    )
    case(
        "random_crop seeded",
        lambda: (tf.random.set_seed(3), tf.image.random_crop(img, [1, 4, 4, 3], seed=5))[1],
    )
    case(
        "random_jpeg seeded",
        lambda: (
            tf.random.set_seed(3),
            tf.image.random_jpeg_quality(tf.cast(img[0] * 255, tf.uint8), 30, 90, seed=5),
        )[1],
    )
    case(
        "random_flip_ud seeded",
        lambda: (tf.random.set_seed(4), tf.image.random_flip_up_down(img[0], seed=1))[1],
    )
    case("s_random_crop", lambda: tf.image.stateless_random_crop(img, [2, 5, 5, 2], seed=(3, 9)))
    case(
        "s_random_brightness f16",
        lambda: tf.image.stateless_random_brightness(tf.cast(img, tf.float16), 0.1, (1, 1)),
    )
    case(
        "s_random_contrast f64",
        lambda: tf.image.stateless_random_contrast(tf.cast(img, tf.float64), 0.2, 0.4, (5, 6)),
    )
    case(
        "s_random_saturation u8",
        lambda: tf.image.stateless_random_saturation(
            tf.cast(img * 255, tf.uint8), 0.2, 0.4, (5, 6)
        ),
    )
    case(
        "s_random_hue f16",
        lambda: tf.image.stateless_random_hue(tf.cast(img, tf.float16), 0.3, (5, 6)),
    )
    case(
        "s_random_jpeg bad",
        lambda: tf.image.stateless_random_jpeg_quality(
            tf.cast(img[0] * 255, tf.uint8), 90, 30, (1, 2)
        ),
    )
    case(
        "s_random_jpeg range",
        lambda: tf.image.stateless_random_jpeg_quality(
            tf.cast(img[0] * 255, tf.uint8), -1, 30, (1, 2)
        ),
    )
    case("random_flip bad", lambda: tf.image.random_flip_left_right(img[0, 0]))
    case(
        "rgb_to_hsv edge",
        lambda: tf.image.rgb_to_hsv(
            tf.constant(
                [
                    [0.0, 0.0, 0.0],
                    [1.0, 1.0, 1.0],
                    [1.0, 0.0, 0.0],
                    [0.5, 0.5, 0.0],
                    [0.2, 0.4, 0.4],
                    [0.3, 0.1, 0.9],
                ]
            )
        ),
    )
    case(
        "hsv_to_rgb edge",
        lambda: tf.image.hsv_to_rgb(
            tf.constant(
                [
                    [0.0, 0.0, 0.0],
                    [1.0, 1.0, 1.0],
                    [0.999, 1.0, 1.0],
                    [0.5, 0.5, 0.5],
                    [-0.1, 0.5, 0.5],
                    [1.5, 0.3, 0.7],
                ]
            )
        ),
    )
    case("adjust_hue neg", lambda: tf.image.adjust_hue(img, -0.45))
    case("adjust_hue f64", lambda: tf.image.adjust_hue(tf.cast(img, tf.float64), 0.2))
    case("adjust_saturation big", lambda: tf.image.adjust_saturation(img, 10.0))
    case(
        "adjust_brightness f16", lambda: tf.image.adjust_brightness(tf.cast(img, tf.float16), 0.25)
    )
    case("adjust_contrast 4d batch", lambda: tf.image.adjust_contrast(img, tf.constant(0.3)))
    case("adjust_gamma f16", lambda: tf.image.adjust_gamma(tf.cast(img, tf.float16), 2.0, 0.5))


def _image_misc(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(31)
    rng.randn(2, 64)  # (the draws of the signal group's signal: the same images)
    case(
        "draw cycles",
        lambda: tf.image.draw_bounding_boxes(
            tf.zeros([1, 6, 6, 3]),
            tf.constant([[[0.0, 0.0, 0.5, 0.5], [0.3, 0.3, 1.0, 1.0], [0.1, 0.5, 0.6, 0.9]]]),
            tf.constant([[1.0, 0, 0], [0, 1.0, 0]]),
        ),
    )
    case(
        "draw 1ch",
        lambda: tf.image.draw_bounding_boxes(
            tf.zeros([1, 4, 4, 1]),
            tf.constant([[[0.0, 0.0, 1.0, 1.0]]]),
            tf.constant([[0.7, 0.2, 0.1, 1.0]]),
        ),
    )
    case(
        "draw empty colors",
        lambda: tf.image.draw_bounding_boxes(
            tf.zeros([1, 4, 4, 3]), tf.constant([[[0.0, 0.0, 1.0, 1.0]]]), tf.zeros([0, 4])
        ),
    )
    case(
        "draw bad boxes",
        lambda: tf.image.draw_bounding_boxes(
            tf.zeros([1, 4, 4, 3]), tf.constant([[0.0, 0.0, 1.0, 1.0]]), tf.ones([1, 3])
        ),
    )
    case(
        "draw batch mismatch",
        lambda: tf.image.draw_bounding_boxes(
            tf.zeros([2, 4, 4, 3]), tf.constant([[[0.0, 0.0, 1.0, 1.0]]]), tf.ones([1, 3])
        ),
    )
    case("resize empty", lambda: tf.image.resize(tf.zeros([1, 0, 4, 1]), [2, 2]))
    case("resize to 0", lambda: tf.image.resize(tf.zeros([1, 3, 4, 1]), [0, 2]))
    case("resize tensor size", lambda: tf.image.resize(tf.ones([1, 3, 4, 1]), tf.constant([2, 2])))
    case(
        "resize size int64",
        lambda: tf.image.resize(tf.ones([1, 3, 4, 1]), tf.constant([2, 2], tf.int64)),
    )
    case(
        "resize size float t",
        lambda: tf.image.resize(tf.ones([1, 3, 4, 1]), tf.constant([2.0, 2.0])),
    )
    case("resize bool", lambda: tf.image.resize(tf.ones([1, 3, 4, 1], tf.bool), [2, 2]))
    case(
        "resize int32 nearest",
        lambda: tf.image.resize(tf.reshape(tf.range(12), [1, 3, 4, 1]), [5, 7], method="nearest"),
    )
    case(
        "resize int32 bilinear",
        lambda: tf.image.resize(tf.reshape(tf.range(12), [1, 3, 4, 1]), [5, 7]),
    )
    case(
        "resize f64 area aa",
        lambda: tf.image.resize(
            tf.reshape(tf.range(12.0, dtype=tf.float64), [1, 3, 4, 1]),
            [2, 3],
            method="area",
            antialias=True,
        ),
    )
    case(
        "car int64 idx",
        lambda: tf.image.crop_and_resize(
            tf.ones([1, 4, 4, 1]),
            tf.constant([[0.0, 0.0, 1.0, 1.0]]),
            tf.constant([0], tf.int64),
            [2, 2],
        ),
    )
    case(
        "car f64 boxes",
        lambda: tf.image.crop_and_resize(
            tf.ones([1, 4, 4, 1]),
            tf.constant([[0.0, 0.0, 1.0, 1.0]], tf.float64),
            tf.constant([0]),
            [2, 2],
        ),
    )
    case(
        "cid f64 to u16",
        lambda: tf.image.convert_image_dtype(
            tf.constant([0.0, 0.5, 1.0, 1.2], tf.float64), tf.uint16, saturate=True
        ),
    )
    case(
        "cid i8 to f32",
        lambda: tf.image.convert_image_dtype(tf.constant([-128, 0, 127], tf.int8), tf.float32),
    )
    case(
        "cid u16 to u8",
        lambda: tf.image.convert_image_dtype(
            tf.constant([0, 255, 256, 65535], tf.uint16), tf.uint8
        ),
    )
    case(
        "cid i32 to i16",
        lambda: tf.image.convert_image_dtype(
            tf.constant([-(2**31), 2**31 - 1, 65536], tf.int32), tf.int16
        ),
    )
    case(
        "cid f16 to f64",
        lambda: tf.image.convert_image_dtype(tf.constant([0.1, 0.9], tf.float16), tf.float64),
    )
    case(
        "cid bf16 to u8",
        lambda: tf.image.convert_image_dtype(
            tf.constant([0.1, 0.9, 1.5], tf.bfloat16), tf.uint8, saturate=True
        ),
    )
    case(
        "tv f16",
        lambda: tf.image.total_variation(
            tf.cast(tf.reshape(tf.range(24.0), [2, 3, 4]), tf.float16)
        ),
    )
    case(
        "tv u8 wrap",
        lambda: tf.image.total_variation(tf.constant([[[0], [255]], [[255], [0]]], tf.uint8)),
    )
    case(
        "psnr f16",
        lambda: tf.image.psnr(
            tf.constant(rng.rand(1, 4, 4, 1), tf.float16),
            tf.constant(rng.rand(1, 4, 4, 1), tf.float16),
            1.0,
        ),
    )
    case(
        "psnr f64",
        lambda: tf.image.psnr(
            tf.constant(rng.rand(1, 4, 4, 1)), tf.constant(rng.rand(1, 4, 4, 1)), 1.0
        ),
    )
    case(
        "psnr dtype mismatch",
        lambda: tf.image.psnr(tf.ones([1, 4, 4, 1]), tf.ones([1, 4, 4, 1], tf.float64), 1.0),
    )
    case(
        "per_image_std int",
        lambda: tf.image.per_image_standardization(tf.constant([[[1], [2]], [[3], [4]]])),
    )
    case("sobel 3d", lambda: tf.image.sobel_edges(tf.ones([3, 3, 1])))
    case(
        "image_gradients int8",
        lambda: tf.image.image_gradients(tf.constant([[[[1], [100]], [[-100], [5]]]], tf.int8)),
    )


GROUPS = {
    "image_sampling": _image_sampling,
    "image_resize": _image_resize,
    "image_crops": _image_crops,
    "image_nms": _image_nms,
    "image_metrics": _image_metrics,
    "image_color": _image_color,
    "image_combined_nms": _image_combined_nms,
    "image_nms_padded": _image_nms_padded,
    "image_misc": _image_misc,
}
