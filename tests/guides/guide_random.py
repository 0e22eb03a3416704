# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# Random numbers as TF's "Random number generation" guide draws them: Generators from
# seeds and states, split, global generators, stateless ops, and the global seed rules,
# whose numbers must be TF's own.
import numpy as np
import tensorflow as tf

np.set_printoptions(precision=5)
g1 = tf.random.Generator.from_seed(1)
print(g1.normal(shape=[2, 3]))
g2 = tf.random.get_global_generator()
print(g2.normal(shape=[2, 3]).shape)
g1 = tf.random.Generator.from_seed(1, alg='philox')
print(g1.normal(shape=[2, 3]))
g = tf.random.Generator.from_non_deterministic_state()
print(g.normal(shape=[2, 3]).shape)
g = tf.random.Generator.from_seed(1234)
print(g.state); print(g.normal([]).numpy()); print(g.state)
print(g.uniform([3]).numpy(), g.uniform([2], minval=1, maxval=10, dtype=tf.int32).numpy(), g.truncated_normal([2]).numpy(), g.binomial([2], counts=[10., 20.], probs=[0.5, 0.3]).numpy() if False else "")
g = tf.random.Generator.from_seed(1)
print(g.normal([]).numpy()); print(g.normal([]).numpy())
g.reset_from_seed(1)
print(g.normal([]).numpy())
g.skip(10)
print(g.normal([]).numpy(), g.state.numpy())
g = tf.random.Generator.from_seed(1)
new_gs = g.split(3)
for new_g in new_gs:
    print(new_g.normal([]).numpy())
print(g.normal([]).numpy())
g = tf.random.Generator.from_state([1, 2, 3], alg="philox")
print(g.normal([2]).numpy(), g.algorithm)
print(tf.random.stateless_normal(shape=[2, 3], seed=[1, 2]))
print(tf.random.stateless_uniform([3], seed=[7, 8]), tf.random.stateless_uniform([2], seed=[7, 8], minval=0, maxval=100, dtype=tf.int32))
print(tf.random.stateless_truncated_normal([3], seed=[3, 4]).numpy(), tf.random.stateless_categorical(tf.math.log([[0.5, 0.5]]), 4, seed=[5, 6]).numpy())
print(tf.random.stateless_normal([2], seed=[1, 2], alg="philox").numpy(), tf.random.stateless_normal([2], seed=[1, 2], alg=tf.random.Algorithm.AUTO_SELECT).numpy())
print(tf.random.experimental.stateless_split([1, 2], num=2).numpy(), tf.random.experimental.stateless_fold_in([1, 2], 5).numpy())
print(tf.random.experimental.index_shuffle(tf.constant(3, tf.int64), seed=[1, 2], max_index=9).numpy())
tf.random.set_seed(1234)
print(tf.random.uniform([1]).numpy(), tf.random.uniform([1]).numpy())
tf.random.set_seed(1234)
print(tf.random.uniform([1]).numpy(), tf.random.uniform([1]).numpy())
print(tf.random.uniform([1], seed=1).numpy(), tf.random.normal([2], seed=1).numpy(), tf.random.truncated_normal([2]).numpy())
print(tf.random.shuffle(tf.range(6), seed=3).numpy(), tf.random.categorical(tf.math.log([[0.2, 0.8]]), 5).numpy(), tf.random.uniform([3], maxval=10, dtype=tf.int64).numpy())
print(tf.random.gamma([2], alpha=2.0, seed=5).numpy(), tf.random.poisson([3], lam=4.0, seed=6).numpy())


@tf.function
def draws():
    return tf.random.uniform([2]), tf.random.uniform([2])


tf.random.set_seed(42)
print([t.numpy() for t in draws()]); print([t.numpy() for t in draws()])
print(list(tf.data.Dataset.range(8).shuffle(8, seed=7).as_numpy_iterator()))
print(list(tf.data.Dataset.range(6).shuffle(3, seed=1, reshuffle_each_iteration=True).repeat(2).as_numpy_iterator()))
