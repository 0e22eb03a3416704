"""The helpers kprobe32's snippets start with: kprobe31's (`tryp`, `show`, `fill`, `r4`,
`logs4`, `quiet`, `timeless`, `lines`, `keys`, `bars`, the temporary folder `D` the snippet
runs in; see tests/keras/kprobe31/prelude.py), `IMG` a small batch of float images
(2 x 6 x 6 x 3, values 0..255 in a smooth pattern), and `img4`, which prints an image
batch's dtype, shape, sum (to 1 decimal) and a few pixels (to 2): a checksum and a sample
rather than every value."""

from tests.keras.kprobe31.prelude import _TRY as _TRY31

_TRY = _TRY31 + """
IMG = ((np.sin(np.arange(2 * 6 * 6 * 3, dtype="float32") * 0.37) + 1.0) * 127.5).reshape(
    2, 6, 6, 3).astype("float32")
def img4(label, fn):
    try:
        r = fn()
        a = np.asarray(r)
        print(label, keras.backend.standardize_dtype(r.dtype), tuple(a.shape),
              round(float(a.astype("float64").sum()), 1),
              a.reshape(-1)[::max(1, a.size // 6)][:6].astype("float64").round(2).tolist())
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:240])
"""
