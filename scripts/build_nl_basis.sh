#!/usr/bin/env bash
# Build the shipped "nl-basis" dictionary: the Dutch words of the shipped 'nl' dictionary that
# are common (wordfreq Zipf frequency >= 3.0, i.e. at least once per million words of running
# text), minus a short list of swear words and slurs with all their inflections and
# compounds, and minus English words that wordfreq's Dutch counts take for Dutch (both
# collected in scripts/build_nl_basis.excluded.txt by scripts/build_nl_basis_excluded.py).
# For children and beginners.
#
# It runs the same command a user runs (`wordyahtzee dict build`) and writes
# dictionaries/nl-basis.txt.gz + dictionaries/nl-basis.json. The output is deterministic:
# the sidecar's "created" is the time of the last commit of dictionaries/nl.txt.gz (or of
# its file if uncommitted), and the word list is gzip'd without a timestamp.
#
# Usage (any directory):  scripts/build_nl_basis.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MIN_ZIPF=3.0
source_date=$(git log -1 --format=%ct -- dictionaries/nl.txt.gz 2>/dev/null || true)
export SOURCE_DATE_EPOCH=${source_date:-$(stat -c %Y dictionaries/nl.txt.gz)}
# A private data dir: the build must not see (or clash with) the builder's own dictionaries.
WORDYAHTZEE_DATA_DIR=$(mktemp -d)
export WORDYAHTZEE_DATA_DIR
trap 'rm -rf "$WORDYAHTZEE_DATA_DIR"' EXIT

python3 -m scripts.build_nl_basis_excluded --min-zipf "$MIN_ZIPF"
python3 -m wordyahtzee dict build nl \
    --name nl-basis --language nl --min-zipf "$MIN_ZIPF" \
    --minus scripts/build_nl_basis.excluded.txt \
    --title "Nederlands basis (veelgebruikte woorden)" \
    --licence "BSD or CC-BY 3.0 (OpenTaal); see dictionaries/LICENSE-OpenTaal.txt" \
    --source-note "the shipped 'nl' dictionary (OpenTaal) limited to words with a wordfreq Zipf frequency of at least $MIN_ZIPF, minus scripts/build_nl_basis.excluded.txt (swear words with their inflections and compounds, English words); built by scripts/build_nl_basis.sh" \
    --output-dir dictionaries --force
