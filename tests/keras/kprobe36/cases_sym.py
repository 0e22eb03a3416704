"""kprobe36's snippets on keras.ops' einsum, cross, tensordot and vectorized_map: their
output specs given KerasTensors (unknown dimensions, broadcasting, ellipses, mixed
dtypes, the errors of mismatched shapes), the same calls eagerly with their values, and
inside functional models (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.cases_more import _SYM
from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_T = _TRY + _SYM

SNIPPETS["sym_einsum_forms"] = _T + """
spec("batch", lambda: O.einsum("bij,bjk->bik", kt("float32", (None, 2, 3)), kt("float32", (None, 3, 4))))
spec("ellipsis", lambda: O.einsum("...ij,jk->...ik", kt("float32", (5, None, 2, 3)), kt("float32", (3, 4))))
spec("ellipsis_bcast", lambda: O.einsum("...ij,...jk->...ik", kt("float32", (1, 2, 3)), kt("float32", (6, 3, 4))))
spec("trace", lambda: O.einsum("ii->", kt("float32", (3, 3))))
spec("diag", lambda: O.einsum("ii->i", kt("float32", (3, 3))))
spec("outer", lambda: O.einsum("i,j->ij", kt("float32", (3,)), kt("float32", (None,))))
spec("implicit", lambda: O.einsum("ij,jk", kt("float32", (2, 3)), kt("float32", (3, 5))))
spec("implicit_sorted", lambda: O.einsum("ba", kt("float32", (2, 3))))
spec("sum_all", lambda: O.einsum("ij->", kt("float32", (None, 3))))
spec("transpose", lambda: O.einsum("ijk->kji", kt("float32", (2, None, 4))))
spec("three", lambda: O.einsum("ij,jk,kl->il", kt("float32", (2, 3)), kt("float32", (3, 4)), kt("float32", (4, 5))))
spec("int8", lambda: O.einsum("ij,jk->ik", kt("int8", (2, 3)), kt("int8", (3, 4))))
spec("uint8_int8", lambda: O.einsum("i,i->", kt("uint8", (3,)), kt("int8", (3,))))
spec("f16_i32", lambda: O.einsum("i,i->i", kt("float16", (3,)), kt("int32", (3,))))
spec("bool", lambda: O.einsum("i,i->i", kt("bool", (3,)), kt("bool", (3,))))
spec("bf16_f64", lambda: O.einsum("i,j->ij", kt("bfloat16", (3,)), kt("float64", (2,))))
spec("mismatch", lambda: O.einsum("ij,jk->ik", kt("float32", (2, 3)), kt("float32", (4, 5))))
spec("bad_subscripts", lambda: O.einsum("ij->ik", kt("float32", (2, 3))))
"""

SNIPPETS["sym_cross_axes_and_dtypes"] = _T + """
spec("batch", lambda: O.cross(kt("float32", (None, 3)), kt("float32", (None, 3))))
spec("two", lambda: O.cross(kt("float32", (4, 2)), kt("float32", (4, 2))))
spec("two_three", lambda: O.cross(kt("float32", (4, 2)), kt("float32", (4, 3))))
spec("bcast", lambda: O.cross(kt("float32", (5, 3)), kt("float32", (3,))))
spec("axisa", lambda: O.cross(kt("float32", (3, 4)), kt("float32", (4, 3)), axisa=0))
spec("axisc", lambda: O.cross(kt("float32", (4, 3)), kt("float32", (4, 3)), axisc=0))
spec("axis", lambda: O.cross(kt("float32", (3, 5)), kt("float32", (3, 5)), axis=0))
spec("int32", lambda: O.cross(kt("int32", (3,)), kt("int32", (3,))))
spec("i8_f16", lambda: O.cross(kt("int8", (3,)), kt("float16", (3,))))
spec("bool", lambda: O.cross(kt("bool", (3,)), kt("bool", (3,))))
spec("dim4", lambda: O.cross(kt("float32", (2, 4)), kt("float32", (2, 4))))
spec("none_last", lambda: O.cross(kt("float32", (2, None)), kt("float32", (2, 3))))
"""

SNIPPETS["sym_tensordot_axes_forms"] = _T + """
a = kt("float32", (2, 3, 4))
spec("axes0", lambda: O.tensordot(a, kt("float32", (5,)), axes=0))
spec("axes1", lambda: O.tensordot(a, kt("float32", (4, 6)), axes=1))
spec("axes2", lambda: O.tensordot(a, kt("float32", (3, 4, 7)), axes=2))
spec("lists", lambda: O.tensordot(a, kt("float32", (3, 2)), axes=[[0, 1], [1, 0]]))
spec("ints", lambda: O.tensordot(a, kt("float32", (3, 6)), axes=[1, 0]))
spec("neg", lambda: O.tensordot(a, kt("float32", (4, 6)), axes=[[-1], [0]]))
spec("none", lambda: O.tensordot(kt("float32", (None, 3)), kt("float32", (3, None)), axes=1))
spec("none_contracted", lambda: O.tensordot(kt("float32", (2, None)), kt("float32", (None, 5)), axes=1))
spec("int8", lambda: O.tensordot(kt("int8", (2, 3)), kt("int8", (3,)), axes=1))
spec("i32_f16", lambda: O.tensordot(kt("int32", (2, 3)), kt("float16", (3,)), axes=1))
spec("bool", lambda: O.tensordot(kt("bool", (2, 3)), kt("bool", (3,)), axes=1))
spec("mismatch", lambda: O.tensordot(a, kt("float32", (5, 6)), axes=1))
spec("too_many", lambda: O.tensordot(kt("float32", (2,)), kt("float32", (2,)), axes=2))
"""

SNIPPETS["sym_vectorized_map_and_matmul_family"] = _T + """
spec("vmap_sym", lambda: O.vectorized_map(lambda r: O.sum(r), kt("float32", (4, 3))))
spec("matmul_bcast", lambda: O.matmul(kt("float32", (None, 1, 2, 3)), kt("float32", (5, 3, 4))))
spec("matmul_vec", lambda: O.matmul(kt("float32", (3,)), kt("float32", (None, 3, 4))))
spec("matmul_vec2", lambda: O.matmul(kt("float32", (2, 3)), kt("float32", (3,))))
spec("dot", lambda: O.dot(kt("float32", (2, 3, 4)), kt("float32", (5, 4, 6))))
spec("inner", lambda: O.inner(kt("float32", (2, 3)), kt("float32", (5, 3))))
spec("outer", lambda: O.outer(kt("float32", (2, 3)), kt("int32", (4,))))
spec("vdot", lambda: O.vdot(kt("float32", (2, 3)), kt("float32", (3, 2))))
spec("kron", lambda: O.kron(kt("float32", (2, 3)), kt("float32", (4, 5))))
spec("matmul_int8", lambda: O.matmul(kt("int8", (2, 3)), kt("int8", (3, 4))))
spec("matmul_mismatch", lambda: O.matmul(kt("float32", (2, 3)), kt("float32", (4, 5))))
"""

SNIPPETS["einsum_values_eagerly"] = _TRY + """
A = np.arange(6, dtype="float32").reshape(2, 3)
Bm = np.arange(12, dtype="float32").reshape(3, 4) - 5
show("mm", lambda: O.einsum("ij,jk->ik", A, Bm))
show("trace", lambda: O.einsum("ii", np.arange(9.0).reshape(3, 3)))
show("diag", lambda: O.einsum("ii->i", np.arange(9.0).reshape(3, 3)))
show("outer", lambda: O.einsum("i,j", np.array([1, 2], "int32"), np.array([3, 4, 5], "int32")))
show("ellipsis", lambda: O.einsum("...j,j->...", np.ones((2, 2, 3), "float32"), np.array([1.0, 2.0, 3.0], "float32")))
show("int8", lambda: O.einsum("i,i->", np.array([100, 100], "int8"), np.array([2, 1], "int8")))
show("mixed", lambda: O.einsum("i,i->i", np.array([1.5, 2.5], "float16"), np.array([2, 3], "int32")))
show("three", lambda: O.einsum("i,ij,j->", np.array([1.0, 2.0]), np.eye(2), np.array([3.0, 4.0])))
show("bool", lambda: O.einsum("i,i->", np.array([True, False]), np.array([True, True])))
show("mismatch", lambda: O.einsum("ij,jk->ik", A, A))
"""

SNIPPETS["cross_values_eagerly"] = _TRY + """
u = np.array([[1.0, 0.0, 0.0], [0.0, 2.0, 1.0]], "float32")
v = np.array([[0.0, 1.0, 0.0], [1.0, 1.0, 3.0]], "float32")
show("rows", lambda: O.cross(u, v))
show("two", lambda: O.cross(np.array([1.0, 2.0]), np.array([3.0, 4.0])))
show("two_three", lambda: O.cross(np.array([1.0, 2.0], "float32"), np.array([3.0, 4.0, 5.0], "float32")))
show("axis0", lambda: O.cross(u.T, v.T, axis=0))
show("axisc", lambda: O.cross(u, v, axisc=0))
show("int", lambda: O.cross(np.array([1, 2, 3], "int32"), np.array([4, 5, 6], "int32")))
show("int_float", lambda: O.cross(np.array([1, 2, 3], "int8"), np.array([0.5, 0.0, 1.0], "float16")))
show("bcast", lambda: O.cross(u, np.array([0.0, 0.0, 1.0], "float32")))
show("dim4", lambda: O.cross(np.ones((4,)), np.ones((4,))))
"""

SNIPPETS["tensordot_values_eagerly"] = _TRY + """
A = np.arange(24, dtype="float32").reshape(2, 3, 4) / 10
show("axes0", lambda: O.tensordot(np.array([1.0, 2.0]), np.array([3.0, 4.0, 5.0]), axes=0))
show("axes1", lambda: O.tensordot(A, np.ones((4, 2), "float32"), axes=1))
show("axes2", lambda: O.tensordot(A, np.ones((3, 4), "float32"), axes=2))
show("lists", lambda: O.tensordot(A, np.arange(6, dtype="float32").reshape(3, 2), axes=[[0, 1], [1, 0]]))
show("ints", lambda: O.tensordot(A, np.ones((3,), "float32"), axes=[1, 0]))
show("int", lambda: O.tensordot(np.array([[1, 2], [3, 4]], "int32"), np.array([5, 6], "int32"), axes=1))
show("int8", lambda: O.tensordot(np.array([100, 100], "int8"), np.array([1, 1], "int8"), axes=1))
show("mixed", lambda: O.tensordot(np.array([1, 2], "int32"), np.array([0.5, 0.25], "float16"), axes=1))
show("mismatch", lambda: O.tensordot(A, np.ones((5,), "float32"), axes=1))
"""

SNIPPETS["vectorized_map_structures_eagerly"] = _TRY + """
x = np.arange(6, dtype="float32").reshape(3, 2)
show("sq", lambda: O.vectorized_map(lambda r: r * r, x))
show("tuple_in", lambda: O.vectorized_map(lambda t: t[0] + t[1], (x, x * 10)))
show("list_out", lambda: O.vectorized_map(lambda r: [O.sum(r), O.max(r)], x))
d = O.vectorized_map(lambda r: {"s": O.sum(r), "m": O.mean(r)}, x)
print(type(d).__name__, sorted(d), r4(d["s"]), r4(d["m"]))
show("int", lambda: O.vectorized_map(lambda r: r * 2, np.array([[1, 2], [3, 4]], "int32")))
show("matmul", lambda: O.vectorized_map(lambda m: O.matmul(m, m), np.arange(8, dtype="float32").reshape(2, 2, 2)))
show("cast", lambda: O.vectorized_map(lambda r: O.cast(r, "int32"), x + 0.5))
show("scalar_rows", lambda: O.vectorized_map(lambda r: r + 1, np.array([1.0, 2.0, 3.0], "float32")))
show("mismatch", lambda: O.vectorized_map(lambda t: t[0] + t[1], (x, np.ones((4, 2), "float32"))))
"""

SNIPPETS["functional_model_of_einsum_cross_tensordot"] = _TRY + """
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
m3 = keras.Input((3, 4), name="m")
e = O.einsum("bi,bij->bj", a, m3)
c = O.cross(a, b)
t = O.tensordot(a, np.ones((3, 2), "float32"), axes=1)
model = keras.Model([a, b, m3], {"e": e, "c": c, "t": t})
print([(l.name, type(l).__name__) for l in model.layers])
for k in sorted(model.output):
    print(k, tuple(model.output[k].shape), model.output[k].dtype)
out = model([np.array([[1.0, 2.0, 3.0]], "float32"), np.array([[0.0, 1.0, 0.0]], "float32"), np.arange(12, dtype="float32").reshape(1, 3, 4)])
print(r4(out))
lines(lambda: model.summary(line_length=80))
"""

SNIPPETS["functional_vectorized_map_and_einsum_config"] = _TRY + """
x = keras.Input((3,), name="x")
y = O.vectorized_map(lambda r: {"s": O.sum(r), "d": r * 2.0}, x)
print(sorted(y), tuple(y["s"].shape), tuple(y["d"].shape), y["d"].dtype)
m = keras.Model(x, y)
print([type(l).__name__ for l in m.layers], sorted(r4(m(np.array([[1.0, 2.0, 3.0], [0.5, 0.0, -1.0]], "float32"))).items()))
tryp("int_elems", lambda: O.vectorized_map(lambda r: O.cast(r, "float16"), keras.Input((2, 4), dtype="int32")).shape)
tryp("tuple_elems", lambda: O.vectorized_map(lambda t: t[0] * t[1], (keras.Input((3,)), keras.Input((3,)))).shape)
a = keras.Input((2, 3), name="a")
b = keras.Input((3, 4), name="b")
e = keras.Model([a, b], O.einsum("bij,bjk->bik", a, b))
cfg = e.get_config()
print([(l["class_name"], l.get("module"), l["config"].get("subscripts", l["config"].get("name"))) for l in cfg["layers"]])
e2 = keras.Model.from_config(cfg)
print(tuple(e2.output.shape), r4(e2([np.ones((1, 2, 3), "float32"), np.ones((1, 3, 4), "float32")])))
t = keras.Model([a, b], O.tensordot(a, b, axes=[[2], [1]]))
print(tuple(t.output.shape), sorted(t.get_config()["layers"][-1]["config"].items()))
"""
