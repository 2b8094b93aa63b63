"""The ``starlanes`` command.

Sub-commands live in their own modules and are attached in ``app.py`` (one line each, in the
"Sub-commands" block there). ``main()`` runs the app and turns every ``StarlanesError`` into
one red line on stderr and the error's exit code.
"""

from .app import app, main

__all__ = ["app", "main"]
