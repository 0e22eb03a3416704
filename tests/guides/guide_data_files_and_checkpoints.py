# ruff: noqa: UP032  (the guide's cells, unchanged)
# Cells of TF's tf.data guide ("Consuming CSV data", "Consuming sets of files", "Iterator
# checkpointing") and of tf.experimental.Optional. The guide downloads titanic.csv; a few
# of its rows are written here instead, and make_csv_dataset runs with shuffle=False so
# the batches do not depend on the random stream.
import tensorflow as tf

with open("titanic.csv", "w") as f:
    f.write("survived,sex,age,n_siblings_spouses,parch,fare,class,deck,embark_town,alone\n"
            "0,male,22.0,1,0,7.25,Third,unknown,Southampton,n\n"
            "1,female,38.0,1,0,71.2833,First,C,Cherbourg,n\n"
            "1,female,26.0,0,0,7.925,Third,unknown,Southampton,y\n"
            "1,female,35.0,1,0,53.1,First,C,Southampton,n\n"
            "0,male,28.0,0,0,8.4583,Third,unknown,Queenstown,y\n"
            "0,male,2.0,3,1,21.075,Third,unknown,Southampton,n\n")
titanic_file = "titanic.csv"

titanic_batches = tf.data.experimental.make_csv_dataset(
    titanic_file, batch_size=4, label_name="survived", shuffle=False)
for feature_batch, label_batch in titanic_batches.take(1):
    print("'survived': {}".format(label_batch))
    print("features:")
    for key, value in feature_batch.items():
        print("  {!r:20s}: {}".format(key, value))
print(titanic_batches.element_spec)

titanic_batches = tf.data.experimental.make_csv_dataset(
    titanic_file, batch_size=4, label_name="survived", select_columns=["class", "fare", "survived"],
    shuffle=False, num_epochs=1)
for feature_batch, label_batch in titanic_batches:
    print("'survived': {}".format(label_batch))
    for key, value in feature_batch.items():
        print("  {!r:20s}: {}".format(key, value))

titanic_types = [tf.int32, tf.string, tf.float32, tf.int32, tf.int32, tf.float32, tf.string,
                 tf.string, tf.string, tf.string]
dataset = tf.data.experimental.CsvDataset(titanic_file, titanic_types, header=True)
for line in dataset.take(10):
    print([item.numpy() for item in line])
print(dataset)

with open("missing.csv", "w") as f:
    f.write("1,2,3,4\n,2,3,4\n1,,3,4\n1,2,,4\n1,2,3,\n,,,\n")
record_defaults = [999, 999, 999, 999]
dataset = tf.data.experimental.CsvDataset("missing.csv", record_defaults)
dataset = dataset.map(lambda *items: tf.stack(items))
for line in dataset:
    print(line.numpy())
record_defaults = [999, 999]
dataset = tf.data.experimental.CsvDataset("missing.csv", record_defaults, select_cols=[1, 3])
dataset = dataset.map(lambda *items: tf.stack(items))
for line in dataset:
    print(line.numpy())

with open("quoted.csv", "w") as f:
    f.write('text,n\n"a, quoted ""field""",1\n"two\nlines",2\nplain,3\n')
for text, n in tf.data.experimental.CsvDataset("quoted.csv", [tf.string, tf.int64], header=True):
    print(text.numpy(), n.numpy())
try:
    for _ in tf.data.experimental.CsvDataset("missing.csv", [tf.int32, 0, 0, 0]):
        pass
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e))

with open("records.bin", "wb") as f:
    f.write(b"HEAD" + bytes(range(12)) + b"TL")
fixed = tf.data.FixedLengthRecordDataset("records.bin", record_bytes=4, header_bytes=4,
                                         footer_bytes=2)
print(fixed.element_spec, [r.numpy() for r in fixed])
print(list(fixed.map(lambda r: tf.io.decode_raw(r, tf.uint8)).as_numpy_iterator()))
try:
    list(tf.data.FixedLengthRecordDataset("records.bin", record_bytes=5, header_bytes=4))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e))

range_ds = tf.data.Dataset.range(20)
iterator = iter(range_ds)
ckpt = tf.train.Checkpoint(step=tf.Variable(0), iterator=iterator)
manager = tf.train.CheckpointManager(ckpt, "my_ckpt", max_to_keep=3)
print([next(iterator).numpy() for _ in range(5)])
save_path = manager.save()
print([next(iterator).numpy() for _ in range(5)])
ckpt.restore(manager.latest_checkpoint)
print([next(iterator).numpy() for _ in range(5)])
print(sorted(name for name, _ in tf.train.list_variables(save_path)))

batches = iter(tf.data.Dataset.range(10).map(lambda x: x * 2).batch(3))
next(batches)
path = tf.train.Checkpoint(it=batches).save("batches")
print([b.numpy().tolist() for b in batches])
fresh = iter(tf.data.Dataset.range(10).map(lambda x: x * 2).batch(3))
tf.train.Checkpoint(it=fresh).read(path).assert_existing_objects_matched()
print([b.numpy().tolist() for b in fresh])

optional = tf.experimental.Optional.from_value(42)
print(optional.has_value())
print(optional.get_value())
optional = tf.experimental.Optional.empty(tf.TensorSpec(shape=(), dtype=tf.int32, name=None))
print(optional.has_value())
print(optional.element_spec)
try:
    optional.get_value()
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e))
it = iter(tf.data.Dataset.range(2))
print([(o.has_value().numpy(), o.get_value().numpy() if o.has_value() else None)
       for o in (it.get_next_as_optional() for _ in range(3))])
print(type(optional).__name__, isinstance(optional, tf.experimental.Optional))
print(tf.OptionalSpec(tf.TensorSpec([2], tf.float32)))
