"""The helpers kprobe40's snippets start with: kprobe39's (`tryp`, `tryq`, `tryz`, `rt`,
`show`, `r4`, `r4s`, `lines`, `bars`, `keys`, the small inputs and the temporary folder
`D`; see tests/keras/kprobe39/prelude.py), and `js`, an object printed as sorted JSON
(a config's or a serialized object's exact contents, one line), and `try1`, `tryq` with
an error's message cut to its first line (a graph error's trace below names files)."""

from tests.keras.kprobe39.prelude import _TRY as _TRY39

_TRY = _TRY39 + """
import json as _json
def js(label, fn):
    try:
        print(label, _json.dumps(fn(), sort_keys=True, default=repr))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:300])
def try1(label, fn):
    try:
        print(label, _cut(repr(fn())))
    except Exception as e:
        print(label, type(e).__name__, (_cut(str(e)).splitlines() or [""])[0][:300])
"""
