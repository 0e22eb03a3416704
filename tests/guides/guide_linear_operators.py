# ruff: noqa: E702, E701, E501, E741, UP034  (the cells as written)
# tf.linalg.LinearOperator and its common subclasses, and tf.linalg.banded_triangular_solve,
# as TF's API docs use them.
import numpy as np
import tensorflow as tf

np.set_printoptions(precision=4)


def kind(o):  # the class (its repr is TF's module path)
    return type(o).__name__


A = tf.constant([[4., 1.], [2., 3.]])
op = tf.linalg.LinearOperatorFullMatrix(A)
print(kind(op)); print(op.shape, op.batch_shape, op.domain_dimension, op.range_dimension, op.tensor_rank, op.name, op.dtype)
print(op.is_square, op.is_non_singular, op.is_self_adjoint, op.is_positive_definite)
print(op.to_dense()); print(op.matmul(tf.eye(2))); print(op.matvec(tf.constant([1., 1.])))
print(op.solve(tf.constant([[1.], [2.]]))); print(op.solvevec(tf.constant([1., 2.])))
print(op.determinant(), op.log_abs_determinant(), op.trace(), op.diag_part())
print(op.shape_tensor(), op.batch_shape_tensor(), op.domain_dimension_tensor())
print(kind(op.adjoint())); print(op.adjoint().to_dense())
print(kind(op.inverse())); print(op.inverse().to_dense())
print(op.add_to_tensor(tf.ones((2, 2))))
print((op @ tf.constant([[1.], [0.]])))
print(kind(op.H))
print(op.parameters)
d = tf.linalg.LinearOperatorDiag([1., 2., 3.], is_positive_definite=True)
print(kind(d)); print(d.to_dense()); print(d.matvec([1., 1., 1.]), d.solvevec([1., 1., 1.]), d.determinant(), d.log_abs_determinant(), d.trace())
print(kind(d.cholesky())); print(d.cholesky().to_dense())
print(kind(d.inverse())); print(d.eigvals())
print(d.is_non_singular, d.is_self_adjoint, d.is_square)
L = tf.linalg.LinearOperatorLowerTriangular([[2., 0.], [1., 3.]])
print(kind(L)); print(L.solve([[2.], [7.]]), L.determinant(), L.to_dense())
I = tf.linalg.LinearOperatorIdentity(num_rows=3)
print(kind(I)); print(I.to_dense()); print(I.matvec([1., 2., 3.]), I.determinant(), I.log_abs_determinant(), I.trace())
Ib = tf.linalg.LinearOperatorIdentity(num_rows=2, batch_shape=[2])
print(kind(Ib), Ib.to_dense().shape)
S = tf.linalg.LinearOperatorScaledIdentity(num_rows=2, multiplier=3.)
print(kind(S)); print(S.to_dense(), S.determinant(), S.matvec([1., 2.]), S.inverse().to_dense())
T = tf.linalg.LinearOperatorTridiag([[0., 1., 2.], [3., 4., 5.], [6., 7., 0.]], diagonals_format="sequence")
print(kind(T)); print(T.to_dense()); print(T.matvec([1., 1., 1.]), T.solvevec([1., 1., 1.]))
T2 = tf.linalg.LinearOperatorTridiag(tf.constant([[0., 1., 2.], [3., 4., 5.], [6., 7., 0.]]), diagonals_format="compact")
print(T2.to_dense())
T3 = tf.linalg.LinearOperatorTridiag(tf.constant([[4., 1., 0.], [2., 5., 1.], [0., 3., 6.]]), diagonals_format="matrix")
print(T3.to_dense(), T3.determinant())
B = tf.linalg.LinearOperatorBlockDiag([op, d])
print(kind(B)); print(B.to_dense()); print(B.matvec([1., 1., 1., 1., 1.]), B.determinant(), B.solvevec([1., 1., 1., 1., 1.]))
K = tf.linalg.LinearOperatorKronecker([op, tf.linalg.LinearOperatorFullMatrix([[1., 2.], [3., 4.]])])
print(kind(K)); print(K.to_dense()); print(K.determinant(), K.matvec([1., 0., 0., 1.]), K.solvevec([1., 0., 0., 1.]))
C = tf.linalg.LinearOperatorComposition([op, tf.linalg.LinearOperatorDiag([1., 2.])])
print(kind(C)); print(C.to_dense()); print(C.matvec([1., 1.]), C.determinant(), C.solvevec([1., 1.]))
U = tf.linalg.LinearOperatorLowRankUpdate(tf.linalg.LinearOperatorDiag([1., 2.]), u=[[1.], [1.]], diag_update=[2.], v=None)
print(kind(U)); print(U.to_dense()); print(U.matvec([1., 1.]), U.determinant(), U.solvevec([1., 1.]), U.log_abs_determinant())
U2 = tf.linalg.LinearOperatorLowRankUpdate(tf.linalg.LinearOperatorDiag([1., 2.], is_positive_definite=True, is_self_adjoint=True), u=[[1.], [1.]], is_positive_definite=True, is_self_adjoint=True)
print(kind(U2)); print(U2.to_dense(), U2.solvevec([1., 1.]), U2.determinant())
print(isinstance(op, tf.linalg.LinearOperator), isinstance(op, tf.Module))
print(type(op.matmul(tf.linalg.LinearOperatorFullMatrix([[1., 0.], [0., 1.]]))).__name__)
try: op.matmul(tf.ones((3, 3)))
except Exception as e: print(type(e).__name__, str(e)[:200])  # noqa: E701
try: tf.linalg.LinearOperatorFullMatrix(tf.constant([1, 2]))
except Exception as e: print(type(e).__name__, str(e)[:200])  # noqa: E701
try: tf.linalg.LinearOperatorDiag([1., 2.], is_non_singular=False, is_positive_definite=True)
except Exception as e: print(type(e).__name__, str(e)[:200])  # noqa: E701
print(tf.linalg.banded_triangular_solve(tf.constant([[1., 1., 1.], [2., 3., 4.]]), tf.constant([[1.], [2.], [3.]]), lower=True))
try:
    tf.linalg.banded_triangular_solve(tf.constant([[2., 3., 4.], [1., 1., 0.]]),
                                      tf.constant([[1.], [2.], [3.]]), lower=False, adjoint=True)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e))
print(tf.linalg.banded_triangular_solve(tf.constant([[0., 2., 3.], [1., 1., 1.]]),
                                        tf.constant([[1.], [2.], [3.]]), lower=False))
bands = tf.constant([[[1., 1., 1.], [2., 3., 4.]]])
with tf.GradientTape() as tape:
    tape.watch(bands)
    x = tf.linalg.banded_triangular_solve(bands, tf.constant([[1.], [2.], [3.]]))
print(tape.gradient(x, bands))
