"""The daily game and profiles on the web: the ``daily`` blueprint (routes and pages) and
its bodies."""
