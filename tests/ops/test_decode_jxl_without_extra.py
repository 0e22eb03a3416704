"""tf.io.decode_jxl without the jxl extra (imagecodecs): the op refuses each call with
UnimplementedError naming the extra, and the registry builds no samples for it (they are
files imagecodecs writes), so importing the op registry's samples never fails."""

import sys

import pytest

import eagerflow as tf
from eagerflow._src.ops import image_codecs


def test_without_imagecodecs_decode_jxl_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "imagecodecs", None)  # (import raises ImportError)
    monkeypatch.setattr(image_codecs.importlib.util, "find_spec", lambda name: None)
    assert image_codecs._jxl_samples() == []
    with pytest.raises(tf.errors.UnimplementedError, match=r"pip install 'eagerflow\[jxl\]'"):
        tf.io.decode_jxl(b"\xff\x0a\x00")
