"""The shipped word lists, their metadata and licences (package data of wordyahtzee)."""
