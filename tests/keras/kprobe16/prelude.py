"""The helpers kprobe16's snippets start with: kprobe14's (`tryp` prints a result's repr
or the error's class and message, `dt` a result's Keras dtype name and shape, `quiet` what
a call prints with its dates masked, `head` an error's first line), `answering`, which
runs a call with `text` as what stdin holds (a save asking before it overwrites reads
it), and `names`, the names of a model's layers and of its input and output tensors."""

from tests.keras.kprobe14.prelude import _TRY as _TRY14

_TRY = _TRY14 + """
import sys
def answering(label, text, fn):
    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        tryp(label, fn)
    finally:
        sys.stdin = saved
    print()
def names(label, m):
    print(label, m.name, [x.name for x in m.layers],
          [t.name for t in m.inputs], [t.name for t in m.outputs])
"""
