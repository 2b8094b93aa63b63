"""Every content error prints as one line, whatever the broken file held."""

from starlanes.core.errors import ContentError


def test_content_error_escapes_control_characters_quoted_from_a_file() -> None:
    error = ContentError("map.json", "systems[0]", "unknown field '\n\x1b[31m'")
    text = str(error)
    assert "\n" not in text and "\x1b" not in text
    assert text == "map.json: systems[0]: unknown field '\\n\\x1b[31m'"
    assert error.problem == "unknown field '\n\x1b[31m'"  # the raw problem stays for programs


def test_plain_content_errors_are_unchanged() -> None:
    assert str(ContentError("deck.txt", "line 3", "no card named 'Foo'")) == "deck.txt: line 3: no card named 'Foo'"
