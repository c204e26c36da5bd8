"""Runtime plumbing every layer may use, and no rule: whether a ``serve`` worker's event loop
runs and how work leaves it (:mod:`.loop`), names imported on first use (:mod:`.lazy`), a
long job's progress (:mod:`.progress`), finished games worked on in the background
(:mod:`.batches`), and the Prometheus series with the directory the workers share them in
(:mod:`.metrics`, :mod:`.metrics_dir`). Kept empty: ``wordyahtzee check`` imports only the
module it needs."""
