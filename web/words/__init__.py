"""Words on the web: dictionaries (and their builds from uploads), checking and solving
words, own dice sets and word reports: the ``words`` blueprint and its bodies."""
