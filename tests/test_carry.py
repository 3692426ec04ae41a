"""Progress carried to another device as a link (issue 53): the laws of web/progress/carry.js's
encoding on seeded random progress (decode(encode(p)) is what the link carries of p; a
link merged with progress.js's merge keeps all a device held and adds nothing the second
time), hostile links refused with the error of their kind, and the size of a 500-win
player's link (one QR code holds 2,953 bytes). They run the page's own modules under Node."""

from __future__ import annotations

import json

import pytest

from tests.test_progress import node

QR_BYTES = 2953  # a QR code of version 40, error correction L, in byte mode


@pytest.mark.parametrize("seed", [1, 2])
def test_a_link_carries_what_it_says_and_merges_without_loss(seed):
    result = node("carry_laws.mjs", "laws", str(seed), "300")
    assert result == {"checked": 300}, json.dumps(result)[:4000]


@pytest.mark.parametrize("seed", [1, 2])
def test_hostile_links_are_refused_with_the_error_of_their_kind(seed):
    result = node("carry_laws.mjs", "hostile", str(seed), "200")
    assert "failed" not in result, json.dumps(result)[:4000]
    kinds = {kind.split(":")[0] for kind in result["kinds"]}
    assert kinds == {"address", "version", "damaged", "size", "number", "game", "challenge",
                     "shape"}


def test_a_500_win_players_link_fits_one_qr_code():
    result = node("carry_laws.mjs", "sizes", "1")
    assert result["wins"] == 500, result
    assert result["deflated"] < result["raw"], result
    assert result["link"] <= QR_BYTES - 8, result  # (the code's own header besides)
