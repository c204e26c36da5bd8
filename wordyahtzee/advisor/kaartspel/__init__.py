"""The Kaartspel advisor: the computer players at three levels and the keep hint
(:mod:`.players`), and the coach (:mod:`.coach`)."""
