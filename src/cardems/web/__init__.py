"""The Cardems web app: Starlette server, Jinja2 pages, a small ES-module client."""
