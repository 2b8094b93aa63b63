"""Star Kingdoms feedback sheets: time to build and render one nation's sheet, in milliseconds.

Plays a campaign of N nations (default 12) for T turns (default 10) with the economic bot, then
measures, over every nation and R repetitions:
  knowledge   the nation's knowledge record (knowledge_for)
  build       the sheet model (own record + turn report + knowledge)
  markdown    rendering the model to Markdown
  html        rendering the model to HTML (Jinja2)
  write all   write_sheets: every nation's Markdown and HTML files (per turn, whole campaign)

Run: .venv/bin/python benchmarks/star_kingdoms_sheets.py [--nations N] [--turns T] [--reps R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from starlanes.games.star_kingdoms.bot import economic_orders
from starlanes.games.star_kingdoms.game import new_campaign
from starlanes.games.star_kingdoms.knowledge import knowledge_for
from starlanes.games.star_kingdoms.pipeline import process_turn
from starlanes.games.star_kingdoms.sheets import build_sheet, render_html, render_markdown, write_sheets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nations", type=int, default=12)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()

    state = new_campaign(None, args.nations, 3)
    for _ in range(args.turns):
        process_turn(state, {seat: economic_orders(state, seat) for seat in range(args.nations)})
    ids = [f.id for f in state.factions]
    times: dict[str, list[float]] = {"knowledge": [], "build": [], "markdown": [], "html": []}
    size_md = size_html = 0
    for _ in range(args.reps):
        for fid in ids:
            t0 = time.perf_counter()
            knowledge_for(state, fid)
            t1 = time.perf_counter()
            sheet = build_sheet(state, fid)
            t2 = time.perf_counter()
            md = render_markdown(sheet)
            t3 = time.perf_counter()
            html = render_html(sheet)
            t4 = time.perf_counter()
            times["knowledge"].append(t1 - t0)
            times["build"].append(t2 - t1)
            times["markdown"].append(t3 - t2)
            times["html"].append(t4 - t3)
            size_md, size_html = max(size_md, len(md)), max(size_html, len(html))
    with tempfile.TemporaryDirectory() as folder:
        t0 = time.perf_counter()
        write_sheets(state, folder)
        write_all = time.perf_counter() - t0
    print(f"Star Kingdoms sheets: {args.nations} nations after {args.turns} bot turns, "
          f"{args.reps} repetitions per nation")
    for name, values in times.items():
        print(f"  {name:<10} median {1000 * statistics.median(values):7.3f} ms/sheet   "
              f"max {1000 * max(values):7.3f} ms/sheet")
    print(f"  write all  {1000 * write_all:7.1f} ms for {2 * args.nations} files (Markdown + HTML, every nation)")
    print(f"  largest sheet: {size_md:,} characters of Markdown, {size_html:,} of HTML")


if __name__ == "__main__":
    main()
