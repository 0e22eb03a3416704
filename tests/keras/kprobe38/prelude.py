"""The helpers kprobe38's snippets start with: kprobe37's (`tryp`, `tryq`, `show`, `sig`,
`fill`, `r4`, `logs4`, `quiet`, `lines`, `bars`, `unordered`, `sweep`, `arr`,
`dense_model`, the small inputs `F`, `I`, `B`, `P`, `X`, `Y`, `NAN`, `IMG` and the
temporary folder `D`; see tests/keras/kprobe37/prelude.py), `tryz`, `tryq` with any
object address (` at 0x7f...`) cut, as a function's or object's differs from run to run,
and `rt`, a layer's get_config/from_config round trip printed as its sorted keys and
whether the copy's config is the same, then (given an input) the copy's call as `img4`
prints it."""

from tests.keras.kprobe37.prelude import _TRY as _TRY37

_TRY = _TRY37 + """
def tryz(label, fn):
    try:
        print(label, re.sub(r" at 0x[0-9a-f]+", "", _cut(repr(fn()))))
    except Exception as e:
        print(label, type(e).__name__, re.sub(r" at 0x[0-9a-f]+", "", _cut(str(e)))[:300])
def rt(label, make, x=None, training=False):
    try:
        l = make()
        cfg = l.get_config()
        back = type(l).from_config(cfg)
        print(label, sorted(cfg), back.get_config() == cfg)
        if x is not None:
            img4(label + ".call", lambda: back(x, training=training))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:240])
"""
