"""Writes the small image files of tests/ragged/images/ that the golden expressions decode
(checked in, so both TensorFlow and eagerflow read the same bytes). Run once, from the
repository root, with Pillow installed: python tests/ragged/make_images.py"""

import os
import struct
import zlib

import numpy as np
from PIL import Image

OUT = os.path.join(os.path.dirname(__file__), "images")


def png16(px):
    """A 16-bit RGB PNG (Pillow writes 8-bit RGB only)."""
    h, w, _ = px.shape
    rows = b"".join(b"\x00" + px[y].astype(">u2").tobytes() for y in range(h))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.RandomState(0)
    rgb = rng.randint(0, 256, (5, 7, 3)).astype(np.uint8)
    rgba = rng.randint(0, 256, (5, 7, 4)).astype(np.uint8)
    grey = rng.randint(0, 256, (5, 7)).astype(np.uint8)
    smooth = np.clip(np.add.outer(np.arange(24) * 9, np.arange(16) * 13)[..., None]
                     + rng.randint(0, 40, (24, 16, 3)), 0, 255).astype(np.uint8)
    path = lambda name: os.path.join(OUT, name)  # noqa: E731
    Image.fromarray(rgb).save(path("rgb.png"))
    Image.fromarray(rgba).save(path("rgba.png"))
    Image.fromarray(grey).save(path("grey.png"))
    Image.fromarray(np.stack([grey, grey[::-1]], -1), "LA").save(path("la.png"))
    Image.fromarray((rng.randint(0, 65536, (5, 7))).astype(np.uint16)).save(path("grey16.png"))
    with open(path("rgb16.png"), "wb") as f:
        f.write(png16(rng.randint(0, 65536, (4, 5, 3))))
    pal = Image.fromarray(rng.randint(0, 4, (4, 5)).astype(np.uint8), "P")
    pal.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])
    pal.save(path("palette.png"), transparency=1)
    Image.fromarray(smooth).save(path("smooth.jpg"), quality=85)
    Image.fromarray(smooth).save(path("smooth444.jpg"), quality=95, subsampling=0)
    Image.fromarray(smooth[..., 0]).save(path("grey.jpg"), quality=90)
    Image.fromarray(smooth).save(path("progressive.jpg"), quality=80, progressive=True)
    Image.fromarray(rgb).save(path("rgb.bmp"))
    Image.fromarray(rgba).save(path("rgba.bmp"))
    frames = [Image.fromarray(rng.randint(0, 256, (4, 5, 3)).astype(np.uint8)) for _ in range(3)]
    frames[0].save(path("anim.gif"), save_all=True, append_images=frames[1:])
    frames[1].save(path("still.gif"))
    Image.fromarray(rgb).save(path("rgb.webp"), lossless=True)


if __name__ == "__main__":
    main()
