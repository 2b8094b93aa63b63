"""Issue 10 item 7: schemathesis sends requests generated from the server's OpenAPI schema
(a short run with bounded examples): no request makes the server fail (no 5xx), every answer
is JSON of the documented shape."""

from __future__ import annotations

from collections.abc import Callable

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings

from .conftest import new_match


def test_generated_requests_never_make_the_server_fail(make_client: Callable[..., TestClient],
                                                       sqlite_url: str) -> None:
    client = make_client(sqlite_url, bots=False)
    match = new_match(client, "retrograde")
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    operations = [op.ok() for op in schema.get_all_operations()]
    assert len(operations) >= 10
    for operation in operations:
        strategy = operation.as_strategy()

        @settings(max_examples=12, deadline=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        def check(case: schemathesis.Case) -> None:
            if "match_id" in (case.path_parameters or {}):
                case.path_parameters = {**case.path_parameters, "match_id": match["match_id"]}
            response = case.call()
            assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:200]}"
            kind = response.headers.get("content-type") or [""]
            kind = kind[0] if isinstance(kind, list) else kind
            assert kind.startswith("application/json"), response.text[:200]

        given(strategy)(check)()
