"""The ``starlanes`` command.

Sub-commands live in their own modules and are attached in ``app.py`` (one line each, in the
"Sub-commands" block there). ``main()`` runs the app through ``app.run``, which turns every
error (a ``StarlanesError``, Click's usage errors, an ``OSError``) into one red line on stderr
and the exit code of its kind, as ``starlanes.core.errors`` defines them (usage 2, files 3,
rules 4). A command raises the project's errors and never calls ``sys.exit``; hints that name
the command use ``common.prog_name()`` (``./run`` when started through the script).
"""

from .app import app, main, run

__all__ = ["app", "main", "run"]
