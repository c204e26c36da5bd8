"""The dictionary service: tries, anagram index, frequencies, and named dictionaries.

Names are imported on first use (building a dictionary needs wordfreq; checking a word
does not)."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: ``wordyahtzee check`` does not import typing
if TYPE_CHECKING:  # the names as the type checker sees them; imported lazily at run time
    from typing import Any

    from .build import BuildOptions, BuildResult, build_dictionary
    from .lexicon import Lexicon, LexiconInfo
    from .registry import (
        DEFAULT_DICTIONARY,
        DictionaryEntry,
        cache_dir,
        data_dir,
        find_dictionary,
        list_dictionaries,
        load_lexicon,
        remove_dictionary,
    )

_EXPORTS = {
    "BuildOptions": "build", "BuildResult": "build", "build_dictionary": "build",
    "Lexicon": "lexicon", "LexiconInfo": "lexicon",
    "DEFAULT_DICTIONARY": "registry", "DictionaryEntry": "registry", "cache_dir": "registry",
    "data_dir": "registry", "find_dictionary": "registry", "list_dictionaries": "registry",
    "load_lexicon": "registry", "remove_dictionary": "registry",
}

__all__ = [  # the names of _EXPORTS
    "DEFAULT_DICTIONARY", "BuildOptions", "BuildResult", "DictionaryEntry", "Lexicon",
    "LexiconInfo", "build_dictionary", "cache_dir", "data_dir", "find_dictionary",
    "list_dictionaries", "load_lexicon", "remove_dictionary",
]


def __getattr__(name: str) -> Any:
    """A name of ``_EXPORTS``, imported on first use (:mod:`..runtime.lazy`, itself imported
    only then)."""
    from ..runtime.lazy import lazy_export

    return lazy_export(__name__, _EXPORTS, globals(), name)
