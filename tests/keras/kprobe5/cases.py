"""Snippets written as tensorflow.org's tutorials write their programs (time series
forecasting, the convolutional VAE, pix2pix, the Transformer, audio recognition, image
classification, FeatureSpace), each printing what a user relies on; kprobe/record_golden.py
kprobe5 records what real TF 2.21 + Keras 3 prints for each, and test_kprobe5.py checks that
eagerflow prints the same."""

SNIPPETS = {}

# an error raised while a tf.function is traced is restated "in user code" with the user's
# frames one after another (no blank line between them; one ends them), as the CVAE
# tutorial's `sample` shows when its decoder is given latents of the wrong width
SNIPPETS["in_user_code_frames"] = """
import importlib.util, os, tempfile
src = '''def helper(x):
    return tf.reshape(x + 1, [5])

def middle(x):
    return helper(x) * 2

@tf.function
def sample(x):
    return middle(x)
'''
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "k5_user_code.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("k5_user_code", path)
    mod = importlib.util.module_from_spec(spec)
    mod.tf = tf
    spec.loader.exec_module(mod)
    try:
        mod.sample(tf.zeros((2, 3)))
    except ValueError as e:
        print(type(e).__name__, repr(str(e).replace(d, "DIR")))
"""
