# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# The algebra of tf.linalg.LinearOperator: what a product, solve, adjoint, inverse or Cholesky
# factor of structured operators is (its class, name and hints), eigenvalues and condition
# numbers by structure, and the errors for hints that rule an operation out.
import numpy as np
import tensorflow as tf

np.set_printoptions(precision=4)
L = tf.linalg


def show(o):  # class, name, hints, entries (an operator's repr is TF's module path)
    print(type(o).__name__, o.name, o.is_non_singular, o.is_self_adjoint, o.is_positive_definite, o.is_square)
    print(np.round(o.to_dense().numpy(), 4) + 0.)  # + 0.: no -0.


def attempt(f):
    try: show(f())
    except Exception as e: print(type(e).__name__, str(e).splitlines()[0])


d = L.LinearOperatorDiag([1., 2.])
dpd = L.LinearOperatorDiag([1., 2.], is_positive_definite=True)
i2 = L.LinearOperatorIdentity(2)
s2 = L.LinearOperatorScaledIdentity(2, 3.)
spd = L.LinearOperatorScaledIdentity(2, 2., is_positive_definite=True)
lt = L.LinearOperatorLowerTriangular([[1., 0.], [2., 3.]], is_non_singular=True)
f = L.LinearOperatorFullMatrix([[2., 1.], [1., 3.]], is_self_adjoint=True, is_positive_definite=True)
bd = L.LinearOperatorBlockDiag([L.LinearOperatorDiag([1.]), L.LinearOperatorFullMatrix([[2.]])])
ops = dict(d=d, dpd=dpd, i2=i2, s2=s2, spd=spd, lt=lt, f=f, bd=bd)
# products and solves keep structure where the classes allow it
for a in ops:
    for b in ops:
        print(f"{a} @ {b}:", end=" "); attempt(lambda: ops[a].matmul(ops[b]))
        print(f"{a} \\ {b}:", end=" "); attempt(lambda: ops[a].solve(ops[b]))
print("adjoint args:", end=" "); attempt(lambda: lt.matmul(d, adjoint=True, adjoint_arg=True))
print("solve adjoint:", end=" "); attempt(lambda: lt.solve(f, adjoint=True))
bd2 = L.LinearOperatorBlockDiag([L.LinearOperatorDiag([3.]), L.LinearOperatorFullMatrix([[4.]])])
attempt(lambda: bd @ bd2)
attempt(lambda: bd.matmul(L.LinearOperatorBlockDiag([L.LinearOperatorDiag([3., 4.])])))
attempt(lambda: d.matmul(L.LinearOperatorIdentity(3)))
attempt(lambda: d.solve(L.LinearOperatorIdentity(3)))
# adjoints, inverses, Cholesky factors, eigenvalues and condition numbers
kr = L.LinearOperatorKronecker([dpd, f])
c = L.LinearOperatorDiag(tf.constant([1 + 2j, 3 - 1j], tf.complex64))
for name, o in dict(ops, kr=kr, c=c).items():
    print(name, "adjoint:", end=" "); attempt(o.adjoint)
    print(name, "inverse:", end=" "); attempt(o.inverse)
    print(name, "cholesky:", end=" "); attempt(o.cholesky)
    for what in ("eigvals", "cond"):
        try: print(name, what, np.round(getattr(o, what)().numpy(), 4))
        except Exception as e: print(name, what, type(e).__name__, e)
print(L.LinearOperatorScaledIdentity(2, 0.).cond().numpy())
# compositions of the form A A^H are self-adjoint (and positive definite when non-singular)
attempt(lambda: L.LinearOperatorComposition([lt, lt.adjoint()]))
attempt(lambda: L.LinearOperatorComposition([lt, lt.adjoint()]).cholesky())
attempt(lambda: L.LinearOperatorComposition([f, f]).cholesky())
neg = L.LinearOperatorLowerTriangular([[-1., 0.], [2., 3.]], is_non_singular=True)
attempt(lambda: L.LinearOperatorComposition([neg, neg.H]).cholesky())
attempt(lambda: L.LinearOperatorComposition([d]))
# hints derived at construction, and the contradictions refused
attempt(lambda: L.LinearOperatorKronecker([dpd, f]))
attempt(lambda: L.LinearOperatorBlockDiag([dpd, f]))
attempt(lambda: L.LinearOperatorLowRankUpdate(dpd, [[1.], [2.]]))
attempt(lambda: L.LinearOperatorLowRankUpdate(d, [[1.], [2.]], diag_update=[2.], is_diag_update_positive=True))
attempt(lambda: L.LinearOperatorLowRankUpdate(d, [[1.], [2.]], v=[[1.], [0.]]))
attempt(lambda: L.LinearOperatorBlockDiag([L.LinearOperatorFullMatrix(tf.ones([2, 3])), d]))
print(L.LinearOperatorBlockDiag([L.LinearOperatorFullMatrix(tf.ones([2, 3])), d]).matvec(tf.ones([5])).numpy())
for bad in (lambda: L.LinearOperatorKronecker([dpd, f], is_positive_definite=False),
            lambda: L.LinearOperatorKronecker([]),
            lambda: L.LinearOperatorKronecker([d, L.LinearOperatorDiag(tf.ones([2], tf.float64))]),
            lambda: L.LinearOperatorBlockDiag([dpd, f], is_non_singular=False),
            lambda: L.LinearOperatorBlockDiag([d, L.LinearOperatorDiag(tf.ones([2], tf.float64))]),
            lambda: L.LinearOperatorComposition([]),
            lambda: L.LinearOperatorComposition([lt, lt.H], is_self_adjoint=False),
            lambda: L.LinearOperatorComposition([f, f], is_positive_definite=False),
            lambda: L.LinearOperatorComposition([i2, i2], is_non_singular=False),
            lambda: L.LinearOperatorLowRankUpdate(d, [[1.], [2.]], is_self_adjoint=False),
            lambda: L.LinearOperatorLowRankUpdate(d, [[1.], [2.]], is_diag_update_positive=False),
            lambda: L.LinearOperatorLowRankUpdate(dpd, [[1.], [2.]], is_non_singular=False),
            lambda: L.LinearOperatorIdentity(2, is_self_adjoint=False),
            lambda: L.LinearOperatorIdentity(2, is_positive_definite=False),
            lambda: L.LinearOperatorIdentity(-1),
            lambda: L.LinearOperatorIdentity([2]),
            lambda: L.LinearOperatorScaledIdentity(2, 1., is_square=False),
            lambda: L.LinearOperatorScaledIdentity(2, 1., is_self_adjoint=False),
            lambda: L.LinearOperatorDiag(1.),
            lambda: L.LinearOperatorDiag([1.], is_self_adjoint=False),
            lambda: L.LinearOperatorDiag([1.], is_square=False),
            lambda: L.LinearOperatorLowerTriangular([1., 2.]),
            lambda: L.LinearOperatorLowerTriangular([[1.]], is_square=False),
            lambda: L.LinearOperatorFullMatrix([1., 2.]),
            lambda: L.LinearOperatorFullMatrix([[1, 2], [3, 4]]),
            lambda: L.LinearOperatorTridiag([[1.]], diagonals_format="banded"),
            lambda: L.LinearOperatorDiag([1., 0.], is_non_singular=False).inverse(),
            lambda: L.LinearOperatorDiag([1., 0.], is_non_singular=False).solve(tf.ones([2, 1])),
            lambda: L.LinearOperatorFullMatrix(tf.ones([2, 3])).inverse(),
            lambda: L.LinearOperatorFullMatrix(tf.ones([2, 3])).solve(tf.ones([2, 1])),
            lambda: L.LinearOperatorFullMatrix(tf.ones([2, 3])).determinant(),
            lambda: L.LinearOperatorFullMatrix(tf.ones([2, 3])).log_abs_determinant(),
            lambda: d.matmul(tf.ones([2, 1], tf.float64)),
            lambda: d.matmul(tf.ones([3, 1])),
            lambda: d.cholesky(),
            lambda: lt.eigvals()):
    attempt(bad)
# integer operators
show(L.LinearOperatorDiag([1, 2])); show(L.LinearOperatorLowerTriangular([[1, 2], [3, 4]]))
show(L.LinearOperatorScaledIdentity(2, 3)); show(L.LinearOperatorIdentity(2, dtype=tf.int32))
