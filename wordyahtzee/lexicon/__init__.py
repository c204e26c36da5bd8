"""The dictionary service: tries, anagram index, frequencies, and named dictionaries."""

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

__all__ = [
    "DEFAULT_DICTIONARY",
    "BuildOptions",
    "BuildResult",
    "DictionaryEntry",
    "Lexicon",
    "LexiconInfo",
    "build_dictionary",
    "cache_dir",
    "data_dir",
    "find_dictionary",
    "list_dictionaries",
    "load_lexicon",
    "remove_dictionary",
]
