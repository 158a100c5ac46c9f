"""The history screen's footer: Textual's, built again only when the keys it shows change.

Textual's `Footer` rebuilds itself (a widget per key, then a layout of the whole screen) each time
its screen says its bindings changed, and a screen says so at every change of focus: a form
closed gives the focus back to the games, so every write rebuilt the footer while its rows, chart
and FIDE check were being shown (a layout of 100,000 games' screen). The keys
themselves are the same before and after, so this footer compares what it would show and
rebuilds only when that differs (a key enabled or not, another language's descriptions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

KeysShown = tuple[tuple[str, str, str, bool, str], ...]


def keys_shown(screen: Screen[object]) -> KeysShown:
    """What a footer shows of `screen`'s keys: each key shown, its action, description (in the
    language spoken: `TranslatedBindings`), whether it is enabled and its tooltip; the command
    palette's key too (shown at the right, whether it is `show` or not)."""
    palette = screen.app.COMMAND_PALETTE_BINDING
    return tuple(
        (binding.key, binding.action, binding.description, enabled, tooltip)
        for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
        if binding.show or key == palette
    )


class SteadyFooter(Footer):
    """`Footer`, rebuilt only when the keys it shows change."""

    _shown: KeysShown | None = None  # what it was last built with (None: not built yet)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = keys_shown(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)
