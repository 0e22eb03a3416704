# ruff: noqa: E702, E701, E501, E741, UP031, UP032  (the cells as written)
# Time series as TF's "Time series forecasting" tutorial builds them, on a seeded synthetic
# weather-like table: a WindowGenerator over tf.keras.utils.timeseries_dataset_from_array,
# windows split into inputs and labels, and baseline, linear, dense, convolutional and
# LSTM models (plus a residual wrapper and an autoregressive FeedBack model) fit briefly.
import numpy as np
import tensorflow as tf

keras = tf.keras
keras.utils.set_random_seed(11)

n = 240
t = np.arange(n, dtype="float32")
rng = np.random.default_rng(11)
columns = ["p", "T", "rh", "wv"]
data = np.stack([1000 + 5 * np.sin(t / 24 * 2 * np.pi) + rng.normal(size=n),
                 10 + 8 * np.sin(t / 24 * 2 * np.pi + 1) + rng.normal(size=n),
                 60 + 20 * np.cos(t / 24 * 2 * np.pi) + rng.normal(size=n),
                 np.abs(rng.normal(2, 1, size=n))], axis=1).astype("float32")
column_indices = {name: i for i, name in enumerate(columns)}
num_features = data.shape[1]
train_df = data[0:int(n * 0.7)]
val_df = data[int(n * 0.7):int(n * 0.9)]
test_df = data[int(n * 0.9):]
train_mean = train_df.mean(axis=0)
train_std = train_df.std(axis=0)
train_df = (train_df - train_mean) / train_std
val_df = (val_df - train_mean) / train_std
test_df = (test_df - train_mean) / train_std
print(train_df.shape, val_df.shape, test_df.shape)


class WindowGenerator:
    def __init__(self, input_width, label_width, shift,
                 train_df=train_df, val_df=val_df, test_df=test_df,
                 label_columns=None):
        self.train_df = train_df
        self.val_df = val_df
        self.test_df = test_df
        self.label_columns = label_columns
        if label_columns is not None:
            self.label_columns_indices = {name: i for i, name in enumerate(label_columns)}
        self.column_indices = column_indices
        self.input_width = input_width
        self.label_width = label_width
        self.shift = shift
        self.total_window_size = input_width + shift
        self.input_slice = slice(0, input_width)
        self.input_indices = np.arange(self.total_window_size)[self.input_slice]
        self.label_start = self.total_window_size - self.label_width
        self.labels_slice = slice(self.label_start, None)
        self.label_indices = np.arange(self.total_window_size)[self.labels_slice]

    def __repr__(self):
        return '\n'.join([
            f'Total window size: {self.total_window_size}',
            f'Input indices: {self.input_indices}',
            f'Label indices: {self.label_indices}',
            f'Label column name(s): {self.label_columns}'])

    def split_window(self, features):
        inputs = features[:, self.input_slice, :]
        labels = features[:, self.labels_slice, :]
        if self.label_columns is not None:
            labels = tf.stack(
                [labels[:, :, self.column_indices[name]] for name in self.label_columns],
                axis=-1)
        inputs.set_shape([None, self.input_width, None])
        labels.set_shape([None, self.label_width, None])
        return inputs, labels

    def make_dataset(self, data):
        data = np.array(data, dtype=np.float32)
        ds = keras.utils.timeseries_dataset_from_array(
            data=data,
            targets=None,
            sequence_length=self.total_window_size,
            sequence_stride=1,
            shuffle=True,
            seed=3,
            batch_size=32,)
        ds = ds.map(self.split_window)
        return ds

    @property
    def train(self):
        return self.make_dataset(self.train_df)

    @property
    def val(self):
        return self.make_dataset(self.val_df)

    @property
    def test(self):
        return self.make_dataset(self.test_df)

    @property
    def example(self):
        result = getattr(self, '_example', None)
        if result is None:
            result = next(iter(self.train))
            self._example = result
        return result


w1 = WindowGenerator(input_width=24, label_width=1, shift=24, label_columns=['T'])
print(w1)
w2 = WindowGenerator(input_width=6, label_width=1, shift=1, label_columns=['T'])
print(w2)
example_window = tf.stack([np.array(train_df[:w2.total_window_size]),
                           np.array(train_df[100:100 + w2.total_window_size]),
                           np.array(train_df[150:150 + w2.total_window_size])])
example_inputs, example_labels = w2.split_window(example_window)
print('All shapes are: (batch, time, features)')
print(f'Window shape: {example_window.shape}')
print(f'Inputs shape: {example_inputs.shape}')
print(f'Labels shape: {example_labels.shape}')
print(w2.train.element_spec)
for example_inputs, example_labels in w2.train.take(1):
    print(f'Inputs shape (batch, time, features): {example_inputs.shape}')
    print(f'Labels shape (batch, time, features): {example_labels.shape}')
print(sum(1 for _ in w2.train), sum(1 for _ in w2.val), sum(1 for _ in w2.test))

single_step_window = WindowGenerator(input_width=1, label_width=1, shift=1, label_columns=['T'])


class Baseline(keras.Model):
    def __init__(self, label_index=None):
        super().__init__()
        self.label_index = label_index

    def call(self, inputs):
        if self.label_index is None:
            return inputs
        result = inputs[:, :, self.label_index]
        return result[:, :, tf.newaxis]


baseline = Baseline(label_index=column_indices['T'])
baseline.compile(loss=keras.losses.MeanSquaredError(), metrics=[keras.metrics.MeanAbsoluteError()])
val_performance = {}
performance = {}
val_performance['Baseline'] = baseline.evaluate(single_step_window.val, return_dict=True, verbose=0)
print({k: round(v, 4) for k, v in val_performance['Baseline'].items()})

MAX_EPOCHS = 3


def compile_and_fit(model, window, patience=2):
    early_stopping = keras.callbacks.EarlyStopping(monitor='val_loss', patience=patience, mode='min')
    model.compile(loss=keras.losses.MeanSquaredError(),
                  optimizer=keras.optimizers.Adam(),
                  metrics=[keras.metrics.MeanAbsoluteError()])
    history = model.fit(window.train, epochs=MAX_EPOCHS, validation_data=window.val,
                        callbacks=[early_stopping], verbose=0)
    return history


linear = keras.Sequential([keras.layers.Dense(units=1)])
print('Input shape:', single_step_window.example[0].shape)
print('Output shape:', linear(single_step_window.example[0]).shape)
history = compile_and_fit(linear, single_step_window)
print(sorted(history.history), len(history.history["loss"]))
print(linear.layers[0].kernel.shape)

CONV_WIDTH = 3
conv_window = WindowGenerator(input_width=CONV_WIDTH, label_width=1, shift=1, label_columns=['T'])
print(conv_window)
multi_step_dense = keras.Sequential([
    keras.layers.Flatten(),
    keras.layers.Dense(units=8, activation='relu'),
    keras.layers.Dense(units=1),
    keras.layers.Reshape([1, -1]),
])
print('Output shape:', multi_step_dense(conv_window.example[0]).shape)
try:
    multi_step_dense(WindowGenerator(input_width=5, label_width=1, shift=1, label_columns=['T']).example[0])
except Exception as e:
    print(f'\n{type(e).__name__}:{e}')
conv_model = keras.Sequential([
    keras.layers.Conv1D(filters=8, kernel_size=(CONV_WIDTH,), activation='relu'),
    keras.layers.Dense(units=8, activation='relu'),
    keras.layers.Dense(units=1),
])
print("Conv model on `conv_window`")
print('Input shape:', conv_window.example[0].shape)
print('Output shape:', conv_model(conv_window.example[0]).shape)
LABEL_WIDTH = 24
INPUT_WIDTH = LABEL_WIDTH + (CONV_WIDTH - 1)
wide_conv_window = WindowGenerator(input_width=INPUT_WIDTH, label_width=LABEL_WIDTH, shift=1, label_columns=['T'])
print(wide_conv_window)
print('Output shape:', conv_model(wide_conv_window.example[0]).shape)
history = compile_and_fit(conv_model, wide_conv_window)
print(len(history.history["val_loss"]))

wide_window = WindowGenerator(input_width=24, label_width=24, shift=1, label_columns=['T'])
lstm_model = keras.models.Sequential([
    keras.layers.LSTM(8, return_sequences=True),
    keras.layers.Dense(units=1)
])
print('Output shape:', lstm_model(wide_window.example[0]).shape)
history = compile_and_fit(lstm_model, wide_window)
print(lstm_model.count_params(), [w.shape for w in lstm_model.weights])


class ResidualWrapper(keras.Model):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def call(self, inputs, *args, **kwargs):
        delta = self.model(inputs, *args, **kwargs)
        return inputs + delta


residual_lstm = ResidualWrapper(
    keras.Sequential([
        keras.layers.LSTM(8, return_sequences=True),
        keras.layers.Dense(num_features, kernel_initializer=keras.initializers.zeros())
    ]))
w_all = WindowGenerator(input_width=24, label_width=24, shift=1)
print(residual_lstm(w_all.example[0]).shape)
print(bool(tf.reduce_all(residual_lstm(w_all.example[0]) == w_all.example[0])))

OUT_STEPS = 6
multi_window = WindowGenerator(input_width=24, label_width=OUT_STEPS, shift=OUT_STEPS)
print(multi_window)


class FeedBack(keras.Model):
    def __init__(self, units, out_steps):
        super().__init__()
        self.out_steps = out_steps
        self.units = units
        self.lstm_cell = keras.layers.LSTMCell(units)
        self.lstm_rnn = keras.layers.RNN(self.lstm_cell, return_state=True)
        self.dense = keras.layers.Dense(num_features)

    def warmup(self, inputs):
        x, *state = self.lstm_rnn(inputs)
        prediction = self.dense(x)
        return prediction, state

    def call(self, inputs, training=None):
        predictions = []
        prediction, state = self.warmup(inputs)
        predictions.append(prediction)
        for n in range(1, self.out_steps):
            x = prediction
            x, state = self.lstm_cell(x, states=state, training=training)
            prediction = self.dense(x)
            predictions.append(prediction)
        predictions = tf.stack(predictions)
        predictions = tf.transpose(predictions, [1, 0, 2])
        return predictions


feedback_model = FeedBack(units=8, out_steps=OUT_STEPS)
prediction, state = feedback_model.warmup(multi_window.example[0])
print(prediction.shape, len(state), [s.shape for s in state])
print('Output shape (batch, time, features): ', feedback_model(multi_window.example[0]).shape)
history = compile_and_fit(feedback_model, multi_window)
print(len(history.history["loss"]), feedback_model.count_params())
ds = keras.utils.timeseries_dataset_from_array(np.arange(20), np.arange(20) * 10, sequence_length=5, sequence_stride=3, sampling_rate=2, batch_size=2)
for x, y in ds:
    print(x.numpy().tolist(), y.numpy().tolist())
print(ds.element_spec)
