"""CRC-32C (io/crc32c.py), with google-crc32c and with the NumPy fallback, against the
bit-at-a-time definition: standard vectors, concatenation (`extend`), and TF's mask."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eagerflow._src.io import crc32c as C


def bitwise_crc32c(data: bytes, crc: int = 0) -> int:
    """Independent reference: the bit-at-a-time definition of CRC-32C."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


@pytest.fixture(params=["default", "numpy"])
def crc(request, monkeypatch):
    if request.param == "numpy":
        monkeypatch.setattr(C, "_g", None)
    return C


def test_crc32c_rfc3720_vectors(crc):
    # RFC 3720 (iSCSI) B.4 test vectors and the usual check value.
    assert crc.value(b"123456789") == 0xE3069283
    assert crc.value(bytes(32)) == 0x8A9136AA
    assert crc.value(b"\xff" * 32) == 0x62A8AB43
    assert crc.value(bytes(range(32))) == 0x46DD794E
    assert crc.value(bytes(range(31, -1, -1))) == 0x113FDB5C
    assert crc.value(b"") == 0


@pytest.mark.parametrize("numpy_only", [False, True])
@given(data=st.binary(max_size=300), cut=st.integers(0, 300))
def test_crc32c_extend_is_concatenation(numpy_only, data, cut):
    with pytest.MonkeyPatch.context() as mp:
        if numpy_only:
            mp.setattr(C, "_g", None)
        cut = min(cut, len(data))
        want = bitwise_crc32c(data)
        assert C.value(data) == want
        assert C.extend(C.value(data[:cut]), data[cut:]) == want


@pytest.mark.parametrize("n", [4095, 4096, 4097, 10_000, 70_001])
def test_crc32c_numpy_lanes_match_reference(monkeypatch, n):
    monkeypatch.setattr(C, "_g", None)
    data = np.random.default_rng(n).integers(0, 256, n, dtype=np.uint8).tobytes()
    want = bitwise_crc32c(data[:n // 2])
    want = bitwise_crc32c(data[n // 2:], want)
    assert C.extend(0, data) == want
    assert C.extend(want, data) == bitwise_crc32c(data, want)


@given(st.integers(0, 2**32 - 1))
def test_mask_round_trip(v):
    assert C.unmask(C.mask(v)) == v


def test_masked_value_is_tf_masking():
    # TF's mask: rotate right by 15 and add 0xa282ead8 (mod 2**32).
    v = bitwise_crc32c(b"abc")
    assert C.masked_value(b"abc") == ((((v >> 15) | (v << 17)) & 0xFFFFFFFF)
                                      + 0xA282EAD8) & 0xFFFFFFFF
