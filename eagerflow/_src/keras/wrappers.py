"""keras.wrappers: Keras 3's scikit-learn estimators (SKLearnClassifier, SKLearnRegressor,
SKLearnTransformer). They derive from scikit-learn's base classes, which eagerflow does not
depend on: without scikit-learn they raise Keras 3's ImportError; with it, eagerflow does
not provide them yet and says so."""

from __future__ import annotations

import importlib.util
from typing import Any


def _unavailable(name: str) -> type:
    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        if importlib.util.find_spec("sklearn") is None:
            raise ImportError(f"{name} requires `scikit-learn` to be installed. Run "
                              "`pip install scikit-learn` to install it.")
        raise NotImplementedError(f"keras.wrappers.{name} is not available in eagerflow yet.")

    return type(name, (), {"__init__": init, "__module__": __name__,
                           "__doc__": f"keras.wrappers.{name} (needs scikit-learn)."})


SKLearnClassifier = _unavailable("SKLearnClassifier")
SKLearnRegressor = _unavailable("SKLearnRegressor")
SKLearnTransformer = _unavailable("SKLearnTransformer")
