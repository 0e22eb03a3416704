# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# tf.Module as TF's "Introduction to modules, layers, and models" guide uses it: variables
# and submodules collected by attribute, name scopes, tf.function methods, checkpoints of a
# module, and Keras layers built on the same ideas.
import os

import tensorflow as tf


class SimpleModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.a_variable = tf.Variable(5.0, name="train_me")
        self.non_trainable_variable = tf.Variable(5.0, trainable=False, name="do_not_train_me")

    def __call__(self, x):
        return self.a_variable * x + self.non_trainable_variable


simple_module = SimpleModule(name="simple")
print(simple_module(tf.constant(5.0)))
print("trainable variables:", simple_module.trainable_variables)
print("all variables:", simple_module.variables)


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([in_features, out_features]) * 0.1, name='w')
        self.b = tf.Variable(tf.zeros([out_features]), name='b')

    def __call__(self, x):
        y = tf.matmul(x, self.w) + self.b
        return tf.nn.relu(y)


class SequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)

    def __call__(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)


my_model = SequentialModule(name="the_model")
print("Model results:", my_model(tf.constant([[2.0, 2.0, 2.0]])))
print("Submodules:", [m.name for m in my_model.submodules])
for var in my_model.variables:
    print(var, "\n")


class FlexibleDense(tf.Module):
    def __init__(self, out_features, name=None):
        super().__init__(name=name)
        self.is_built = False
        self.out_features = out_features

    def __call__(self, x):
        if not self.is_built:
            self.w = tf.Variable(tf.fill([x.shape[-1], self.out_features], 0.5), name='w')
            self.b = tf.Variable(tf.zeros([self.out_features]), name='b')
            self.is_built = True
        y = tf.matmul(x, self.w) + self.b
        return tf.nn.relu(y)


class MySequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = FlexibleDense(out_features=3)
        self.dense_2 = FlexibleDense(out_features=2)

    def __call__(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)


my_model = MySequentialModule(name="the_model")
print("Model results:", my_model(tf.constant([[2.0, 2.0, 2.0]])))
print([v.name for v in my_model.trainable_variables], my_model.name, my_model.name_scope.name)
chkp_path = "my_checkpoint"
checkpoint = tf.train.Checkpoint(model=my_model)
print(checkpoint.write(chkp_path))
print(sorted(os.listdir(".")))
print(tf.train.list_variables(chkp_path))
new_model = MySequentialModule()
new_checkpoint = tf.train.Checkpoint(model=new_model)
new_checkpoint.restore("my_checkpoint")
print(new_model(tf.constant([[2.0, 2.0, 2.0]])))


class MyTracedModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)

    @tf.function
    def __call__(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)


traced = MyTracedModule(name="traced")
print(traced([[2.0, 2.0, 2.0]])); print(traced([[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]))
print(traced.__call__.pretty_printed_concrete_signatures())
with tf.name_scope("outer"):
    v = tf.Variable(1.0, name="v")
    print(v.name)
    with tf.name_scope("inner"):
        print(tf.Variable(2.0).name)
m = tf.Module(name="holder")
m.vars = [tf.Variable(1.0), {"x": tf.Variable(2.0)}]
m.child = tf.Module()
m.child.w = tf.Variable(3.0, trainable=False)
print(len(m.variables), len(m.trainable_variables), len(m.submodules), [type(s).__name__ for s in m.submodules])
print(m._flatten(predicate=lambda v: isinstance(v, tf.Variable), with_path=True) is not None)
print(sorted(path for path, _ in m._flatten(predicate=lambda v: isinstance(v, tf.Variable), with_path=True)))
try: tf.Module(name="bad name")
except ValueError as e: print(f"ValueError: {e}")
with m.name_scope:
    print(tf.Variable(0.0, name="scoped").name)


class MyDense(tf.keras.layers.Layer):
    def __init__(self, in_features, out_features, **kwargs):
        super().__init__(**kwargs)
        self.w = tf.Variable(tf.ones([in_features, out_features]) * 0.2, name='w')
        self.b = tf.Variable(tf.zeros([out_features]), name='b')

    def call(self, x):
        y = tf.matmul(x, self.w) + self.b
        return tf.nn.relu(y)


simple_layer = MyDense(name="simple", in_features=3, out_features=3)
print(simple_layer(tf.constant([[2.0, 2.0, 2.0]])))
print(simple_layer.built)


class FlexibleDenseLayer(tf.keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.out_features), initializer="ones", name="w")
        self.b = self.add_weight(shape=(self.out_features,), initializer="zeros", name="b")

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


flexible_dense = FlexibleDenseLayer(out_features=3)
print(flexible_dense.variables)
print("Model results:", flexible_dense(tf.constant([[2.0, 2.0, 2.0], [3.0, 3.0, 3.0]])))
print([(w.name, w.path, tuple(w.shape)) for w in flexible_dense.weights])
try: print("Model results:", flexible_dense(tf.constant([[2.0, 2.0, 2.0, 2.0]])))
except Exception as e: print(type(e).__name__)

# plain-value lists and dicts of a tf.Module: TF's wrappers over the user's own objects
class Config(tf.Module):
    def __init__(self, sizes, opts):
        super().__init__()
        self.sizes, self.opts = sizes, opts


sizes = [64, 32]
config = Config(sizes, {"act": "relu"})
sizes.append(16)
config.sizes.append(8)
print(config.sizes, config.opts, sizes, config.sizes == sizes, config.sizes[1:])
