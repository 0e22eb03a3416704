"""The top-level namespace: `dir(tf)` lists only names that resolve, and the lazy
sub-namespaces (`tf.keras`, `tf.data`, ...) load on first access."""

import os
import subprocess
import sys

import pytest

import eagerflow as tf


def test_every_name_in_dir_resolves():
    missing = [n for n in dir(tf) if not hasattr(tf, n)]
    assert not missing, f"dir(tf) lists names that do not exist: {missing}"


def test_dir_lists_the_lazy_namespaces():
    names = set(dir(tf))
    assert {"keras", "data", "nn", "math", "io", "train", "summary"} <= names


@pytest.mark.parametrize("name", ["xla", "tpu", "no_such_namespace"])
def test_an_absent_namespace_is_an_attribute_error(name):
    if name in dir(tf):
        pytest.skip(f"tf.{name} exists in this install")
    with pytest.raises(AttributeError, match=f"module 'eagerflow' has no attribute '{name}'"):
        getattr(tf, name)


def test_lazy_namespaces_load_on_first_access():
    # and a model class or tf.data leaves saving, export, AutoGraph and downloads to their
    # first use: every worker process (distributed tests, guide scripts) builds models,
    # few save them
    unused = ["eagerflow._src.saved_model.save", "eagerflow._src.keras.export",
              "eagerflow._src.keras.saving_lib", "eagerflow._src.keras.legacy_h5",
              "eagerflow._src.keras.weights_io", "eagerflow._src.train.checkpoint",
              "eagerflow._src.saved_model.load", "eagerflow._src.data.save_load",
              "eagerflow._src.autograph", "google.protobuf.descriptor_pool",
              "urllib.request"]
    # (and a model built and called leaves tf.data, whose package is a third of the
    # modules a Keras program loads, to its first use too)
    code = ("import sys, eagerflow as tf; assert 'eagerflow.keras' not in sys.modules; "
            "tf.keras.Sequential([tf.keras.layers.Dense(3)])(tf.ones((1, 2))); "
            "print('eagerflow._src.data' if 'eagerflow._src.data' in sys.modules else ''); "
            "tf.keras.Sequential, tf.keras.Model, tf.keras.layers.Dense, tf.data.Dataset; "
            "assert 'eagerflow.keras' in sys.modules; "
            f"print(' '.join(m for m in {unused!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout.split()
    assert out == [], f"tf.keras loaded {out}"


def test_import_leaves_costly_modules_for_first_use():
    # bound with core/lazy.py's lazy_module or imported inside a function (optional
    # extras, protobuf), each costs `import eagerflow` milliseconds; a module-level import
    # of one of them would show here
    costly = ["logging", "tempfile", "traceback", "base64", "concurrent.futures",
              "google.protobuf", "scipy", "h5py", "PIL", "tensorboard", "cupy", "absl",
              "eagerflow._src.autograph", "ml_dtypes"]
    code = (f"import sys, eagerflow; print(' '.join(m for m in {costly!r} "
            "if m in sys.modules))")
    # on a machine without GPUs (with one, or stand-in ones, finding them loads their
    # backend at import: CuPy, or the stand-in with NumPy's random)
    env = {k: v for k, v in os.environ.items() if k != "EAGERFLOW_STANDIN_GPUS"}
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, env={**env, "CUDA_VISIBLE_DEVICES": "-1"}).stdout.split()
    assert out == [], f"`import eagerflow` loaded {out}"


def test_version_strings_are_tfs_as_tf_version_gives_them():
    # TF 2.21: tf.__version__ is tf.version.VERSION, and the dunder build strings match
    # tf.version's (recorded: "2.21.0", "v2.21.0-rc1-5-ga481b10260d", "Clang 18.1.8");
    # eagerflow's own version is its package's metadata
    import eagerflow as tf

    assert tf.__version__ == tf.version.VERSION == "2.21.0"
    assert tf.__git_version__ == tf.version.GIT_VERSION == "v2.21.0-rc1-5-ga481b10260d"
    assert tf.__compiler_version__ == tf.version.COMPILER_VERSION == "Clang 18.1.8"
    assert int(tf.__version__.split(".")[0]) == 2  # what TF2 programs check
