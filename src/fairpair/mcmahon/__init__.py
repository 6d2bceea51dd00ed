"""AGA Swiss McMahon (Go) building blocks: ranks, settings and bands, handicaps, the
pairing penalty, tiebreaks and file formats. The pairing system itself is
:class:`fairpair.systems.mcmahon.McMahonSystem`; the user documentation is
``docs/mcmahon.md``."""
