"""What a layer's `call` signature accepts (training, mask, their positions), read once
per layer class. Sits under base_layer; the wrappers and the trainer ask it too."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as dt


class CallSpec:
    """What a `call` signature accepts: cached per layer class."""

    __slots__ = ("signature", "expects_training", "expects_mask", "training_default",
                 "arg_names", "has_var_kwargs", "training_pos", "mask_pos", "required",
                 "required_more", "keywords")

    def __init__(self, fn: Callable) -> None:
        try:
            sig = inspect.signature(fn)
        except (TypeError, ValueError):
            sig = None
        self.signature = sig
        params = list(sig.parameters.values()) if sig is not None else []
        self.arg_names = [p.name for p in params
                          if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        self.has_var_kwargs = any(p.kind is p.VAR_KEYWORD for p in params)
        # the keywords a call may give (training too: the call's context, dropped where
        # `call` does not take it); None where any is taken
        self.keywords = None if self.has_var_kwargs or sig is None else \
            frozenset((*sig.parameters, "training"))
        # the arguments `call` cannot do without, in order (Keras 3.15 binds the signature:
        # "missing a required argument: 'value'"); training and mask it fills in itself
        self.required = tuple(p.name for p in params if p.default is p.empty and p.kind in (
            p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name not in ("training", "mask"))
        self.required_more = len(self.required) > 1  # (more than the inputs)
        names = {p.name: p for p in params}
        self.expects_training = "training" in names
        self.expects_mask = "mask" in names
        t = names.get("training")
        self.training_default = (t.default if t is not None and t.default is not t.empty
                                 else None)
        self.training_pos = self.arg_names.index("training") if "training" in self.arg_names \
            else None
        self.mask_pos = self.arg_names.index("mask") if "mask" in self.arg_names else None


_call_specs: dict = {}


def call_spec(layer: Any) -> CallSpec:
    """The CallSpec of `layer.call` (cached by the class's call function)."""
    fn = type(layer).call
    try:
        return _call_specs[fn]
    except KeyError:
        spec = _call_specs[fn] = CallSpec(layer.call)
        return spec


class CallPlan:
    """What a plain eager call of one built layer reads that does not change from call to
    call (Layer._plain_call's short path): its call's CallSpec, and its dtype policy's
    facts (the dtype inputs are cast to, the autocast scope its call opens). Made by a full
    call; valid while the layer keeps this `call`, policy and autocast flag (checked on
    each call; anything else the long path reads is read again each call)."""

    __slots__ = ("call_fn", "spec", "takes_mask", "policy", "autocast", "compute",
                 "compute_dtype", "top_scope", "inner_scope")

    def __init__(self, call_fn: Callable, spec: CallSpec, policy: Any, autocast: bool,
                 top_scope: str | None, inner_scope: str | None) -> None:
        self.call_fn, self.spec, self.policy, self.autocast = call_fn, spec, policy, autocast
        self.takes_mask = spec.expects_mask or spec.has_var_kwargs  # (a `mask=None` given)
        self.compute = policy.compute_dtype
        self.compute_dtype = dt.as_dtype(self.compute)
        # the autocast scope the call opens, outside every scope and inside one
        self.top_scope, self.inner_scope = top_scope, inner_scope

    def __reduce__(self) -> tuple:
        return _no_plan, ()  # (a copied or unpickled layer plans its own calls anew)


def _no_plan() -> None:
    return None


def plain_call_fits(spec: CallSpec) -> bool:
    """Whether a call of one tensor (and `training` at most) can take the short path: the
    signature needs no other argument and takes neither training nor mask first."""
    return not spec.required_more and spec.training_pos != 0 and spec.mask_pos != 0
