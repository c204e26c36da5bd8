"""The dictionary service: tries, anagram index, frequencies, and named dictionaries."""

from .lexicon import Lexicon, LexiconInfo
from .registry import (
    DEFAULT_DICTIONARY,
    DictionaryEntry,
    cache_dir,
    data_dir,
    find_dictionary,
    list_dictionaries,
    load_lexicon,
)

__all__ = [
    "DEFAULT_DICTIONARY",
    "DictionaryEntry",
    "Lexicon",
    "LexiconInfo",
    "cache_dir",
    "data_dir",
    "find_dictionary",
    "list_dictionaries",
    "load_lexicon",
]
