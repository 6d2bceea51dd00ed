"""Rendering: what the workflow and the systems decided, in words and tables for people.

The layer above the workflow and below the command line and the web app
(``docs/architecture.md``): :mod:`fairpair.rendering.printouts` (pairing lists and
crosstables, plain text and printable HTML) and :mod:`fairpair.rendering.explanations`
(a round's explanation in words). It reads tournaments, explanation data and the
workflow's labels; nothing below it imports it.
"""
