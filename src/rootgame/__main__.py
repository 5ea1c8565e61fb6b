"""``python -m rootgame``: the same as the ``rootgame`` command."""

from .cli import main

main()
