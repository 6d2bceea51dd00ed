"""Command line: ``fairpair`` (placeholder until the CLI lands)."""


def main() -> None:
    raise SystemExit("fairpair CLI under construction")
