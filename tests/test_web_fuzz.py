"""Schemathesis fuzzing of the API's OpenAPI document against the real server.

``fairpair serve`` runs in a subprocess (on SQLite and, when installed, on a real
PostgreSQL server: the backends of ``new_database`` in ``tests/conftest.py``); Schemathesis reads
``/api/v1/openapi.json`` from it and generates requests for every operation, valid ones
(positive) and ones that break the schema (negative). Half of the requests name a live
tournament, its director token and small player, round and board numbers, so that they
reach the workflow rather than stopping at a 404 or 401. No request may get a 5xx, and
every refusal is the API's JSON error body (``error``, ``field``, ``expected``).

Bounded: ``FAIRPAIR_FUZZ_EXAMPLES`` examples per operation and mode (default 15); the
long test runs 200 of each when ``FAIRPAIR_FUZZ_LONG=1``. Both are marked ``slow`` (about
10 s per database here): ``make test-all`` and CI run them, ``make test`` does not.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
schemathesis = pytest.importorskip(
    "schemathesis", reason="Schemathesis is not installed (pip install schemathesis)"
)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402

from helpers import API, Server, create_tournament  # noqa: E402

EXAMPLES = int(os.environ.get("FAIRPAIR_FUZZ_EXAMPLES", "15"))
LONG_EXAMPLES = 200
NUMBERS = ("number", "round_number", "board")


@pytest.fixture(scope="module")
def server(
    new_database: Callable[[], str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("fuzz")
    running = Server(new_database(), folder / "server.log")
    running.start()
    yield running
    running.stop()


class Live:
    """A tournament the fuzzed requests may act on: re-created when a request deleted
    it; round 1 paired, so results, unpairing and reports have something to act on."""

    def __init__(self, http: Any) -> None:
        self.http = http
        self.tid = ""
        self.headers: dict[str, str] = {}

    def ensure(self) -> None:
        if self.tid and self.http.get(f"{API}/tournaments/{self.tid}").status_code == 200:
            return
        self.tid, self.headers = create_tournament(self.http, players=6, rounds=4)
        paired = self.http.post(f"{API}/tournaments/{self.tid}/rounds", headers=self.headers)
        assert paired.status_code == 201, paired.text


def _check(response: Any, label: str) -> None:
    """No server error; a refusal in the API's error shape."""
    where = f"{label} -> {response.status_code}: {response.text[:500]}"
    assert response.status_code < 500, where
    if response.status_code >= 400 and response.status_code != 405:
        body = response.json()
        assert isinstance(body, dict) and {"error", "field", "expected"} <= set(body), where
        assert isinstance(body["error"], str) and body["error"], where


def _can_break(operation: Any) -> bool:
    """Whether a request can break the operation's schema: not when its only parameter
    is a string in the path (any text is a valid one)."""
    if len(operation.query) or len(operation.body) or len(operation.headers):
        return True
    return any(
        (p.definition.get("schema") or {}).get("type") != "string"
        for p in operation.path_parameters
    )


def _fuzz_operation(
    server: Server,
    live: Live,
    operation: Any,
    mode: Any,
    examples: int,
    statuses: dict[str, int],
) -> None:
    """Fuzz one operation in one generation mode (raises on the first failure)."""

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        case=operation.as_strategy(generation_mode=mode),
        aim=st.booleans(),
        numbers=st.lists(st.integers(1, 12), min_size=3, max_size=3),
    )
    def run(case: Any, aim: bool, numbers: list[int]) -> None:
        headers: dict[str, str] = {}
        if aim:
            live.ensure()
            if "tid" in (case.path_parameters or {}):
                case.path_parameters["tid"] = live.tid
                for name, value in zip(NUMBERS, numbers, strict=True):
                    if name in case.path_parameters:
                        case.path_parameters[name] = value
            headers = dict(live.headers)
        response = case.call(base_url=server.url, headers=headers, timeout=60)
        key = str(response.status_code)
        statuses[key] = statuses.get(key, 0) + 1
        _check(response, f"{case.method} {case.formatted_path} {mode.value}")

    run()


def _fuzz(server: Server, examples: int) -> dict[str, int]:
    schema = schemathesis.openapi.from_url(f"{server.url}{API}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 15, [op.label for op in operations]
    failures: list[str] = []
    statuses: dict[str, int] = {}
    with httpx.Client(base_url=server.url, timeout=60) as http:
        live = Live(http)
        for operation in operations:
            modes = [GenerationMode.POSITIVE]
            if _can_break(operation):
                modes.append(GenerationMode.NEGATIVE)
            for mode in modes:
                try:
                    _fuzz_operation(server, live, operation, mode, examples, statuses)
                except Unsatisfiable:
                    pass  # no request breaking the schema exists (e.g. a string path only)
                except Exception as exc:  # every operation is fuzzed; all failures shown
                    failures.append(f"{operation.label} ({mode.value}): {exc}")
    assert not failures, "\n\n".join(failures)
    return statuses


@pytest.mark.slow
def test_fuzz_the_openapi_document_without_a_500(server: Server) -> None:
    statuses = _fuzz(server, EXAMPLES)
    print(f"\nfuzz: {sum(statuses.values())} requests, statuses {sorted(statuses.items())}")
    assert any(key.startswith("2") for key in statuses)
    assert {"404", "422"} <= set(statuses)


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("FAIRPAIR_FUZZ_LONG") != "1", reason="the long fuzz: FAIRPAIR_FUZZ_LONG=1"
)
def test_fuzz_long(server: Server) -> None:
    statuses = _fuzz(server, LONG_EXAMPLES)
    print(f"\nfuzz (long): {sum(statuses.values())} requests, {sorted(statuses.items())}")


#: Numbers that are cheap to send and were ruinous to compute with (issue 28), and
#: other number-like text that only looks harmless.
HOSTILE_NUMBERS: tuple[Any, ...] = (
    "1e3000000",
    "-1e1000000",
    "1e-3000000",
    "0e999999",
    1e308,
    -1e308,
    "9" * 5000,
    "\u0663",
    "1/0",
    "nan",
    "Infinity",
)


def _hostile(value: Any, draw: Callable[[], Any]) -> Any:
    """``value`` with every number and string replaced by one of HOSTILE_NUMBERS."""
    if isinstance(value, dict):
        return {key: _hostile(item, draw) for key, item in value.items()}
    if isinstance(value, list):
        return [_hostile(item, draw) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    return draw()


def _full_path(path: str) -> str:
    """An operation's path under the API's prefix (the document's paths may have it)."""
    return path if path.startswith(API) else API + path


def _chunked(data: bytes) -> Iterator[bytes]:
    """The body in pieces of 7 bytes: httpx sends it chunked (no Content-Length)."""
    for start in range(0, len(data), 7):
        yield data[start : start + 7]


def _fuzz_hostile(http: Any, live: Live, operation: Any, statuses: dict[str, int]) -> None:
    """Fuzz one operation with hostile numbers in chunked bodies (raises on a failure)."""
    import json

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        picks=st.lists(st.sampled_from(HOSTILE_NUMBERS), min_size=1, max_size=50),
    )
    def run(case: Any, picks: list[Any]) -> None:
        live.ensure()
        params = dict(case.path_parameters or {})
        if "tid" in params:
            params["tid"] = live.tid
        for name in NUMBERS:
            if name in params:
                params[name] = 1
        cycle = iter(picks * 1000)
        data = json.dumps(_hostile(case.body, lambda: next(cycle))).encode("utf-8")
        response = http.request(
            operation.method.upper(),
            _full_path(operation.path.format(**params)),
            content=_chunked(data),
            headers={**live.headers, "Content-Type": "application/json"},
        )
        key = str(response.status_code)
        statuses[key] = statuses.get(key, 0) + 1
        _check(response, f"{operation.label} hostile {data[:200]!r}")

    run()


@pytest.mark.slow
def test_fuzz_hostile_numbers_in_chunked_bodies(server: Server) -> None:
    """Every operation with a JSON body, its generated bodies with each number and
    string replaced by a huge exponent (or another hostile number), sent chunked: no
    5xx, every refusal in the error shape, and the server still answers at once."""
    schema = schemathesis.openapi.from_url(f"{server.url}{API}/openapi.json")
    operations = [
        op
        for op in (result.ok() for result in schema.get_all_operations())
        if len(op.body) and op.method.upper() in ("POST", "PUT", "PATCH")
    ]
    assert len(operations) >= 6, [op.label for op in operations]
    statuses: dict[str, int] = {}
    failures: list[str] = []
    with httpx.Client(base_url=server.url, timeout=60) as http:
        live = Live(http)
        for operation in operations:
            try:
                _fuzz_hostile(http, live, operation, statuses)
            except Exception as exc:  # every operation is fuzzed; all failures shown
                failures.append(f"{operation.label}: {exc}")
            assert http.get(f"{API}/health", timeout=5).status_code == 200
    assert not failures, "\n\n".join(failures)
    print(f"\nhostile numbers: {sum(statuses.values())} requests, {sorted(statuses.items())}")
    assert any(key.startswith("4") for key in statuses)
