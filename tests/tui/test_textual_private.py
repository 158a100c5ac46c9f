"""Each private Textual name of elotui/tui/textual_private.py (the app's) and tests/textual_hooks.py
(the tests' and benchmarks') still does what it is used for.

A Textual upgrade that renames or changes one fails here, with the name, instead of somewhere in a
screen. Textual is pinned (8.2.8): when it is upgraded, fix the entry or drop it for a public API.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input, Label

from elotui.tui import textual_private
from tests.textual_hooks import is_quiet, on_each_paint


class Bound(Input):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f12", "bell", "Bell")]


def test_own_bindings_are_the_widgets_and_its_bases() -> None:
    bindings = textual_private.own_bindings(Bound())
    assert [b.action for b in bindings.key_to_bindings.get("f12", ())] == ["bell"], (
        "DOMNode._bindings changed: KeysInOrder cannot find a widget's own bindings"
    )
    # Input's own editing keys come with it (its BINDINGS, inherited).
    assert [b.action for b in bindings.key_to_bindings["backspace"]] == ["delete_left"], (
        "DOMNode._bindings no longer holds the inherited bindings"
    )


class OneLabel(App[None]):
    def compose(self) -> ComposeResult:
        yield Label("x")


async def test_a_screen_can_take_the_current_styles() -> None:
    app = OneLabel()
    async with app.run_test():
        screen = Screen[None]()
        assert isinstance(app._css_update_count, int), "App._css_update_count is gone"
        assert screen._css_update_count != app._css_update_count, (
            "Screen._css_update_count no longer starts apart from the app's: AppScreen's guard "
            "against a restyle may be useless or wrong"
        )
        textual_private.take_current_styles(screen)
        assert screen._css_update_count == app._css_update_count


async def test_the_start_up_batch_and_the_paint_are_where_the_first_paint_expects() -> None:
    app = OneLabel()
    async with app.run_test() as pilot:
        assert app._batch_count == 0, "App._batch_count is gone or means something else"
        with app.batch_update():
            assert app._batch_count == 1, "App.batch_update no longer counts in App._batch_count"
        screen = app.screen
        assert callable(screen._compositor_refresh), "Screen._compositor_refresh is gone"
        assert isinstance(screen._compositor._dirty_regions, set), (
            "Compositor._dirty_regions is no longer a set of regions"
        )
        painted: list[bool] = []
        on_each_paint(screen, lambda: painted.append(True))
        app.query_one(Label).update("y")
        await pilot.pause()
        assert painted, "Screen._compositor_refresh is no longer called to paint"


async def test_quiet_means_nothing_is_left_to_handle() -> None:
    app = OneLabel()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app._next_callbacks, list), "MessagePump._next_callbacks is gone"
        assert isinstance(app.screen._callbacks, list), "Screen._callbacks is gone"
        label = app.query_one(Label)
        label.post_message(events.Key("x", "x"))
        assert not is_quiet(app), "a queued message no longer counts"
        await pilot.pause()
        await pilot.pause()
        assert is_quiet(app)


def test_option_list_paging_is_guarded_where_textual_breaks() -> None:
    from textual.widgets import OptionList

    from elotui.tui.app import AppSettings, create_app

    create_app(AppSettings())  # the app guards OptionList when it is made

    assert getattr(OptionList._move_page, "guarded", False), "OptionList._move_page is not guarded"
    options = OptionList("a", "b")  # not mounted: no lines yet, the case that raised KeyError: 0
    assert options._lines == [] and 0 not in options._index_to_line, (
        "OptionList._lines / _index_to_line changed: check guard_option_list_paging"
    )
    options.highlighted = 0
    options.action_page_down()  # type: ignore[no-untyped-call]  # Textual 8.2.8 alone: KeyError: 0


def test_the_unhandled_error_hooks_are_there() -> None:
    # CrashKeeper overrides these two; tests/tui/test_crash.py checks what they do.
    for name in ("_handle_exception", "_print_error_renderables"):
        assert callable(getattr(App, name, None)), f"App.{name} is gone: see CrashKeeper"
    assert OneLabel()._exit_renderables == [], "App._exit_renderables is gone: see CrashKeeper"


def test_importing_the_app_changes_no_textual_class() -> None:
    # A fresh process: this one may have made an app already. Only making the app guards the list.
    import subprocess
    import sys

    probe = (
        "from textual.widgets import OptionList\n"
        "import elotui.tui.app as app\n"
        "print(getattr(OptionList._move_page, 'guarded', False))\n"
        "app.create_app(app.AppSettings())\n"
        "print(getattr(OptionList._move_page, 'guarded', False))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == ["False", "True"]


def test_every_private_name_kept_is_one_the_app_uses() -> None:
    # What ships is what the app needs: a hook only tests or benchmarks use is tests/textual_hooks.py.
    import ast
    import re
    from pathlib import Path

    module = Path(textual_private.__file__)
    defined = [
        node.name
        for node in ast.parse(module.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_")
    ]
    package = module.parents[1]
    code = "\n".join(
        path.read_text(encoding="utf-8") for path in package.rglob("*.py") if path != module
    )
    unused = [name for name in defined if not re.search(rf"\b{name}\b", code)]
    assert defined and not unused, f"textual_private keeps names the app never uses: {unused}"


async def test_the_apps_keymap_is_where_keys_in_order_reads_it() -> None:
    app = OneLabel()
    async with app.run_test():
        app.set_keymap({"label.bell": "f5", "app.quit": "q"})
        assert textual_private.app_keymap(app) == {"label.bell": "f5", "app.quit": "q"}, (
            "App._keymap no longer holds the keymap: KeysInOrder applies it to a widget's bindings"
        )
