"""The command line: ``rootgame simulate``, ``rootgame play``, ``rootgame bench``.

A front end like any other: it reads ``game.view(seat)`` and the legal actions, and sends back
one action; it never reads the GameState.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from . import CORE, __version__
from .actions import Action
from .bench import (
    DEFAULT_FACTIONS,
    DEFAULT_MAX_TURNS,
    FOUR_PLAYERS,
    BenchResult,
    SaveError,
    Simulation,
    bot_seed,
    four_players_available,
    run,
)
from .bench import simulate as run_simulation
from .board import MAPS
from .bots.base import with_answers
from .cards import DECKS
from .cli_errors import FAILED, RootgameGroup, ensure_folder, fail
from .cli_records import progress_bar
from .cli_records import register as register_record_commands
from .cli_tournament import (
    CHARACTER_HELP,
    COOPERATIVE_HELP,
    DIFFICULTY_HELP,
    TRAITS_HELP,
    bots_for_seats,
    parse_bots,
    seat_bots,
)
from .cli_tournament import register as register_tournament
from .cli_web import register as register_web_commands
from .factions.clockwork import DIFFICULTIES
from .factions.vagabond import character_answer
from .flow import FACTIONS
from .game import check_cooperative, check_seats, new_game
from .i18n import (
    N_,
    UnknownLanguage,
    get_language,
    ngettext,
    pgettext,
    resolve_language,
)
from .i18n import gettext as _
from .i18n import set_language as _set_language
from .names import faction_in_sentence, faction_name
from .render import FACTION_STYLE
from .rules.landmarks import parse_landmarks

app = typer.Typer(
    cls=RootgameGroup,
    add_completion=False,
    no_args_is_help=True,
    help=N_("Root (Leder Games) in the terminal: play against a bot, simulate and benchmark."),
)

def _version(value: bool) -> None:
    if value:
        typer.echo(f"rootgame {__version__} ({CORE} core)")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False,
        "--version",
        callback=_version,
        is_eager=True,
        help=N_("Show the version and exit."),
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        help=N_(
            "Language of the game: en, pl, es, pt. Default: the ROOTGAME_LANG "
            "variable, else the system locale, else English."
        ),
    ),
) -> None:
    """Root (Leder Games) in the terminal: play against a bot, simulate and benchmark."""
    try:
        chosen = resolve_language(lang)
    except UnknownLanguage as e:
        raise typer.BadParameter(str(e), param_hint="--lang") from None
    before = get_language()
    _set_language(chosen)
    ctx.call_on_close(lambda: _set_language(before))


# --- simulate -----------------------------------------------------------------------------


def parse_factions(text: str) -> list[str]:
    """``"marquise,eyrie"`` -> ``["marquise", "eyrie"]``; BadParameter naming the problem."""
    names = [x.strip().lower() for x in text.split(",") if x.strip()]
    known = ", ".join(sorted(FACTIONS))
    for n in names:
        if n not in FACTIONS:
            raise typer.BadParameter(
                _("unknown faction {name}; known: {known}").format(name=repr(n), known=known),
                param_hint="--factions",
            )
    if len(names) < 2:
        raise typer.BadParameter(
            _("name at least two factions, separated by commas ({known})").format(known=known),
            param_hint="--factions",
        )
    if len(set(names)) != len(names):
        raise typer.BadParameter(
            _("each faction can be played by one seat only"), param_hint="--factions"
        )
    try:
        check_seats(names)
    except ValueError:
        raise typer.BadParameter(
            _("a Clockwork bot cannot sit with the faction whose pieces it plays with"),
            param_hint="--factions",
        ) from None
    return names


def bot_settings(
    names: list[str], difficulty: str | None, traits: str, character: str | None = None
) -> dict[str, dict[str, Any]] | None:
    """``--difficulty``, ``--traits`` and ``--character`` for the Clockwork bots among
    ``names`` (Law of Rootbotics 3.3, 7.3.1); BadParameter naming the problem. The first two
    are comma-separated: a difficulty alone is every bot's (``challenging``), ``BOT=LEVEL``
    one bot's (``electric-eyrie=challenging,mechanical-marquise=easy``; a bare level beside
    them is the others'); a trait alone goes to every bot that has it (``swoop``),
    ``BOT=TRAIT`` to one bot (``mechanical-marquise=blitz``); the character goes to the bot
    that has characters (the Vagabot)."""
    levels = [x.strip().lower() for x in (difficulty or "").split(",") if x.strip()]
    wanted = [x.strip().lower() for x in traits.split(",") if x.strip()]
    if difficulty is None and not wanted and character is None:
        return None
    bots = [n for n in names if FACTIONS[n].is_bot]
    hint = (
        "--difficulty" if difficulty is not None else "--traits" if wanted else "--character"
    )
    if not bots:
        raise typer.BadParameter(
            _("no Clockwork bot plays in this game (--factions)"), param_hint=hint
        )
    level = {b: "default" for b in bots}
    named: set[str] = set()
    for item in levels or ["default"]:
        who, _sep, value = item.rpartition("=")
        for b in _named_bots(who, bots, "--difficulty"):
            if value not in DIFFICULTIES:
                raise typer.BadParameter(
                    _("unknown difficulty {name}; choose {choices}").format(
                        name=repr(value), choices=" / ".join(DIFFICULTIES)
                    ),
                    param_hint="--difficulty",
                )
            if who or b not in named:
                level[b] = value
            if who:
                named.add(b)
    chosen: dict[str, list[str]] = {b: [] for b in bots}
    for item in wanted:
        who, _sep, t = item.rpartition("=")
        have = [b for b in _named_bots(who, bots, "--traits") if t in FACTIONS[b].traits]
        if not have:
            choices = sorted({x for b in _named_bots(who, bots, "--traits")
                              for x in FACTIONS[b].traits})
            raise typer.BadParameter(
                _("unknown trait {name}; choose {choices}").format(
                    name=repr(t), choices=" / ".join(choices)
                ),
                param_hint="--traits",
            )
        for b in have:
            if t not in chosen[b]:
                chosen[b].append(t)
    out: dict[str, dict[str, Any]] = {
        b: {"difficulty": level[b], "traits": chosen[b]} for b in bots
    }
    if character is not None:
        who = character.strip().lower()
        have = [b for b in bots if FACTIONS[b].characters]
        options = sorted({c for b in have for c in FACTIONS[b].characters})
        if who not in options:
            raise typer.BadParameter(
                _("unknown character {name}; choose {choices}").format(
                    name=repr(character), choices=" / ".join(options) or "-"
                ),
                param_hint="--character",
            )
        for b in have:
            out[b]["character"] = who
    return out


def _named_bots(who: str, bots: list[str], hint: str) -> list[str]:
    """The bots an item of ``--difficulty`` or ``--traits`` is for: ``who`` (a bot of the
    game), or all of them when no bot is named; BadParameter naming the game's bots."""
    if not who:
        return bots
    if who not in bots:
        raise typer.BadParameter(
            _("{name} is not a Clockwork bot of this game; its bots: {choices}").format(
                name=repr(who), choices=" / ".join(bots)
            ),
            param_hint=hint,
        )
    return [who]


def parse_map(text: str) -> str:
    """A map's name from ``--map``; BadParameter naming the maps there are."""
    name = text.strip().lower()
    if name not in MAPS:
        raise typer.BadParameter(
            _("unknown map {name}; choose {choices}").format(
                name=repr(text), choices=" | ".join(MAPS)
            ),
            param_hint="--map",
        )
    return name


def parse_deck(text: str) -> str:
    """A shared deck's name from ``--deck``; BadParameter naming the decks there are."""
    name = text.strip().lower()
    if name not in DECKS:
        raise typer.BadParameter(
            _("unknown deck {name}; choose {choices}").format(
                name=repr(text), choices=" | ".join(DECKS)
            ),
            param_hint="--deck",
        )
    return name


DECK_HELP = N_(
    "The shared deck: base, or exiles (the Exiles and Partisans deck, appendix A step 2)."
)

LANDMARKS_HELP = N_(
    "Landmarks (appendix A step 5): one or two of forge, lost-city, black-market, "
    "elder-treetop, tower, ferry, comma-separated, or 1 or 2 dealt at random."
)


def parse_landmarks_option(text: str) -> tuple[str, ...] | int:
    """The landmarks from ``--landmarks``; BadParameter naming the choices."""
    try:
        return parse_landmarks(text)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--landmarks") from None


VAGABOND_HELP = N_(
    "The Vagabond's character (9.3.1): thief, tinker or ranger (default: his player chooses)."
)


def parse_vagabond(text: str | None, names: list[str]) -> dict[str, Action]:
    """The setup answer ``--vagabond`` settles; BadParameter naming the characters, or that
    no Vagabond plays."""
    if text is None:
        return {}
    if "vagabond" not in names:
        raise typer.BadParameter(_("no Vagabond plays in this game"), param_hint="--vagabond")
    try:
        return character_answer(text)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--vagabond") from None


def check_cooperative_option(cooperative: bool, names: list[str]) -> bool:
    """``--cooperative``: the game needs a human faction and a Clockwork bot (BadParameter
    naming the problem)."""
    try:
        check_cooperative(names, cooperative)
    except ValueError:
        raise typer.BadParameter(
            _("cooperative play needs at least one human faction and one Clockwork bot"),
            param_hint="--cooperative",
        ) from None
    return cooperative


MAP_HELP = N_(
    "The map: autumn, winter, lake or mountain (the suits of a map that prints none are dealt "
    "at random from the seed)."
)


@app.command(
    "simulate",
    help=N_("Play GAMES games between bots (random ones by default) and summarise the results."),
)
def simulate_cmd(
    factions: str = typer.Option(
        "marquise,eyrie", "--factions", "-f", help=N_("Factions in seat order, comma-separated.")
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help=N_("How many games to play.")),
    seed: int = typer.Option(0, "--seed", "-s", help=N_("Game i uses seed SEED + i.")),
    as_json: bool = typer.Option(
        False, "--json", help=N_("Print one JSON object, nothing else.")
    ),
    max_turns: int = typer.Option(
        DEFAULT_MAX_TURNS, "--max-turns", min=1, help=N_("Stop a game (as an error) after this.")
    ),
    save_dir: Path | None = typer.Option(  # noqa: B008
        None,
        "--save-dir",
        help=N_("Write each game's record (game-SEED.rootgame) here."),  # noqa: B008
    ),
    bots: str = typer.Option(
        "random",
        "--bots",
        "-b",
        help=N_(
            "Bots, comma-separated: the i-th plays the i-th faction (one name: every seat). "
            "random, heuristic, ismcts[:200ms|:500]."
        ),
    ),
    map_text: str = typer.Option("autumn", "--map", "-m", help=MAP_HELP),
    deck_text: str = typer.Option("base", "--deck", "-d", help=DECK_HELP),
    landmarks_text: str = typer.Option("", "--landmarks", "-l", help=LANDMARKS_HELP),
    difficulty: str | None = typer.Option(None, "--difficulty", help=DIFFICULTY_HELP),
    traits: str = typer.Option("", "--traits", help=TRAITS_HELP),
    character: str | None = typer.Option(None, "--character", help=CHARACTER_HELP),
    vagabond: str | None = typer.Option(None, "--vagabond", help=VAGABOND_HELP),
    cooperative: bool = typer.Option(False, "--cooperative", help=COOPERATIVE_HELP),
) -> None:
    """Play GAMES games between bots (random ones by default) and summarise the results."""
    names = parse_factions(factions)
    check_cooperative_option(cooperative, names)
    answers = parse_vagabond(vagabond, names)
    clockwork = bot_settings(names, difficulty, traits, character)
    map_name = parse_map(map_text)
    deck = parse_deck(deck_text)
    landmarks = parse_landmarks_option(landmarks_text)
    specs = seat_bots(bots, names, fill=True)
    if save_dir is not None:
        ensure_folder(save_dir)
    try:
        sim = _simulate(
            names, specs, games, seed, max_turns, save_dir, as_json, map_name, deck, landmarks,
            clockwork, answers, cooperative,
        )
    except SaveError as e:
        fail(_("cannot write the record {path}: {error}").format(
            path=e.path, error=e.error.strerror or e.error), FAILED)
    errors = len(sim.errors)
    if errors:
        fail(
            ngettext(
                "{n} of {games} game ended in an error (see above)",
                "{n} of {games} games ended in an error (see above)",
                errors,
            ).format(n=errors, games=games),
            FAILED,
        )


def _simulate(
    names: list[str],
    specs: list[str],
    games: int,
    seed: int,
    max_turns: int,
    save_dir: Path | None,
    as_json: bool,
    map_name: str = "autumn",
    deck: str = "base",
    landmarks: tuple[str, ...] | int = (),
    clockwork: dict[str, Any] | None = None,
    answers: dict[str, Action] | None = None,
    cooperative: bool = False,
) -> Simulation:
    """Run the games and print the summary (one JSON object, or tables)."""
    if as_json:
        sim = run_simulation(
            names, games, seed, max_turns, save_dir=save_dir, bots=specs, map_name=map_name,
            deck=deck, landmarks=landmarks, clockwork=clockwork, answers=answers,
            cooperative=cooperative,
        )
        typer.echo(json.dumps(sim.summary()))
        return sim
    console = Console()
    with progress_bar(console, "[bold]" + _("simulating")) as progress:
        task = progress.add_task("games", total=games)
        sim = run_simulation(
            names,
            games,
            seed,
            max_turns,
            on_game=lambda _r: progress.advance(task),
            save_dir=save_dir,
            bots=specs,
            map_name=map_name,
            deck=deck,
            landmarks=landmarks,
            clockwork=clockwork,
            answers=answers,
            cooperative=cooperative,
        )
    s = sim.summary()
    done = games - s["errors"]
    t = Table(
        title=ngettext(
            "{n} random game, seeds {first}..{last}",
            "{n} random games, seeds {first}..{last}",
            games,
        ).format(n=games, first=seed, last=seed + games - 1)
        if set(specs) == {"random"}
        else ngettext(
            "{n} game, seeds {first}..{last}",
            "{n} games, seeds {first}..{last}",
            games,
        ).format(n=games, first=seed, last=seed + games - 1)
        + " ("
        + ", ".join(f"{faction_name(f)}: {b}" for f, b in zip(names, specs, strict=True))
        + ")"
    )
    t.add_column(_("Faction"))
    t.add_column(_("Wins"), justify="right")
    t.add_column(_("Win %"), justify="right")
    t.add_column(_("Mean VP"), justify="right")
    for f in names:
        w = s["wins"][f]
        t.add_row(
            f"[{FACTION_STYLE.get(f, 'bold')}]{faction_name(f)}[/]",
            str(w),
            f"{100 * w / done:.1f}" if done else "-",
            f"{s['mean_scores'][f]:.2f}",
        )
    console.print(t)
    why = {"vp": pgettext("win reason", "VP"), "dominance": pgettext("win reason", "dominance")}
    reasons = ", ".join(f"{why.get(k, k)} {v}" for k, v in s["win_reasons"].items())
    console.print(_("Won by: {reasons}").format(reasons=reasons))
    console.print(
        _("Mean turns per game: {turns}    mean decisions per game: {decisions}").format(
            turns=f"{s['mean_turns']:.1f}", decisions=f"{s['mean_decisions']:.1f}"
        )
    )
    console.print(
        _("Speed: {games} games/s, {decisions} decisions/s").format(
            games=f"{s['games_per_sec']:.2f}", decisions=f"{s['decisions_per_sec']:.0f}"
        )
    )
    console.print(_("Errors: {n}").format(n=s["errors"]), style="red" if s["errors"] else "")
    for r in sim.errors[:5]:
        console.print(
            "  " + _("seed {seed}: {error}").format(seed=r.seed, error=r.error),
            style="red",
            markup=False,
        )
    return sim


# --- play ---------------------------------------------------------------------------------


@app.command(
    "play", help=N_("Play a game in the terminal against a bot (the random one by default).")
)
def play_cmd(
    as_: str = typer.Option(
        ..., "--as", help=N_("The faction you play (one of --factions).")
    ),
    factions: str = typer.Option(
        ",".join(DEFAULT_FACTIONS),
        "--factions",
        "-f",
        help=N_("Factions in seat order, comma-separated (two to four); bots play the others."),
    ),
    seed: int | None = typer.Option(
        None, "--seed", "-s", help=N_("The game's seed (default: a random one, printed).")
    ),
    load: Path | None = typer.Option(  # noqa: B008
        None,
        "--load",
        help=N_(  # noqa: B008
            "Continue a saved game (a .rootgame record, a .json save) or a Rootlog record "
            "(.rootlog) from its last line."
        ),
    ),
    bot_spec: str = typer.Option(
        "random", "--bot", help=N_("Your opponent: random, heuristic, ismcts[:200ms|:500].")
    ),
    map_text: str = typer.Option("autumn", "--map", "-m", help=MAP_HELP),
    deck_text: str = typer.Option("base", "--deck", "-d", help=DECK_HELP),
    difficulty: str | None = typer.Option(None, "--difficulty", help=DIFFICULTY_HELP),
    traits: str = typer.Option("", "--traits", help=TRAITS_HELP),
    character: str | None = typer.Option(None, "--character", help=CHARACTER_HELP),
    landmarks_text: str = typer.Option("", "--landmarks", "-l", help=LANDMARKS_HELP),
    vagabond: str | None = typer.Option(None, "--vagabond", help=VAGABOND_HELP),
    cooperative: bool = typer.Option(False, "--cooperative", help=COOPERATIVE_HELP),
) -> None:
    """Play a game in the terminal against bots (the random one by default)."""
    from .bots import from_spec
    from .terminal import Session, intro

    specs = parse_bots(bot_spec, "--bot")
    map_name = parse_map(map_text)
    deck = parse_deck(deck_text)
    landmarks = parse_landmarks_option(landmarks_text)
    me = as_.strip().lower()
    if load is not None:
        from .cli_records import load_game

        game = load_game(load)
        names = list(game.factions)
        seed = int(game.meta.get("seed") or 0)
    else:
        names = parse_factions(factions)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
    if me not in names:
        raise typer.BadParameter(
            _("unknown faction {name}; choose {choices}").format(
                name=repr(as_), choices=" / ".join(names)
            ),
            param_hint="--as",
        )
    if FACTIONS[me].is_bot:
        raise typer.BadParameter(
            _("{name} is a Clockwork bot: it plays itself; choose a faction played by a person")
            .format(name=me),
            param_hint="--as",
        )
    others = [s for s in range(len(names)) if names[s] != me]
    specs = bots_for_seats(
        specs,
        len(others),
        _("name one bot for every other player, or one for all: {n} others, {b} bots"),
        "--bot",
    )
    if load is None:
        game = new_game(
            names, map=map_name, seed=seed, deck=deck,
            bots=bot_settings(names, difficulty, traits, character), landmarks=landmarks,
            cooperative=check_cooperative_option(cooperative, names),
        )
    human = names.index(me)
    answers = parse_vagabond(vagabond, names)
    bots = with_answers(
        {s: from_spec(spec, bot_seed(seed, s)) for s, spec in zip(others, specs, strict=True)},
        answers,
    )
    console = Console()
    clockwork = [
        (f, fs.difficulty, fs.traits)
        for f, fs in zip(game.factions, game.state.fs, strict=True)
        if FACTIONS[f].is_bot
    ]
    intro(
        console, me, [(names[s], bots[s].spec) for s in others if not FACTIONS[names[s]].is_bot],
        seed, clockwork,
    )
    code = Session(console, game, human, bots, seed, presets=answers).run()
    if code:
        raise typer.Exit(code)


# --- bench --------------------------------------------------------------------------------


@app.command(
    "bench",
    help=N_("Time the engine on one core: random two-player games, decisions, and clones."),
)
def bench_cmd(
    games: int = typer.Option(50, "--games", "-n", min=1, help=N_("How many games to time.")),
    seed: int = typer.Option(0, "--seed", "-s", help=N_("First game seed.")),
    factions: str | None = typer.Option(
        None,
        "--factions",
        "-f",
        help=N_(
            "Time only this mix (default: Marquise vs Eyrie, and the four base factions "
            "once all four exist)."
        ),
    ),
    as_json: bool = typer.Option(False, "--json", help=N_("Print one JSON object.")),
    rl: bool = typer.Option(
        False, "--rl", help=N_("Time the Gymnasium environment instead (needs rootgame[rl]).")
    ),
    steps: int = typer.Option(3000, "--steps", min=1, help=N_("With --rl: steps to time.")),
    envs: int = typer.Option(
        0, "--envs", min=0, help=N_("With --rl: processes of the vector env (0: one per core).")
    ),
    deck_text: str = typer.Option("base", "--deck", "-d", help=DECK_HELP),
    map_text: str = typer.Option("autumn", "--map", "-m", help=MAP_HELP),
    landmarks_text: str = typer.Option("", "--landmarks", "-l", help=LANDMARKS_HELP),
    imports: int = typer.Option(
        0,
        "--imports",
        min=0,
        help=N_(
            "Time Rootlog imports instead: this many random games, each written as people "
            "record games and imported, and the refusal of a 5 MB record."
        ),
    ),
    keep: str = typer.Option(
        "",
        "--keep",
        help=N_(
            "With --imports: what the records keep as exported, comma-separated: "
            "dice, draws (named), suits (discards and Decree cards named)."
        ),
    ),
) -> None:
    """Time the engine on one core: random games, decisions, forced steps, clones and the
    cost of records. With --rl: Gymnasium steps/s, one environment and an AsyncVectorEnv.
    With --imports: Rootlog imports of records written as people write them."""
    if keep and not imports:
        raise typer.BadParameter(_("needs --imports"), param_hint="--keep")
    if imports and rl:
        raise typer.BadParameter(
            _("times Rootlog imports: not with --rl"), param_hint="--imports"
        )
    if rl:
        _bench_rl(steps, seed, envs or None, as_json)
        return
    if imports:
        mix = DEFAULT_FACTIONS if factions is None else tuple(parse_factions(factions))
        kept = _keep_option(keep)
        from .bench_imports import keep_refusal

        refusal = keep_refusal(mix, kept)
        if refusal is not None:
            raise typer.BadParameter(_(refusal), param_hint="--keep")
        _bench_imports(imports, seed, kept, as_json, mix)
        return
    if factions is not None:
        mixes = [tuple(parse_factions(factions))]
    else:
        mixes = [DEFAULT_FACTIONS] + ([FOUR_PLAYERS] if four_players_available() else [])
    deck = parse_deck(deck_text)
    map_name = parse_map(map_text)
    landmarks = parse_landmarks_option(landmarks_text)
    results = [
        run(games, seed, factions=m, deck=deck, map_name=map_name, landmarks=landmarks)
        for m in mixes
    ]
    if as_json:
        d: dict[str, Any] = results[0].as_dict()
        if len(results) > 1:
            d["four_players"] = results[1].as_dict()
        typer.echo(json.dumps(d))
        return
    console = Console()
    for result in results:
        _print_bench(console, result, seed, games)


def _mix_name(factions: Sequence[str]) -> str:
    """The factions of a game at the start of a sentence: "the Marquise de Cat vs the Eyrie
    Dynasties" for two, their names in seat order for more."""
    if len(factions) == 2:
        return _("{a} vs {b}").format(
            a=faction_in_sentence(factions[0]), b=faction_in_sentence(factions[1])
        )
    return _(", ").join(faction_name(f) for f in factions)


def _print_bench(console: Console, result: BenchResult, seed: int, games: int) -> None:
    """One mix's figures, in the chosen language."""
    d = result.as_dict()
    console.print(
        ngettext(
            "{mix}, {n} random game (seeds {first}..{last}), {decisions} decisions "
            "+ {forced} forced steps, one core:",
            "{mix}, {n} random games (seeds {first}..{last}), {decisions} decisions "
            "+ {forced} forced steps, one core:",
            result.games,
        ).format(
            mix=_mix_name(result.factions),
            n=result.games,
            first=seed,
            last=seed + games - 1,
            decisions=result.decisions,
            forced=result.forced,
        ),
        highlight=False,
    )
    core = _("compiled (mypyc)") if result.core == "compiled" else _("pure Python")
    rows = (
        (_("engine core:"), f"{core:>10}", ""),
        (_("games/s:"), f"{d['games_per_sec']:>10.2f}", ""),
        (_("decisions/s:"), f"{d['decisions_per_sec']:>10.0f}", ""),
        (_("steps/s:"), f"{d['steps_per_sec']:>10.0f}", "  " + _("(decisions + forced steps)")),
        (_("clones/s:"), f"{d['clones_per_sec']:>10.0f}", "  " + _("(mid-game states)")),
        (_("clone size:"), f"{d['clone_bytes']:>10d}", "  " + _("(bytes per cloned state)")),
        (
            _("legal actions:"),
            f"{d['legal_us']:>10.1f}",
            "  " + _("(µs to list them, per decision)"),
        ),
        (
            _("apply:"),
            f"{d['apply_us']:>10.1f}",
            "  " + _("(µs per action, up to the next decision)"),
        ),
        (
            _("--save-dir:"),
            f"{d['save_dir_ratio']:>10.2f}x",
            "  " + _("(time with records / without)"),
        ),
    )
    width = max(len(label) for label, _v, _n in rows)
    for label, value, note in rows:
        console.print(f"  {label:<{width}} {value}{note}", highlight=False)
    if result.errors:
        console.print("  " + _("errors: {n}").format(n=result.errors), style="red")


KEEPS = ("dice", "draws", "suits")
"""What ``bench --imports --keep`` may keep as exported (``people.as_people_write``)."""


def _keep_option(text: str) -> tuple[str, ...]:
    """The ``--keep`` option: names of ``KEEPS``, comma-separated; a clear error otherwise."""
    got = tuple(k.strip() for k in text.split(",") if k.strip())
    bad = [k for k in got if k not in KEEPS]
    if bad:
        raise typer.BadParameter(
            _("unknown: {bad} (choose from {choices})").format(
                bad=", ".join(bad), choices=", ".join(KEEPS)
            ),
            param_hint="--keep",
        )
    return got


def _bench_imports(
    games: int, seed: int, keep: tuple[str, ...], as_json: bool, factions: tuple[str, ...],
) -> None:
    """``bench --imports``: issue 15's targets, a real game imported in under 1 s and a
    5 MB record refused in under 2 s (``bench_imports.py``), for games of ``factions``."""
    from .bench_imports import run_imports

    console = Console(stderr=as_json)
    with progress_bar(console, "[bold]" + _("importing")) as progress:
        task = progress.add_task("games", total=games)
        result = run_imports(games, seed, keep, lambda: progress.advance(task), factions)
    if as_json:
        typer.echo(json.dumps(result.as_dict()))
        return
    d = result.as_dict()
    console.print(
        ngettext(
            "Rootlog import of {n} random game (seeds {first}..{last}), written as people "
            "record games, one core (CPU seconds):",
            "Rootlog imports of {n} random games (seeds {first}..{last}), written as people "
            "record games, one core (CPU seconds):",
            games,
        ).format(n=games, first=seed, last=seed + games - 1),
        highlight=False,
    )
    console.print("  " + _mix_name(factions), highlight=False)
    rows = (
        (_("imported:"), f"{d['imported']:>8d}", "  " + _("(to the same board at every line)")),
        (_("median:"), f"{d['median_s']:>8.3f}", ""),
        (_("90th percentile:"), f"{d['p90_s']:>8.3f}", ""),
        (_("slowest:"), f"{d['max_s']:>8.3f}", "" if d["slowest_seed"] is None else
            "  " + _("(seed {seed})").format(seed=d["slowest_seed"])),
        (_("over 1 s:"), f"{d['over_1s']:>8d}", ""),
        (_("5 MB refused:"), f"{d['five_mb_refused_s']:>8.3f}", ""),
    )
    width = max(len(label) for label, _v, _n in rows)
    for label, value, note in rows:
        console.print(f"  {label:<{width}} {value}{note}", highlight=False)
    for s, what in sorted(result.failed.items()):
        console.print("  " + _("seed {seed}: {what}").format(seed=s, what=what), style="red")


def _bench_rl(steps: int, seed: int, envs: int | None, as_json: bool) -> None:
    try:
        from .rl.bench import bench_single, bench_vector
    except ImportError as e:
        raise typer.BadParameter(
            f"--rl needs the rl extra (pip install 'rootgame[rl]'): {e}", param_hint="--rl"
        ) from None
    one = bench_single(steps, seed)
    vec = bench_vector(steps, seed, envs)
    if as_json:
        typer.echo(json.dumps({"single": one.as_dict(), "vector": vec.as_dict()}))
        return
    console = Console()
    console.print(
        "rootgame/Root-v0 (Marquise vs a random Eyrie), random masked actions:", highlight=False
    )
    console.print(
        f"  single env:          {one.steps_per_sec:>8.0f} steps/s "
        f"({one.steps} steps, {one.episodes} episodes)",
        highlight=False,
    )
    console.print(
        f"  AsyncVectorEnv x{vec.envs}:   {vec.steps_per_sec:>8.0f} steps/s "
        f"({vec.steps} steps, {vec.episodes} episodes)",
        highlight=False,
    )


register_record_commands(app)
register_web_commands(app)
register_tournament(app)


def main() -> None:
    """The ``rootgame`` console script."""
    app(prog_name="rootgame")


if __name__ == "__main__":  # pragma: no cover
    main()
