"""The package ships the verified specs' data unchanged (games/<game>/*.json).

The digests are those of the shared specs as they were verified cell by cell;
where the specs lie beside the repository (as in CI), the files are compared too.
"""

import hashlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "games"
SPEC_DIGESTS = {
    "focus/challenges.json": "f43ed497e18da5c954b8174c26dfb8b697630d8be127b3c480a7878e9e8039b4",
    "focus/pieces.json": "bcd5b6acafaae7d8f208adc6905c37ef025a6b81bc8ea9acc7498f398a74895f",
    "link/challenges.json": "cc59162b582e69687745ccb1b8b392189ec08cd1d2f0c9aef575a55e07fc59dd",
    "link/pieces.json": "af6ccba3cf6720d72aa21f4ed134f720bb6ee709b0cdd65c48abdb6e46aeb3ed",
    "steps/challenges.json": "ea13e5811a4fbb247641e8e4a767077812a012c2a2c55d7cfa609c3ecd87d919",
    "steps/pieces.json": "3e8594822203bd3f9140d255931ace5f97f3f11a984c805f5ac62d5c46281b4f",
    "twist/challenges.json": "99572d10bf20cdc115a900dd610e3d462c6b619d757ea263954d1d37a8432acf",
    "twist/pieces.json": "d18fc7d839793adbe55b34cc0173b50bef39e5a2ab522a89d556e1666effa18a",
}


@pytest.mark.parametrize("name", sorted(SPEC_DIGESTS))
def test_shipped_data_is_the_verified_spec(name):
    shipped = (ROOT / "py" / "iqpuzzles" / "data" / name).read_bytes()
    assert hashlib.sha256(shipped).hexdigest() == SPEC_DIGESTS[name]
    spec = SHARED / name
    if spec.exists():
        assert shipped == spec.read_bytes()
