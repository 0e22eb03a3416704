"""Cells of TF's guides and tutorials (tutorial_*.py) run unchanged (`import tensorflow as
tf`) with eagerflow in its place must print what TensorFlow 2.21 prints: the .out files next
to each script, recorded from TF by record.py, so CI checks them without TF.

Cells of TF's guides left out, because eagerflow differs there (owner in brackets):
- tensors/function: TF rounds a few float32 results (softmax, sigmoid's gradient) one ulp
  differently (its vectorized exp); such cells print rounded values.
- function: `tf.autograph.to_code` text is eagerflow's own.
- modules: a Keras 3 layer does not track raw tf.Variable attributes (trainable_variables is
  empty in TF), and Keras 3 refuses a Python list as the input of a layer call [keras3].
- checkpoints: Keras 3 objects in a tf.train.Checkpoint are keyed as Keras 3 keys them
  (`_kernel`, `optimizer/_variables/N`), and an unbuilt Keras model's save_weights raises
  [keras3/saving].
- data: TF numbers its datasets ("MapDataset:200") and names a stateless map
  ParallelMapV2 in user-function errors; the cell strips both.
- training_loops: losses print to 4 places, as TF sums float32 in Eigen's order
  (docs/ulp32.md: not adopted for its cost), which moves the 5th.
- intro_graphs: a ConcreteFunction's variables are a Keras model's own (TF lists the
  tf.Variables behind them, in its capture order, named after the model's first call scope
  'm/kernel:0' where eagerflow's traced build says 'm_1/kernel:0'): shapes, sorted, print.
- save_and_load: Keras 3's save_weights refuses a path not ending in `.weights.h5`, where
  eagerflow writes a TF checkpoint at a plain prefix [keras3/saving].
- deepdream: a ConcreteFunction's `inputs` lists only its arguments' and captured
  tensors' placeholders; TF's lists a resource placeholder per captured variable too (7
  for the tutorial's DeepDream module, eagerflow 3) [function]. The cell prints the
  structured input signature's length instead.
- keras_serialization: a Lambda holding a Python lambda is not loaded even with
  safe_mode=False (eagerflow runs no bytecode read from a file), and errors naming a class
  print from after its module path (eagerflow's own).
- multi_worker_ctl: a tf.function given a new dataset iterator (the tutorial's
  `iter(multi_worker_dataset)` each epoch; a plain `iter(ds)` too) traces again in
  eagerflow, which keys an iterator argument by identity and reads it by reference; TF
  traces it as a resource argument, once per element spec [function]. The tracing count
  prints after the first epoch. `int(optimizer.iterations)` raises TypeError in TF for a
  Keras variable made in a strategy's scope (a MirroredVariable has no __int__; eagerflow
  converts it), so the cell reads `.numpy()`; Keras 2's `reset_states`, which eagerflow
  keeps on purpose, is not called.
- word_embeddings: the TensorBoard callback is left out (the recording machine's TF has
  no tensorboard package, and tf.summary raises there).
- segmentation: each fit takes a fresh pipeline (an iterator dropped early leaves the
  random flips' seed wherever its prefetch thread got to, a race in TF as here); the
  sample-weights fit raises TF 2.21's "Cannot take the length of shape with unknown
  rank" in both, and the cell prints it.
- transfer_learning: the fine-tuned losses print as finite only: RMSprop's first steps
  move each of a MobileNetV2's 1.8M weights by about lr*sqrt(10) in its gradient's sign,
  and a base made with weights=None gives gradients so small that their signs follow
  float rounding (TF 2.21 itself prints 1.203 with oneDNN off, 1.103 with it on).
- image_classification: Keras 3 names a converted model's TFLite output 'output_0'
  where the tutorial (Keras 2) reads 'outputs' (a KeyError in TF 2.21 too); the cell
  reads the key TF gives, and Keras's export printout is shown with its temp path masked.
- style_transfer/dtensor_ml: VGG19's include_top classification cell (143M weights) and
  the Progbar (timings) are left out.
- parameter_server: the tutorial's 16384-wide Embedding is 16 wide. Made under the
  partitioner it is a Keras 3 variable over a ShardedVariable, whose gradient TF 2.21
  cannot take (tape.gradient: AttributeError 'ShardedVariable' object has no attribute
  'handle'); eagerflow's Keras variables cannot hold one and fail when made
  [keras3/distribute]. One worker runs the closures (two take them in a racing order).
  Keras 3 refuses the Keras 2 cells (tf.reduce_mean of a KerasTensor, one unbatched
  example through a functional preprocessing model): the errors print, batched maps run.
- imbalanced_oversampling/pix2pix: the pipelines whose iterators are dropped early or
  mapped in parallel with random ops (`.prefetch(2)` after the peek, a second fit on the
  first fit's datasets, random_jitter with num_parallel_calls) leave TF's shuffle seeds
  and random draws where its threads got to: those cells run without them.
- multi_worker_keras: the dataset does not reshuffle per iteration: the multi-device
  iterator behind a one-replica strategy's distributed dataset (MirroredStrategy of one
  device, a lone MWMS worker, OneDeviceStrategy), read by a tf.function as fit reads it,
  prefetches in TF, so a shuffle().repeat() starts its next epoch (a new seed) sooner
  and a later iteration of the dataset shuffles with a later seed than in eagerflow,
  which reads no further than asked (a read-ahead race in TF) [distribute]. A worker's
  devices are `/job:worker/...` in TF's multi-worker mode, `/job:localhost/...` in
  eagerflow's, and `worker_devices` is not printed [distribute].
- image_captioning: exact (the sampled captions too). The tutorial's masked_loss fails in
  Keras 3's fit (labels come cast to the predictions' float dtype): the error prints and
  the loss casts them back. MobileNetV3Small(weights=None)'s features are all zero in both.
- cyclegan: the step losses print to 2 places: from the second step on the convolutions'
  float32 gradients differ in the last bit (TF sums in Eigen's order, docs/ulp32.md), and
  the four GANs' losses are ~3e-4 apart after 15 steps (3 places part twice in 64).
- load_video: the clips' random starts and the file shuffle draw from a random.Random made
  per pass of the generator: the tutorial's module-level `random` is drawn from TF's
  generator threads, and the prefetch TF's inject_prefetch puts after a peeked
  from_generator pipeline reads a racing number of clips ahead (2 of 3 TF runs differed).
- music_generation: `int(pitch)` of the tutorial's (1,)-shaped pitch is NumPy 2's
  TypeError in TF 2.21 too (printed); the loop uses a squeezed pitch.
- transfer_learning_hub: TF Hub's models are SavedModels exported here and loaded as
  TFSMLayer (no hub package); the CollectBatchStats callback's reset_metrics() leaves
  fit's epoch logs at 0.0 in both.
- load_pandas: TF's recording environment has no pandas (record it with a pandas built for
  its Python on PYTHONPATH); the test skips where pandas is not installed.
- migrate_fault_tolerance: ModelCheckpoint's directory is a fixed relative one (its verbose
  lines print the path).
- debugging_numerics: check_numerics's report of a NaN inside Keras's fit names TF's inner
  step function ("one_step_on_data") as its graph, where eagerflow's Keras inlines the
  step in multi_step_on_iterator [keras]: the lines naming the op and node print.
- migrate_saved_model_lite: Keras's export note prints with its temporary folder masked.
- dtensor_core_mlp: the tutorial's hand-written Adam, traced on DTensors, barely moves TF
  2.21's model (its slots update, its variables nearly not), where eagerflow applies it;
  the steps are plain gradient descent. Its stateful xavier draw is refused by both.
"""

from __future__ import annotations

import difflib
import importlib.util

import pytest

from tests.guides.runner import HERE, ordered_dicts_as_in_python_3_11, run

GUIDES = sorted(p.stem for p in [*HERE.glob("guide_*.py"), *HERE.glob("tutorial_*.py")])


def test_every_guide_has_its_recorded_output():
    assert GUIDES and all((HERE / f"{g}.out").exists() for g in GUIDES)


def _needs_missing_data(name: str) -> bool:
    """Whether the guide reads the shared MNIST file (looked for as the guide looks for it,
    in a `shared/data` beside one of its parent folders) and this machine lacks it."""
    if "shared/data/mnist.npz" not in (HERE / f"{name}.py").read_text():
        return False
    return not any((p / "shared" / "data" / "mnist.npz").exists() for p in HERE.parents)


def _needs_missing_pandas(name: str) -> bool:
    """Whether the guide imports pandas (the `pandas` extra) and this machine lacks it."""
    if "import pandas" not in (HERE / f"{name}.py").read_text():
        return False
    return importlib.util.find_spec("pandas") is None


@pytest.mark.parametrize("name", GUIDES)
def test_guide_prints_what_tensorflow_prints(name):
    if _needs_missing_data(name):
        pytest.skip("shared/data/mnist.npz not on this machine")
    if _needs_missing_pandas(name):
        pytest.skip("pandas is not installed")
    want = (HERE / f"{name}.out").read_text()
    got = run(HERE / f"{name}.py")
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            "tensorflow", "eagerflow", n=1))
        pytest.fail(f"{name} prints differently:\n{diff[:6000]}")


def test_ordered_dicts_print_as_python_3_11_printed_them():
    # TF's outputs were recorded with Python 3.11; 3.12 prints OrderedDict as a dict
    new = "(OrderedDict({'a': Spec(shape=(4,)), 'b)': OrderedDict({'c': [1, (2)]})}), 3)"
    old = "(OrderedDict([('a', Spec(shape=(4,))), ('b)', OrderedDict([('c', [1, (2)])]))]), 3)"
    assert ordered_dicts_as_in_python_3_11(new) == old
    assert ordered_dicts_as_in_python_3_11(old) == old
    assert ordered_dicts_as_in_python_3_11("OrderedDict() OrderedDict({") == \
        "OrderedDict() OrderedDict({"
