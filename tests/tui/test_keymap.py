"""Keys users rebind: the settings file's `keymap` (binding id → keys), applied by `App.set_keymap`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from elotui.tui.app import AppSettings, ElotuiApp, create_app
from elotui.tui.keymap import every_binding_id, usable_entries
from elotui.tui.widgets.choice import Choice
from tests.conftest import run_cli
from tests.scenes.calculator import TODAY, settle
from tests.scenes.notices import Notice, keep_notices

from .conftest import SIZE, type_keys


def app_with(keymap: object) -> ElotuiApp:
    return create_app(AppSettings(today=TODAY, cursor_blink=False, keymap=keymap))


async def test_a_rebound_action_runs_on_its_new_key_and_not_on_its_old_one() -> None:
    app = app_with({"app.history": "f4"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await type_keys(pilot, "f3")
        assert app.current_mode == "calculator", "F3 still opens the history"
        await type_keys(pilot, "f4")
        assert app.current_mode == "history"


async def test_a_widget_that_runs_its_own_bindings_follows_the_keymap() -> None:
    # A Choice runs its bindings itself (KeysInOrder), not through the screen's binding chain.
    app = app_with({"choice.next": "n"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await type_keys(pilot, "f7")  # the series: its "exact" choice
        choice = app.screen.query_one("#exact", Choice)
        choice.focus()
        await type_keys(pilot, "right")
        assert choice.value == "rounded", "the key the keymap replaced still steps the choice"
        await type_keys(pilot, "n")
        assert choice.value == "exact"


async def test_each_bad_entry_is_one_warning_and_the_others_apply() -> None:
    app = app_with({"app.nowhere": "f4", "app.help": 5, "app.history": "f4", "app.quit": ""})
    told = keep_notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await type_keys(pilot, "f4")
        assert app.current_mode == "history"
    assert sorted(told) == [
        Notice("the keymap's entry 'app.help' is ignored: its keys must be text such as"
               ' "f4" or "ctrl+h,f5"', ""),
        Notice("the keymap's entry 'app.nowhere' is ignored: no key binding has this id", ""),
        Notice("the keymap's entry 'app.quit' is ignored: its keys must be text such as"
               ' "f4" or "ctrl+h,f5"', ""),
    ]  # fmt: skip


@pytest.mark.parametrize("keymap", [["app.history", "f4"], "f4", 3])
def test_a_keymap_that_is_not_an_object_is_one_line_and_binds_nothing(keymap: object) -> None:
    assert usable_entries(keymap) == (
        {},
        ["the keymap of the settings file is ignored: it is not a JSON object"],
    )


def test_the_ids_the_keymap_may_name_are_every_bindings_of_the_app() -> None:
    # Screens and dialogs not shown yet count too (the history's, the forms').
    ids = every_binding_id()
    assert {"app.history", "form.save", "choice.next", "result_picker.previous"} <= ids
    assert "app.nowhere" not in ids


@pytest.mark.usefixtures("a_terminal")
def test_the_command_line_hands_the_settings_files_keymap_to_the_app(
    _isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _isolated_home.mkdir()
    keymap = {"app.history": "f4"}
    (_isolated_home / "settings.json").write_text(json.dumps({"keymap": keymap}))
    started: list[AppSettings] = []

    def run(self: ElotuiApp, *args: Any, **kwargs: Any) -> None:
        started.append(self.settings)

    monkeypatch.setattr(ElotuiApp, "run", run)
    code, _, err = run_cli()  # `elotui`: the app, started as the command line starts it
    assert (code, err) == (0, "")
    assert [settings.keymap for settings in started] == [keymap]
