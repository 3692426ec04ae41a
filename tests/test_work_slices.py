"""Work in slices stays in slices (issue 41: no action of the player's over 100 ms on a
phone's CPU): web/lib/idle.js's Slices, under Node, over seeded random walks of what the page
does with it (items added one by one in a task, as the picker's observer adds the cells it
sees, or many at once; forgotten when the booklet is drawn again), with slices a task apart
or a timer apart (as the pictures' are a frame apart). After each walk: no
item is worked on in the task that added it, a task begins items only while its SLICE_MS
lasts (judged exactly: the item before ended within it), each item added is worked on
once, and none forgotten is worked on."""

from __future__ import annotations

import json

import pytest

from test_progress import node


@pytest.mark.parametrize(("seed", "pace"), [(1, "task"), (2, "timer")])
def test_items_are_worked_on_once_in_later_tasks_a_slice_at_a_time(seed, pace):
    result = node("slices_walk.mjs", str(seed), "300", pace)
    assert result["checked"] > 1000 and result["slices"] > 50, result
    broken = {k: result[k] for k in ("workedEarly", "slicesTooLong", "workedTwice", "lost",
                                      "workedAfterClear")}
    assert broken == dict.fromkeys(broken, 0), json.dumps(result)
