"""Snippets probing the image preprocessing layers' get_random_transformation (the
structure, and the values a seeded generator, an int seed or a SeedGenerator draws, for
NumPy, tensor and dict inputs, batched and single) and their transform_* methods and
bounding-box calls; kprobe/record_golden.py kprep records what real TF 2.21 + Keras 3
prints for each, and test_kprep.py checks that eagerflow prints the same."""

from tests.keras.kprep.cases_more import bad_ranks, snippets, unseeded
from tests.keras.kprep.prelude import PRELUDE

# Each layer as constructed for the survey (a seed, so that its generator is fixed).
LAYERS = {
    "RandomFlip": "layers.RandomFlip(seed=3)",
    "RandomFlipH": "layers.RandomFlip('horizontal', seed=3)",
    "RandomRotation": "layers.RandomRotation(0.2, seed=3)",
    "RandomZoom": "layers.RandomZoom(0.3, seed=3)",
    "RandomZoomHW": "layers.RandomZoom(0.3, (-0.2, 0.1), seed=3)",
    "RandomTranslation": "layers.RandomTranslation(0.2, 0.3, seed=3)",
    "RandomContrast": "layers.RandomContrast(0.4, seed=3)",
    "RandomBrightness": "layers.RandomBrightness(0.3, seed=3)",
    "RandomCrop": "layers.RandomCrop(4, 5, seed=3)",
    "RandomShear": "layers.RandomShear(0.3, 0.2, seed=3)",
    "RandomColorJitter": "layers.RandomColorJitter(brightness_factor=0.2, "
                         "contrast_factor=0.3, saturation_factor=0.4, hue_factor=0.1, seed=3)",
    "RandomHue": "layers.RandomHue(0.4, seed=3)",
    "RandomSaturation": "layers.RandomSaturation(0.4, seed=3)",
    "RandomSharpness": "layers.RandomSharpness(0.4, seed=3)",
    "RandomGrayscale": "layers.RandomGrayscale(0.5, seed=3)",
    "RandomPosterization": "layers.RandomPosterization((2, 6), seed=3)",
    "RandomPosterizationFixed": "layers.RandomPosterization(4, seed=3)",
    "RandomInvert": "layers.RandomInvert(0.7, seed=3)",
    "RandomPerspective": "layers.RandomPerspective(0.8, 0.6, seed=3)",
    "RandomElasticTransform": "layers.RandomElasticTransform(0.9, 0.5, seed=3)",
    "RandomGaussianBlur": "layers.RandomGaussianBlur(0.8, 3, 0.7, seed=3)",
    "RandomErasing": "layers.RandomErasing(0.9, seed=3)",
    "RandomErasingFill": "layers.RandomErasing(0.9, fill_value=10.0, seed=3)",
    "RandomColorDegeneration": "layers.RandomColorDegeneration(0.4, seed=3)",
    "AutoContrast": "layers.AutoContrast()",
    "Equalization": "layers.Equalization()",
    "Solarization": "layers.Solarization(0.3, 0.4, seed=3)",
    "MixUp": "layers.MixUp(0.3, seed=3)",
    "CutMix": "layers.CutMix(0.8, seed=3)",
    "Resizing": "layers.Resizing(4, 5)",
    "CenterCrop": "layers.CenterCrop(4, 5)",
    "MaxNumBoundingBoxes": "layers.MaxNumBoundingBoxes(3)",
    "CLAHE": "layers.ContrastLimitedAdaptiveHistogramEqualization()",
}

SNIPPETS = {}
for _name, _make in LAYERS.items():
    SNIPPETS[f"transformation_{_name}"] = PRELUDE + f"survey(lambda: {_make})\n"

# The layers that hold others: their transformations hold the held layers' (AugMix picks
# its chains' layers with Python's random module, seeded here).
SNIPPETS["transformation_RandAugment"] = PRELUDE + """
survey(lambda: layers.RandAugment(num_ops=3, factor=0.4, seed=3))
"""
SNIPPETS["transformation_AugMix"] = PRELUDE + """
pyrandom.seed(5)
survey(lambda: layers.AugMix(num_chains=2, chain_depth=2, seed=3))
"""


def _boxed(make: str) -> str:
    """The constructor `make` with bounding_box_format='xyxy' added."""
    return make[:-1] + (", " if not make.endswith("()") else "") + "bounding_box_format='xyxy')"


for _name, _make in LAYERS.items():
    SNIPPETS[f"applied_{_name}"] = PRELUDE + (
        f"applied(lambda: {_make}, lambda: {_boxed(_make)})\n")
SNIPPETS["applied_RandAugment"] = PRELUDE + """
applied(lambda: layers.RandAugment(num_ops=3, factor=0.4, seed=3))
"""
SNIPPETS["applied_AugMix"] = PRELUDE + """
pyrandom.seed(5)
applied(lambda: layers.AugMix(num_chains=2, chain_depth=2, seed=3))
"""

SNIPPETS.update(snippets(LAYERS))
SNIPPETS.update(unseeded(LAYERS))
SNIPPETS.update(bad_ranks(LAYERS))

# The layers in a dataset map, on batches whose size is known only when they run (MixUp and
# CutMix draw Beta weights of the batch's size there).
SNIPPETS["dataset_map"] = PRELUDE + """
x = rng.uniform(0, 255, (5, 6, 8, 3)).astype("float32")
y = np.eye(5, dtype="float32")[:, :2]
for make in (lambda: layers.MixUp(seed=2), lambda: layers.CutMix(seed=2),
             lambda: layers.RandomFlip(seed=2), lambda: layers.RandomRotation(0.2, seed=2),
             lambda: layers.RandomErasing(seed=2), lambda: layers.RandAugment(seed=2)):
    layer = make()
    ds = tf.data.Dataset.from_tensor_slices({"images": x, "labels": y}).batch(3).map(layer)
    for i, batch in enumerate(ds):
        print(type(layer).__name__, i)
        desc(batch, True)
"""
