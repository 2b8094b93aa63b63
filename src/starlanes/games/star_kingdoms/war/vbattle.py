"""Many space battles between the same two forces at once, with NumPy (the odds tool's engine).

The scalar engine, :func:`.battle.battle`, stays the reference: this module builds its units with
the scalar engine's own code (``battle._build``, ``battle._effective_ev``,
``battle.initial_determination``), so every static number (Firepower after variants, shots, each
shooter-target Evasion, thresholds, Flak, nebula blindness) is the scalar one, and then plays the
same rules for ``n`` battles in lockstep, one array row per battle:

- a round is five phases by level (COMB-05); each phase's shots pick a target uniformly among the
  enemies active at the phase's start (COMB-07, Amb#62), roll d100 against the precomputed
  effective Evasion (x2 for a retreating target, Amb#60), and their damage lands together after the
  phase (Shields, then Hull; COMB-08);
- determination falls as in ``battle._land`` (ruling 102), is checked after each phase with firers;
  a side at 0 or below fights one retreat round with half Firepower (COMB-16, COMB-17, Amb#68);
  unarmed ships fight only their first, retreating round (COMB-03); troops in transports never
  leave (COMB-02, ruling 212); the round cap and the stall rule end the rest (ruling 101);
- Battle Tactics (COMB-12): every battle is run ``1 + extra`` times and the run with the best
  ``battle.score_for`` score for the favoured side is kept (the first of equal scores, as
  ``battle.battle`` does).

Only space battles: ground combat (militia, surrender, the rounds of a turn) stays scalar.  The
random numbers differ from the scalar engine's, so the two agree in distribution, not battle by
battle (``tests/games/star_kingdoms/test_war_part3.py`` checks the agreement within confidence
intervals).  NumPy is imported when a batch is first run.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.war.battle import (
    Force,
    _build,
    _effective_ev,
    initial_determination,
    round_half_up,
)
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import unit_stats

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Batch", "run_batch"]

CHUNK = 4096
"""Battles per array pass (bounds the memory of one phase: battles x shots x 8 bytes)."""


@dataclass(frozen=True)
class Batch:
    """The outcome of ``n`` battles: one row each; unit columns in the order of the forces' units
    that took part (``unit_ids``)."""

    unit_ids: tuple[str, ...]
    unit_sides: tuple[int, ...]
    unit_levels: tuple[int, ...]
    winner: npt.NDArray[Any]
    """(n,) 0 or 1: the side holding the field; -1: neither."""
    rounds: npt.NDArray[Any]
    retreated: npt.NDArray[Any]
    """(n, 2) bool: the side retreated."""
    destroyed: npt.NDArray[Any]
    """(n, units) bool."""
    hp_lost: npt.NDArray[Any]
    """(n, units) Hull and Shields lost in the battle."""

    def lost_units(self, side: int) -> npt.NDArray[Any]:
        import numpy as np

        mask = np.asarray(self.unit_sides) == side
        return np.asarray(self.destroyed[:, mask].sum(axis=1), dtype=np.float64)

    def lost_levels(self, side: int) -> npt.NDArray[Any]:
        import numpy as np

        levels = np.where(np.asarray(self.unit_sides) == side, np.asarray(self.unit_levels), 0)
        return np.asarray(self.destroyed @ levels, dtype=np.float64)


class _Static:
    """Per-unit constants of one pairing, as arrays."""

    def __init__(self, cat: Catalogue, attacker: Force, defender: Force, p: WarParams, nebula: bool) -> None:
        import numpy as np

        fighters = _build(cat, (attacker, defender), p, "space", nebula)
        self.ids = tuple(f.key for f in fighters)
        self.n = len(fighters)
        arr = np.asarray
        self.side = arr([f.side for f in fighters], dtype=np.int64)
        self.level = arr([f.level for f in fighters], dtype=np.int64)
        self.fp = arr([f.firepower for f in fighters], dtype=np.int64)
        self.shots = arr([f.shots for f in fighters], dtype=np.int64)
        self.per_shot = arr([round_half_up(f.firepower / f.shots) if f.shots else 0 for f in fighters],
                            dtype=np.int64)
        self.per_shot_retreat = arr(
            [round_half_up(math.ceil(f.firepower * p.retreat_firepower_percent / 100 - 1e-9) / f.shots)
             if f.shots else 0 for f in fighters], dtype=np.int64)
        self.assault = arr([f.assault for f in fighters], dtype=bool)
        self.transport = arr([f.transport for f in fighters], dtype=bool)
        self.counts = ~self.transport
        self.unarmed = arr([f.firepower == 0 and not f.transport for f in fighters], dtype=bool)
        self.threshold = arr([f.threshold * (f.max_hp + f.max_shields) for f in fighters], dtype=np.float64)
        self.max_hp = arr([f.max_hp for f in fighters], dtype=np.int64)
        self.max_sh = arr([f.max_shields for f in fighters], dtype=np.int64)
        self.hp0 = arr([f.hp for f in fighters], dtype=np.int64)
        self.sh0 = arr([f.shields for f in fighters], dtype=np.int64)
        self.reduced0 = arr([f.reduced for f in fighters], dtype=bool)
        self.start_damage = arr([f.start_damage for f in fighters], dtype=np.int64)
        self.start_sh_damage = arr([f.start_shields_damage for f in fighters], dtype=np.int64)
        ev = np.zeros((2, self.n, self.n), dtype=np.int64)  # [target retreating, shooter, target]
        for j, target in enumerate(fighters):
            saved = target.retreating
            for r in (0, 1):
                target.retreating = bool(r)
                for i, shooter in enumerate(fighters):
                    ev[r, i, j] = _effective_ev(target, shooter, p)
            target.retreating = saved
        self.ev = ev
        self.det0 = (initial_determination(cat, attacker, p, "space"), initial_determination(cat, defender, p,
                                                                                               "space"))
        self.both_count = p.destroyed_after_reduced_both_count
        tops = [0.0, 0.0]
        for s, force in enumerate((attacker, defender)):
            for u in force.units:
                st = unit_stats(cat, u, p)
                tops[s] += st.hull + st.shields
        self.tops = tops
        self.levels_by_id = {u.id or u.name: u.level for f in (attacker, defender) for u in f.units}


def _run(st: _Static, n: int, rng: np.random.Generator, p: WarParams) -> dict[str, npt.NDArray[Any]]:
    """``n`` fresh battles of one pairing, without Battle Tactics."""
    import numpy as np

    units = st.n
    hp = np.tile(st.hp0, (n, 1))
    sh = np.tile(st.sh0, (n, 1))
    alive = hp > 0
    gone = np.zeros((n, units), dtype=bool)
    reduced = np.tile(st.reduced0, (n, 1))
    retreating = np.tile(st.unarmed, (n, 1)) & alive  # unarmed ships fight only their retreat round (COMB-03)
    det = np.tile(np.asarray(st.det0, dtype=np.float64), (n, 1))
    leaving = np.zeros((n, 2), dtype=bool)
    quiet = np.zeros(n, dtype=np.int64)
    index = np.arange(n)
    retreated = np.zeros((n, 2), dtype=bool)
    out_winner = np.full(n, -1, dtype=np.int64)
    out_rounds = np.zeros(n, dtype=np.int64)
    out_retreated = np.zeros((n, 2), dtype=bool)
    out_destroyed = np.zeros((n, units), dtype=bool)
    out_lost = np.zeros((n, units), dtype=np.int64)
    sides = (st.side == 0, st.side == 1)
    levels_by_side = (np.where(sides[0], st.level, 0), np.where(sides[1], st.level, 0))
    armed = st.fp > 0
    rnd = 0

    def standing_of(act: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return np.stack([(act & sides[0]).any(1), (act & sides[1]).any(1)], axis=1)

    def finish(done: npt.NDArray[Any], winners: npt.NDArray[Any] | int) -> None:
        """Write the battles of rows ``done`` out and drop them from the live arrays."""
        nonlocal index, hp, sh, alive, gone, reduced, retreating, det, leaving, quiet, retreated
        ids = index[done]
        out_winner[ids] = winners
        out_rounds[ids] = rnd
        out_retreated[ids] = retreated[done]
        out_destroyed[ids] = ~alive[done]
        out_lost[ids] = ((st.max_hp - st.start_damage - np.maximum(hp[done], 0))
                         + (np.maximum(0, st.max_sh - st.start_sh_damage) - sh[done]))
        keep = ~done
        index, hp, sh, alive, gone, reduced = index[keep], hp[keep], sh[keep], alive[keep], gone[keep], reduced[keep]
        retreating, det, leaving, quiet = retreating[keep], det[keep], leaving[keep], quiet[keep]
        retreated = retreated[keep]

    while index.size:
        if rnd >= p.max_rounds:  # the round cap, unless a side is in its retreat round (ruling 101)
            finish(np.asarray(~leaving.any(1)), -1)
            if not index.size:
                break
        m = index.size
        ended = np.zeros(m, dtype=bool)
        winner = np.full(m, -1, dtype=np.int64)
        rnd += 1
        final = leaving.copy()
        any_final = np.asarray(final.any(1))
        damaged = np.zeros(m, dtype=bool)
        broken = np.zeros(m, dtype=bool)
        triggered = np.zeros((m, 2), dtype=bool)
        for level in range(1, 6):
            firing = (st.level == level) & armed
            if rnd == 1:
                firing &= ~st.assault  # Assault holds its fire in round 1 (COMB-10)
            shooters = np.flatnonzero(firing)
            if not shooters.size:
                continue
            act = alive & ~gone
            on = ~ended & ~broken & act[:, shooters].any(1)
            rows = np.flatnonzero(on)
            if not rows.size:
                continue
            cols = np.repeat(shooters, st.shots[shooters])
            a = act[rows]
            k = rows.size
            counts = np.stack([(a & sides[0]).sum(1), (a & sides[1]).sum(1)], axis=1)
            enemy = 1 - st.side[cols]
            n_enemies = counts[:, enemy]
            per = np.where(retreating[rows][:, cols], st.per_shot_retreat[cols], st.per_shot[cols])
            fires = a[:, cols] & (per > 0) & (n_enemies > 0)
            pick = np.floor(rng.random((k, cols.size)) * n_enemies).astype(np.int64)
            target = np.zeros((k, cols.size), dtype=np.int64)
            offset = (np.arange(k) * (units + 1))[:, None]
            for s in (0, 1):
                which = enemy == s
                if not which.any():
                    continue
                cum = np.cumsum(a & sides[s], axis=1) + offset
                keys = pick[:, which] + 1 + offset
                pos = np.searchsorted(cum.ravel(), keys.ravel(), side="left").reshape(keys.shape)
                target[:, which] = np.clip(pos - np.arange(k)[:, None] * units, 0, units - 1)
            roll = rng.integers(1, 101, (k, cols.size))
            t_retreating = np.take_along_axis(retreating[rows], target, axis=1)
            ev = st.ev[t_retreating.astype(np.int64), cols[None, :], target]
            hit = fires & (roll > ev)
            flat = (np.arange(k)[:, None] * units + target)[hit]
            pending = np.bincount(flat, weights=per[hit], minlength=k * units).reshape(k, units).astype(np.int64)
            hitm = pending > 0
            # land the phase's hits: Shields first, then Hull (COMB-08), determination (COMB-15)
            h, s_ = hp[rows], sh[rows]
            from_sh = np.minimum(s_, pending)
            s_ = s_ - from_sh
            h = h - (pending - from_sh)
            was_alive = alive[rows]
            now_alive = was_alive & (h > 0)
            was_red = reduced[rows]
            red = was_red | (hitm & (h + s_ <= st.threshold))
            dead = was_alive & ~now_alive & hitm & st.counts
            newly_red = hitm & now_alive & red & ~was_red & st.counts
            cost = dead.astype(np.int64) * (1 + (st.both_count & ~was_red)) + newly_red
            for s in (0, 1):
                det[rows, s] -= (cost * levels_by_side[s]).sum(1)
            hp[rows], sh[rows], alive[rows], reduced[rows] = h, s_, now_alive, red
            damaged[rows] |= hitm.any(1)
            # a side with nobody left fighting ends the battle
            act_r = alive[rows] & ~gone[rows]
            standing = standing_of(act_r)
            over = np.asarray(~(standing[:, 0] & standing[:, 1]))
            if over.any():
                o = rows[over]
                left = (alive[o] & gone[o])
                for s in (0, 1):
                    retreated[o, s] |= ~standing[over, s] & (left & sides[s]).any(1)
                winner[o] = np.where(standing[over, 0], 0, np.where(standing[over, 1], 1, -1))
                ended[o] = True
            check = ~over & ~any_final[rows]  # no determination check during a retreat round
            if not check.any():
                continue
            c = rows[check]
            act_c = act_r[check]
            has = np.stack([(act_c & st.counts & sides[0]).any(1), (act_c & st.counts & sides[1]).any(1)], axis=1)
            low = (det[c] <= 0) & has
            both = low[:, 0] & low[:, 1]
            tie = both & (det[c, 0] == det[c, 1])
            if tie.any():  # both at once and equal: they part (COMB-17, Amb#68)
                ended[c[tie]] = True
                winner[c[tie]] = -1
            lower0 = det[c, 0] < det[c, 1]
            low = np.where(both[:, None], np.stack([lower0, ~lower0], axis=1), low) & ~tie[:, None]
            trig = low.any(1)
            triggered[c[trig]] = low[trig]
            broken[c[trig]] = True
        # the round is over
        act = alive & ~gone
        live = ~ended
        fin = live & any_final
        if fin.any():
            f = np.flatnonzero(fin)
            for s in (0, 1):
                go = act[f] & st.counts & sides[s] & final[f, s][:, None]
                gone[f] |= go
                retreated[f, s] |= final[f, s]
            act_f = alive[f] & ~gone[f]
            fleeing_side = final[f]
            behind = np.zeros(f.size, dtype=bool)
            hunters = np.zeros(f.size, dtype=bool)
            for s in (0, 1):
                behind |= fleeing_side[:, s] & (act_f & st.transport & sides[s]).any(1)
                hunters |= ~fleeing_side[:, s] & (act_f & armed & sides[s]).any(1)
            cont = behind & hunters  # troops left behind are hunted down (COMB-02, ruling 212)
            others = np.stack([~fleeing_side[:, s] & (act_f & sides[s]).any(1) for s in (0, 1)], axis=1)
            single = others.sum(1) == 1
            stop = f[~cont]
            winner[stop] = np.where(single[~cont], np.argmax(others[~cont], axis=1), -1)
            ended[stop] = True
            leaving[f[cont]] = False
        rest = live & ~any_final
        if rest.any():
            r_ = np.flatnonzero(rest)
            if rnd == 1:
                gone[r_] |= st.unarmed & alive[r_] & ~gone[r_]  # unarmed ships leave after round 1 (COMB-03)
            act_r = alive[r_] & ~gone[r_]
            standing = standing_of(act_r)
            over = np.asarray(~(standing[:, 0] & standing[:, 1]))
            if over.any():
                o = r_[over]
                left = alive[o] & gone[o]
                for s in (0, 1):
                    retreated[o, s] |= ~standing[over, s] & (left & sides[s]).any(1)
                winner[o] = np.where(standing[over, 0], 0, np.where(standing[over, 1], 1, -1))
                ended[o] = True
            go_on = r_[~over]
            trig = triggered[go_on]
            leaving[go_on] = trig
            for s in (0, 1):
                retreating[go_on] |= trig[:, s][:, None] & act[go_on] & st.counts & sides[s]
            quiet[go_on] = np.where(damaged[go_on], 0, quiet[go_on] + 1)
            stalled = (quiet[go_on] >= p.stall_rounds) & ~trig.any(1)
            ended[go_on[stalled]] = True
        # write the finished battles out and keep the rest
        if ended.any():
            finish(ended, winner[ended])
    return {"winner": out_winner, "rounds": out_rounds, "retreated": out_retreated, "destroyed": out_destroyed,
            "hp_lost": out_lost}


def _scores(st: _Static, res: dict[str, npt.NDArray[Any]], side: int) -> npt.NDArray[Any]:
    """``battle.score_for`` of every run for ``side`` (Amb#65)."""
    import numpy as np

    levels = np.asarray([st.levels_by_id.get(i, 1) for i in st.ids], dtype=np.float64)
    lost_levels = [res["destroyed"] @ np.where(st.side == s, levels, 0.0) for s in (0, 1)]
    lost_hp = [res["hp_lost"] @ np.where(st.side == s, 1.0, 0.0) for s in (0, 1)]
    share = [lost_hp[s] / st.tops[s] if st.tops[s] else np.zeros_like(lost_hp[s]) for s in (0, 1)]
    enemy = 1 - side
    score = lost_levels[enemy] + share[enemy] - lost_levels[side] - share[side] + res["retreated"][:, enemy]
    return np.asarray(score, dtype=np.float64)


def run_batch(cat: Catalogue, attacker: Force, defender: Force, n: int, seed: int, *, nebula: bool = False,
              params: WarParams | None = None, progress: Callable[[int], None] | None = None) -> Batch:
    """``n`` space battles between ``attacker`` and ``defender`` (Battle Tactics included), seeded;
    ``progress`` is told the battles done after each chunk."""
    import numpy as np

    p = params or WarParams()
    st = _Static(cat, attacker, defender, p, nebula)
    rng = np.random.default_rng(seed)
    diff = attacker.battle_tactics - defender.battle_tactics
    extra = min(abs(diff) * p.battle_tactics_rerun_per_level, p.max_battle_tactics_reruns)
    parts: list[dict[str, npt.NDArray[Any]]] = []
    for start in range(0, n, CHUNK):
        size = min(CHUNK, n - start)
        runs = [_run(st, size, rng, p) for _ in range(extra + 1)]
        if progress is not None:
            progress(size)
        if extra == 0:
            parts.append(runs[0])
            continue
        favoured = 0 if diff > 0 else 1
        scores = np.stack([_scores(st, r, favoured) for r in runs], axis=0)  # (runs, size)
        best = np.argmax(scores, axis=0)  # the first best, as battle.battle keeps
        rows = np.arange(size)
        parts.append({key: np.stack([r[key] for r in runs], axis=0)[best, rows] for key in runs[0]})
    merged = {key: np.concatenate([part[key] for part in parts], axis=0) for key in parts[0]}
    return Batch(unit_ids=st.ids, unit_sides=tuple(int(s) for s in st.side),
                 unit_levels=tuple(int(v) for v in st.level), winner=merged["winner"], rounds=merged["rounds"],
                 retreated=merged["retreated"], destroyed=merged["destroyed"], hp_lost=merged["hp_lost"])
