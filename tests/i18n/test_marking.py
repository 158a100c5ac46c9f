"""The rule of elotui/i18n/__init__.py: `_()` and `ngettext()` are called where a text is used, never
at import time (module level, a class body, a default argument), or a switch of language in the app
would leave those texts in the language of the start. Module-level constants are marked with `N_()`."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "elotui"
TRANSLATING = {"_", "ngettext", "gettext", "pgettext", "npgettext"}


def _calls_at_import(tree: ast.AST) -> list[int]:
    """Lines of translating calls that run when the module is imported."""
    found: list[int] = []

    def visit(node: ast.AST, at_import: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            # Defaults and decorators run at definition; the body runs when called.
            for expression in [*node.args.defaults, *node.args.kw_defaults]:
                if expression is not None:
                    visit(expression, at_import)
            if not isinstance(node, ast.Lambda):
                for decorator in node.decorator_list:
                    visit(decorator, at_import)
            return
        if (
            at_import
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in TRANSLATING
        ):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, at_import)

    visit(tree, True)
    return found


def test_no_text_is_translated_at_import_time() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in _calls_at_import(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not offenders, f"translated at import time (use N_() and _() where shown): {offenders}"


def test_the_check_finds_what_it_looks_for() -> None:
    source = (
        "LABEL = _('a')\n"
        "class C:\n    title = ngettext('b', 'bs', 2)\n"
        "def f(x=_('c')):\n    return _('fine here')\n"
        "LAZY = lambda: _('fine too')\n"
        "MARKED = N_('fine: marked only')\n"
    )
    assert _calls_at_import(ast.parse(source)) == [1, 3, 4]
