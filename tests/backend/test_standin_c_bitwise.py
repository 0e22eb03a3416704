"""The stand-in's C (backend/strict_cuda.py): integer literals, bitwise operators, shifts,
32x32->64 products and __umulhi, against a C compiler's answers.

Each expression is computed over typed operands by a stand-in ElementwiseKernel and by
the same C compiled with the host's compiler (gcc or cc: LP64, as CUDA's types are on
Linux; `>>` of a negative int arithmetic, as on CUDA), the result converted to unsigned
long long in both: the value, its width and its signedness show in the bits. Skipped
where no C compiler is installed (Philox's kernel tests check the same operators against
the CPU's Philox everywhere: test_philox_kernel_on_device.py)."""

import shutil
import subprocess

import numpy as np
import pytest

from eagerflow._src.backend import strict, strict_cuda

pytestmark = pytest.mark.usefixtures("standin_gpu")

_CC = shutil.which("gcc") or shutil.which("cc")
_C_NAME = {"uint32": "unsigned int", "int32": "int", "uint64": "unsigned long long",
           "int64": "long long"}
_VALUES = {
    "uint32": [0, 1, 7, 0x7FFFFFFF, 0x80000000, 0xD2511F53, 0xFFFFFFFF],
    "int32": [0, 1, -1, -8, 0x7FFFFFFF, -0x80000000, 12345],
    "uint64": [0, 3, 0xFFFFFFFF, 0x100000000, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF],
    "int64": [0, 5, -1, -0x100000001, 0x7FFFFFFFFFFFFFFF, -0x8000000000000000],
}
_EXPRS = [
    "a & b", "a | b", "a ^ b", "~a", "~b", "a << 3", "a >> 3", "a >> 31", "b << 1",
    "(unsigned long long)a * b", "(unsigned int)((unsigned long long)a * b >> 32)",
    "__umulhi(a, b)", "a * 0xD2511F53u", "a + 0xFFFFFFFF", "a + 4294967295", "a + 0x7fffffff",
    "a ^ b & a | b", "a << 2 + 1", "a & 0xFFu ^ b", "(a < b) | 2", "a == b & 1",
    "-a ^ b", "a >> 4 << 4", "0x9E3779B9u + a", "1ull << 63", "~0u >> 1", "a % 7u",
]
_UMULHI = ("static unsigned int __umulhi(unsigned int x, unsigned int y) "
           "{ return (unsigned int)(((unsigned long long)x * y) >> 32); }\n")


def _c_answers(tmp_path, cases):
    """The C compiler's results of `cases` ((ta, tb, statements assigning r) each) over
    all pairs of their values, as lists of ints."""
    lines = ["#include <stdio.h>", _UMULHI, "int main(void) {"]
    for k, (ta, tb, expr) in enumerate(cases):
        va = ", ".join(f"({_C_NAME[ta]}){v}ll" if v < 2**63 else f"({_C_NAME[ta]}){v}ull"
                       for v in _VALUES[ta])
        vb = ", ".join(f"({_C_NAME[tb]}){v}ll" if v < 2**63 else f"({_C_NAME[tb]}){v}ull"
                       for v in _VALUES[tb])
        lines += [f"{{ {_C_NAME[ta]} A[] = {{{va}}}; {_C_NAME[tb]} B[] = {{{vb}}};",
                  f"for (int x = 0; x < {len(_VALUES[ta])}; x++) for (int y = 0; y < "
                  f"{len(_VALUES[tb])}; y++) {{ {_C_NAME[ta]} a = A[x]; {_C_NAME[tb]} b = "
                  f"B[y]; unsigned long long r; {expr} printf(\"%llu\\n\", r); }} }}"]
    lines.append("return 0; }")
    src = tmp_path / "ops.c"
    src.write_text("\n".join(lines))
    exe = tmp_path / "ops"
    subprocess.run([_CC, "-O0", "-w", "-o", str(exe), str(src)], check=True)
    out = [int(v) for v in subprocess.run([str(exe)], check=True, capture_output=True,
                                          text=True).stdout.split()]
    per = [len(_VALUES[ta]) * len(_VALUES[tb]) for ta, tb, _ in cases]
    return [out[sum(per[:k]):sum(per[:k + 1])] for k in range(len(cases))]


def _standin(ta, tb, expr):
    k = strict.xp.ElementwiseKernel(f"{ta} a, {tb} b", "uint64 r", f"r = {expr}", "ops")
    a = strict.xp.asarray(np.array(_VALUES[ta], np.dtype(ta))[:, None])
    b = strict.xp.asarray(np.array(_VALUES[tb], np.dtype(tb))[None, :])
    return [int(v) for v in k(a, b).get().reshape(-1)]


@pytest.mark.skipif(_CC is None, reason="no C compiler")
def test_integer_operators_give_cs_bits(tmp_path):
    pairs = [("uint32", "uint32"), ("int32", "uint32"), ("uint32", "int32"),
             ("int32", "int32"), ("uint64", "uint32"), ("int64", "int32"),
             ("uint32", "int64"), ("uint64", "uint64")]
    cases = [(ta, tb, e) for ta, tb in pairs for e in _EXPRS]
    answers = _c_answers(tmp_path, [(ta, tb, f"r = {e};") for ta, tb, e in cases])
    for (ta, tb, expr), want in zip(cases, answers):
        assert _standin(ta, tb, expr) == want, (ta, tb, expr)


@pytest.mark.skipif(_CC is None, reason="no C compiler")
def test_compound_assignments_give_cs_bits(tmp_path):
    body = ("x <<= 5; x ^= b; x |= 0x10u; x &= ~0x3u; x >>= 2; x += b; x %= 1000003u; "
            "x -= b")
    want = _c_answers(tmp_path, [("uint32", "uint32",
                                  f"{{ unsigned int x = a; {body}; r = x; }}")])[0]
    k = strict.xp.ElementwiseKernel("uint32 a, uint32 b", "uint64 r",
                                    f"unsigned int x = a; {body}; r = x", "ops")
    a = strict.xp.asarray(np.array(_VALUES["uint32"], np.uint32)[:, None])
    b = strict.xp.asarray(np.array(_VALUES["uint32"], np.uint32)[None, :])
    assert [int(v) for v in k(a, b).get().reshape(-1)] == want


def test_a_shift_out_of_its_width_and_bitwise_floats_are_refused():
    a = strict.xp.asarray(np.array([1, 2], np.uint32))
    k = strict.xp.ElementwiseKernel("uint32 a, int32 s", "uint32 r", "r = a << s", "ops")
    assert k(a, 31).get().tolist() == [2**31, 0]
    with pytest.raises(ValueError, match="shift count out of"):
        k(a, 32)
    with pytest.raises(ValueError, match="shift count out of"):
        k(a, -1)
    x = strict.xp.asarray(np.array([1.0], np.float32))
    for expr in ("r = x & 1", "r = ~x", "r = x << 1", "r = __umulhi(x, 2u)"):
        f = strict.xp.ElementwiseKernel("float32 x", "uint32 r", expr, "ops")
        with pytest.raises(strict_cuda.CompileException, match="integral|unsigned int"):
            f(x)


def test_literals_take_cs_types():
    cases = {"0xFFFFFFFF": np.uint32, "4294967295": np.int64, "0x7fffffff": np.int32,
             "7u": np.uint32, "7ull": np.uint64, "0x100000000": np.int64,
             "0xFFFFFFFFFFFFFFFF": np.uint64, "2147483648": np.int64, "3ll": np.int64}
    for tok, dtype in cases.items():
        got = strict_cuda._literal(tok)
        assert got.dtype == dtype and int(got) == int(tok.rstrip("uUlL"), 0), tok
    with pytest.raises(strict_cuda.CompileException, match="too large"):
        strict_cuda._literal("18446744073709551616")
