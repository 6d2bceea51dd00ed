"""Rendering: what the workflow and the systems decided, in words and tables for people.

The layer above the workflow and below the command line and the web app
(``docs/architecture.md``): :mod:`fairpair.rendering.printouts` (pairing lists and
crosstables, plain text and printable HTML). It reads tournaments and the workflow's
labels; nothing below it imports it.
"""
