"""JPEG XL decoding cases, shared by record_jxl_golden.py (run by TF 2.21's interpreter, with
imagecodecs to write the files) and test_decode_jxl.py (eagerflow, reading the files from the
golden): tf.io.decode_jxl and every other decode op given JPEG XL bytes, decode_jxl given the
other formats, and the errors."""

from typing import Any

OPS = ("decode_jxl", "decode_image", "decode_png", "decode_jpeg", "decode_gif", "decode_bmp",
       "decode_webp")


def images(codecs: Any, pil: Any, np: Any) -> dict:
    """name -> file bytes: JPEG XLs (lossless unless named, an animation, a 16-bit one) and the
    other formats (written by Pillow)."""
    import io

    rng = np.random.default_rng(23)

    def px(*shape: int) -> Any:
        return rng.integers(0, 256, shape).astype(np.uint8)

    rgb, rgba, grey, la = px(5, 7, 3), px(4, 6, 4), px(3, 5), px(3, 5, 2)
    out = {"rgb": codecs.jpegxl_encode(rgb, lossless=True),
           "rgba": codecs.jpegxl_encode(rgba, lossless=True),
           "grey": codecs.jpegxl_encode(grey, lossless=True),
           "grey_alpha": codecs.jpegxl_encode(la, lossless=True, photometric="GRAY"),
           "lossy": codecs.jpegxl_encode(px(16, 16, 3), level=80),
           "animation": codecs.jpegxl_encode(px(3, 4, 4, 3), lossless=True, photometric="RGB"),
           "deep": codecs.jpegxl_encode(rng.integers(0, 65536, (3, 4, 3)).astype(np.uint16),
                                        lossless=True)}
    for fmt in ("PNG", "GIF", "BMP", "WEBP", "JPEG"):
        buf = io.BytesIO()
        pil.fromarray(rgb).save(buf, fmt, **({"lossless": True} if fmt == "WEBP" else {}))
        out[fmt.lower()] = buf.getvalue()
    return out


def calls(tf: Any, files: dict) -> dict:
    """name -> a call of no arguments."""
    out = {}
    jxl = ("rgb", "rgba", "grey", "grey_alpha", "animation")
    for name in jxl:
        for op in OPS:
            for channels in ((0, 1, 3, 4) if op in ("decode_jxl", "decode_image") else (0,)):
                kw = {} if op in ("decode_gif",) else {"channels": channels}
                out[f"{name}/{op}/{channels}"] = (
                    lambda op=op, name=name, kw=kw: getattr(tf.io, op)(files[name], **kw))
    for name in ("lossy", "deep"):  # (libjxl's 8-bit conversion: within one level of TF's)
        out[f"{name}/decode_jxl/0"] = lambda name=name: tf.io.decode_jxl(files[name])
    for name in ("rgb", "animation"):
        out[f"{name}/image_no_expand"] = lambda name=name: tf.io.decode_image(
            files[name], expand_animations=False)
    for dtype in ("uint16", "float32"):
        out[f"rgb/decode_image_{dtype}"] = lambda dtype=dtype: tf.io.decode_image(
            files["rgb"], dtype=getattr(tf, dtype))
    out["rgb/decode_png_uint16"] = lambda: tf.io.decode_png(files["rgb"], dtype=tf.uint16)
    out["rgb/decode_image_channels1_float32"] = lambda: tf.io.decode_image(
        files["rgb"], channels=1, dtype=tf.float32)
    out["rgb/image_of_image"] = lambda: tf.image.decode_jxl(files["rgb"])
    out["rgb/raw"] = lambda: tf.raw_ops.DecodeJxl(contents=files["rgb"], channels=3)
    for other in ("png", "gif", "bmp", "webp", "jpeg"):
        for channels in (0, 4):
            out[f"{other}/decode_jxl/{channels}"] = (
                lambda other=other, channels=channels: tf.io.decode_jxl(files[other],
                                                                        channels=channels))
    rgb = files["rgb"]
    errors = {"empty": b"", "cut_2": rgb[:2], "cut_20": rgb[:20], "cut_end": rgb[:-3],
              "bad_codestream": b"\xff\x0a" + bytes(40),
              "bad_container": b"\x00\x00\x00\x0cJXL \r\n\x87\n" + bytes(40),
              "short_container": b"\x00\x00\x00\x0cJXL", "junk": b"not an image"}
    for name, data in errors.items():
        out[f"error/{name}"] = lambda data=data: tf.io.decode_jxl(data)
        out[f"error/{name}/image"] = lambda data=data: tf.io.decode_image(data)
    out["error/vector"] = lambda: tf.io.decode_jxl([rgb])
    out["error/channels2"] = lambda: tf.io.decode_jxl(rgb, channels=2)
    out["error/dtype"] = lambda: tf.io.decode_jxl(rgb, dtype=tf.uint16)
    out["error/number"] = lambda: tf.io.decode_jxl(1.0)
    out["error/name"] = lambda: tf.io.decode_jxl(rgb, channels=1, name="pic")
    return out


def traced_shapes(tf: Any) -> dict:
    """The static shape a tf.function gives decode_jxl's result, per `channels`."""
    out = {}
    for channels in (0, 1, 3, 4):
        f = tf.function(lambda x, c=channels: tf.io.decode_jxl(x, channels=c))
        spec = f.get_concrete_function(tf.TensorSpec([], tf.string)).structured_outputs
        out[str(channels)] = [spec.shape.as_list(), spec.dtype.name]
    return out
