"""One policy for the text a person types: names and the other fields of a player, and
a tournament's name.

* **Normalised:** NFC (``"Mu\\u0308ller"`` and ``"Müller"`` are one name), runs of
  white space made one space, none at either end.
* **Refused** (:class:`~fairpair.errors.InputError` naming the field and the
  character): control characters (NUL, DEL, newline, tab, the C1 controls), line and
  paragraph separators, lone surrogates, and format characters - zero-width spaces,
  direction overrides and isolates, the byte order mark, soft hyphens - except the
  zero-width (non-)joiner, which Persian and Indic names need. Such characters are
  invisible or change how a page or a file shows other text; a TRF file cannot hold
  them either. (Refused rather than stripped: what is stored is what was typed.)
* **Look-alikes:** :func:`skeleton` maps a name to what it looks like (case folded,
  compatibility forms unified, invisible joiners dropped, Cyrillic and Greek letters
  that look like Latin ones made Latin), and the duplicate checks compare skeletons:
  ``"Ivan Petrov"`` with a Cyrillic ``а`` is a probable duplicate of ``"Ivan Petrov"``.

>>> clean_text("  Müller,\\u00a0 Jörg ", "name")
'Müller, Jörg'
>>> try:
...     clean_text("Eve\\u202e", "name")
... except InputError as exc:
...     print(exc.message)
name: U+202E RIGHT-TO-LEFT OVERRIDE at character 4
>>> skeleton("Ivаn Petrov") == skeleton("IVAN  PETROV")
True
"""

from __future__ import annotations

import re
import unicodedata

from fairpair.errors import InputError

__all__ = ["EXPECTED", "clean_text", "refused_character", "skeleton"]

#: What a refused text was expected to be.
EXPECTED = (
    "text without control or format characters (no NUL, DEL, line breaks, tabs, "
    "zero-width or direction marks)"
)

#: Format characters that are part of spelling (zero-width non-joiner and joiner).
_JOINERS = frozenset("\u200c\u200d")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp", "Cf"})
_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

#: Letters of other scripts that look like Latin ones (after case folding).
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "і": "i", "ї": "i", "ј": "j",
        "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
        "х": "x", "ѕ": "s", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ү": "y",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "ϲ": "c",
    }
)  # fmt: skip


def refused_character(text: str) -> int | None:
    """The index of the first character of ``text`` the policy refuses, or None."""
    found = _ASCII_CONTROL.search(text)
    if found is not None:
        return found.start()
    if text.isascii():
        return None
    for index, char in enumerate(text):
        if (
            ord(char) > 0x7E
            and unicodedata.category(char) in _REFUSED_CATEGORIES
            and char not in _JOINERS
        ):
            return index
    return None


def clean_text(text: str, field: str) -> str:
    """``text`` normalised (NFC, single spaces, trimmed), or refused naming ``field``
    if it has a character the policy refuses (see the module docstring)."""
    index = refused_character(text)
    if index is not None:
        char = text[index]
        name = unicodedata.name(char, "a control character")
        raise InputError(
            f"{field}: U+{ord(char):04X} {name} at character {index + 1}",
            expected=EXPECTED,
            field=field,
        )
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    return " ".join(text.split())


def skeleton(name: str) -> str:
    """What ``name`` looks like, for finding probable duplicates: NFKC, case folded,
    format characters dropped, look-alike Cyrillic and Greek letters made Latin, single
    spaces."""
    if name.isascii():
        return " ".join(name.casefold().split())
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return " ".join(text.translate(_LOOK_ALIKES).split())
