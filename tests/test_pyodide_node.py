"""The package inside real Pyodide (the same runtime and wheel the site ships) under Node."""

import pytest

pytestmark = pytest.mark.pyodide


def test_runs_python_314_from_the_pinned_pyodide(pyodide_node, manifest):
    assert pyodide_node.info["python"].startswith("3.14.")
    assert pyodide_node.info["pyodide"] == manifest["pyodide"]
    assert pyodide_node.info["wheel"] == manifest["wheel"]


def test_ping(pyodide_node):
    reply = pyodide_node.call("ping")
    assert reply["ok"] is True
    assert reply["result"]["python"] == pyodide_node.info["python"]
    assert "twist" in reply["result"]["games"]


def test_bad_requests_are_answers_not_crashes(pyodide_node):
    reply = pyodide_node.call("no-such-op")
    assert reply["ok"] is False
    assert reply["error"]["type"] and "no-such-op" in reply["error"]["message"]
    reply = pyodide_node.request("this is not json")
    assert reply["ok"] is False and reply["id"] is None
    assert pyodide_node.call("ping")["ok"] is True  # and Python goes on


def test_solves_a_booklet_challenge(pyodide_node):
    challenges = pyodide_node.call("challenges", game="twist")["result"]
    first = challenges[0]
    reply = pyodide_node.call("solutions", game="twist", challenge=first["challenge"], limit=2)
    assert reply["ok"] is True
    assert reply["result"] == first["solutions"]
    # the whole way to the win, as the page asks for it: one solve, then each move
    steps = pyodide_node.call("solve", game="twist", challenge=first["challenge"],
                              placement="")["result"]["steps"]
    placement = ""
    for step in steps:
        moved = pyodide_node.call("move", game="twist", challenge=first["challenge"],
                                  placement=placement, item=step["item"])["result"]
        assert moved["refused"] is None and moved["placement"] == step["placement"]
        placement = moved["placement"]
    assert moved["solved"] and moved["view"]["solved"]
