"""The French catalog is whole and what ships is what it says (issue 15, "Done when").

(a) Every message marked in elotui/ (extracted with Babel's API, as `pybabel extract` does with the
    configuration of pyproject.toml) is in the committed elotui.po; (b) none is untranslated or fuzzy,
    and each translation keeps its message's {fields}; (c) the committed elotui.mo is the compilation
    of the committed elotui.po (a .po edited and not compiled fails here, not in a user's terminal).
"""

from __future__ import annotations

import re
import tomllib
from io import BytesIO
from pathlib import Path
from typing import BinaryIO

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parents[2]
LOCALE = REPO / "elotui" / "locale"
FRENCH_PO = LOCALE / "fr" / "LC_MESSAGES" / "elotui.po"
FRENCH_MO = FRENCH_PO.with_suffix(".mo")
HOW = "regenerate the catalog with the commands of README, Development"


def _config() -> dict[str, object]:
    return dict(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["babel"])


def _extracted() -> Catalog:
    """A fresh template of the sources, as `pybabel extract` writes elotui.pot."""
    config = _config()["extract_messages"]
    assert isinstance(config, dict)
    template = Catalog()
    for folder in config["input_paths"]:
        for filename, lineno, message, comments, context in extract_from_dir(
            REPO / folder, keywords=DEFAULT_KEYWORDS, comment_tags=config["add_comments"]
        ):
            template.add(
                message, None, [(filename, lineno)], auto_comments=comments, context=context
            )
    return template


def _committed() -> Catalog:
    with FRENCH_PO.open("rb") as file:
        return read_po(file, locale="fr")


def _messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]  # not the header


def test_every_marked_message_is_in_the_french_catalog() -> None:
    committed = {message.id for message in _messages(_committed())}
    extracted = {message.id for message in _messages(_extracted())}
    assert len(extracted) > 1
    missing = sorted(map(str, extracted - committed))
    assert not missing, f"{len(missing)} message(s) not in {FRENCH_PO.name} ({HOW}): {missing[:20]}"
    gone = sorted(map(str, committed - extracted))
    assert not gone, f"{len(gone)} message(s) no longer in the code ({HOW}): {gone[:20]}"


def test_every_french_message_is_translated_and_not_fuzzy() -> None:
    catalog = _committed()
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"  # French: 0 and 1 are singular
    untranslated, fuzzy = [], []
    for message in _messages(catalog):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            untranslated.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert not untranslated, f"untranslated: {untranslated[:20]}"
    assert not fuzzy, f"fuzzy: {fuzzy[:20]}"


_FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}")


def _fields(text: str) -> list[str]:
    return sorted(_FIELD.findall(text))


def test_every_translation_keeps_the_fields_of_its_message() -> None:
    wrong = []
    for message in _messages(_committed()):
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (str(message.string),)
        # A plural's forms may each leave out {n} ("une partie"), but none may add a field.
        expected = set(_fields(ids[-1]))
        for string in map(str, strings):
            fields = set(_fields(string))
            if fields - expected or (len(ids) == 1 and fields != expected):
                wrong.append((ids[0], string))
    assert not wrong, wrong[:10]


def _mo_messages(file: BinaryIO) -> dict[object, object]:
    # read_mo gives a plural's forms as lists: tuples, to be keys and compared.
    def frozen(value: object) -> object:
        return tuple(value) if isinstance(value, list) else value

    # A message with a context (`pgettext`) is its own entry beside the same id without one.
    return {(m.context, frozen(m.id)): frozen(m.string) for m in read_mo(file) if m.id}


def test_the_committed_mo_is_the_compiled_po() -> None:
    with FRENCH_MO.open("rb") as file:
        shipped = _mo_messages(file)
    compiled = BytesIO()
    write_mo(compiled, _committed())
    compiled.seek(0)
    assert shipped == _mo_messages(compiled), f"elotui.mo is older than elotui.po: {HOW}"
    assert len(shipped) == len(_messages(_committed()))


def test_the_catalog_is_sorted_by_message_id_without_locations() -> None:
    # What keeps two branches' new messages apart in a merge (pyproject.toml, [tool.babel]).
    text = FRENCH_PO.read_text(encoding="utf-8")
    assert "\n#: " not in text
    ids = [message.id for message in _messages(_committed())]
    keys = [(i[0] if isinstance(i, tuple) else i) for i in ids]
    assert keys == sorted(keys)


@pytest.mark.parametrize("table", ["extract_messages", "update_catalog", "compile_catalog"])
def test_pybabel_is_configured_in_pyproject(table: str) -> None:
    assert table in _config()
