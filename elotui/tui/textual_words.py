"""The words Textual itself puts on elotui's screens, in English, marked here for the catalog.

Textual writes its own words in English and has no catalog of its own. Where it lets the app show
them otherwise, they are translated where they are shown, with their English text as the message id:

- the palette's own commands (`App.get_system_commands`): `ElotuiApp.get_system_commands` yields them
  with titles and helps in the language spoken;
- the keys' descriptions of Textual's widgets (an Input's "Go to start", a table's "Cursor up"), shown
  by the keys panel (palette: "Keys") and the footer from `Screen.active_bindings`, which the app's
  screens translate (`elotui.tui.language.TranslatedBindings`);
- the palette's search prompt and its "No matches found" (`ElotuiApp.action_command_palette`).

The English texts must stay exactly Textual's (they are looked up by them):
tests/i18n/test_textual_words.py checks each widget's bindings against this list, so a Textual
upgrade that adds or rewords a key fails there. What Textual does not let the app translate is listed
in README's "En français".
"""

from __future__ import annotations

from elotui.i18n import N_

# App.get_system_commands (the palette's own commands), and the footer's Ctrl+P.
SYSTEM_COMMANDS = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Hide the keys and widget help panel"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
    N_("palette"),
)

# The command palette's own texts.
PALETTE = (
    N_("Search for commands…"),
    N_("No matches found"),
)

# The bindings' descriptions of the Textual classes elotui's screens are made of (the keys panel
# lists those of the widget with the focus and of its screen).
KEYS = (
    # Screen, and every scrolling container
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    # Input
    N_("Move cursor left"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Select all"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Delete character right"),
    N_("Submit"),
    N_("Delete left to start of word"),
    N_("Delete all to the left"),
    N_("Delete right to start of word"),
    N_("Delete all to the right"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
    # DataTable
    N_("Select"),
    N_("Cursor up"),
    N_("Cursor down"),
    N_("Cursor right"),
    N_("Cursor left"),
    N_("Page up"),
    N_("Page down"),
    N_("Top"),
    N_("Bottom"),
    N_("Home"),
    N_("End"),
    # OptionList
    N_("Down"),
    N_("Last"),
    N_("First"),
    N_("Up"),
    # Select
    N_("Show menu"),
    N_("Dismiss menu"),
    # TextArea
    N_("Cursor word left"),
    N_("Cursor word right"),
    N_("Cursor line start"),
    N_("Cursor line end"),
    N_("Cursor page up"),
    N_("Cursor page down"),
    N_("Cursor left word select"),
    N_("Cursor right word select"),
    N_("Cursor line start select"),
    N_("Cursor line end select"),
    N_("Cursor up select"),
    N_("Cursor down select"),
    N_("Cursor left select"),
    N_("Cursor right select"),
    N_("Select line"),
    N_("Cut"),
    N_("Copy"),
    N_("Paste"),
    N_("Delete to line start"),
    N_("Delete to line end"),
    N_("Delete line"),
    N_("Undo"),
    N_("Redo"),
    # Checkbox
    N_("Toggle"),
)
