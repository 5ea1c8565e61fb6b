"""The browser app: ``rootgame serve`` (app.py), its games (service.py), its database
(store.py, migrations/) and its client (static/). See docs/web.md."""
