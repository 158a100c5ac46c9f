"""A field's parser as a Textual `Validator`: the calculator's fields and the forms' fields check what
is typed with the parsers of `elotui.rating.inputs` (one-line reasons the CLI shows too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from textual.validation import ValidationResult, Validator

from elotui.rating.inputs import InvalidInput

T = TypeVar("T")


class Parsed(Validator, Generic[T]):
    """`parse` as a validator: the failure's description is the parser's `InvalidInput` reason.

    The parser reads the text without the spaces around it (what a user types, or pastes). `read`
    gives the value itself, which Textual's `validate` cannot.
    """

    def __init__(self, parse: Callable[[str], T]) -> None:
        super().__init__()
        self.parse = parse

    def read(self, text: str) -> T:
        """The value typed, or `InvalidInput` with the reason."""
        return self.parse(text.strip())

    def validate(self, value: str) -> ValidationResult:
        try:
            self.read(value)
        except InvalidInput as error:
            return self.failure(str(error))
        return self.success()


def optional(parse: Callable[[str], T]) -> Callable[[str], T | None]:
    """`parse`, with an empty field read as None (not typed: the field is optional)."""

    def parse_or_none(text: str) -> T | None:
        return parse(text) if text.strip() else None

    return parse_or_none
