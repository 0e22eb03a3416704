"""kprobe30's snippets on keras.applications models built with weights=None on small
inputs (ConvNeXtTiny, ResNet50V2; apart from cases_apps.py to keep each test file short):
parameter, layer and weight counts, output shapes (see cases.py)."""

from tests.keras.kprobe30.cases_apps import _APPS
from tests.keras.kprobe30.prelude import _TRY

SNIPPETS = {}

SNIPPETS["applications_convnext_tiny_tiny_input"] = _TRY + _APPS + """
m = app_info(A.ConvNeXtTiny, input_shape=(32, 32, 3), include_top=False, pooling="avg")
print([l.name for l in m.layers][:4])
print(sorted({type(l).__name__ for l in m.layers}))
app_info(A.ConvNeXtTiny, input_shape=(32, 32, 3), include_top=True, classes=2,
         include_preprocessing=False)
"""

SNIPPETS["applications_resnet50v2_tiny_input"] = _TRY + _APPS + """
m = app_info(A.ResNet50V2, input_shape=(32, 32, 3), include_top=False)
print([l.name for l in m.layers][:6], m.layers[-1].name)
m2 = app_info(A.ResNet50V2, input_shape=(32, 32, 3), classes=3, classifier_activation="sigmoid")
y = m2.predict(np.ones((2, 32, 32, 3), "float32"), verbose=0)
print(y.shape, bool(np.all((y > 0) & (y < 1))))
show("small", lambda: A.ResNet50V2(weights=None, input_shape=(16, 16, 3), include_top=False))
show("classes", lambda: A.ResNet50V2(weights="imagenet", classes=3))
"""
