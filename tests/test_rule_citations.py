"""Every rule the code cites is inside the repository (issue 14 item 5).

The one citation form is `rules.md §2.6` (also `rules.md §2.6 and §2.7`, `rules.md §2.6, §2.7` and the
range `rules.md §2.3–§2.12`): each section it names must be a heading of docs/rules.md. The files the
code used to cite live outside the repository, so their forms (`decisions.md`, `decisions §6`,
`rules-by-date.md`, `fide-rules.md`, `rules §4.6`) fail, and so does a section sign that names no
document: a maintainer who clones the repository must find every cited text.
"""

from __future__ import annotations

import re
from pathlib import Path

from elotui.rating.rules import DECISIONS

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules.md"

_NUMBER = r"\d+(?:\.\d+)*"
CITATION = re.compile(
    rf"(?<![\w.-])rules\.md\s+(?P<sections>§{_NUMBER}(?:\s*(?:–|,|and|or)\s*§{_NUMBER})*)"
)
OLD_FORMS = re.compile(r"decisions\.md|decisions\s+§|rules-by-date|fide-rules|(?<![\w.-])rules\s+§")
# Other documents whose sections the code names; they are not rules.
OTHER_DOCUMENTS = re.compile(rf"(?:product\.md|PGN standard)\s+§{_NUMBER}")
HEADING = re.compile(rf"^#{{2,3}} §(?P<number>{_NUMBER}) ", re.MULTILINE)
ANCHOR = re.compile(r'^<a id="s(?P<number>[\d.]+)"></a>$', re.MULTILINE)


def cited_sections(text: str) -> list[tuple[int, str]]:
    """(position, section number) of every section a rules.md citation in `text` names."""
    return [
        (match.start(), number)
        for match in CITATION.finditer(text)
        for number in re.findall(rf"§({_NUMBER})", match["sections"])
    ]


def sections() -> list[str]:
    return [match["number"] for match in HEADING.finditer(RULES.read_text(encoding="utf-8"))]


def sources() -> list[tuple[str, str]]:
    """(path from the repository root, text) of every module of the package."""
    return [
        (str(path.relative_to(REPO)), path.read_text(encoding="utf-8"))
        for path in sorted((REPO / "elotui").rglob("*.py"))
    ]


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def test_the_citation_scanner_reads_every_form() -> None:
    text = "rules.md §2.6 and §2.7; (rules.md §2.3–§2.12, rules.md §3)\nrules.md\n  §1.6, product.md §4"
    expected = ["2.6", "2.7", "2.3", "2.12", "3", "1.6"]  # both ends of a range; not product.md's
    assert [number for _, number in cited_sections(text)] == expected
    old = "decisions.md §3, decisions\n  §6, rules-by-date §4, fide-rules.md §4.6, (rules §4.6)"
    assert len(OLD_FORMS.findall(old)) == 5
    assert OLD_FORMS.findall("rules.md §2.6; the decisions of rules.decisions; rules_for") == []


def test_rules_md_numbers_each_section_once_with_its_anchor() -> None:
    text = RULES.read_text(encoding="utf-8")
    numbers = sections()
    assert len(numbers) == len(set(numbers)), sorted(n for n in numbers if numbers.count(n) > 1)
    assert [match["number"] for match in ANCHOR.finditer(text)] == numbers
    # The twelve decisions and the seven parts of the rules by date, in order.
    assert [n for n in numbers if n.startswith("2.")] == [f"2.{i}" for i in range(1, 13)]
    assert [n for n in numbers if n.startswith("3.")] == [f"3.{i}" for i in range(1, 8)]


def test_every_citation_in_the_code_names_a_section_of_rules_md() -> None:
    known = set(sections())
    cited = [
        (path, _line(text, position), number)
        for path, text in sources()
        for position, number in cited_sections(text)
    ]
    # The code cites the rules 44 times (the rewrite counted them): the scanner finds them all.
    assert len(cited) >= 40, cited
    assert [c for c in cited if c[2] not in known] == []


def test_no_citation_of_a_file_outside_the_repository_is_left() -> None:
    old = [
        (path, _line(text, match.start()), match.group(0))
        for path, text in sources()
        for match in OLD_FORMS.finditer(text)
    ]
    assert old == [], "run the citation rewrite (old form → rules.md section)"


def test_every_section_sign_belongs_to_a_named_document() -> None:
    bare = []
    for path, text in sources():
        named = {
            position
            for pattern in (CITATION, OTHER_DOCUMENTS)
            for match in pattern.finditer(text)
            for position in range(match.start(), match.end())
        }
        bare += [
            (path, _line(text, match.start()), text.splitlines()[_line(text, match.start()) - 1])
            for match in re.finditer("§", text)
            if match.start() not in named
        ]
    assert bare == []


def test_every_rule_uncertain_mark_is_explained_in_rules_md() -> None:
    text = RULES.read_text(encoding="utf-8")
    part = text[text.index('<a id="s4.2"></a>') : text.index('<a id="s4.3"></a>')]
    documented = re.findall(r"^\| `(?P<code>[a-z0-9-]+)` \|", part, re.MULTILINE)
    assert documented == list(DECISIONS)
