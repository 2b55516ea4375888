"""Players: callables that take a :class:`~windmill_widget.engine.PlayerView` and return a move."""

from .basic import greedy, random_strategy

#: The strongest no-peeking player shipped; the board's Hint uses it.
default_strategy = greedy

__all__ = ["default_strategy", "greedy", "random_strategy"]
