"""``rootgame tournament``: bots against each other, on one machine or on Ray (issue 10).

Registered on the main ``rootgame`` command by :func:`register`; the games and the summary
are in tournament.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from .cli_errors import ensure_folder, fail
from .i18n import N_
from .i18n import gettext as _
from .names import faction_name

DIFFICULTY_HELP = N_(
    "The Clockwork bots' difficulty: easy, default, challenging, nightmare; one bot's with "
    "BOT=LEVEL, comma-separated (e.g. electric-eyrie=challenging,mechanical-marquise=easy)."
)
CHARACTER_HELP = N_(
    "The Vagabot's character: thief, tinker, ranger, vagrant, scoundrel, arbiter."
)
TRAITS_HELP = N_(
    "The Clockwork bots' traits, comma-separated (e.g. swoop,war-tax), each to every bot "
    "that has it; one bot's with BOT=TRAIT (e.g. mechanical-marquise=blitz)."
)
COOPERATIVE_HELP = N_(
    "Fully cooperative play (Law of Rootbotics 3.5): the human factions win only if each "
    "reaches 30 VP before any Clockwork bot does; the bots never fight each other."
)


def parse_bots(text: str, hint: str = "--bots") -> list[str]:
    """``"heuristic,ismcts:200ms"`` -> the bot specs; BadParameter naming a bad one."""
    from .bots import parse_spec

    specs = [x.strip().lower() for x in text.split(",") if x.strip()]
    if not specs:
        raise typer.BadParameter(_("name at least one bot"), param_hint=hint)
    for s in specs:
        try:
            parse_spec(s)
        except ValueError as e:
            raise typer.BadParameter(str(e), param_hint=hint) from None
    return specs


def seat_bots(text: str, factions: list[str], fill: bool = False) -> list[str]:
    """The bots of ``--bots``, one per faction in seat order; with ``fill``, one name alone
    plays every seat. BadParameter when the counts differ."""
    return bots_for_seats(
        parse_bots(text),
        len(factions),
        _("name one bot per faction: {f} factions, {b} bots"),
        "--bots",
        fill,
    )


def bots_for_seats(
    specs: list[str], n: int, message: str, hint: str, fill: bool = True
) -> list[str]:
    """``specs`` as one bot for each of ``n`` seats; with ``fill``, one bot alone plays them
    all. Otherwise BadParameter for option ``hint`` with ``message`` (translated; ``{f}`` or
    ``{n}`` the seats, ``{b}`` the bots)."""
    if fill and len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise typer.BadParameter(message.format(f=n, n=n, b=len(specs)), param_hint=hint)
    return specs


def _require_extra(*modules: str) -> None:
    """Fail, naming the extra to install, when a module the tournament needs is missing."""
    import importlib.util

    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        fail(
            _("the tournament needs {modules}: pip install 'rootgame[bots]'").format(
                modules=", ".join(missing)
            )
        )


def register(app: typer.Typer) -> None:
    @app.command(
        "tournament",
        help=N_(
            "Play bots against each other, seats and factions rotated: win rates with "
            "confidence intervals (95%), OpenSkill ratings, mean VP and game length."
        ),
    )
    def tournament_cmd(
        factions: str = typer.Option(
            "marquise,eyrie", "--factions", "-f", help=N_("Factions, comma-separated.")
        ),
        bots: str = typer.Option(
            "heuristic,random",
            "--bots",
            "-b",
            help=N_("One bot per faction: random, heuristic, ismcts[:200ms|:500]."),
        ),
        games: int = typer.Option(20, "--games", "-n", min=1, help=N_("How many games.")),
        seed: int = typer.Option(0, "--seed", "-s", help=N_("Game i uses seed SEED + i.")),
        workers: int = typer.Option(1, "--workers", "-w", min=1, help=N_("Local processes.")),
        ray: str | None = typer.Option(
            None, "--ray", help=N_("Run on Ray: a cluster ADDRESS, or 'local' to start one here.")
        ),
        max_turns: int = typer.Option(
            100, "--max-turns", min=1, help=N_("A game without a winner after this is an error.")
        ),
        as_json: bool = typer.Option(False, "--json", help=N_("Print the JSON summary only.")),
        out: Path | None = typer.Option(  # noqa: B008
            None,
            "--out",
            help=N_("Write records, the JSON summary and plots (PNG) here."),  # noqa: B008
        ),
        difficulty: str | None = typer.Option(None, "--difficulty", help=DIFFICULTY_HELP),
        traits: str = typer.Option("", "--traits", help=TRAITS_HELP),
        cooperative: bool = typer.Option(False, "--cooperative", help=COOPERATIVE_HELP),
        character: str | None = typer.Option(None, "--character", help=CHARACTER_HELP),
    ) -> None:
        """Play bots against each other, seats and factions rotated: win rates with confidence
        intervals (95%), OpenSkill ratings, mean VP and game length."""
        from .cli import bot_settings, check_cooperative_option, parse_factions
        from .tournament import Config, run, summary, write_out

        names = parse_factions(factions)
        settings = bot_settings(names, difficulty, traits, character) or {}
        clockwork = tuple(
            (f, str(v["difficulty"]), tuple(v["traits"])) for f, v in settings.items()
        )
        characters = tuple((f, str(v["character"])) for f, v in settings.items()
                           if "character" in v)
        specs = seat_bots(bots, names)
        check_cooperative_option(cooperative, names)
        _require_extra("openskill", "matplotlib", *(("ray",) if ray else ()))
        if out is not None:
            ensure_folder(out)
        cfg = Config(
            tuple(names), tuple(specs), games, seed, max_turns, out is not None, clockwork,
            cooperative,
            characters,
        )
        if as_json:
            results = run(cfg, workers, ray)
        else:
            console = Console(stderr=True)
            with Progress(
                TextColumn("[bold]" + _("tournament")),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn(_("ETA")),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            ) as progress:
                task = progress.add_task("games", total=games)
                results = run(cfg, workers, ray, on_game=lambda _r: progress.advance(task))
        summ = summary(cfg, results)
        if out is not None:
            write_out(out, cfg, results, summ)
        if as_json:
            typer.echo(json.dumps(summ))
            return
        _print_summary(Console(), summ, out)


def _print_summary(console: Console, summ: dict[str, object], out: Path | None) -> None:
    for key, title in (("bots", _("Bot")), ("factions", _("Faction"))):
        t = Table(title=_("{n} games, seed {seed}").format(n=summ["games"], seed=summ["seed"]))
        t.add_column(title, no_wrap=True)
        for col in (_("Games"), _("Wins"), _("Win %"), _("95% CI"), _("Rating"), _("Mean VP")):
            t.add_column(col, justify="right")
        if key == "bots":
            t.add_column(_("Median ms"), justify="right")
            t.add_column(_("Median CPU ms"), justify="right")
            t.add_column(_("Median iterations"), justify="right")
        table = summ[key]
        assert isinstance(table, dict)
        for name, e in table.items():
            lo, hi = e["ci95"]
            row = [
                name if key == "bots" else faction_name(name),
                str(e["games"]),
                str(e["wins"]),
                f"{100 * e['win_rate']:.1f}",
                f"{100 * lo:.1f}-{100 * hi:.1f}",
                f"{e['rating']:.2f}",
                f"{e['mean_vp']:.1f}",
            ]
            if key == "bots":
                ms = summ["decision_ms"]
                assert isinstance(ms, dict)
                row.append(f"{ms[name]['median']:.1f}")
                row.append(f"{ms[name].get('cpu_median', 0.0):.1f}")
                its = ms[name].get("iterations")
                row.append(f"{its['median']:g}" if its else "")
            t.add_row(*row)
        console.print(t)
    bots_table = summ["bots"]
    assert isinstance(bots_table, dict)
    t = Table(title=_("Win rate of each bot with each faction"))
    t.add_column(_("Bot"), no_wrap=True)
    factions = list(next(iter(bots_table.values()))["by_faction"])
    for f in factions:
        t.add_column(faction_name(f), justify="right")
    for name, e in bots_table.items():
        cells = []
        for f in factions:
            x = e["by_faction"][f]
            lo, hi = x["ci95"]
            cells.append(
                f"{x['wins']}/{x['games']} {100 * x['win_rate']:.0f}% "
                f"({100 * lo:.0f}-{100 * hi:.0f})"
            )
        t.add_row(name, *cells)
    console.print(t)
    console.print(_("Mean game length: {turns} turns").format(turns=summ["mean_turns"]))
    errors = summ["errors"]
    assert isinstance(errors, list)
    if errors:
        console.print(_("Errors: {n}").format(n=len(errors)), style="red")
        for e in errors[:5]:
            console.print(
                "  " + _("seed {seed}: {error}").format(seed=e["seed"], error=e["error"]),
                style="red",
                markup=False,
            )
    if out is not None:
        console.print(_("Written to {path}").format(path=out))
