"""Every rule the code cites is inside the repository.

The one citation form is `rules.md §2.6` (also `rules.md §2.6 and §2.7`, `rules.md §2.6, §2.7` and the
range `rules.md §2.3–§2.12`): each section it names must be a heading of docs/rules.md. The files the
code used to cite live outside the repository, so their forms (the decisions, the rules by date and
the FIDE rules under their old names, and `rules §4.6`) fail, and so does a section sign that names no
document: a maintainer who clones the repository must find every cited text.

Any other `*.md` a file of the repository names (`product.md §4`, `docs/glossary-fr.md`, a link
`../CONTRIBUTING.md`) must be a file of the repository too, and a section it names (`§4.3`) a heading
of that file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from elotui.rating.rules import DECISIONS

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules.md"

_NUMBER = r"\d+(?:\.\d+)*"
CITATION = re.compile(
    rf"(?<![\w.-])rules\.md\s+(?P<sections>§{_NUMBER}(?:\s*(?:–|,|and|or)\s*§{_NUMBER})*)"
)
OLD_FORMS = re.compile(r"decisions\.md|decisions\s+§|rules-by-date|fide-rules|(?<![\w.-])rules\s+§")
# Other documents whose sections the code names; they are not rules.
OTHER_DOCUMENTS = re.compile(rf"(?:product\.md|formats\.md|PGN standard)\s+§{_NUMBER}")
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
    # The old names are put together here, so that this file cites no document it lacks.
    md = ".md"
    old = f"decisions{md} §3, decisions\n  §6, rules-by-date §4, fide-rules{md} §4.6, (rules §4.6)"
    assert len(OLD_FORMS.findall(old)) == 5
    assert OLD_FORMS.findall("rules.md §2.6; the decisions of rules.decisions; rules_for") == []


def test_rules_md_numbers_each_section_once_with_its_anchor() -> None:
    text = RULES.read_text(encoding="utf-8")
    numbers = sections()
    assert len(numbers) == len(set(numbers)), sorted(n for n in numbers if numbers.count(n) > 1)
    assert [match["number"] for match in ANCHOR.finditer(text)] == numbers
    # The thirteen decisions and the seven parts of the rules by date, in order.
    assert [n for n in numbers if n.startswith("2.")] == [f"2.{i}" for i in range(1, 14)]
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


# --- every `*.md` a file names ------------------------------------------------------------------------

# What is read for citations: the package, the tests, the docs, the scripts, the migrations and the
# project's own files. This file is left out: its strings are examples of citations, good and bad.
CITING_FOLDERS = ("elotui", "tests", "docs", "scripts", "migrations")
CITING_FILES = (
    "README.md", "CONTRIBUTING.md", "CHANGELOG.md", "pyproject.toml", ".ci/run",
    ".pre-commit-config.yaml",
)  # fmt: skip
TEXT_SUFFIXES = {".py", ".md", ".po", ".tcss", ".toml", ".yaml", ".yml", ".txt"}
MARKDOWN = re.compile(
    rf"(?<![\w./-])(?P<document>(?:[\w.-]+/)*[\w-]+\.md)\b"
    rf"(?:\s+(?P<sections>§{_NUMBER}(?:\s*(?:–|,|and|or)\s*§{_NUMBER})*))?"
)


class Citation(NamedTuple):
    path: str  # the citing file, from the repository's root
    line: int
    document: str  # as written: "product.md", "docs/glossary-fr.md", "../CONTRIBUTING.md"
    sections: tuple[str, ...]  # the sections it names: ("4", "4.3")


def citing_files() -> list[Path]:
    found = [REPO / name for name in CITING_FILES if (REPO / name).is_file()]
    for folder in CITING_FOLDERS:
        found += [
            path
            for path in sorted((REPO / folder).rglob("*"))
            if path.is_file()
            and path.suffix in TEXT_SUFFIXES
            and not {"__snapshots__", "__pycache__"} & set(path.parts)
            and path != Path(__file__).resolve()
        ]
    return found


def markdown_citations(text: str, path: str) -> list[Citation]:
    return [
        Citation(
            path,
            _line(text, match.start()),
            match["document"],
            tuple(re.findall(rf"§({_NUMBER})", match["sections"] or "")),
        )
        for match in MARKDOWN.finditer(text)
    ]


def all_citations(folders: tuple[str, ...] | None = None) -> list[Citation]:
    """Every `*.md` named in the files read (those under `folders` only, when given)."""
    citations = []
    for file in citing_files():
        path = str(file.relative_to(REPO))
        if folders is None or path.split("/")[0] in folders:
            citations += markdown_citations(file.read_text(encoding="utf-8"), path)
    return citations


def repository_documents() -> dict[str, list[Path]]:
    """Every `*.md` of the repository by its file name (the virtual environment and git left out)."""
    found: dict[str, list[Path]] = {}
    for path in sorted(REPO.rglob("*.md")):
        parts = path.relative_to(REPO).parts
        if not any(part.startswith(".") or part == "__snapshots__" for part in parts):
            found.setdefault(path.name, []).append(path)
    return found


def resolve(citation: Citation, documents: dict[str, list[Path]]) -> Path | None:
    """The file a citation names: a path from the root or from the citing file's folder, else the one
    document of that name."""
    for base in (REPO, (REPO / citation.path).parent):
        candidate = (base / citation.document).resolve()
        if candidate.is_file() and candidate.is_relative_to(REPO):
            return candidate
    named = documents.get(Path(citation.document).name, [])
    return named[0] if "/" not in citation.document and len(named) == 1 else None


def unresolved(citations: list[Citation]) -> list[str]:
    documents = repository_documents()
    return [f"{c.path}:{c.line}: {c.document}" for c in citations if resolve(c, documents) is None]


def test_the_markdown_scanner_reads_every_form() -> None:
    text = (
        "(product.md §4), see docs/glossary-fr.md and [it](../CONTRIBUTING.md);\n"
        "rules.md\n  §2.6 and §2.7, https://example.org/x/README.md, a.md5"
    )
    found = [(c.document, c.sections) for c in markdown_citations(text, "docs/rules.md")]
    assert found == [
        ("product.md", ("4",)),
        ("docs/glossary-fr.md", ()),
        ("../CONTRIBUTING.md", ()),
        ("rules.md", ("2.6", "2.7")),
    ]
    documents = {"product.md": [REPO / "docs" / "product.md"]}
    assert (
        resolve(Citation("docs/rules.md", 1, "../README.md", ()), documents) == REPO / "README.md"
    )
    # A name found neither as a path nor among the repository's documents is not resolved.
    assert resolve(Citation("elotui/x.py", 1, "product.md", ()), {}) is None


def test_every_document_the_package_cites_is_in_the_repository() -> None:
    # The package's citations (`product.md §4` in the CLI's JSON, the CSV columns, the tiers...) and
    # the docs' links: what a user and a maintainer read.
    assert unresolved(all_citations(("elotui", "docs"))) == []


def test_every_document_cited_anywhere_is_in_the_repository() -> None:
    # Also the tests, the scripts, pyproject.toml and .ci/run: the next maintainer reads them too.
    assert unresolved(all_citations()) == []


def test_no_old_citation_form_is_left_anywhere() -> None:
    # The forms without `.md` (`decisions §6`, `rules-by-date §2`) hold no file name for the scan
    # above to find: they are looked for here, in every file it reads.
    old = [
        f"{file.relative_to(REPO)}:{_line(text, match.start())}: {match.group(0)}"
        for file in citing_files()
        for text in [file.read_text(encoding="utf-8")]
        for match in OLD_FORMS.finditer(text)
    ]
    assert old == [], "cite docs/rules.md by section instead"


def test_every_section_cited_is_a_heading_of_its_document() -> None:
    documents = repository_documents()
    wrong = []
    for citation in all_citations():
        document = resolve(citation, documents)
        if document is None or not citation.sections:
            continue
        headings = set(HEADING.findall(document.read_text(encoding="utf-8")))
        wrong += [
            f"{citation.path}:{citation.line}: {citation.document} §{number}"
            for number in citation.sections
            if number not in headings
        ]
    assert wrong == []
