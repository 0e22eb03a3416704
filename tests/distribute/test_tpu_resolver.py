"""TPUClusterResolver on a machine without a TPU, against TF 2.21's recorded answers
(tpu_resolver_golden.json, written by record_tpu_resolver.py from tpu_resolver_cases.py)."""

from __future__ import annotations

import json
import urllib.error
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.distribute import tpu_resolver
from tests.distribute.tpu_resolver_cases import CASES, ENVIRONMENTS, outcome
from tests.gpu_target import gpu_less

GOLDEN = json.loads(Path(__file__).with_name("tpu_resolver_golden.json").read_text())
R = tf.distribute.cluster_resolver.TPUClusterResolver


@pytest.mark.parametrize("source", CASES)
def test_as_tf(source, monkeypatch):
    for key in ("TPU_NAME", "KUBE_GOOGLE_CLOUD_TPU_ENDPOINTS", "TPU_CONFIG"):
        monkeypatch.delenv(key, raising=False)
    with gpu_less():  # (as recorded: the system metadata lists the machine's devices)
        assert outcome(tf, source) == GOLDEN["cases"][source]


@pytest.mark.parametrize("k", range(len(ENVIRONMENTS)))
def test_names_from_the_environment(k, monkeypatch):
    env, source = ENVIRONMENTS[k]
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert outcome(tf, source) == GOLDEN["environments"][k]


def test_a_cloud_tpu_name_asks_the_metadata_server_for_its_project(monkeypatch):
    # (outside Google's cloud TF 2.21's lookup fails as urllib fails: "<urlopen error
    # [Errno -2] Name or service not known>"; here the server's refusal is made up)
    asked = []

    def refuse(req, *args, **kwargs):
        asked.append((req.full_url, req.get_header("Metadata-flavor")))
        raise urllib.error.URLError("[Errno -2] Name or service not known")

    monkeypatch.setattr(tpu_resolver.urllib_request, "urlopen", refuse)
    monkeypatch.delenv("GCE_METADATA_HOST", raising=False)
    monkeypatch.delenv("GCE_METADATA_IP", raising=False)
    with pytest.raises(urllib.error.URLError, match="Name or service not known"):
        R(tpu="my-tpu")
    assert asked == [("http://metadata.google.internal/computeMetadata/v1/project/project-id",
                      "Google")]


def test_connect_finds_no_tpu():
    with pytest.raises(tf.errors.NotFoundError,
                       match="^TPUs not found in the cluster. Failed in initialization: No "
                             "OpKernel was registered to support Op 'ConfigureDistributedTPU'"):
        R.connect(tpu="local")
