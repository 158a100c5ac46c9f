"""The README is what a newcomer reads first: short, with an Install section first, and nothing that
sends anyone to the package index elotui is not on."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"


def test_the_readme_is_short_and_says_how_to_install() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= 12 * 1024
    sections = re.findall(r"^## (.+)$", text, re.M)
    assert sections[0] == "Install"
    install = text.split("## Install", 1)[1].split("\n## ", 1)[0]
    for said in ("Python 3.11 or newer", "Python 3.10", "`sqlmodel`", "uv tool install .",
                 "pipx install .", "uv tool install '.[postgres]'", "uv sync --extra postgres"):  # fmt: skip
        assert said in install, said
    assert "elotui completion bash" in install


def test_nothing_advises_the_package_index() -> None:
    sources = [README, *REPO.glob("docs/*.md"), *REPO.glob("elotui/**/*.py")]
    sources += [REPO / "elotui" / "locale" / "fr" / "LC_MESSAGES" / "elotui.po"]
    said = [
        str(path) for path in sources if "pip install 'elotui" in path.read_text(encoding="utf-8")
    ]
    assert said == []
