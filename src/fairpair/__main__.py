"""``python -m fairpair`` runs the command line."""

from fairpair.cli import main

if __name__ == "__main__":
    main()
