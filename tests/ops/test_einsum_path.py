"""tf.einsum of three or more operands as TF 2.21 builds it: opt_einsum's greedy path over
the operands' static shapes (unknown dims read as 1), one Einsum op of two operands per
step, named einsum/Einsum, einsum/Einsum_1, ... in a graph. The steps' equations were
recorded from TF's traced graphs (and 60 drawn cases agreed when this was written)."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

# (equation, the traced signature's shapes, TF's steps)
CASES = [
    ("ij,jk,kl->il", [[2, 30], [30, 40], [40, 3]], ["kl,jk->lj", "lj,ij->il"]),
    ("bi,bj,ij->b", [[4, 5], [4, 6], [5, 6]], ["ij,bj->ib", "ib,bi->b"]),
    ("i,i,i->", [[7], [7], [7]], ["i,i->i", "i,i->"]),
    ("gf,gfe,e,ceb,abf->g", [[3, 1], [3, 1, 3], [3], [1, 3, 1], [5, 1, 1]],
     ["abf,gf->bfg", "e,gfe->egf", "egf,ceb->gfb", "gfb,bfg->g"]),
    ("f,fe,fea,e->f", [[3], [3, 4], [3, 4, 1], [4]], ["fea,fe->fe", "fe,e->f", "f,f->f"]),
    ("ca,dg,adf,g,ga->adg", [[1, 4], [4, 3], [4, 4, 4], [3], [3, 4]],
     ["g,ca->ga", "ga,dg->gad", "ga,adf->gad", "gad,gad->adg"]),
    ("cf,e,df,ae,b->abe", [[1, 4], [2], [1, 4], [1, 2], [1]],
     ["df,cf->", ",b->b", "b,e->be", "be,ae->abe"]),
    ("bc,abg,f,c->cg", [[3, 2], [2, 3, 2], [4], [2]], ["abg,bc->gc", "c,f->c", "c,gc->cg"]),
    ("g,cde,fbd,dcf,g->bcdg", [[5], [4, 5, None], [3, None, 5], [5, 4, 3], [None]],
     ["g,g->g", "dcf,fbd->dcb", "g,cde->gcd", "gcd,dcb->bcdg"]),
    ("bac,edb,ade,adf,dac->ac",
     [[4, None, 3], [4, 3, None], [2, None, 4], [2, None, None], [3, None, None]],
     ["ade,edb->adb", "adb,bac->adc", "adc,dac->adc", "adc,adf->ac"]),
    ("dgb,afb,eac,b,cd->bcd", [[3, 3, 4], [5, 2, 4], [3, 5, 1], [4], [1, 3]],
     ["eac,afb->cb", "cd,b->cdb", "cb,dgb->cbd", "cbd,cdb->bcd"]),
]


@pytest.mark.parametrize("equation,shapes,want", CASES)
def test_steps_are_tfs(equation: str, shapes: list, want: list) -> None:
    f = tf.function(lambda *a: tf.einsum(equation, *a))
    graph = f.get_concrete_function(*[tf.TensorSpec(s) for s in shapes]).graph
    ops = [op for op in graph.get_operations() if op.type == "Einsum"]
    assert [op.get_attr("equation") for op in ops] == want
    assert [op.name for op in ops] == ["einsum/Einsum"] + [
        f"einsum/Einsum_{k}" for k in range(1, len(want))]


def test_values_and_errors_follow_the_steps() -> None:
    rng = np.random.default_rng(0)
    a, b, c = (rng.standard_normal(s) for s in [(2, 3), (3, 4), (4, 5)])
    np.testing.assert_allclose(tf.einsum("ij,jk,kl->il", a, b, c).numpy(), a @ b @ c)
    # (TF's first step contracts the last two operands: its kernel names their shapes)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Expected dimension 5 at axis 1 of the input shaped \[3,4\] but "
                             r"got dimension 4 \[Op:Einsum\]"):
        tf.einsum("ij,jk,kl->il", np.ones((2, 3)), np.ones((3, 4)), np.ones((5, 6)))
    with pytest.raises(ValueError, match=r"Dimensions must be equal, but are 5 and 4 for "
                                         r"'\{\{node einsum/Einsum\}\} = Einsum\[N=2, "
                                         r'T=DT_FLOAT, equation="kl,jk->lj"\]\(a_2, a_1\)'):
        tf.function(lambda *a: tf.einsum("ij,jk,kl->il", *a))(
            tf.ones((2, 3)), tf.ones((3, 4)), tf.ones((5, 6)))


def test_tfs_refusals_of_terms_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match=r"^Number of named labels in input #1 of equation "
                                         r"ij,jk,k->i must be equal to the number of "
                                         r"dimensions in shape \[3\]$"):
        tf.einsum("ij,jk,k->i", np.ones((2, 3)), np.ones(3), np.ones(4))
    with pytest.raises(ValueError, match=r"^Too many named labels in 0th subscript string of "
                                         r"equation \.\.\.ijk,j,k for input shape \[2, 3\] $"):
        tf.einsum("...ijk,j,k", np.ones((2, 3)), np.ones(3), np.ones(4))
