"""Every private Textual name the app uses, in one place (Textual is pinned at 8.2.8).

Only what the app itself needs: the hooks the tests and benchmarks use are tests/textual_hooks.py.

Each one is here because no public API does the job; tests/tui/test_textual_private.py checks that
each still exists and still means what it is used for, so a Textual upgrade that changes one fails
there with its name, not somewhere in a screen. Remove an entry when Textual offers a public way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.align import Align
from rich.text import Text
from textual.binding import BindingsMap, Keymap
from textual.command import CommandList, CommandPalette
from textual.dom import DOMNode
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    _Screen = Screen[Any]
    _App = App[Any]
else:
    # Plain mixins at run time (Textual styles a node by its first DOMNode base).
    _Screen = object
    _App = object


def own_bindings(node: DOMNode) -> BindingsMap:
    """The bindings of `node` itself (its class's BINDINGS and its bases'), without its ancestors'.

    `DOMNode._bindings`: Textual has no public accessor for a node's own bindings (`active_bindings`
    follows the focus, which may have moved on by the time a key of a burst is handled)."""
    return node._bindings


def app_keymap(app: App[Any]) -> Keymap:
    """The keymap `app.set_keymap` was given (binding id → keys, normalised).

    `App._keymap`: Textual applies it to the binding chain of a screen itself, and has no public
    getter for whoever runs a widget's own bindings (`KeysInOrder`)."""
    return app._keymap


def take_current_styles(screen: Screen[Any]) -> None:
    """Tell Textual that `screen` was styled with the app's current stylesheet (it is: its widgets
    get their styles as they are mounted), so it does not re-parse every CSS source for it.

    `App._css_update_count` / `Screen._css_update_count`: the count of stylesheet changes Textual
    compares to decide that a screen missed one; no public way to say it did not."""
    screen._css_update_count = screen.app._css_update_count


class StartUpPaintDeferred(_Screen):
    """Put first in a screen's bases: while the app's start-up batch lasts, it does not paint
    (Textual paints the first frame inside that batch and throws it away: nothing painted in a
    batch is written); it keeps the whole screen marked instead, so the first paint after the
    batch writes all of it.

    `Screen._compositor_refresh`, `App._batch_count`, `Compositor._dirty_regions`: the paint, the
    batch depth and the regions to write; Textual has no public hook for any of them."""

    def _compositor_refresh(self) -> None:
        if self.app._batch_count:
            self._compositor._dirty_regions.add(self.size.region)
            return
        super()._compositor_refresh()


def guard_option_list_paging() -> None:
    """PageUp/PageDown in an OptionList before it is laid out (Ctrl+P then PageDown in one burst:
    the palette's list has options but no lines yet) raises `KeyError: 0` in Textual 8.2.8 and
    kills the app. Guarded: the key does nothing until the list has its lines, as Textual's own
    `scroll_to_highlight` does. Upstream bug; `OptionList._move_page`, `_lines`, `_index_to_line`
    are private. Idempotent; the app applies it when it is made (`ElotuiApp.__init__`), so that
    importing elotui changes no class of Textual's."""
    from textual.widgets import OptionList

    move_page = OptionList._move_page
    if getattr(move_page, "guarded", False):
        return

    def guarded_move_page(self: OptionList, direction: Any) -> None:
        if not self._lines or (self.highlighted or 0) not in self._index_to_line:
            return  # not laid out yet: nothing to page through
        move_page(self, direction)

    guarded_move_page.guarded = True  # type: ignore[attr-defined]
    OptionList._move_page = guarded_move_page  # type: ignore[method-assign]


class CrashKeeper(_App):
    """Put first in an app's bases: an unhandled error is kept (`crash`) and Textual does not print
    its traceback, a screenful, on the terminal; the caller logs it and prints one line
    (elotui/cli/app_commands.py). `App._handle_exception` and `App._print_error_renderables` are
    private: Textual has no public hook for an unhandled error."""

    crash: BaseException | None = None

    def _handle_exception(self, error: Exception) -> None:
        if self.crash is None:
            self.crash = error
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        if self.crash is None:
            super()._print_error_renderables()
            return
        self._exit_renderables.clear()


class NoMatchesTextPalette(CommandPalette):
    """Textual's command palette, with `no_matches_text()` where it writes "No matches found" (in
    English; elotui's palette says it in the language spoken: `ElotuiApp.action_command_palette`).

    `CommandPalette._start_no_matches_countdown` is Textual's own, word for word, but for the text:
    the text is inside a closure, and Textual has no public way to give it. It uses the private
    `_stop_no_matches_countdown`, `_no_matches_timer`, `_NO_MATCHES_COUNTDOWN`, `_NO_MATCHES` and
    `_list_visible` (the list's "no match" line, its id, and whether the list shows)."""

    def no_matches_text(self) -> str:
        return "No matches found"

    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def _show_no_matches() -> None:
            if search_value:  # in discover mode (nothing typed): no list rather than no match
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text(self.no_matches_text(), style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, _show_no_matches)
