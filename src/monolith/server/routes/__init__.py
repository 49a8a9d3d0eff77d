"""The web table's routes, one module per concern; each is a thin adapter over the door
(:mod:`monolith.server.door`) or a read of the master's cache."""

from monolith.server.routes import coach, games, matches, play, socket
from monolith.server.routes.pages import mount_game_pages, pages_router

ROUTERS = (play.router, matches.router, games.router, coach.router, socket.router)
"""In the order requests are matched: the routes of every move first."""

__all__ = ["ROUTERS", "mount_game_pages", "pages_router"]
