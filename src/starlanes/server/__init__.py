"""The match server (``starlanes serve``): matches of every registered game over HTTP and
WebSocket, stored in SQLite or PostgreSQL. See docs/server.md."""

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
