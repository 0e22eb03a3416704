"""tf.strings.regex_replace keeps a rewrite's invalid UTF-8 bytes as RE2 copies them (they
were U+FFFD's bytes): TF 2.21's results, recorded, for rewrites of lone and stray bytes with
and without group references, on valid and invalid input, the first or every match."""

import pytest

import eagerflow as tf

# (input, pattern, rewrite, replace_global) -> TF 2.21's result
CASES = [
    ([b"a"], "a", b"\xff", True, [b"\xff"]),
    ([b"abca"], "a", b"\xfe\\0", True, [b"\xfeabc\xfea"]),
    ([b"abca"], "(b)", b"[\\1\xff]", False, [b"a[b\xff]ca"]),
    ([b"\xff a"], ".", b"\xc3", True, [b"\xff\xc3\xc3"]),
    ([b"aa"], "", b"\xff", True, [b"\xffa\xffa\xff"]),
    ([b"x\xffy"], "y", b"\x80", True, [b"x\xff\x80"]),
]


@pytest.mark.parametrize("x, pattern, rewrite, replace_global, want", CASES)
def test_rewrite_bytes_kept(x, pattern, rewrite, replace_global, want) -> None:
    got = tf.strings.regex_replace(x, pattern, rewrite, replace_global=replace_global)
    assert got.numpy().tolist() == want
