"""The command-line tool, and the rules core's independence from pygame and global randomness."""

import random
import subprocess
import sys

from diloti_desktop.rules import Ruleset, legal_moves, new_match, play_unchecked
from diloti_desktop.rules.__main__ import main
from diloti_desktop.rules.position import PLAY

START = ("rules=2p dealer=1 turn=0 hands=3D3C4D6H8S9H/AS5S5HJSQDKD "
         "stock=9C5CKHQS4S6D7SAH8H8D6S2C8C5DTSJDJCTD4CQC7D7C2HAD4H9SKSTH6C2D9D2SACJH7H3H "
         "loose=3STCQHKC")


def test_cli_legal_lists_every_move(capsys):
    assert main(["legal", START]) == 0
    lines = capsys.readouterr().out.split("\n")[:-1]
    assert len(lines) == 13 and "3D =6 3S" in lines and "9H" in lines


def test_cli_play_prints_the_position_and_events(capsys):
    assert main(["play", START, "3D x 3S"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("rules=2p round=1 phase=play dealer=1 turn=1")
    assert "captured=3S3D/-" in out[0]
    assert out[1] == "CardPlayed seat=0 move=3D x 3S"
    assert out[2] == "Captured seat=0 side=0 cards=3S3D piles=-"


def test_cli_refuses_an_illegal_move_with_the_reason(capsys):
    assert main(["play", START, "KC x QH"]) == 1
    assert capsys.readouterr().err == "illegal: K♣ is not in your hand\n"
    assert main(["play", START, "3D x 3S TC"]) == 1
    assert "add up to 13" in capsys.readouterr().err
    assert main(["play", "hands=nonsense", "3D"]) == 2
    assert capsys.readouterr().err == "invalid: hands='nonsense' needs 2 hands separated by /\n"
    assert main(["play", START, "3Z"]) == 2
    assert capsys.readouterr().err.startswith("invalid: not a card: '3Z'")


def test_cli_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "diloti_desktop.rules", "new", "--seed", "3"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.startswith("rules=2p round=1 phase=play")


def test_the_rules_core_imports_without_pygame():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import diloti_desktop.rules, diloti_desktop.rules.__main__\n"
            "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_seeded_games_replay_whatever_the_global_random_generator_does():
    def play(disturb: bool) -> list[str]:
        p = new_match(Ruleset(players=4), random.Random(99))[0]
        chooser = random.Random(7)
        moves = []
        while p.phase == PLAY:
            if disturb:
                random.seed(random.random())  # the global generator is not ours to rely on
                random.random()
            move = chooser.choice(list(legal_moves(p)))
            moves.append(move.notation())
            p = play_unchecked(p, move)
        return moves

    assert play(False) == play(True)
