"""Players by name for the measuring tools: the levels, the yardsticks, the baselines,
and searching levels with a changed budget (``Master:x4``), never offered in the game."""

from __future__ import annotations

from diloti_desktop.ai.base import Player
from diloti_desktop.ai.heuristic import Habits
from diloti_desktop.ai.inference import TEMPERATURE
from diloti_desktop.ai.ismcts import TREE_EXPLORATION
from diloti_desktop.ai.players import LEVELS, SEARCH, HeuristicPlayer, SearchPlayer, make_player
from diloti_desktop.ai.playout import BLIND, LEFTOVER, PLAIN, ROUND, TAKERS
from diloti_desktop.ai.search import SearchConfig
from lab.oracle import OraclePlayer, SeerPlayer

#: Player names the tournament accepts: the levels, "Random", the "Oracle" and "Seer"
#: yardsticks and the frozen baselines below. A searching level also takes options after
#: a colon (:func:`parse_options`), e.g. ``Master:x4`` or ``Expert:noguard``.
PLAYER_NAMES = (*LEVELS, "Random", "Greedy", "Oracle", "Seer", "Master-i3", "Expert-i3",
                "Master-flat")
#: The greedy one-move yardstick: the heuristic's immediate worth of each move (cards,
#: points, a xeri) without slips, blind to what the move leaves to the next player,
#: never declaring, remembering nothing; the bar the Beginner must clear.
GREEDY = Habits(miss_sums=0.0, ignore_sweeps=1.0, memory=0.0, declarations=0, temperature=0.0)
#: The searching levels as issue 3 shipped them (before the xeri guard and the budget
#: chosen in issue 14), and the Master before it grew a tree (issue 14's budget and
#: guard, the flat search), kept so "new against current" stays measurable.
BASELINES: dict[str, tuple[SearchConfig, bool]] = {
    "Master-i3": (SearchConfig(ply_budget=24_000, min_samples=8, max_samples=200,
                               solve_nodes=40_000, fallback_depth=3), True),
    "Expert-i3": (SearchConfig(ply_budget=6_000, min_samples=8, max_samples=60), False),
    "Master-flat": (SEARCH["Master"]._replace(tree=0.0), True),
}

_STYLES = {"blind": BLIND, "takers": TAKERS, "leftover": LEFTOVER, "round": ROUND}


def parse_options(config: SearchConfig, options: str) -> SearchConfig:
    """A search budget changed by comma-separated options: ``xK`` multiplies the plies,
    the maximum samples and the solver nodes by K (the tree's own budget too);
    ``plies=N``, ``samples=N``, ``nodes=N``, ``depth=N``, and for the tree's own budget
    ``treeplies=N`` and ``treesamples=N`` (0: the flat search's), set one; ``reply``
    searches the next player's reply in every sample; ``noguard`` turns the xeri guard
    off; ``infer`` weighs the samples by the others' moves this deal (``infer=T``: with
    the model's temperature T points), ``noinfer`` does not; ``blind``, ``takers``,
    ``leftover`` and ``round`` add a style to the playouts
    (:mod:`diloti_desktop.ai.playout`), ``plain`` removes them; ``tree`` grows an
    information-set tree (:mod:`diloti_desktop.ai.ismcts`; ``tree=C``: with the
    exploration constant C points) instead of the flat search, ``subtree`` (or
    ``subtree=C``) plays every move in every sample and grows the trees below them;
    ``tree4p`` grows the tree in 4 players too (the Master's stays 2 players only)."""
    for option in filter(None, (o.strip() for o in options.split(","))):
        key, _, value = option.partition("=")
        if key.startswith("x") and not value:
            k = float(key[1:])
            config = config._replace(ply_budget=round(config.ply_budget * k),
                                     max_samples=round(config.max_samples * k),
                                     solve_nodes=round(config.solve_nodes * k),
                                     tree_plies=round(config.tree_plies * k),
                                     tree_samples=round(config.tree_samples * k))
        elif key == "plies":
            config = config._replace(ply_budget=int(value))
        elif key == "samples":
            config = config._replace(max_samples=int(value))
        elif key == "treeplies":
            config = config._replace(tree_plies=int(value))
        elif key == "treesamples":
            config = config._replace(tree_samples=int(value))
        elif key == "nodes":
            config = config._replace(solve_nodes=int(value))
        elif key == "depth":
            config = config._replace(fallback_depth=int(value))
        elif key == "reply" and not value:
            config = config._replace(reply_search=True)
        elif key == "noguard" and not value:
            config = config._replace(xeri_guard=False)
        elif key == "infer":
            config = config._replace(inference=float(value) if value else TEMPERATURE)
        elif key == "noinfer" and not value:
            config = config._replace(inference=0.0)
        elif key in _STYLES and not value:
            config = config._replace(playout=config.playout | _STYLES[key])
        elif key in ("tree", "subtree"):
            config = config._replace(tree=float(value) if value else TREE_EXPLORATION,
                                     paired_root=key == "subtree")
        elif key == "tree4p" and not value:
            config = config._replace(four_player_tree=True)
        elif key == "plain" and not value:
            config = config._replace(playout=PLAIN)
        else:
            raise ValueError(f"unknown search option {option!r}")
    return config


def check_player_name(name: str) -> None:
    """Raise ValueError unless ``name`` is a player the tournament can build."""
    build_player(name, 0)


def build_player(name: str, seed: int) -> Player | OraclePlayer:
    """A level, "Random", the oracle yardstick or a baseline (tournaments only); a
    searching one optionally with options (``Master:x2,reply``)."""
    base, _, options = name.partition(":")
    if base == "Oracle" and not options:
        return OraclePlayer(seed)
    if base == "Seer" and not options:
        return SeerPlayer(seed)
    if base == "Greedy" and not options:
        return HeuristicPlayer(base, GREEDY, seed)
    if base in BASELINES:
        config, win = BASELINES[base]
    elif base in SEARCH:
        config, win = SEARCH[base], base == "Master"
    elif options:
        raise ValueError(f"{base} takes no options")
    elif base in PLAYER_NAMES:
        return make_player(base, seed)
    else:
        raise ValueError(f"unknown player {base!r} (expected one of "
                         f"{', '.join(PLAYER_NAMES)})")
    if not options:
        return SearchPlayer(base, config, seed, win_probability=win)
    # The level's own name seeds its decisions: a variant sees the same random streams.
    player = SearchPlayer(base, parse_options(config, options), seed, win_probability=win)
    return player


__all__ = ["BASELINES", "GREEDY", "PLAYER_NAMES", "build_player", "check_player_name",
           "parse_options"]
