"""Star Kingdoms' own commands: a campaign kept in a file, from the command line.

The registry entry names :data:`app` under the command path ``campaign``, so every command reads
``starlanes campaign star-kingdoms <command> ...`` (the generic CLI puts the game after the
path, as for ``starlanes map generate risky-stars``)::

    starlanes campaign star-kingdoms new camp.json --factions 12 --seed 7   # a campaign of 12 standard nations
    starlanes campaign star-kingdoms new camp.json --form zab.toml --form kethri.toml  # nations from forms
    starlanes campaign star-kingdoms add-nation camp.json varn.toml            # a nation joins (GM approves it)
    starlanes campaign star-kingdoms galaxy generate --factions 12 --seed 7 --out galaxy.json
    starlanes campaign star-kingdoms orders check camp.json --nation zabanian-empire my-orders.txt
    starlanes campaign star-kingdoms submit camp.json --nation zabanian-empire my-orders.txt
    starlanes campaign star-kingdoms bot camp.json --nation kethri-concord      # the economic bot's orders
    starlanes campaign star-kingdoms bot camp.json --nation kethri-concord --bot war --submit  # the war bot's
    starlanes campaign star-kingdoms status camp.json                          # who has submitted
    starlanes campaign star-kingdoms gm queue camp.json                        # what awaits the GM
    starlanes campaign star-kingdoms gm do camp.json 'analyse-level 3 2'       # a GM action
    starlanes campaign star-kingdoms process-turn camp.json --sheets sheets/   # resolve the turn, write sheets
    starlanes campaign star-kingdoms sheets camp.json --out sheets/            # the last turn's sheets again

Every command that changes the campaign checks first and writes the file whole only when it
succeeded: a refused order document, GM action or form changes nothing (exit code and message
say why; ``orders check`` lists every line with its verdict).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from starlanes.cli.common import console
from starlanes.core.errors import IllegalAction, PathError, UsageError
from starlanes.core.gm import Close
from starlanes.core.params import parse_params
from starlanes.core.state import GM
from starlanes.games.star_kingdoms.bot import economic_orders, war_bot_orders
from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState, load_campaign, save_campaign
from starlanes.games.star_kingdoms.execute import check_orders
from starlanes.games.star_kingdoms.galaxy import galaxy_to_json, load_galaxy
from starlanes.games.star_kingdoms.galaxygen import generate_galaxy
from starlanes.games.star_kingdoms.game import SubmitOrders, make_ruleset, new_campaign
from starlanes.games.star_kingdoms.gm import gm_queue
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.spec import GalaxyParams

__all__ = ["app"]

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="A Star Kingdoms campaign kept in a file: new, submit, process-turn, sheets, status...")
orders_app = typer.Typer(add_completion=False, no_args_is_help=True, help="Check an orders document.")
gm_app = typer.Typer(add_completion=False, no_args_is_help=True, help="The GM's queue and actions.")
galaxy_app = typer.Typer(add_completion=False, no_args_is_help=True, help="Galaxies for new campaigns.")
app.add_typer(orders_app, name="orders")
app.add_typer(gm_app, name="gm")
app.add_typer(galaxy_app, name="galaxy")

from starlanes.games.star_kingdoms.export_cli import register as _register_export  # noqa: E402

_register_export(app)  # export, import, sheet-pdf

CampaignArg = Annotated[Path, typer.Argument(help="the campaign file (JSON)")]
NationOpt = Annotated[str, typer.Option("--nation", help="the nation: its id or its name")]
OrdersArg = Annotated[Path, typer.Argument(help="the orders document (text, one order a line; - for stdin)")]
ParamOpt = Annotated[list[str] | None, typer.Option("--param", help="a rule param key=value, e.g. turns=30")]


def _seat(state: CampaignState, nation: str) -> int:
    key = nation.casefold()
    for i, f in enumerate(state.factions):
        if f.id == key or f.name.casefold() == key:
            return i
    index = NameIndex.build("nation", ((f.id, f.name, ()) for f in state.factions))
    found = index.resolve(nation)
    if found is None:
        raise UsageError(index.unknown(nation))
    return state.seat_of(found)


def _read(path: Path) -> str:
    if str(path) == "-":
        import sys

        return sys.stdin.read()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise PathError(f"{path}: no such file") from None
    except OSError as exc:
        raise PathError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PathError(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None


@app.command("new")
def new(
    campaign: CampaignArg,
    factions: Annotated[int, typer.Option("--factions", min=0, max=20,
                                          help="standard nations to create (0 with --form)")] = 0,
    seed: Annotated[int, typer.Option("--seed", min=0, help="the campaign's seed")] = 1,
    galaxy: Annotated[Path | None, typer.Option("--galaxy", help="a galaxy file (default: generated)")] = None,
    form: Annotated[list[Path] | None, typer.Option("--form", help="a civilisation creation form (repeatable)")] = None,
    param: ParamOpt = None,
    force: Annotated[bool, typer.Option("--force", help="replace an existing campaign file")] = False,
) -> None:
    """Start a campaign: standard nations (approved) or nations from creation forms (awaiting the GM)."""
    from starlanes.games.star_kingdoms.creation import add_nation, load_form

    if campaign.exists() and not force:
        raise PathError(f"{campaign} exists; not overwriting it (--force to replace it)")
    forms = [load_form(p) for p in form or []]
    total = factions + len(forms)
    if total < 1:
        raise UsageError("name --factions N and/or one or more --form files")
    params = parse_params(CampaignParams, param or [])
    the_galaxy = load_galaxy(galaxy) if galaxy is not None else generate_galaxy(max(total, 2), seed)
    state = new_campaign(params, factions, seed, galaxy=the_galaxy) if factions else None
    if state is None:
        state = new_campaign(params, 0, seed, galaxy=the_galaxy)
    for path, one in zip(form or [], forms, strict=True):
        add_nation(state, one, file=str(path))
    state.players = len(state.factions)
    from starlanes.games.star_kingdoms.pipeline import refresh_knowledge

    refresh_knowledge(state)
    save_campaign(state, campaign)
    waiting = sum(1 for f in state.factions if not f.approved)
    console.print(f"[green]{escape(str(campaign))}[/]: {len(state.factions)} nation(s), turn {state.turn}"
                  + (f"; {waiting} await the GM's approval (gm queue)" if waiting else ""))
    for nation in state.factions:
        console.print(f"  {escape(nation.id)}: {escape(nation.name)}")


@app.command("add-nation")
def add_nation_command(campaign: CampaignArg,
                       form: Annotated[Path, typer.Argument(help="a creation form (TOML or JSON)")]) -> None:
    """Add a nation from its creation form; it waits for the GM's approval (gm do ... 'approve NATION')."""
    from starlanes.games.star_kingdoms.creation import add_nation, load_form
    from starlanes.games.star_kingdoms.pipeline import refresh_knowledge

    state = load_campaign(campaign)
    nation = add_nation(state, load_form(form), file=str(form))
    state.players = len(state.factions)
    refresh_knowledge(state)
    save_campaign(state, campaign)
    console.print(f"[green]{escape(nation.name)}[/] ({escape(nation.id)}) added; it awaits the GM's approval")


@galaxy_app.command("generate")
def galaxy_generate(
    factions: Annotated[int, typer.Option("--factions", min=1, max=100, help="homeworlds, one per nation")],
    seed: Annotated[int, typer.Option("--seed", min=0, help="the generator's seed")],
    out: Annotated[Path | None, typer.Option("--out", help="write to this file (default: stdout)")] = None,
    param: Annotated[list[str] | None, typer.Option("--param", help="a galaxy param key=value")] = None,
) -> None:
    """Generate a galaxy (schema star-kingdoms-galaxy/1) for a new campaign of N nations."""
    data = galaxy_to_json(generate_galaxy(factions, seed, parse_params(GalaxyParams, param or [])))
    if out is None:
        typer.echo(data.decode())
        return
    try:
        out.write_bytes(data + b"\n")
    except OSError as exc:
        raise PathError(f"cannot write {out}: {exc.strerror or exc}") from exc
    console.print(f"[green]{escape(str(out))}[/]: galaxy for {factions} nations (seed {seed})")


@orders_app.command("check")
def orders_check(campaign: CampaignArg, orders: OrdersArg, nation: NationOpt,
                 as_json: Annotated[bool, typer.Option("--json", help="print the verdicts as JSON")] = False) -> None:
    """Check an orders document without submitting it: every line accepted or refused with the reason."""
    state = load_campaign(campaign)
    seat = _seat(state, nation)
    results = check_orders(state, seat, _read(orders))
    refused = [r for r in results if not r.accepted]
    if as_json:
        import msgspec

        typer.echo(msgspec.json.encode({"turn": state.turn, "nation": state.factions[seat].id,
                                        "lines": results}).decode())
        if refused:
            raise typer.Exit(4)
        return
    for r in results:
        mark = "[green]ok[/]  " if r.accepted else "[red]NO[/]  "
        console.print(f"{mark}line {r.line}: {escape(r.text)}  [dim]{escape(r.reason)}[/]")
    if refused:
        raise IllegalAction(str(orders), f"{len(refused)} of {len(results)} line(s) refused")
    console.print(f"[green]{len(results)} order(s) accepted[/] for turn {state.turn}")


@app.command("submit")
def submit(campaign: CampaignArg, orders: OrdersArg, nation: NationOpt) -> None:
    """Submit (or replace) a nation's orders for this turn; refused whole if any line is refused."""
    state = load_campaign(campaign)
    game = make_ruleset()
    seat = _seat(state, nation)
    f = state.factions[seat]
    if not f.approved:
        raise UsageError(f"{f.name} awaits the GM's approval (gm queue); it gives no orders until then")
    turn = state.turn
    game.apply(state, seat, SubmitOrders(turn, f.id, _read(orders)))
    save_campaign(state, campaign)
    if state.turn != turn:
        console.print(f"every nation has submitted: turn {turn} processed")
    else:
        console.print(f"[green]orders of {escape(f.name)} for turn {turn} submitted[/]")


BOTS: dict[str, Callable[[CampaignState, int], str]] = {"economic": economic_orders, "war": war_bot_orders}
"""The bots whose orders ``bot`` writes: the economic bot (part 1) and the war bot (part 2: the
economic bot's orders, then warships, troops, exploration and a war on a weak neighbour)."""


@app.command("bot")
def bot(campaign: CampaignArg, nation: NationOpt,
        submit_them: Annotated[bool, typer.Option("--submit", help="submit them too")] = False,
        which: Annotated[str, typer.Option("--bot", help="economic (part 1) or war (part 2)")] = "economic") -> None:
    """Print a bot's orders for a nation (the economic bot's, or the war bot's with --bot war;
    submit them with --submit)."""
    if which not in BOTS:
        raise UsageError(f"--bot {which!r}: the bots are {', '.join(sorted(BOTS))}")
    state = load_campaign(campaign)
    seat = _seat(state, nation)
    text = BOTS[which](state, seat)
    typer.echo(text, nl=False)
    if submit_them:
        make_ruleset().apply(state, seat, SubmitOrders(state.turn, state.factions[seat].id, text))
        save_campaign(state, campaign)


@app.command("status")
def status(campaign: CampaignArg) -> None:
    """The turn, and which nations have submitted their orders."""
    state = load_campaign(campaign)
    console.print(f"turn {state.turn} of {state.params.turns}" + (f" (ended: {state.ended})" if state.ended else ""))
    for i, f in enumerate(state.factions):
        mark = "submitted" if i in state.sealed else ("awaiting the GM's approval" if not f.approved else "waiting")
        console.print(f"  {escape(f.name)} ({escape(f.id)}): {mark}, {f.credits} credits")


@gm_app.command("queue")
def queue(campaign: CampaignArg) -> None:
    """What awaits a GM decision this turn (items, approvals, nations without orders)."""
    state = load_campaign(campaign)
    lines = gm_queue(state, tuple(sorted(state.sealed)))
    if not lines:
        console.print("nothing awaits the GM")
    for q in lines:
        head = f"#{q.item}" if q.item else "-"
        block = " [red](blocking)[/]" if q.blocking else ""
        console.print(f"{head} {escape(q.kind)} {escape(q.nation)}: {escape(q.text)}{block}")


@gm_app.command("do")
def gm_do(campaign: CampaignArg,
          action: Annotated[str, typer.Argument(help="a GM action, e.g. 'answer 3 \"a derelict\"'")]) -> None:
    """Take a GM action (approve, analyse-level, answer, permit, meet, credits, note... or close)."""
    state = load_campaign(campaign)
    game = make_ruleset()
    events = game.apply(state, GM, action)
    save_campaign(state, campaign)
    for e in events:
        console.print(escape(game.describe_event(e, GM)))


@app.command("process-turn")
def process_turn(campaign: CampaignArg,
                 sheets: Annotated[Path | None, typer.Option("--sheets", help="write the sheets here")] = None) -> None:
    """Close the turn now (nations without orders start nothing new, S1.4) and resolve it."""
    state = load_campaign(campaign)
    game = make_ruleset()
    turn = state.turn
    game.apply(state, GM, Close())
    save_campaign(state, campaign)
    console.print(f"turn {turn} processed; the campaign is at turn {state.turn}")
    if sheets is not None:
        _write(state, sheets)


def _write(state: CampaignState, folder: Path) -> None:
    from starlanes.games.star_kingdoms.sheets import write_sheets

    for path in write_sheets(state, folder, gm=True):
        console.print(f"  {escape(str(path))}")


@app.command("sheets")
def sheets(campaign: CampaignArg,
           out: Annotated[Path, typer.Option("--out", help="the folder for the sheets")] = Path("sheets")) -> None:
    """Write every nation's sheet of the last processed turn (Markdown and HTML)."""
    state = load_campaign(campaign)
    if not state.reports:
        raise UsageError("no turn has been processed yet (process-turn first)")
    _write(state, out)
