"""One record per game, and the columnar file that holds them (Parquet, via pyarrow).

A record says everything needed to reproduce and analyse one game: the ruleset and its
version, the params that differ from the defaults, the seed, which agent sat where, the
outcome, the length in actions and the wall time. ``label`` names the side of a comparison
(``"baseline"`` / ``"variant"``) or is ``"run"`` for a plain ``lab run``; ``labels`` is what
each seat was (kardashev: its role; see ``labels.py``), empty for a game without seat labels
and in files written before the column existed.

pyarrow is imported only inside :func:`write_records` / :func:`read_records`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from starlanes.core.errors import ContentError

from .paths import expand, write_output

__all__ = ["GameRecord", "read_records", "write_records"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The result of one simulated game."""

    index: int  # position in the batch; the seed is derived from the batch seed and this
    seed: int
    game: str
    version: str
    params: str  # JSON object of the params that differ from the defaults
    label: str  # "run", "baseline" or "variant"
    agents: tuple[str, ...]  # agent spec per seat (seat 0 first)
    first: int  # the first seat to act (-1 when several seats opened simultaneously)
    winners: tuple[int, ...]  # empty: a draw
    reason: str  # the outcome's reason ("cap" when the action cap ended the game)
    scores: tuple[float, ...]  # empty when the ruleset reports none
    length: int  # actions applied
    duration: float  # seconds of wall time
    labels: tuple[str, ...] = ()  # per seat, from the ruleset's seat_labels (labels.py); may be empty

    @property
    def draw(self) -> bool:
        return not self.winners

    @property
    def players(self) -> int:
        return len(self.agents)

    def same_result(self, other: GameRecord) -> bool:
        """Equal apart from the wall time (what reproducibility promises)."""
        a = asdict(self)
        b = asdict(other)
        a.pop("duration")
        b.pop("duration")
        return a == b

    def params_dict(self) -> dict[str, Any]:
        value = json.loads(self.params)
        assert isinstance(value, dict)
        return value


_COLUMNS = [f.name for f in fields(GameRecord)]
_OPTIONAL = {"labels"}  # columns added later: a file without them still reads


def _schema() -> Any:
    import pyarrow as pa

    return pa.schema(
        [
            ("index", pa.int64()),
            ("seed", pa.int64()),
            ("game", pa.string()),
            ("version", pa.string()),
            ("params", pa.string()),
            ("label", pa.string()),
            ("agents", pa.list_(pa.string())),
            ("first", pa.int32()),
            ("winners", pa.list_(pa.int32())),
            ("reason", pa.string()),
            ("scores", pa.list_(pa.float64())),
            ("length", pa.int64()),
            ("duration", pa.float64()),
            ("labels", pa.list_(pa.string())),
        ]
    )


def write_records(records: Sequence[GameRecord], path: str | Path) -> Path:
    """Write ``records`` to a Parquet file (one row per game); returns the path.

    A folder is never created; a path that cannot be written is a one-line ``PathError``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns: dict[str, list[Any]] = {name: [] for name in _COLUMNS}
    for record in records:
        for name in _COLUMNS:
            value = getattr(record, name)
            columns[name].append(list(value) if isinstance(value, tuple) else value)
    table = pa.table(columns, schema=_schema())
    # The folder must exist (``paths.check_output`` says so before the games are played).
    return write_output(expand(path), lambda tmp: pq.write_table(table, tmp))


def read_records(path: str | Path) -> list[GameRecord]:
    """Read a file written by :func:`write_records`; a missing or foreign file is a ContentError."""
    import pyarrow.parquet as pq

    source = expand(path)
    if not source.exists():
        raise ContentError(str(source), "", "no such file")
    if not source.is_file():
        raise ContentError(str(source), "", "not a file (a folder?); give a results file from lab run --out")
    try:
        table = pq.read_table(source)
    except Exception as exc:  # pyarrow raises several unrelated types for a bad file
        raise ContentError(str(source), "", f"not a Parquet file of lab results ({exc})") from None
    missing = [name for name in _COLUMNS if name not in table.column_names and name not in _OPTIONAL]
    if missing:
        raise ContentError(str(source), ", ".join(missing), "missing column(s); not a lab results file")
    present = [name for name in _COLUMNS if name in table.column_names]
    data = table.select(present).to_pydict()
    out = []
    for i in range(table.num_rows):
        row = {name: data[name][i] for name in present}
        for name in ("agents", "winners", "scores", "labels"):
            row[name] = tuple(row.get(name) or ())
        out.append(GameRecord(**row))
    return out
