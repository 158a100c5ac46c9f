"""Write an SVG of every screen and calculator mode into `screenshots/`.

    uv run python scripts/screenshots.py [OUT_DIR]

The app is built by the same factory as `elotui` itself and driven by the scenes in
`elotui.tui.scenes` (the snapshot tests use the same scenes).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from elotui.tui.scenes import SCENES, SIZE, Scene, play, scene_app


async def capture(scene: Scene, out_dir: Path) -> Path:
    app = scene_app()
    async with app.run_test(size=SIZE) as pilot:
        await play(app, scene)
        await pilot.pause()
        svg = app.export_screenshot(title=f"elotui — {scene.name}")
    path = out_dir / f"{scene.name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


async def main(out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for scene in SCENES:
        print(await capture(scene, out_dir))


if __name__ == "__main__":
    target = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).resolve().parent.parent / "screenshots"
    )
    asyncio.run(main(target))
