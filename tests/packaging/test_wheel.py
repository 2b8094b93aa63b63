"""Items 10 and 12: a wheel built from the source has the rulings (and the other content files)
inside, an install of it reads them without the source tree, and the build raises no setuptools
deprecation warning about the license (SPDX ``license = "MIT"``).

The wheel is built offline (``pip wheel --no-deps --no-build-isolation``) from a copy of the
tree in a temporary folder, so the working tree gets no build/ or dist/ folders.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _copy_tree(dest: Path) -> Path:
    src = dest / "project"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for license_file in ROOT.glob("LICEN[CS]E*"):
        shutil.copy2(license_file, src / license_file.name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(ROOT / "src", src / "src", symlinks=True, ignore=ignore)
    shutil.copytree(ROOT / "docs" / "rulings", src / "docs" / "rulings")
    return src


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    import setuptools

    major = int(setuptools.__version__.split(".")[0])
    assert major >= 77, f"setuptools {setuptools.__version__} in .venv is too old for the SPDX license: run ./test"
    work = tmp_path_factory.mktemp("wheel")
    project = _copy_tree(work)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation", "--no-index",
         "--disable-pip-version-check", "-w", str(work / "dist"), str(project)],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    wheels = list((work / "dist").glob("starlanes-*.whl"))
    assert len(wheels) == 1
    return wheels[0], done.stdout + done.stderr


def test_the_wheel_holds_the_rulings_of_every_game_and_the_content_files(built: tuple[Path, str]) -> None:
    wheel, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    for doc in (ROOT / "docs" / "rulings").glob("*.md"):
        inside = f"starlanes/rulings/{doc.name}"
        assert inside in names, f"{inside} is not in the wheel"
        assert zipfile.ZipFile(wheel).read(inside) == doc.read_bytes()
    for content in (ROOT / "src" / "starlanes").rglob("content/**/*"):
        if content.is_file():
            assert content.relative_to(ROOT / "src").as_posix() in names, f"{content.name} is not in the wheel"
    assert "starlanes/py.typed" in names


def test_the_license_is_an_spdx_expression_without_a_deprecation_warning(built: tuple[Path, str]) -> None:
    wheel, log = built
    archive = zipfile.ZipFile(wheel)
    metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in archive.read(metadata).decode()
    assert "SetuptoolsDeprecationWarning" not in log
    assert "project.license" not in log


def test_an_installed_wheel_reads_its_rulings_without_the_source_tree(built: tuple[Path, str], tmp_path: Path) -> None:
    wheel, _ = built
    target = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--disable-pip-version-check",
         "--target", str(target), str(wheel)],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    probe = (
        "import starlanes, sys\n"
        "from starlanes.core.rulings import rulings_text, parse_rulings\n"
        "print(starlanes.__file__)\n"
        "print(*(len(parse_rulings(rulings_text(g) or '')) for g in ('space-risk', 'retrograde')))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    shown = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr[-2000:]
    where, counts = shown.stdout.strip().splitlines()
    assert where.startswith(str(target)), f"imported {where}, not the installed wheel"
    assert all(int(n) > 0 for n in counts.split())
