"""The examples of French online Elo calculator pages (quoted in each test) on the command line,
in French.

The numbers are the pages' own, recomputed by hand in each test's comment: E = 1/(1+10^((Rb−Ra)/400)),
a change K·(S − E), rounded to the nearest whole number (halves away from zero).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import run_cli

NNBSP, NBSP = "\u202f", "\u00a0"


def french(*argv: str) -> str:
    code, out, err = run_cli("--lang", "fr", *argv)
    assert code == 0, err
    return out


def test_1500_against_1600_in_french_line_by_line() -> None:
    # A French calculator page: "À 1500 contre 1600, le score attendu est de 36,0 % ; avec K = 20,
    # une victoire rapporte 13 points et une défaite en coûte 7." E = 1/(1+10^0.25) = 0.35994:
    # 20·(1 − E) = +12.80 → +13, 20·(½ − E) = +2.80 → +3, 20·(0 − E) = −7.20 → −7.
    expected = (
        "1500 contre 1600 · K 20 · elo : logistique E = 1/(1+10^((Rb−Ra)/400)), sans plafond\n"
        f"Score attendu 36,0{NNBSP}%\n"
        f"  une nulle compte pour un demi-point{NBSP}: ce n’est pas une probabilité de victoire"
        " stricte\n"
        "\n"
        "résultat  variation     nouveau classement  changement de palier\n"
        "--------  ------------  ------------------  --------------------\n"
        "victoire  +12,80 → +13                1513\n"
        "nulle     +2,80 → +3                  1503\n"
        "défaite   −7,20 → −7                  1493\n"
        "\n"
        f"Palier{NBSP}: Or\n"
    )
    assert french("calc", "-r", "1500", "-o", "1600") == expected.replace(" : ", f"{NBSP}: ", 1)


def test_the_locale_alone_makes_it_french(monkeypatch: pytest.MonkeyPatch) -> None:
    # `LANG=fr_FR.UTF-8 elotui calc -r 1500 -o 1600`, as issue 15 writes it.
    monkeypatch.delenv("ELOTUI_LANG")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    code, out, _ = run_cli("calc", "-r", "1500", "-o", "1600")
    assert code == 0
    assert f"Score attendu 36,0{NNBSP}%" in out
    for change in ("+12,80 → +13", "+2,80 → +3", "−7,20 → −7"):
        assert change in out


def test_k_32_in_french() -> None:
    # The same page: "Avec K = 32 : +20, +4 et −12." 32·0.64006 = 20.48 → +20, 32·0.14006 = 4.48 → +4,
    # 32·(−0.35994) = −11.52 → −12.
    out = french("calc", "-r", "1500", "-o", "1600", "-k", "32")
    assert "+20,48 → +20" in out and "+4,48 → +4" in out and "−11,52 → −12" in out


def test_against_2000_in_french() -> None:
    # The same page: "Face à un joueur à 2000, E tombe à 5,3 % et une victoire rapporte +19 avec K = 20
    # (+30 avec K = 32)." E = 1/(1+10^1.25) = 0.05324: 20·0.94676 = 18.94 → +19, 32·0.94676 = 30.30.
    out = french("calc", "-r", "1500", "-o", "2000")
    assert f"Score attendu 5,3{NNBSP}%" in out and "+18,94 → +19" in out
    assert "+30,30 → +30" in french("calc", "-r", "1500", "-o", "2000", "-k", "32")


def test_100_points_ahead_in_french() -> None:
    # Another page's table: an écart of +100 gives the higher rated 0,64. E = 1/(1+10^−0.25) = 0.64006.
    assert f"Score attendu 64,0{NNBSP}%" in french("calc", "-r", "1600", "-o", "1500")


def test_several_games_with_a_comma_in_french() -> None:
    # A third page's multi-game mode: "vous + K·(points − parties·E)", points typed "2,5" (a French
    # half). 20·(2.5 − 4·0.35994) = 20·1.06026 = 21.205 → +21,21 (two decimals) → +21; 1500 + 21.
    out = french("calc", "-r", "1500", "-o", "1600", "--games", "4", "--points", "2,5")
    assert out.splitlines() == [
        "4 parties, 2,5 points contre une moyenne de 1600 · K 20",
        f"Raccourci de l’adversaire moyen K·(P − G·E){NBSP}: une estimation, pas un calcul partie"
        " par partie.",
        f"Score attendu par partie 36,0{NNBSP}%",
        "Variation +21,21 → +21",
        "Nouveau classement 1521 (palier Or → Or)",
    ]


def test_a_draw_typed_0_comma_5_in_french_and_in_english() -> None:
    # A draw at 1500 vs 1600: 20·(½ − 0.35994) = +2.80 → +3, so 1503; the chosen row is marked →.
    assert "→nulle    +2,80 → +3                  1503" in french(
        "calc", "-r", "1500", "-o", "1600", "--result", "0,5"
    )
    code, out, _ = run_cli("calc", "-r", "1500", "-o", "1600", "--result", "0,5")
    assert code == 0 and "→draw    +2.80       +3        1503" in out


def test_a_period_in_french() -> None:
    # K 20 (under 2400): ΔR = 0.64 (1600, a win: 1 − 0.36), −0.14 (1400, a draw: 0.5 − 0.64),
    # −0.08 (2000, a loss; D −500 counts as −400: PD 0.08); Σ = 0.42, K·Σ = 8.40 → +8.
    out = french(
        "period", "-r", "1500", "-k", "20", "--date", "2025-01-01",
        "--game", "1600:1", "--game", "1400:0,5", "--game", "2000:0",
    )  # fmt: skip
    assert "Période de 2025-01 · règles S2024 · classement 1500 · K 20 (donné)" in out
    assert "2        1400       0,5  +100      +100  0,64  −0,14" in out
    assert "Parties 3, score 1,5, Σ ΔR +0,42" in out
    assert "Variation K×ΣΔR = +8,40 → +8 (arrondie une fois" in out
    assert "Nouveau classement 1508" in out


def test_what_i_need_in_french() -> None:
    # 5 games against 1500 at K 20: each point above the expected 2.5 is worth 20; +30 needs 4 points
    # (20·(4 − 2.5) = +30 → 1530).
    out = french(
        "need", "-r", "1500", "-k", "20", "--target", "1530", "--games", "5", "--opponent", "1500",
        "--date", "2025-01-01",
    )  # fmt: skip
    assert out == (
        f"Ce qu’il me faut pour atteindre 1530{NBSP}: au moins 4 sur 5 contre 1500 (pour finir à"
        f" 1530{NNBSP}; règles S2024).\n"
    )


def test_bad_input_in_french_is_one_clear_line_and_changes_nothing() -> None:
    code, out, err = run_cli("--lang", "fr", "calc", "-r", "15000", "-o", "1600")
    assert (code, out) == (2, "")
    assert (
        err
        == f"elotui: calc: argument -r/--rating{NBSP}: classement{NBSP}: de 100 à 3500, pas 15000\n"
    )
    code, _, err = run_cli("--lang", "fr", "calc", "-r", "1500", "-o", "1600", "--result", "0,6")
    assert (
        code == 2 and "un résultat est 1, 0,5 ou 0 (ou victoire, nulle, défaite), pas '0,6'" in err
    )


def test_an_unknown_language_is_refused_in_one_line() -> None:
    assert run_cli("--lang", "de", "calc", "-r", "1500", "-o", "1600") == (
        2, "", "elotui: --lang: elotui speaks en or fr, not 'de'\n",
    )  # fmt: skip


def test_english_help_and_french_help() -> None:
    _, english, _ = run_cli("calc", "--help")
    assert english.startswith("usage: elotui calc") and "your rating" in english
    help_text = french("calc", "--help")
    assert help_text.startswith(f"usage{NBSP}: elotui calc") and "votre classement" in help_text
    assert "afficher ce message d’aide et quitter" in help_text


def test_the_k_reason_in_french() -> None:
    # A junior born 2012 is 13 in 2025 and never published at 2300: K 40 (rules.md §2.7).
    out = french(
        "period", "-r", "1500", "--games-played", "40", "--birth-year", "2012",
        "--game", "1600:1", "--date", "2025-01-01",
    )  # fmt: skip
    assert out.startswith(
        "Période de 2025-01 · règles S2024 · classement 1500 · K 40 (jeune (né en 2012), jamais 2300)\n"
    )


def test_an_import_reports_in_french_and_reads_a_comma_draw(tmp_path: Path) -> None:
    # Two games, one a draw written "0,5" as a French spreadsheet writes it; then the same file
    # again: both games are already in the logbook.
    sheet = tmp_path / "parties.csv"
    sheet.write_text(
        "player,date,opponent,opponent_rating,result\n"
        "Alice,2026-10-12,C. Dias,1890,1\n"
        'Alice,2026-10-19,D. Reis,1910,"0,5"\n'
    )
    assert french("player", "add", "Alice") == "joueur Alice ajouté (id 1)\n"
    assert french("import", str(sheet)) == f"2 parties importées de {sheet} (Alice 2)\n"
    code, out, err = run_cli("--lang", "fr", "import", str(sheet))
    assert code == 0, err
    assert out == (
        f"rien importé de {sheet}{NBSP}: ses 2 parties sont déjà toutes dans le carnet\n"
    )
    listed = french("game", "list", "--player", "Alice")
    assert "0,5" in listed.splitlines()[2]  # the newest first: the draw, in French


@pytest.mark.parametrize(
    ("command", "french_help"),
    [
        (("replay",), "la liste à recalculer, ou les trois (par défaut standard)"),
        (("import",), f"PGN{NBSP}: mettre chaque partie sur cette liste"),
        (("export",), "seulement les parties (et les classements publiés) de cette liste"),
        (("game", "list"), "seulement les parties de cette liste (sinon toutes les listes)"),
        (("game", "add"), "la liste où la partie est comptée (par défaut standard)"),
        (("game", "edit"), "la liste où la partie est comptée (la déplacer)"),
        (("published", "set"), "la liste où il a été publié (par défaut standard)"),
    ],
)
def test_the_list_options_help_is_french(command: tuple[str, ...], french_help: str) -> None:
    # argparse wraps the help at the terminal's width: compare it with the lines joined (spaces
    # and newlines only: a no-break space is kept).
    help_text = re.sub("[ \n]+", " ", french(*command, "--help"))
    assert french_help in help_text


def test_the_date_range_in_words() -> None:
    from elotui.dates import range_text
    from elotui.i18n import set_language

    assert range_text() == "1850-01-01 to 2200-12-31"
    set_language("fr")
    assert range_text() == "du 1850-01-01 au 2200-12-31"


def test_an_error_before_any_command_is_french_with_lang_fr() -> None:
    # `--db` without its path: argparse refuses it in the first pass, before the command is known.
    code, out, err = run_cli("--lang", "fr", "--db")
    assert (code, out) == (2, "")
    assert err == f"elotui: argument --db{NBSP}: un argument attendu\n"


def test_an_unknown_command_is_refused_in_french() -> None:
    code, _, err = run_cli("--lang=fr", "calcul")
    assert code == 2
    assert err.startswith(f"elotui: argument COMMAND{NBSP}: choix invalide{NBSP}: 'calcul'")


def test_a_language_elotui_does_not_speak_is_refused_in_the_locales_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # `LANG=fr_FR.UTF-8 elotui --lang de`: refused, in French (the rest of the choice).
    monkeypatch.delenv("ELOTUI_LANG")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert run_cli("--lang", "de", "calc", "-r", "1500", "-o", "1600") == (
        2, "", "elotui: --lang: elotui parle en ou fr, pas 'de'\n",
    )  # fmt: skip


def test_a_bad_elotui_lang_is_refused_in_the_language_of_lang(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # `--lang fr` wins over the environment, so a bad $ELOTUI_LANG is not even read.
    monkeypatch.setenv("ELOTUI_LANG", "de")
    assert run_cli("--lang", "fr", "calc", "-r", "1500", "-o", "1600")[0] == 0
    # Without --lang, the bad variable is refused in the locale's language.
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    code, _, err = run_cli("calc", "-r", "1500", "-o", "1600")
    assert (code, err) == (2, "elotui: ELOTUI_LANG: elotui parle en ou fr, pas 'de'\n")
