"""A fair clock on every route back to a game (issue 55, item 2): which game goes on, and whether
its time is still the player's own, by the page's own modules under Node
(tests/resume_plans.mjs: web/routes/resume.js's planGame, web/progress/reached.js's record of
the positions a fair game held, saved.js's validator, progress.js's merge of two tabs' games).
A position the game held goes on fairly, however the player comes back to it (Back after Undo
and another move, a tab behind reloaded); one it never held, or only an earlier game of the
challenge held, is someone's link: no best time from there."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CHECKS = 11  # the checks resume_plans.mjs makes, each by name


def test_the_plans_of_every_route_back_to_a_game():
    exe = shutil.which("node")
    if exe is None:
        pytest.fail("node is needed for the page's modules")
    done = subprocess.run([exe, str(HERE / "resume_plans.mjs")], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.stdout, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert "failed" not in result, f"{result['failed']}: {result['why']}"
    assert len(result["checked"]) == CHECKS, result
