"""keras-io guides/sequential_model.py (Keras 3), cell by cell; images made smaller."""

CELLS = [
    """
model = keras.Sequential(
    [
        layers.Dense(2, activation="relu", name="layer1"),
        layers.Dense(3, activation="relu", name="layer2"),
        layers.Dense(4, name="layer3"),
    ]
)
x = ops.ones((3, 3))
y = model(x)
print(y.shape)
layer1 = layers.Dense(2, activation="relu", name="layer1")
layer2 = layers.Dense(3, activation="relu", name="layer2")
layer3 = layers.Dense(4, name="layer3")
x = ops.ones((3, 3))
y = layer3(layer2(layer1(x)))
print(y.shape)
""",
    """
model = keras.Sequential(
    [
        layers.Dense(2, activation="relu"),
        layers.Dense(3, activation="relu"),
        layers.Dense(4),
    ]
)
print(model.layers)
model = keras.Sequential()
model.add(layers.Dense(2, activation="relu"))
model.add(layers.Dense(3, activation="relu"))
model.add(layers.Dense(4))
model.pop()
print(len(model.layers))
model = keras.Sequential(name="my_sequential")
model.add(layers.Dense(2, activation="relu", name="layer1"))
model.add(layers.Dense(3, activation="relu", name="layer2"))
model.add(layers.Dense(4, name="layer3"))
print(model)
""",
    """
layer = layers.Dense(3)
print(layer.weights)
x = ops.ones((1, 4))
y = layer(x)
print([(w.path, w.shape) for w in layer.weights])
""",
    """
model = keras.Sequential(
    [
        layers.Dense(2, activation="relu"),
        layers.Dense(3, activation="relu"),
        layers.Dense(4),
    ]
)
x = ops.ones((1, 4))
y = model(x)
print("Number of weights after calling the model:", len(model.weights))
model.summary()
""",
    """
model = keras.Sequential()
model.add(keras.Input(shape=(4,)))
model.add(layers.Dense(2, activation="relu"))
model.summary()
print(model.layers)
""",
    """
model = keras.Sequential()
model.add(keras.Input(shape=(125, 125, 3)))
model.add(layers.Conv2D(32, 5, strides=2, activation="relu"))
model.add(layers.Conv2D(32, 3, activation="relu"))
model.add(layers.MaxPooling2D(3))
model.summary()
model.add(layers.Conv2D(32, 3, activation="relu"))
model.add(layers.Conv2D(32, 3, activation="relu"))
model.add(layers.MaxPooling2D(3))
model.add(layers.Conv2D(32, 3, activation="relu"))
model.add(layers.MaxPooling2D(2))
model.summary()
model.add(layers.GlobalMaxPooling2D())
model.add(layers.Dense(10))
model.summary()
""",
    """
initial_model = keras.Sequential(
    [
        keras.Input(shape=(50, 50, 3)),
        layers.Conv2D(32, 5, strides=2, activation="relu"),
        layers.Conv2D(32, 3, activation="relu"),
        layers.Conv2D(32, 3, activation="relu"),
    ]
)
feature_extractor = keras.Model(
    inputs=initial_model.inputs,
    outputs=[layer.output for layer in initial_model.layers],
)
x = ops.ones((1, 50, 50, 3))
features = feature_extractor(x)
print([f.shape for f in features])
initial_model = keras.Sequential(
    [
        keras.Input(shape=(50, 50, 3)),
        layers.Conv2D(32, 5, strides=2, activation="relu"),
        layers.Conv2D(32, 3, activation="relu", name="my_intermediate_layer"),
        layers.Conv2D(32, 3, activation="relu"),
    ]
)
feature_extractor = keras.Model(
    inputs=initial_model.inputs,
    outputs=initial_model.get_layer(name="my_intermediate_layer").output,
)
x = ops.ones((1, 50, 50, 3))
features = feature_extractor(x)
print(features.shape)
feature_extractor.summary()
""",
    """
model = keras.Sequential([
    keras.Input(shape=(784,)),
    layers.Dense(32, activation='relu'),
    layers.Dense(32, activation='relu'),
    layers.Dense(32, activation='relu'),
    layers.Dense(10),
])
for layer in model.layers[:-1]:
    layer.trainable = False
model.summary(show_trainable=True)
print(len(model.trainable_weights), len(model.non_trainable_weights))
""",
]
