# ruff: noqa: E702, E701, E501, E741  (the cells as written)
"""Cells of TF's "Random number generation" guide the other guide_random programs leave
out: the ThreeFry algorithm (Generator draws, state, skip, reset, split), the
algorithm names and enum, auto_select, and the stateless gamma, Poisson and binomial
draws, each with its seeds' and states' refusals."""

import numpy as np
import tensorflow as tf

np.set_printoptions(precision=5, suppress=True)

def show(fn):
  """Prints what `fn()` gives, or its error's class and first line (ThreeFry's Generator
  ops run under XLA only: TF's CPU kernels refuse them)."""
  try:
    r = fn()
    print(*r) if isinstance(r, tuple) else print(r)
  except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:200])


print(list(tf.random.Algorithm), tf.random.Algorithm.PHILOX.value, tf.random.Algorithm.THREEFRY.value, tf.random.Algorithm.AUTO_SELECT.value)
g = tf.random.Generator.from_seed(1234, alg="threefry")
show(lambda: (g.algorithm, g.state.shape, g.state.numpy()))
show(lambda: (g.normal(shape=[2, 3]).numpy()))
show(lambda: (g.uniform(shape=[4], minval=0, maxval=10, dtype=tf.int64).numpy()))
show(lambda: (g.state.numpy()))
show(lambda: g.skip(5))
show(lambda: (g.state.numpy()))
g2 = tf.random.Generator.from_seed(1234, alg=tf.random.Algorithm.THREEFRY)
show(lambda: g2.skip(7))
show(lambda: (g2.normal([3]).numpy()))
state = g.state.numpy()
show(lambda: g.uniform([3]).numpy())
g.reset(state)
show(lambda: g.state.numpy())
g.reset_from_seed(1234)
show(lambda: (g.state.numpy(), g.normal([2]).numpy()))
show(lambda: ([x.algorithm for x in g.split(2)], g.state.numpy()))
g3 = tf.random.Generator.from_state(g.state, alg="threefry")
show(lambda: (g3.state.numpy(), g3.uniform_full_int([2], tf.int32).numpy()))
g4 = tf.random.Generator.from_seed(1234, alg="auto_select")
show(lambda: (g4.algorithm, g4.state.shape))
show(lambda: (tf.random.Generator.from_seed(5, alg="philox").state.numpy()))
for bad in (lambda: tf.random.Generator.from_seed(1, alg="mersenne"),
            lambda: tf.random.Generator.from_state([1, 2, 3], alg="threefry"),
            lambda: tf.random.Generator.from_seed(1, alg=7)):
  try:
    bad()
    print("ok")
  except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:200])

# stateless draws with the algorithms
seed = [1, 2]
for alg in ("philox", "threefry", "auto_select"):
  show(lambda: (alg, tf.random.stateless_uniform([3], seed=seed, alg=alg).numpy(),
                tf.random.stateless_normal([2], seed=seed, alg=alg).numpy()))
show(lambda: (tf.random.stateless_uniform([3], seed=seed, alg=tf.random.Algorithm.THREEFRY).numpy()))
show(lambda: (tf.random.stateless_truncated_normal([3], seed=seed, alg="threefry").numpy()))
show(lambda: (tf.random.stateless_uniform([4], seed=seed, minval=0, maxval=100, dtype=tf.int32, alg="threefry").numpy()))
show(lambda: (tf.random.stateless_gamma([2, 3], seed=seed, alpha=[0.5, 1.5, 3.0]).numpy()))
show(lambda: (tf.random.stateless_gamma([2], seed=seed, alpha=2.0, beta=4.0, dtype=tf.float64).numpy()))
show(lambda: (tf.random.stateless_poisson([5], seed=seed, lam=3.0).numpy(), tf.random.stateless_poisson([3], seed=seed, lam=[1.0, 10.0, 100.0], dtype=tf.int32).numpy()))
show(lambda: (tf.random.stateless_binomial([4], seed=seed, counts=[10., 20., 30., 40.], probs=0.5).numpy()))
show(lambda: (tf.random.stateless_binomial([2, 2], seed=seed, counts=5, probs=[0.1, 0.9], output_dtype=tf.float32).numpy()))
show(lambda: (tf.random.experimental.stateless_split(seed, num=2).numpy(), tf.random.experimental.stateless_fold_in(seed, 7).numpy()))
for bad in (lambda: tf.random.stateless_uniform([2], seed=seed, alg="mersenne"),
            lambda: tf.random.stateless_gamma([2], seed=[1, 2, 3], alpha=1.0),
            lambda: tf.random.stateless_poisson([2], seed=seed, lam=1.0, dtype=tf.string)):
  try:
    print(bad())
  except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:200])

# a ThreeFry generator in a tf.function and a checkpoint
g = tf.random.Generator.from_seed(9, alg="threefry")

@tf.function
def draw():
  return g.normal([2])

show(lambda: (draw().numpy(), draw().numpy(), g.state.numpy()))
ckpt = tf.train.Checkpoint(generator=g)
path = ckpt.write("threefry_ckpt")
g.reset_from_seed(10)
ckpt.restore(path)
show(lambda: g.state.numpy())
