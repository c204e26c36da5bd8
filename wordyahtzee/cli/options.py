"""What several commands share: reading a file or standard input, and the one ``--db``
option of the commands that read the server's store."""

from __future__ import annotations

import sys

from ..errors import WordyahtzeeError

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    from typing import Any

STORE_HELP = ("the server's store (default: wordyahtzee.sqlite3 in the user data dir) or a "
              "postgresql:// URL")


def add_db(parser: Any, help: str = STORE_HELP, required: bool = False) -> None:
    """The ``--db PATH|URL`` option: the server's store a command reads or writes."""
    parser.add_argument("--db", default=None, required=required, metavar="PATH|URL",
                        help=help)


def read_source(name: str) -> str:
    """The text of the file ``name`` (``-``: standard input), or one clear error."""
    if name == "-":
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:
        raise WordyahtzeeError(f"no such file: {name}", "not_found") from None
    except IsADirectoryError:
        raise WordyahtzeeError(f"{name} is a directory, not a file", "not_found") from None
    except UnicodeDecodeError:
        raise WordyahtzeeError(f"{name}: not UTF-8 text", "bad_input") from None
    except OSError as exc:
        raise WordyahtzeeError(f"{name}: {exc.strerror}", "bad_input") from None
