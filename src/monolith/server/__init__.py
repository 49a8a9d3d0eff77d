"""The web table: a FastAPI app, its match master, storage and push (see ``docs/web-api.md``)."""
