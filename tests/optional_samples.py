"""Ops whose registry samples need an optional extra (files only it can write): without
it they have none, and the tests that want every op's samples leave them out."""

import importlib.util

NEEDS = {"DecodeJxl": "imagecodecs"}  # op -> the module its samples are made with


def without_samples() -> set:
    """The ops whose extra is not installed here."""
    return {op for op, module in NEEDS.items() if importlib.util.find_spec(module) is None}
