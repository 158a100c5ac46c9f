"""Write an SVG of every screen and calculator mode into `screenshots/`, and of the main screens in
French (`fr-*.svg`, 120×36, the scenes of `tests.scenes.french`).

    uv run python scripts/screenshots.py [OUT_DIR]

The app is built by the same factory as `elotui` itself and driven by the scenes in `tests/scenes/`
(the snapshot tests play the same scenes; they are not in the package, so the project's root is put
on the path here).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from elotui.i18n import set_language  # noqa: E402
from tests.scenes.calculator import SCENES, SIZE, Scene, play, scene_app  # noqa: E402
from tests.scenes.french import (  # noqa: E402
    FRENCH_HISTORY_SCENES,
    FRENCH_SCENES,
    LANGUAGE,
    SIZES,
)
from tests.scenes.history import HISTORY_SCENES, HistoryScene, history_app, play_history  # noqa: E402
from tests.scenes.history import SIZE as HISTORY_SIZE  # noqa: E402

# The main screens, in French: each calculator mode, the help, the palette, the history and a form.
FRENCH_SHOTS = frozenset(
    {"calculator-single", "calculator-several", "calculator-series", "calculator-period",
     "calculator-reference", "help", "palette", "history-logbook", "history-add-game",
     "history-player"}
)  # fmt: skip
FRENCH_SIZE = SIZES["120x36"]


async def capture(
    scene: Scene, out_dir: Path, language: str | None = None, size: tuple[int, int] = SIZE
) -> Path:
    app = scene_app(language)
    async with app.run_test(size=size) as pilot:
        await play(app, scene)
        await pilot.pause()
        svg = app.export_screenshot(title=f"elotui — {scene.name}")
    path = out_dir / f"{_prefix(language)}{scene.name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


async def main(out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for scene in SCENES:
        print(await capture(scene, out_dir))
    for history_scene in HISTORY_SCENES:
        print(await capture_history(history_scene, out_dir))
    for scene in FRENCH_SCENES:
        if scene.name in FRENCH_SHOTS:
            print(await capture(scene, out_dir, LANGUAGE, FRENCH_SIZE))
    for history_scene in FRENCH_HISTORY_SCENES:
        if history_scene.name in FRENCH_SHOTS:
            print(await capture_history(history_scene, out_dir, LANGUAGE, FRENCH_SIZE))
    set_language("en")


def _prefix(language: str | None) -> str:
    return f"{language}-" if language else ""


# --- the history screen, on a fresh copy of the demo logbook (scenes in tests.scenes.history) ---


async def capture_history(
    scene: HistoryScene,
    out_dir: Path,
    language: str | None = None,
    size: tuple[int, int] = HISTORY_SIZE,
) -> Path:
    with tempfile.TemporaryDirectory() as folder:
        app = history_app(Path(folder), scene.player, language)
        async with app.run_test(size=size):
            await play_history(app, scene)
            svg = app.export_screenshot(title=f"elotui — {scene.name}")
        app.logbook.close()
    path = out_dir / f"{_prefix(language)}{scene.name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "screenshots"
    asyncio.run(main(target))
