"""``dbf serve`` (issue 19): the captains' web application over a season folder.

Imported only by ``dbf serve`` (cli/serve.py) and its tests: Starlette and uvicorn (the
``web`` extra) never load for another command. :mod:`.season` and :mod:`.captain` hold what
does not need Starlette (the season under its lock, dbf's commands in-process, the web's own
state files); :mod:`.app` and :mod:`.pages` are the Starlette application.
"""
