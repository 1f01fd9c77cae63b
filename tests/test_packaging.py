"""The game as a Python project (issue 37 items 2 and 4): one version, kept in
``solitaire/__init__.py``; pyproject.toml describes the project with the pins of requirements.txt;
``pip install .`` into a fresh virtual environment gives a ``solitaire`` command that plays."""

from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from solitaire import __version__

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _pins(path: Path) -> list[str]:
    lines = (line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("-r")]


def test_pyproject_describes_the_project_with_requirements_txts_pins():
    project = _pyproject()["project"]
    assert project["name"] == "solitaire"
    assert project["requires-python"] == ">=3.11"
    assert sorted(project["dependencies"]) == sorted(_pins(ROOT / "requirements.txt"))
    assert project["scripts"] == {"solitaire": "solitaire.entry:console"}
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]


def test_the_version_is_kept_in_one_place_which_pyproject_reads():
    config = _pyproject()
    assert config["project"]["dynamic"] == ["version"] and "version" not in config["project"]
    assert config["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "solitaire.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    written = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "solitaire").rglob("*.py"))
               if f'"{__version__}"' in path.read_text(encoding="utf-8")]
    assert written == ["solitaire/__init__.py"]


def test_the_changelog_begins_with_this_versions_entry():
    headings = re.findall(r"^## (.+)$", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert headings and headings[0].split()[0] == __version__


def test_pyproject_installs_every_folder_of_the_package():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    folders = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "solitaire").rglob("__init__.py")}
    assert listed == folders | {"solitaire.levels", "solitaire.assets"}


def test_the_version_command_prints_it():
    done = subprocess.run([sys.executable, str(ROOT / "game.py"), "--version"], capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stdout) == (0, f"Solitaire {__version__}\n"), done.stderr


@pytest.mark.slow
def test_pip_install_into_a_fresh_venv_gives_a_solitaire_command_that_plays(tmp_path):
    """The README's ``pip install .``, offline and in seconds: the new venv sees this one's
    installed packages (the game's pins, and setuptools to build with) through a ``.pth`` file,
    and pip installs the game alone (``--no-deps --no-build-isolation --no-index``), from a copy
    of the checkout (a build writes ``build/`` beside pyproject.toml), then the command runs
    from another folder."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("solitaire", "levels", "assets"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    scripts = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = scripts / ("python.exe" if sys.platform == "win32" else "python")
    inner = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[-1])"],
                           capture_output=True, text=True, check=True).stdout.strip()
    (Path(inner) / "outer.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                           "--no-index", str(source)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr

    command = shutil.which("solitaire", path=str(scripts))
    assert command is not None
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_HOME=str(tmp_path / "home"))
    env.pop("PYTHONPATH", None)

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([command, *args], cwd=elsewhere, env=env, capture_output=True, text=True,
                              encoding="utf-8", timeout=120)

    version = run("--version")
    assert (version.returncode, version.stdout) == (0, f"Solitaire {__version__}\n"), version.stderr
    where = subprocess.run([str(python), "-c", "import solitaire; print(solitaire.__file__)"], cwd=elsewhere,
                           env=env, capture_output=True, text=True)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr
    shot = tmp_path / "shot.png"
    played = run("--code", "KL1-D1N-AAAAAAB", "--smoke", "--frames", "3", "--screenshot", str(shot))
    assert played.returncode == 0 and shot.is_file(), played.stdout + played.stderr  # its levels and fonts found
    licences = run("--licenses")
    assert licences.returncode == 0 and "pygame-ce 2.5.8: LGPL-2.1-or-later" in licences.stdout


def test_the_windows_executables_version_resource_names_the_version():
    """tools/build_exe.py's ``--version-file`` text (read by PyInstaller on Windows): the file's
    version and product version are the one version."""
    import ast
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_exe", ROOT / "tools" / "build_exe.py")
    build_exe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_exe)
    assert build_exe.game_version() == __version__
    tree = ast.parse(build_exe.version_file_text(__version__), mode="eval")
    strings = {node.args[0].value: node.args[1].value for node in ast.walk(tree)
               if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "StringStruct"}
    assert strings["FileVersion"] == strings["ProductVersion"] == __version__
    numbers = next(keyword.value for node in ast.walk(tree) if isinstance(node, ast.Call)
                   and getattr(node.func, "id", "") == "FixedFileInfo" for keyword in node.keywords
                   if keyword.arg == "filevers")
    assert ast.literal_eval(numbers) == tuple(int(part) for part in __version__.split(".")) + (0,)
