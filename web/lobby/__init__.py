"""The lobby on the web: the ``lobby`` blueprint (routes and page) and its bodies."""
