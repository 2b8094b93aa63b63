"""Browser tests: the real server on a free loopback port, Debian's Chromium driven by Playwright.

Chromium is installed by ./test (scripts/ensure-chromium.sh); Playwright's own browsers are never
downloaded: the tests launch ``/usr/bin/chromium`` (or ``$STARLANES_CHROMIUM``) by its path.
Screenshots go to test-artifacts/web/ (a folder that ignores itself in git)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "web"
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1366, "height": 900}


def chromium_path() -> str:
    path = os.environ.get("STARLANES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).is_file():
        pytest.fail("Chromium is not installed: ./test installs it (scripts/ensure-chromium.sh), "
                    "or run `apt-get install -y chromium`", pytrace=False)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path}: {exc.code} {exc.read().decode()[:300]}") from None


def _command(port: int, tmp: Path) -> list[str]:
    """``starlanes serve`` on ``port`` with a fresh SQLite database (its bots' worker included)."""
    return [str(Path(sys.executable).parent / "starlanes"), "serve", "--host", "127.0.0.1", "--port", str(port),
            "--db", f"sqlite:///{tmp / 'web.db'}", "--rate", "0"]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = free_port()
    tmp = tmp_path_factory.mktemp("web-server")
    log = (tmp / "server.log").open("wb")
    proc = subprocess.Popen(_command(port, tmp), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                log.close()
                pytest.fail(f"the server did not start: {(tmp / 'server.log').read_text()[-2000:]}", pytrace=False)
            time.sleep(0.1)
    try:
        yield Server(url)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ignore = ARTIFACTS.parent / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# screenshots of the browser tests: artefacts, not sources\n*\n")
    return ARTIFACTS


@dataclass
class Seat:
    page: Any
    context: Any
    errors: list[str] = field(default_factory=list)

    @property
    def step(self) -> int:
        return int(self.page.get_attribute("#status", "data-step"))

    @property
    def turn(self) -> str:
        return str(self.page.get_attribute("#status", "data-turn"))

    def actions(self) -> list[str]:
        return list(self.page.eval_on_selector_all("#actions [data-action]", "bs => bs.map(b => b.dataset.action)"))

    def click_action(self, text: str) -> None:
        """Click the button of a listed action (opening its verb's group first)."""
        self.page.eval_on_selector_all(
            "#actions [data-action]",
            "(bs, a) => { const b = bs.find(x => x.dataset.action === a); b.closest('details').open = true; }", text)
        before = self.step
        self.page.locator(f'#actions [data-action="{text}"]').first.click()
        self.page.wait_for_function("s => Number(document.querySelector('#status').dataset.step) > s", arg=before)

    def wait_step(self, step: int) -> None:
        self.page.wait_for_function("s => Number(document.querySelector('#status').dataset.step) >= s", arg=step)


def create(server: Server, game: str, params: dict[str, Any], seats: int = 2) -> dict[str, Any]:
    body = {"game": game, "params": params, "seats": ["human"] * seats}
    made: dict[str, Any] = server.api("POST", "/api/matches", body)
    return made


def invites(made: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["invite"] for s in made["seats"] if s.get("invite")}


@pytest.fixture
def open_seat(browser: Any, server: Server) -> Iterator[Callable[..., Seat]]:
    opened: list[Seat] = []

    def open_(match_id: str, code: str, viewport: dict[str, int] | None = None, init_script: str = "",
              route: str = "join") -> Seat:
        """A browser of its own opening ``#/<route>/<match>/<code>`` (a join link, or a watch link)."""
        context = browser.new_context(viewport=viewport or WIDE)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        seat = Seat(page, context)
        page.on("pageerror", lambda exc: seat.errors.append(str(exc)))
        page.goto(f"{server.url}/#/{route}/{match_id}/{code}")
        page.wait_for_selector("#board svg, #board pre")
        page.wait_for_selector("#status[data-step]")
        opened.append(seat)
        return seat

    yield open_
    for seat in opened:
        assert not seat.errors, f"script errors in the page: {seat.errors}"
        seat.context.close()
