"""How a command ends when it cannot finish: one line on stderr and an exit code.

2 for anything the user can fix (a ``UserError``, a bad option, a file the system will not
let us write, a damaged store), 130 for Ctrl-C. Everything else is a graphgauge bug and
keeps its traceback.
"""

from __future__ import annotations

import errno
import sqlite3
import sys

import typer

from graphgauge.errors import UserError

INTERRUPTED = 130
# Errors of the machine the user controls, not of graphgauge: no space, a read-only
# filesystem, no permission, a directory where a file should be. The checks before a
# command starts catch most; these are what a file that changed meanwhile still raises.
ENVIRONMENT_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM, errno.EISDIR,
                      errno.ENOTDIR, errno.EDQUOT}


def run_app(app: typer.Typer, argv: list[str] | None) -> int:
    try:  # typer >= 0.20 vendors click; older releases use the click package
        from typer._click.exceptions import ClickException, UsageError
    except ImportError:  # pragma: no cover - depends on the installed typer
        from click.exceptions import ClickException, UsageError

    try:
        result = app(args=argv, standalone_mode=False)
    except UserError as exc:
        return _fail(str(exc))
    except UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            print(exc.format_message(), file=sys.stderr)
            return 2
        return _fail(exc.format_message())
    except ClickException as exc:
        return _fail(exc.format_message())
    except (typer.Abort, KeyboardInterrupt):
        return _interrupted()
    except OSError as exc:
        if exc.errno not in ENVIRONMENT_ERRNOS:
            raise
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(f"{where}{exc.strerror or exc}")
    except sqlite3.DatabaseError as exc:
        if type(exc) is not sqlite3.DatabaseError:  # locked, no such table …: our bugs
            raise
        return _fail(f"the store is damaged ({exc}); restore a copy or give another --store")
    if result == INTERRUPTED:  # typer turns Ctrl-C into a silent exit code 130
        return _interrupted()
    return result if isinstance(result, int) else 0


def _fail(message: str) -> int:
    print(f"graphgauge: error: {' '.join(message.split())}", file=sys.stderr)
    return 2


def _interrupted() -> int:
    print("graphgauge: interrupted; run the same command again to resume", file=sys.stderr)
    return INTERRUPTED
