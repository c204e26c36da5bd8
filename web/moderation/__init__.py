"""The moderators' pages on the web: the ``moderate`` blueprint (docs/operations.md,
"Moderators")."""
