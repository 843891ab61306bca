"""A tournament's finished pairs kept in a file, so that a long run can stop and resume.

    python -m lab tournament Master Expert --rules 4p --pairs 100 \\
        --results runs/master-expert-4p.jsonl

The first line names the run (players, ruleset, seed) and the code that played it (a
digest of the rules and AI code, docstrings and comments left out); each later line is
one finished pair. Run the same
command again and the pairs already in the file are not played again: the report covers
them all. A file from another run, or from changed rules or AI code, is refused with a
message saying why, never mixed in.
"""

from __future__ import annotations

import ast
import hashlib
import json
from pathlib import Path

import diloti_desktop
from lab.tournament import MatchResult, PairResult

_GAME = Path(diloti_desktop.__file__).resolve().parent
#: The code that decides the games: the rules core, the AI, and the lab's own players
#: (its specs, the oracle) and match driver.
_FOLDERS = (_GAME / "rules", _GAME / "ai", Path(__file__).resolve().parent)


def code_digest() -> str:
    """A digest of the code that decides the games, the rules core, the AI and the lab's
    players: their syntax trees without docstrings, so that comments and wording do not
    count."""
    digest = hashlib.sha256()
    for folder in _FOLDERS:
        for source in sorted(folder.glob("*.py")):
            tree = ast.parse(source.read_bytes(), filename=str(source))
            for node in ast.walk(tree):
                body = getattr(node, "body", None)
                if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                        and isinstance(body[0].value, ast.Constant)
                        and isinstance(body[0].value.value, str)):
                    body[0] = ast.Pass()
            digest.update(source.name.encode())
            digest.update(ast.dump(tree).encode())
    return digest.hexdigest()[:16]


def header(a: str, b: str, rules: str, seed: int) -> dict[str, object]:
    """What the file's first line must say for this run."""
    return {"a": a, "b": b, "rules": rules, "seed": seed, "code": code_digest()}


def load(path: Path, expected: dict[str, object]) -> list[PairResult]:
    """The pairs already in ``path`` (none if it does not exist yet); ValueError when the
    file belongs to another run or other code, or a line is not a pair."""
    if not path.exists():
        return []
    found, pairs = read(path)
    if found and found != expected:
        differs = sorted(k for k in set(expected) | set(found)
                         if found.get(k) != expected.get(k))
        raise ValueError(f"{path} holds another run (differs in: {', '.join(differs)}); "
                         "use a new file")
    return pairs


def read(path: Path) -> tuple[dict[str, object], list[PairResult]]:
    """A results file's header and pairs, by pair number, whatever run it holds (an
    empty file has neither); ValueError when a line is not what it should be."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        return {}, []
    try:
        found = json.loads(lines[0])
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: the first line is not a run header ({error})") from None
    if not isinstance(found, dict):
        raise ValueError(f"{path}: the first line is not a run header")
    pairs: dict[int, PairResult] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            pair = _pair(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
            raise ValueError(f"{path}, line {number}: not a finished pair ({error})") from None
        pairs[pair.number] = pair
    return found, [pairs[n] for n in sorted(pairs)]


def start(path: Path, expected: dict[str, object]) -> None:
    """Write the header of a new file (nothing when the file already has one)."""
    if path.exists() and path.stat().st_size:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(expected) + "\n", encoding="utf-8")


def append(path: Path, pair: PairResult) -> None:
    """Add one finished pair (a whole line, flushed: a stop loses at most the pairs in
    progress)."""
    line = json.dumps({"number": pair.number,
                       "matches": [match._asdict() for match in pair.matches]})
    with path.open("a", encoding="utf-8") as stream:
        stream.write(line + "\n")


def _pair(data: dict[str, object]) -> PairResult:
    matches = data["matches"]
    number = data["number"]
    if not isinstance(matches, list) or len(matches) != 2 or not isinstance(number, int):
        raise ValueError("a pair is a number and two matches")
    first, second = (_match(match) for match in matches)
    return PairResult(number, (first, second))


def _match(data: object) -> MatchResult:
    if not isinstance(data, dict):
        raise ValueError("a match is an object")
    values = [data[name] for name in MatchResult._fields]
    return MatchResult._make(tuple(v) if isinstance(v, list) else v for v in values)


__all__ = ["append", "code_digest", "header", "load", "read", "start"]
