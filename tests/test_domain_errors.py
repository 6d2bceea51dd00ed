"""Domain errors: the workflow speaks in plain words, each front end adds its own names.

* an :class:`~fairpair.errors.InputError` of the workflow names the argument at fault
  (``field``: ``round``, ``points``, ``from_round`` ...) and no command-line flag; the
  web app answers 400 with that request field, the command line prints the flag of
  the command (``--round``) and exits 2;
* a well-formed request that the tournament's state refuses is a
  :class:`~fairpair.errors.ConflictError`: 409 on the web, exit 1 on the command line,
  where a hint may name the command that helps (never on the web);
* nothing parses messages: :func:`fairpair.web.errors.from_fairpair` uses the field.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fairpair import errors as fairpair_errors
from fairpair.cli import run
from fairpair.errors import (
    AllRoundsPairedError,
    ConflictError,
    InputError,
    NoPairingError,
    PendingResultsError,
)

WORKFLOW = Path(__file__).resolve().parent.parent / "src" / "fairpair" / "workflow"
DOCS = Path(__file__).resolve().parent.parent / "docs"
API = "/api/v1"

#: Command-line text that must not appear in what the workflow says: a flag, a command.
CLI_TEXT = re.compile(r"(^|[\s(`])--?[a-zA-Z]|fairpair |edit-event|`")


# --------------------------------------------------------------------------- the web app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="the web extra is not installed")
    from fastapi.testclient import TestClient

    from fairpair.web.app import create_app

    with TestClient(create_app(str(tmp_path / "t.db"))) as test_client:
        yield test_client


def _one_round_event(client: Any) -> tuple[str, dict[str, str]]:
    players = [{"name": f"Player {i}", "rating": 2000 - i} for i in range(1, 5)]
    body = {"name": "Blitz", "system": "dutch", "rounds": 1, "players": players}
    response = client.post(f"{API}/tournaments", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["id"], {"Authorization": f"Bearer {data['director_token']}"}


def _no_command_line(body: dict[str, Any]) -> None:
    text = f"{body['error']} {body['expected']}"
    assert "--" not in text and "fairpair" not in text and "edit-event" not in text, body
    assert not CLI_TEXT.search(text), body


def test_api_bye_past_the_last_round_names_the_round_field(client: Any) -> None:
    tid, director = _one_round_event(client)
    response = client.put(
        f"{API}/tournaments/{tid}/players/1/byes/5", headers=director, json={"points": 0.5}
    )
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["field"] == "round", body
    assert "round 5" in body["error"] and "from 1 to 1" in body["expected"], body
    _no_command_line(body)
    # a bad number of points is the points field, a round < 1 the round field
    bad = client.put(
        f"{API}/tournaments/{tid}/players/1/byes/1", headers=director, json={"points": 2}
    )
    assert bad.status_code == 400 and bad.json()["field"] == "points", bad.text
    _no_command_line(bad.json())
    zero = client.put(
        f"{API}/tournaments/{tid}/players/1/byes/0", headers=director, json={"points": 0}
    )
    assert zero.status_code == 400 and zero.json()["field"] == "round", zero.text
    _no_command_line(zero.json())


def test_api_pairing_when_every_round_is_paired_is_a_conflict(client: Any) -> None:
    tid, director = _one_round_event(client)
    base = f"{API}/tournaments/{tid}"
    assert client.post(f"{base}/rounds", headers=director).status_code == 201
    for board in (1, 2):
        put = client.put(
            f"{base}/rounds/1/boards/{board}", headers=director, json={"result": "1-0"}
        )
        assert put.status_code == 200, put.text
    version = client.get(base).json()["version"]
    response = client.post(f"{base}/rounds", headers=director)
    assert response.status_code == 409, response.text
    body = response.json()
    assert {"error", "field", "expected"} <= set(body)
    assert "the only round" in body["error"] and body["expected"], body
    _no_command_line(body)
    assert client.get(base).json()["version"] == version  # nothing changed


def test_api_state_refusals_are_conflicts(client: Any) -> None:
    tid, director = _one_round_event(client)
    base = f"{API}/tournaments/{tid}"
    assert client.post(f"{base}/rounds", headers=director).status_code == 201
    # a bye for a player who has a game in that round: the request is fine, the state not
    paired = client.put(f"{base}/players/1/byes/1", headers=director, json={"points": 0})
    assert paired.status_code == 409 and paired.json()["field"] == "round", paired.text
    _no_command_line(paired.json())
    # withdrawing a player from the round he is paired in
    withdrawn = client.patch(f"{base}/players/1", headers=director, json={"withdrawn_from": 1})
    assert withdrawn.status_code == 409, withdrawn.text
    _no_command_line(withdrawn.json())
    # a withdrawal past the last round is a bad value of the request's own field
    late = client.patch(f"{base}/players/1", headers=director, json={"withdrawn_from": 5})
    assert late.status_code == 400 and late.json()["field"] == "withdrawn_from", late.text
    _no_command_line(late.json())


def test_api_option_and_creation_errors_name_their_field(client: Any) -> None:
    players = [{"name": "A"}, {"name": "B"}]
    cases = [
        ({"system": "dutch", "options": {"rules": "2030"}}, "options.rules"),
        ({"system": "tcec", "seeding": "group:x"}, "seeding"),
        ({"system": "dutch", "rounds": 100}, "rounds"),
    ]
    for body, field in cases:
        response = client.post(f"{API}/tournaments", json={"rounds": 3, "players": players, **body})
        assert response.status_code == 400 and response.json()["field"] == field, response.text
        _no_command_line(response.json())


def test_director_page_words_a_conflict_as_what_to_do(client: Any) -> None:
    tid, director = _one_round_event(client)
    base = f"{API}/tournaments/{tid}"
    assert client.post(f"{base}/rounds", headers=director).status_code == 201
    for board in (1, 2):
        put = client.put(
            f"{base}/rounds/1/boards/{board}", headers=director, json={"result": "1-0"}
        )
        assert put.status_code == 200, put.text
    token = director["Authorization"].removeprefix("Bearer ")
    opened = client.post(f"/t/{tid}/director", data={"token": token})
    assert opened.status_code == 200
    form_token = re.search(r'name="form_token" value="([0-9a-f]+)"', opened.text)
    assert form_token is not None  # every director's form carries it (issue 28)
    page = client.post(f"/t/{tid}/director/pair", data={"form_token": form_token[1]}).text
    # in plain words on the page: what happened and what to do
    assert "the only round of the tournament is paired: raise the number of rounds" in page.lower()
    assert "expected raise" not in page and "edit-event" not in page and "--rounds" not in page


def test_from_fairpair_uses_the_field_and_never_the_message() -> None:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    from fairpair.web.errors import from_fairpair

    # a message that looks like a flag is not read as one
    looks_like_a_flag = from_fairpair(InputError("--rounds 0", expected="1 or more"), "body")
    assert (looks_like_a_flag.status, looks_like_a_flag.field) == (400, "body")
    named = from_fairpair(InputError("0 rounds", field="rounds"), "body")
    assert named.field == "rounds"
    renamed = from_fairpair(
        InputError("round 0", field="from_round"), rename={"from_round": "withdrawn_from"}
    )
    assert renamed.field == "withdrawn_from"
    inside = from_fairpair(InputError("empty name", field="name"), within="players[3]")
    assert inside.field == "players[3].name"
    conflict = from_fairpair(AllRoundsPairedError("all 5 rounds", expected="add rounds"), "x")
    assert (conflict.status, conflict.error, conflict.field) == (409, "all 5 rounds", "x")
    pending = from_fairpair(PendingResultsError("round 2 cannot be paired", games=["b 1"]))
    assert pending.status == 409 and "\n" not in pending.error


# --------------------------------------------------------------------------- the command line


def _new_event(tmp_path: Path, capsys: pytest.CaptureFixture[str], rounds: int = 1) -> Path:
    players = tmp_path / "players.csv"
    rows = [f"Player {i},{2000 - i}" for i in range(1, 5)]
    players.write_text("name,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    path = tmp_path / "t.json"
    code = run(["new", str(players), "-o", str(path), "-s", "dutch", "-R", str(rounds)])
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    return path


def test_cli_bye_past_the_last_round_names_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _new_event(tmp_path, capsys)
    before = path.read_bytes()
    code = run(["bye", str(path), "1", "--round", "5", "--points", "0.5"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("fairpair: error: ") and "--round: round 5 is past the last round" in err
    assert "expected a round from 1 to 1" in err
    code = run(["bye", str(path), "1", "--round", "1", "--points", "2"])
    err = capsys.readouterr().err
    assert code == 2 and "--points: a bye of 2 points" in err, err
    assert path.read_bytes() == before


def test_cli_next_when_every_round_is_paired_is_a_conflict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _new_event(tmp_path, capsys)
    assert run(["next", str(path)]) == 0
    assert run(["result", str(path), "1=1-0", "2=0-1"]) == 0
    capsys.readouterr()
    before = path.read_bytes()
    code = run(["next", str(path)])
    err = capsys.readouterr().err
    assert code == 1, err
    # the file is named first (issue 28)
    assert err.startswith(f"fairpair: error: {path}: the only round of the tournament is paired")
    # the command line adds the command that helps; the workflow's words do not have it
    assert f"fairpair edit-event {path} --rounds N" in err  # the file as typed
    assert path.read_bytes() == before
    # the exit code the guide promises for it
    guide = (DOCS / "td-guide.md").read_text(encoding="utf-8")
    table = guide[guide.index("## Exit codes") :]
    row = next(line for line in table.splitlines() if line.startswith("| 1 |"))
    assert "every round" in row and "paired" in row


def test_cli_other_flags_and_conflicts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _new_event(tmp_path, capsys, rounds=2)
    code = run(["withdraw", str(path), "1", "--from-round", "3"])
    err = capsys.readouterr().err
    assert code == 2 and "--from-round: round 3 is past the last round" in err, err
    code = run(["edit-event", str(path), "--rounds", "0"])
    err = capsys.readouterr().err
    assert code == 2 and "--rounds: 0 rounds" in err, err
    assert run(["next", str(path)]) == 0
    capsys.readouterr()
    code = run(["bye", str(path), "1", "--round", "1"])
    err = capsys.readouterr().err
    assert code == 1 and "Player 1 has a game in round 1" in err, err
    assert run(["result", str(path), "1=1-0"]) == 0
    code = run(["unpair", str(path)])
    err = capsys.readouterr().err
    assert code == 1 and f"fairpair unpair {path} --force" in err, err
    code = run(["result", str(path), "1=0-1", "2=1-0"])
    err = capsys.readouterr().err
    assert code == 1 and "already has the result 1-0" in err and "-r 1" in err, err


# --------------------------------------------------------------------------- the source


def _raised_errors() -> Iterator[tuple[str, int, str, ast.Call]]:
    """(file, line, class name, call) of every ``raise SomeError(...)`` in the workflow."""
    names = {
        name
        for name, value in vars(fairpair_errors).items()
        if isinstance(value, type) and issubclass(value, Exception)
    }
    for path in sorted(WORKFLOW.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                if isinstance(func, ast.Name) and func.id in names:
                    yield path.name, node.lineno, func.id, node.exc


def _literal_text(node: ast.expr) -> str:
    """The literal parts of a string expression (f-string holes left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_literal_text(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _literal_text(node.left) + "{}" + _literal_text(node.right)
    return ""


def test_workflow_errors_speak_without_the_command_line() -> None:
    found = list(_raised_errors())
    assert len(found) > 40  # the walk finds the workflow's refusals
    bad = []
    for file, line, name, call in found:
        texts = [_literal_text(a) for a in call.args]
        texts += [_literal_text(k.value) for k in call.keywords if k.arg == "expected"]
        message = texts[0] if texts else ""
        if message.startswith("--") or any(CLI_TEXT.search(t) for t in texts):
            bad.append(f"{file}:{line}: {name}: {texts}")
    assert not bad, "\n".join(bad)


def test_workflow_input_errors_name_their_field() -> None:
    missing = []
    for file, line, name, call in _raised_errors():
        error = getattr(fairpair_errors, name)
        if issubclass(error, InputError) and error is not fairpair_errors.SystemNotAvailable:
            if not any(k.arg == "field" for k in call.keywords):
                missing.append(f"{file}:{line}: {name}")
        else:
            # a state refusal, or no legal pairing (the generator names the round)
            allowed = ConflictError | fairpair_errors.SystemNotAvailable | NoPairingError
            assert issubclass(error, allowed), (
                file,
                line,
                name,
            )
    assert not missing, "\n".join(missing)
