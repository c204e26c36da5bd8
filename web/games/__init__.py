"""Tables and games on the web: their routes (the ``api`` blueprint), the live stream, the
bodies they read and answer, and the state a game page reads."""
