"""One package per game, each on the shared core (:mod:`windmill_widget.core`): Windmill and Crazy
Quilt. Importing this package registers them all with the core's registry."""

from . import crazy_quilt, windmill

__all__ = ["crazy_quilt", "windmill"]
