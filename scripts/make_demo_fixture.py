"""Write the demo logbook fixture (`elotui/logbook/demo/`): two players over several years.

The games are drawn from a seeded random generator steered toward a planned rating path, so the
replay shows every kind of crossing: tiers up and down, title requirements, K switching to 10,
a fall below 1400 and a new initial rating, a junior at K 40, a month over the 700 cap, months where
per-game rounding differs from the period rounding, and a published rating that does not match.

Both players also have rapid and blitz games (`list_games`), drawn from a generator of their own
(seed 2027) after the standard ones, so the standard games stay as they were: rapid and blitz
events from 2021 to 2025 with games on both sides of 2022-10 (when rapid and blitz ratings more than
100 below the standard one were raised, and K stopped being 20 for everyone), a rapid event pinned
to a later period (`rated_period`), and a blitz game of 2025 against a player above 2600 with a
difference of 600 or more (not rated from 2024-12).

A third player, Margaux Vidal (`vidal_events`), plays standard games only from 2008 to 2025, so the
history shows FIDE's eras at work: quarterly lists (2008–2009-06) and bi-monthly ones (to 2012-06), the
350-point rule, K 25 → 30 for a player with fewer than 30 games in 2011-07 and K 15 → 20 in 2014-07, a fall
below the 1200 floor of 2009–2012 and a new initial rating, and the 2024-03 uplift. Her events are planned
by hand (dates, games, level, points); only the opponents' ratings and names are drawn (seed 2028),
after everything else, so the first two players keep their rows, values and ids.

Run `uv run python scripts/make_demo_fixture.py`; the output is committed, the script is how it was
made. The generator simulates with the rating core; the app then replays the stored games.
"""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path

from elotui.rating.fide import KProfile, PeriodGame, k_factor, period_change

OUT = Path(__file__).resolve().parent.parent / "elotui" / "logbook" / "demo"
FIRST_NAMES = ["Lucas", "Emma", "Nathan", "Léa", "Hugo", "Chloé", "Louis", "Manon", "Jules", "Inès",
               "Arthur", "Sarah", "Paul", "Camille", "Tom", "Zoé", "Adam", "Lina", "Noah", "Jade"]  # fmt: skip
LAST_NAMES = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand",
              "Leroy", "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David"]  # fmt: skip
EVENTS = ["Open de Paris", "Club championship", "Rapidplay league", "Festival d'été", "Coupe de Lyon",
          "Open de Cannes", "Interclubs", "Championnat régional", "Open de Bordeaux"]  # fmt: skip


@dataclass
class Plan:
    name: str
    birth_year: int
    start_rating: int
    games_before: int
    first_month: date
    # (month index from the first month, target rating at that point); linear in between
    path: list[tuple[int, int]]
    games_per_month: tuple[int, int]
    busy_months: dict[int, int]  # month index → number of games (for the 700 cap)


def months(start: date, count: int) -> list[date]:
    out, year, month = [], start.year, start.month
    for _ in range(count):
        out.append(date(year, month, 1))
        month += 1
        if month == 13:
            year, month = year + 1, 1
    return out


def target_at(plan: Plan, index: int) -> float:
    for (i0, r0), (i1, r1) in zip(plan.path, plan.path[1:], strict=False):
        if i0 <= index <= i1:
            return r0 + (r1 - r0) * (index - i0) / (i1 - i0)
    return plan.path[-1][1]


def generate(plan: Plan, rng: random.Random) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    rating = plan.start_rating
    games_played = plan.games_before
    reached_2300 = reached_2400 = False
    count = plan.path[-1][0] + 1
    for index, first in enumerate(months(plan.first_month, count)):
        n = plan.busy_months.get(index, rng.randint(*plan.games_per_month))
        if n == 0:
            continue
        goal = target_at(plan, index + 1)
        k, _ = k_factor(
            KProfile(plan.birth_year, games_played, reached_2400, reached_2300), first.year
        )
        # Events: one per 4–9 games, days within the month, so every game's period is this month.
        games: list[PeriodGame] = []
        day = 1
        while len(games) < n:
            size = min(n - len(games), rng.randint(4, 9))
            event = rng.choice(EVENTS)
            start_day = min(day, 28 - size // 2)
            start = first + timedelta(days=start_day - 1)
            end = start + timedelta(days=max(0, size // 2))
            for g in range(size):
                played = start + timedelta(days=min(g // 2, (end - start).days))
                opponent = max(1000, min(2700, int(rng.gauss(rating, 140))))
                need = (goal - rating) / max(1, n - len(games)) / max(k, 1)
                expected = 1 / (1 + 10 ** ((opponent - rating) / 400))
                bias = expected + max(-0.3, min(0.3, need * 0.8))
                roll = rng.random()
                score = (
                    Fraction(1)
                    if roll < bias - 0.12
                    else Fraction(1, 2)
                    if roll < bias + 0.12
                    else Fraction(0)
                )
                games.append(PeriodGame(opponent, score))
                rows.append({
                    "player": plan.name,
                    "date": played.isoformat(),
                    "opponent": f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}",
                    "opponent_rating": str(opponent),
                    "result": {Fraction(1): "1", Fraction(1, 2): "0.5", Fraction(0): "0"}[score],
                    "event": event,
                    "event_start": start.isoformat(),
                    "event_end": end.isoformat(),
                    "own_rating": "",
                    "rated": "yes",
                    "list": "standard",
                    "rated_period": "",
                })  # fmt: skip
            day = min(27, day + size // 2 + rng.randint(2, 6))
        result = period_change(rating, games, k)
        rating = result.new_rating
        games_played += n
        reached_2300 = reached_2300 or rating >= 2300
        reached_2400 = reached_2400 or rating >= 2400
    return rows


def special_games(rng: random.Random) -> list[dict[str, str]]:
    """Games that show the rules the random part does not: an event across the new year rated in
    January with the December list's own rating (Ro), a forfeit, and an unrated opponent."""
    rows = []
    christmas = [date(2023, 12, 28) + timedelta(days=d) for d in range(5)]
    for played, opponent, result in zip(
        christmas, [2011, 2105, 1987, 2140, 2062], ["1", "0", "0.5", "1", "0.5"], strict=True
    ):
        rows.append(_row("Camille Laurent", played, opponent, result, "Open de Noël",
                         christmas[0], date(2024, 1, 3), own_rating="2054"))  # fmt: skip
    rows.append(_row("Camille Laurent", date(2023, 3, 12), 1900, "1", "Interclubs", rated="no"))
    rows.append(_row("Hugo Bernard", date(2022, 7, 10), None, "1", "Club championship"))
    del rng
    return rows


def _row(
    player: str, played: date, opponent: int | None, result: str, event: str,
    start: date | None = None, end: date | None = None, own_rating: str = "", rated: str = "yes",
    rating_list: str = "standard", rated_period: str = "",
) -> dict[str, str]:  # fmt: skip
    return {
        "player": player, "date": played.isoformat(),
        "opponent": f"{FIRST_NAMES[played.day % 20]} {LAST_NAMES[played.month % 16]}",
        "opponent_rating": "" if opponent is None else str(opponent), "result": result,
        "event": event, "event_start": (start or played).isoformat(),
        "event_end": (end or played).isoformat(), "own_rating": own_rating, "rated": rated,
        "list": rating_list, "rated_period": rated_period,
    }  # fmt: skip


@dataclass
class QuickEvent:
    """A one-day rapid or blitz event: `games` games against opponents around `level`."""

    player: str
    rating_list: str
    day: date
    games: int
    level: int
    score_share: float  # the chance of a win (a draw takes a fixed 20 %)
    event: str
    rated_period: str = ""


def quick_events() -> list[QuickEvent]:
    """The rapid and blitz calendar of the demo. Camille and Hugo start these lists at their
    standard rating (FIDE rates an unrated rapid/blitz player with it) and score below it until
    2022-10, so at 2022-10 their rapid and blitz ratings are far enough below standard to be raised."""
    plan = [
        # Camille: standard about 1600 in mid-2021, 1800 by 2022-10, 2300 in 2025.
        ("Camille Laurent", "rapid", date(2021, 6, 12), 7, 1650, 0.25, "Rapide de Bordeaux"),
        ("Camille Laurent", "rapid", date(2021, 11, 20), 7, 1600, 0.3, "Rapidplay league"),
        ("Camille Laurent", "rapid", date(2022, 5, 14), 7, 1650, 0.3, "Rapide de Bordeaux"),
        ("Camille Laurent", "rapid", date(2022, 9, 17), 6, 1700, 0.3, "Rapidplay league"),
        ("Camille Laurent", "rapid", date(2022, 10, 22), 7, 1750, 0.55, "Rapide d'automne"),
        ("Camille Laurent", "rapid", date(2023, 6, 10), 7, 1950, 0.5, "Rapide de Bordeaux"),
        ("Camille Laurent", "blitz", date(2021, 9, 9), 9, 1600, 0.25, "Blitz du jeudi"),
        ("Camille Laurent", "blitz", date(2022, 3, 10), 9, 1650, 0.3, "Blitz du jeudi"),
        ("Camille Laurent", "blitz", date(2022, 9, 8), 9, 1700, 0.3, "Blitz du jeudi"),
        ("Camille Laurent", "blitz", date(2022, 10, 13), 9, 1750, 0.5, "Blitz du jeudi"),
        ("Camille Laurent", "blitz", date(2024, 5, 16), 9, 2100, 0.5, "Blitz du jeudi"),
        ("Camille Laurent", "blitz", date(2025, 3, 13), 9, 2200, 0.5, "Blitz du jeudi"),
        # Hugo: standard about 1580 in 2021, near 1500 at 2022-10, 1590 in 2025.
        ("Hugo Bernard", "rapid", date(2021, 9, 25), 7, 1550, 0.25, "Rapidplay league"),
        ("Hugo Bernard", "rapid", date(2022, 4, 23), 7, 1500, 0.25, "Rapide de Lyon"),
        ("Hugo Bernard", "rapid", date(2022, 9, 24), 6, 1450, 0.3, "Rapidplay league"),
        ("Hugo Bernard", "rapid", date(2022, 10, 29), 7, 1450, 0.45, "Rapide de Lyon"),
        ("Hugo Bernard", "blitz", date(2021, 12, 16), 9, 1500, 0.25, "Blitz du jeudi"),
        ("Hugo Bernard", "blitz", date(2022, 9, 15), 9, 1450, 0.3, "Blitz du jeudi"),
        ("Hugo Bernard", "blitz", date(2022, 10, 6), 9, 1400, 0.45, "Blitz du jeudi"),
        ("Hugo Bernard", "blitz", date(2024, 11, 14), 9, 1500, 0.45, "Blitz du jeudi"),
    ]
    events = [QuickEvent(*row) for row in plan]
    # A rapid event the organiser reported late: rated on the list of 2023-03, not 2023-02.
    events.append(QuickEvent("Hugo Bernard", "rapid", date(2023, 1, 21), 7, 1500, 0.45,
                             "Rapide d'hiver", rated_period="2023-02"))  # fmt: skip
    return events


def quick_games(rng: random.Random) -> list[dict[str, str]]:
    rows = []
    for event in quick_events():
        for _ in range(event.games):
            roll = rng.random()
            result = (
                "1"
                if roll < event.score_share
                else "0.5"
                if roll < event.score_share + 0.2
                else "0"
            )
            opponent = max(1000, min(2500, int(rng.gauss(event.level, 120))))
            rows.append(_row(event.player, event.day, opponent, result, event.event,
                             rating_list=event.rating_list, rated_period=event.rated_period))  # fmt: skip
    # Blitz, 2025-02-13: Hugo (about 1590) against a 2655: |D| >= 600 and a player above 2600, so
    # not rated from 2024-12 (rules.md §3.3, RB2024-12).
    rows.append(_row("Hugo Bernard", date(2025, 2, 13), 2655, "0", "Blitz de gala",
                     rating_list="blitz"))  # fmt: skip
    return rows


VIDAL = "Margaux Vidal"


@dataclass
class PlannedEvent:
    """A standard event of the 2008 player: `games` games from `start` against opponents around
    `level`, scoring `points` (wins first, then one draw for a half, the order drawn)."""

    start: date
    games: int
    level: int
    points: Fraction
    event: str


def vidal_events() -> list[PlannedEvent]:
    """Margaux Vidal's calendar: each line says which rule of its era it is there to show."""
    half = Fraction(1, 2)
    plan = [
        # Unrated: a pool of 10 games over two quarterly periods (S2006: 9 needed, floor 1400).
        (date(2008, 2, 9), 5, 1450, Fraction(3), "Open de Cannes"),
        (date(2008, 5, 17), 5, 1440, Fraction(3), "Festival d'été"),
        # Rated from the 2008-07 list, K 25 (fewer than 30 games), level in the last quarterly ones.
        (date(2008, 10, 11), 4, 1460, Fraction(2), "Coupe de Lyon"),
        (date(2009, 3, 14), 4, 1460, Fraction(2), "Interclubs"),
        # Bi-monthly periods from 2009-07 (S2009: 400-point rule, floor 1200): a slide.
        (date(2009, 9, 12), 4, 1420, half, "Open de Paris"),  # Sep–Oct 2009
        (date(2010, 4, 10), 4, 1380, half, "Interclubs"),  # Mar–Apr 2010
        (date(2011, 5, 14), 3, 1350, Fraction(0), "Club championship"),  # 29 games at 2011-07
        # S2011: K 30 until 30 games (was 25), then 15.
        (date(2011, 9, 10), 5, 1300, half, "Open de Bordeaux"),
        (date(2012, 1, 14), 8, 1150, Fraction(0), "Championnat régional"),  # below 1200: unrated
        # Unrated again: a new pool (S2012: 15 points per half point above 50 %, floor 1000).
        (date(2012, 9, 8), 5, 1250, Fraction(3), "Open de Paris"),
        (date(2012, 11, 10), 5, 1300, Fraction(3), "Coupe de Lyon"),
        (date(2013, 4, 13), 6, 1300, Fraction(4), "Interclubs"),  # K 15 (30+ games)
        (date(2014, 3, 8), 6, 1350, Fraction(4), "Open de Cannes"),
        (date(2014, 10, 11), 7, 1400, 4 + half, "Festival d'été"),  # S2014: K 20
        (date(2016, 5, 14), 7, 1450, 4 + half, "Open de Bordeaux"),
        (date(2018, 6, 9), 7, 1500, 4 + half, "Open de Paris"),
        (date(2021, 10, 9), 7, 1550, Fraction(4), "Coupe de Lyon"),
        (date(2024, 2, 10), 6, 1600, 3 + half, "Championnat régional"),  # then the 2024-03 uplift
        (date(2024, 6, 8), 7, 1750, 3 + half, "Festival d'été"),
        (date(2025, 4, 12), 7, 1750, Fraction(4), "Open de Cannes"),
    ]
    return [PlannedEvent(*row) for row in plan]


def vidal_games(rng: random.Random) -> list[dict[str, str]]:
    rows = []
    for planned in vidal_events():
        wins = int(planned.points)
        results = ["1"] * wins + (["0.5"] if planned.points - wins else [])
        results += ["0"] * (planned.games - len(results))
        rng.shuffle(results)
        end = planned.start + timedelta(days=(planned.games - 1) // 2)
        for index, result in enumerate(results):
            played = planned.start + timedelta(days=index // 2)
            rows.append({
                "player": VIDAL,
                "date": played.isoformat(),
                "opponent": f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}",
                "opponent_rating": str(int(rng.gauss(planned.level, 60))),
                "result": result,
                "event": planned.event,
                "event_start": planned.start.isoformat(),
                "event_end": end.isoformat(),
                "own_rating": "",
                "rated": "yes",
                "list": "standard",
                "rated_period": "",
            })  # fmt: skip
    return rows


def main() -> None:
    rng = random.Random(2026)
    camille = Plan(
        name="Camille Laurent", birth_year=2007, start_rating=1480, games_before=12,
        first_month=date(2021, 1, 1),
        path=[(0, 1480), (6, 1620), (12, 1560), (24, 1820), (36, 2050), (48, 2260), (56, 2330),
              (66, 2415), (70, 2380), (70, 2380)],
        games_per_month=(0, 9), busy_months={30: 26},
    )  # fmt: skip
    hugo = Plan(
        name="Hugo Bernard", birth_year=1972, start_rating=1540, games_before=180,
        first_month=date(2021, 3, 1),
        path=[(0, 1540), (10, 1610), (24, 1480), (34, 1380), (40, 1500), (56, 1590), (68, 1560)],
        games_per_month=(0, 7), busy_months={},
    )  # fmt: skip
    rows = generate(camille, rng) + generate(hugo, rng) + special_games(rng)
    rows.sort(key=lambda row: (row["player"], row["date"]))
    # The rapid and blitz games after all the standard ones, with a seed of their own: the standard
    # games keep their rows, values and ids (the history screen's snapshots show them).
    quick = quick_games(random.Random(2027))
    rows += sorted(quick, key=lambda row: (row["player"], row["list"], row["date"]))
    # The 2008 player last, with a seed of her own: the rows above keep their ids.
    rows += vidal_games(random.Random(2028))
    OUT.mkdir(parents=True, exist_ok=True)
    with (OUT / "games.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    players = [
        {"name": camille.name, "birth_year": camille.birth_year, "start_rating": camille.start_rating,
         "games_before": camille.games_before, "notes": "Demo: a junior who climbs to the IM rating.",
         # the January 2025 list as the replay computes it: the check shows a match
         "published": {"2025-01": 2220}},
        {"name": hugo.name, "birth_year": hugo.birth_year, "start_rating": hugo.start_rating,
         "games_before": hugo.games_before,
         "notes": "Demo: a club player who falls below 1400 and is rated again.",
         # two points above the replay (as FIDE's own base corrections do): the check shows it
         "published": {"2025-03": 1557}},
        {"name": VIDAL, "birth_year": 1984, "start_rating": None, "games_before": 0,
         "notes": "Demo: a club player since 2008, through FIDE's rule changes."},
    ]  # fmt: skip
    (OUT / "players.json").write_text(json.dumps(players, indent=2, ensure_ascii=False) + "\n")
    print(f"{len(rows)} games written to {OUT}")


if __name__ == "__main__":
    main()
