"""A tf.function given per-replica values (the distributed custom loop's `train_step(x)`
for `x in dist_dataset`), run in a fresh process with the CPU split into two logical
devices: trace counts, concrete signatures, retracing, binding errors and a small
Keras model's losses, printed. `python per_replica_args_program.py tf|ef`; under TF 2.21
its output is per_replica_args_golden.txt (record_per_replica_args.py)."""

import sys

import numpy as np

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf

tf.config.set_logical_device_configuration(tf.config.list_physical_devices("CPU")[0],
                                           [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])


def per_replica(make):
    """Per-replica values, one `make(replica id)` each (the public way to build them)."""
    return strategy.experimental_distribute_values_from_function(
        lambda ctx: make(ctx.replica_id_in_sync_group))


def attempt(tag, call):
    """The call's result, or its error's class and message (a traced error's last line:
    the lines above name this file's path)."""
    try:
        print(tag, call())
    except (TypeError, ValueError) as e:
        text = str(e).strip()
        print(tag, type(e).__name__, text.splitlines()[-1].strip() if "in user code" in text
              else text.replace("\n", " | "))


# -- traced once: a Python side effect in the function runs once ----------------------
outer = []


@tf.function
def add_one(d):
    outer.append(1)
    return strategy.run(lambda x: x + 1.0, args=(d,))


for k in range(3):
    out = add_one(per_replica(lambda r, k=k: tf.constant([1.0, 2.0]) * float(r + k)))
    print("add_one", [t.numpy().tolist() for t in strategy.experimental_local_results(out)])
print("traced", add_one.experimental_get_tracing_count(), "side effects", len(outer))
cf = add_one.get_concrete_function(per_replica(lambda r: tf.constant([1.0, 2.0])))
print(cf.structured_input_signature)
print([t.name for t in cf.inputs])
print(add_one.pretty_printed_concrete_signatures())

# -- a new input signature retraces: another shape, another dtype, Python numbers -------
add_one(per_replica(lambda r: tf.constant([1.0, 2.0, 3.0])))
print("another shape", add_one.experimental_get_tracing_count(), len(outer))
attempt("another dtype", lambda: add_one(per_replica(lambda r: tf.constant([1, 2]))))
print("after dtype", add_one.experimental_get_tracing_count(), len(outer))
print("python numbers", strategy.experimental_local_results(
    add_one(per_replica(lambda r: float(r)))))
print("after numbers", add_one.experimental_get_tracing_count(), len(outer))
print("scalar tensors", strategy.experimental_local_results(
    add_one(per_replica(lambda r: tf.constant(float(r))))))
print("after tensors", add_one.experimental_get_tracing_count(), len(outer))


# -- nested per-replica values and a Python literal -------------------------------------
@tf.function
def scaled(d, scale):
    return strategy.run(lambda x, s: x["a"] * s + x["b"], args=(d, scale))


nested = {"a": per_replica(lambda r: tf.constant([1.0, 2.0]) + r),
          "b": per_replica(lambda r: tf.constant([10.0, 20.0]))}
print("scaled", [t.numpy().tolist() for t in
                 strategy.experimental_local_results(scaled(nested, 2.0))])
scaled(nested, 2.0)
scaled(d=nested, scale=3.0)
print("scaled traced", scaled.experimental_get_tracing_count())
print([t.name for t in scaled.get_concrete_function(nested, 2.0).inputs])
print(scaled.pretty_printed_concrete_signatures())


# -- reduce_retracing: the second shape gives a trace for any length ---------------------
@tf.function(reduce_retracing=True)
def doubled(d):
    return strategy.run(lambda x: x * 2.0, args=(d,))


for n in (2, 3, 4):
    doubled(per_replica(lambda r, n=n: tf.ones([n])))
print("relaxed traced", doubled.experimental_get_tracing_count())
print(doubled.pretty_printed_concrete_signatures())

# -- the element spec as the input signature, and what it refuses -----------------------
dataset = tf.data.Dataset.range(8).map(lambda v: tf.cast(v, tf.float32)).batch(4)
dist = strategy.experimental_distribute_dataset(dataset)


@tf.function(input_signature=[dist.element_spec])
def summed(d):
    return strategy.reduce("SUM", strategy.run(tf.reduce_sum, args=(d,)), axis=None)


print("summed", [float(summed(x)) for x in dist], summed.experimental_get_tracing_count())
print([t.name for t in summed.get_concrete_function().inputs])
attempt("int replicas", lambda: summed(per_replica(lambda r: tf.constant([1, 2]))))
attempt("a tensor", lambda: summed(tf.constant([1.0, 2.0])))
print("summed traced", summed.experimental_get_tracing_count())


# -- errors raised while tracing ----------------------------------------------------------
@tf.function
def plus(d):
    return d + 1


try:
    plus(per_replica(lambda r: tf.constant([1.0])))
except TypeError as e:
    print("plus", str(e).splitlines()[-1].strip())


@tf.function
def local(d):
    return strategy.experimental_local_results(d)


print("local", [t.numpy().tolist() for t in local(per_replica(lambda r: tf.constant([r])))])

# -- where the values and the results live ----------------------------------------------
values = per_replica(lambda r: tf.constant(float(r)))
print("devices", [t.device for t in strategy.experimental_local_results(values)],
      [t.device for t in strategy.experimental_local_results(add_one(values))],
      [t.device for t in strategy.experimental_local_results(
          strategy.run(lambda x: x + 1.0, args=(values,)))])

# -- a Keras model trained by TF's distributed custom loop in its three spellings: the
# iterator read in the function, the batch fed per call, the whole epoch in one function
rng = np.random.default_rng(0)
x = rng.normal(size=(24, 3)).astype("float32")
y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32") + 0.1).astype("float32")


def custom_loop(style, optimizer_cls):
    with strategy.scope():
        tf.keras.utils.set_random_seed(1)
        model = tf.keras.Sequential([tf.keras.Input((3,)),
                                     tf.keras.layers.Dense(4, activation="tanh"),
                                     tf.keras.layers.Dense(1)])
        optimizer = optimizer_cls(learning_rate=0.05)
        optimizer.build(model.trainable_variables)  # (TF 2.21 fails to build Adam in a step)
    outer, inner = [], []

    def step_fn(inputs):
        inner.append(1)
        features, labels = inputs
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum((model(features) - labels) ** 2) / 8.0
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    def one_step(inputs):
        return strategy.reduce("SUM", strategy.run(step_fn, args=(inputs,)), axis=None)

    dist = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x, y)).batch(8))
    if style == "next":
        @tf.function
        def train(iterator):
            outer.append(1)
            return one_step(next(iterator))

        iterator = iter(dist)
        losses = [float(train(iterator)) for _ in range(3)]
    elif style == "element":
        @tf.function
        def train(inputs):
            outer.append(1)
            return one_step(inputs)

        losses = [float(train(b)) for b in dist]
    else:
        @tf.function
        def train(dataset):
            outer.append(1)
            total = 0.0
            for inputs in dataset:
                total += one_step(inputs)
            return total

        losses = [float(train(dist))]
    name = f"{style} {optimizer_cls.__name__}"
    print(name, "losses", np.round(losses, 5).tolist())
    print(name, "traced", train.experimental_get_tracing_count(), "side effects", len(outer),
          "step_fn runs", len(inner), "iterations", int(optimizer.iterations.numpy()))
    print(name, "kernel", np.round(model.weights[0].numpy(), 5).tolist()[0])


for style in ("next", "element", "loop"):
    for optimizer_cls in (tf.keras.optimizers.SGD, tf.keras.optimizers.Adam):
        custom_loop(style, optimizer_cls)
