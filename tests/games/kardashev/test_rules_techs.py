"""One test per technology (inventory 3.12, K-TE01..K-TE33): each effect works through the one
mechanism (the holder's effects at the rule step's hook)."""

from __future__ import annotations

from tests.games.kardashev.helpers import G, act, cell, hand, legal_texts, put, refused, set_hand, turn, with_roles

from starlanes.games.kardashev.state import KardashevState


def home(role: str = "warlord", techs: tuple[str, ...] = (), other: str = "pioneer",
         hand_: tuple[int, int, int] = (5, 5, 5)) -> KardashevState:
    state = turn(with_roles((role, other)), hand=hand_, techs=techs)
    put(state, "0,-3", ("military", "energy"), colony=0, fleet=0)
    put(state, "0,-2", ("food",), colony=0)
    return state


def harvests(state: KardashevState) -> set[str]:
    return {t for t in legal_texts(state, 0) if t.startswith("harvest") and "via" not in t}


def attack(role: str, techs: tuple[str, ...], defender: str, dtechs: tuple[str, ...], level: int,
           colony: int) -> KardashevState:
    state = turn(with_roles((role, defender)), hand=(5, 5, 9), techs=techs)
    state.seats[1].techs = list(dtechs)
    put(state, "0,-3", ("military",), colony=0, fleet=0, flevel=level)
    put(state, "0,-2", ("military",))
    put(state, "0,-1", ("food",), colony=1, clevel=colony)
    act(state, 0, "move 0,-3 0,-1")
    return state


def test_K_TE01_harvest_rover() -> None:
    state = home(techs=("harvest-rover",))
    assert harvests(state) == {"harvest food=1 energy=2"}  # +1 from the fleet on the colonized tile


def test_K_TE02_asteroid_mining() -> None:
    state = home(techs=("asteroid-mining",))
    put(state, "1,-3", ("matter",), fleet=0)
    assert harvests(state) == {"harvest food=1 matter=1 energy=1"}


def test_K_TE03_expanded_cargohold_the_example() -> None:
    state = home(techs=("harvest-rover", "expanded-cargohold"))
    cell(state, "0,-3").colony_level = 3
    cell(state, "0,-3").fleet_level = 3
    assert "harvest food=1 energy=6" in harvests(state)  # L3 fleet on an L3 colony: 6


def test_K_TE04_encryption() -> None:
    state = turn(with_roles(("warlord", "pioneer")), hand=(5, 5, 1), techs=("encryption",))
    put(state, "0,-3", ("military",), colony=0, fleet=0)
    put(state, "0,-2", ("military",))
    put(state, "1,-2", ("food",), fleet=0)
    put(state, "-1,-1", ("food",), fleet=0)
    put(state, "0,-1", ("food",), colony=1, clevel=2)
    act(state, 0, "move 0,-3 0,-1")  # 1 energy, none left
    texts = legal_texts(state, 0)
    assert "support cells=1,-2" in texts and "support cells=-1,-1,1,-2" not in texts  # one free


def test_K_TE05_terraform() -> None:
    state = home(techs=("terraform",))
    act(state, 0, "use terraform cell=0,-2 symbol=military")
    act(state, 0, "pay energy=1")  # the military symbol: 1 card of any type
    assert cell(state, "0,-2").all_symbols == ["food", "military"]
    assert hand(state, 0) == (5, 5, 4)
    assert "fleet 0,-2" in legal_texts(state, 0)


def test_K_TE06_antimatter() -> None:
    state = home(techs=("terraform", "antimatter"))
    put(state, "1,-3", ("food", "matter"))
    put(state, "1,-2", ("food",), fleet=1)
    texts = legal_texts(state, 0)
    assert "use antimatter cell=1,-3" in texts and "use antimatter cell=1,-2" not in texts
    act(state, 0, "use antimatter cell=1,-3")
    assert cell(state, "1,-3").tile == "destroyed" and hand(state, 0) == (6, 6, 5)


def test_K_TE07_accretion_device() -> None:
    state = home(techs=("terraform", "accretion-device"))
    put(state, "1,-3", tile="destroyed")
    act(state, 0, "use accretion-device cell=1,-3 symbol=matter")
    c = cell(state, "1,-3")
    assert c.tile == "planet" and c.all_symbols == ["matter"] and hand(state, 0) == (5, 4, 5)
    assert "colony 1,-3" in legal_texts(state, 0)


def test_K_TE08_fuel_efficiency() -> None:
    state = home(techs=("fuel-efficiency",), hand_=(0, 0, 0))
    put(state, "0,-1", ("food",))
    act(state, 0, "move 0,-3 0,-1")  # 1 energy - 1
    assert cell(state, "0,-1").fleet == 0


def test_K_TE09_boosters_cap_stays_eight() -> None:
    state = home(techs=("fuel-efficiency", "boosters"), hand_=(0, 0, 1))
    cell(state, "0,-3").fleet_level = 2
    for name in ("0,-1", "0,0"):
        put(state, name, ("food",))
    act(state, 0, "move 0,-3 0,0")  # 3 cells, level 2: 2 per energy -> 2, -1
    assert hand(state, 0)[2] == 0


def test_K_TE10_salvage_drone() -> None:
    state = attack("warlord", ("salvage-drone",), "pioneer", (), 1, 2)
    assert state.tasks[0].kind == "pay" and state.tasks[0].seat == 1 and state.tasks[0].amount == 3


def test_K_TE11_raider_drone() -> None:
    state = attack("warlord", ("raider-drone",), "pioneer", (), 1, 2)
    act(state, 0, "raid energy")
    assert hand(state, 1)[2] == 0 and hand(state, 0)[2] == 9 - 1 + 1


def test_K_TE12_disruptor_drone() -> None:
    state = attack("pioneer", ("disruptor-drone",), "warlord", (), 1, 2)
    assert cell(state, "0,-1").colony == 1 and cell(state, "0,-1").colony_level == 1
    assert state.seats[1].colonies_supply == 15 - 1 - 1  # its corner colony and the level left


def test_K_TE13_proximity_fuse() -> None:
    state = attack("warlord", (), "pioneer", ("proximity-fuse",), 3, 1)
    assert cell(state, "0,-1").colony == 0
    (fuse,) = [t for t in state.tasks if t.kind == "pay"]
    assert (fuse.seat, fuse.to, fuse.amount) == (0, 1, 1)


def test_K_TE14_defensive_turrets() -> None:
    state = attack("warlord", (), "scientist", ("defensive-turrets",), 2, 2)
    assert cell(state, "0,-2").fleet == 0 and cell(state, "0,-2").fleet_level == 1


def test_K_TE15_orbital_defense_array() -> None:
    state = attack("pioneer", (), "warlord", ("orbital-defense-array",), 2, 1)
    c = cell(state, "0,-1")
    assert c.colony == 0 and c.fleet_level == 1
    weak = attack("pioneer", (), "warlord", ("orbital-defense-array",), 2, 1)
    assert weak.seats[0].fleets_supply == 15 - 1


def test_K_TE16_taxation() -> None:
    state = home(other="pioneer")
    state.seats[1].techs = ["taxation"]
    put(state, "-1,-1", ("food",), fleet=1)  # next to 0,-2 only
    act(state, 0, "harvest food=1 energy=1")
    assert [(t.seat, t.types) for t in state.tasks] == [(1, ["food"])]


def test_K_TE17_blockade() -> None:
    state = home(other="pioneer")
    state.seats[1].techs = ["blockade"]
    put(state, "-1,-1", ("food",), fleet=1)
    assert harvests(state) == {"harvest energy=1"}


def test_K_TE18_timeshares() -> None:
    state = home(techs=("timeshares",))
    put(state, "1,-3", ("matter",), colony=1, clevel=2)
    assert harvests(state) == {"harvest food=1 matter=2 energy=1 shares=1,-3", "harvest food=1 energy=1"}
    act(state, 0, "harvest food=1 matter=2 energy=1 shares=1,-3")
    assert hand(state, 0) == (6, 7, 6) and hand(state, 1) == (1, 1, 1)  # the owner loses nothing
    assert "split" in refused(home(techs=("timeshares",)), 0, "harvest food=1 energy=1 shares=0,-2")


def test_K_TE18_timeshares_one_colony_per_fleet_none_twice() -> None:
    state = home(techs=("timeshares",))
    put(state, "1,-3", ("matter",), colony=1)
    put(state, "-1,-2", ("energy",), colony=1)  # both next to the one fleet on 0,-3
    shares = {t.split("shares=")[1] for t in harvests(state) if "shares=" in t}
    assert shares == {"1,-3", "-1,-2"}


def test_K_TE19_propellant_depot() -> None:
    state = home(techs=("propellant-depot",))
    put(state, "0,-1", ("food",))
    act(state, 0, "move 0,-3 0,-1 via=propellant-depot")
    assert state.research_used == 1 and state.base_used == 0


def test_K_TE20_wormhole() -> None:
    state = home(techs=("propellant-depot", "wormhole"), hand_=(0, 0, 1))
    put(state, "0,-1", ("food",), colony=1)  # an opponent in the way
    put(state, "0,0", ("food",))
    act(state, 0, "move 0,-3 0,0 path=0,-2,0,0")  # leaps over 0,-1: 2 cells counted, 1 energy
    assert cell(state, "0,0").fleet == 0 and hand(state, 0)[2] == 0


def test_K_TE21_dyson_sphere() -> None:
    state = home(techs=("dyson-sphere",), hand_=(0, 0, 0))
    put(state, "0,-1", ("food",))
    act(state, 0, "move 0,-3 0,-1")
    assert cell(state, "0,-1").fleet == 0


def test_K_TE22_fabricators() -> None:
    state = home(role="imperialist", techs=("fabricators",))
    act(state, 0, "refit 0,-3 via=fabricators")
    assert state.research_used == 1 and cell(state, "0,-3").fleet_level == 2


def test_K_TE23_autonomous_construction() -> None:
    state = home(role="imperialist", techs=("autonomous-construction",))
    put(state, "1,-3", tile="empty")
    texts = legal_texts(state, 0)
    assert "fleet 1,-3" in texts and "fleet 1,-3 level=2" not in texts
    act(state, 0, "fleet 1,-3")
    assert cell(state, "1,-3").fleet == 0 and hand(state, 0) == (5, 4, 4)


def test_K_TE24_militarization() -> None:
    state = home(role="imperialist", techs=("militarization",))
    assert "fleet 0,-2" in legal_texts(state, 0)


def test_K_TE25_interstellar_ark() -> None:
    state = home(role="pioneer", techs=("interstellar-ark",), other="warlord")
    act(state, 0, "grow 0,-2 via=interstellar-ark")
    assert cell(state, "0,-2").colony_level == 2 and state.research_used == 1


def test_K_TE26_nanotube_polymers() -> None:
    state = home(role="pioneer", techs=("nanotube-polymers",), other="warlord", hand_=(1, 0, 0))
    put(state, "1,-3", ("energy",))
    act(state, 0, "colony 1,-3")
    assert hand(state, 0)[:2] == (0, 0)


def test_K_TE27_space_probe() -> None:
    state = home(role="pioneer", techs=("space-probe",), other="warlord")
    act(state, 0, "use space-probe")
    texts = legal_texts(state, 0)
    assert "place 3,-3 planet" in texts or "place 3,-3 empty" in texts  # any unexplored cell


def test_K_TE28_magnetic_rake() -> None:
    state = home(role="salvager", techs=("magnetic-rake",))
    act(state, 0, "harvest food=1 energy=1 via=magnetic-rake")
    assert state.research_used == 1


def test_K_TE29_tractor_beam_on_every_placement() -> None:
    state = home(role="salvager", techs=("tractor-beam",))
    state.bag = [5]  # food+energy (tiles.toml order)
    put(state, "0,-1", ("food",))
    act(state, 0, "move 0,-3 1,-3")
    act(state, 0, "place 1,-3 planet")
    assert state.tasks and state.tasks[-1].reason.startswith("gain:own-tile-placed")


def test_K_TE30_arcology() -> None:
    state = home(role="salvager", techs=("arcology",))
    cell(state, "0,-3").symbols = ["military"]
    assert harvests(state) == {"harvest food=2", "harvest food=1 matter=1", "harvest food=1 energy=1"}


def test_K_TE31_botsourcing() -> None:
    state = home(role="scientist", techs=("botsourcing",))
    act(state, 0, "grow 0,-2 via=botsourcing")
    act(state, 0, "pay energy=1")
    assert hand(state, 0) == (4, 4, 4)  # 1 food + 1 matter + 1 of any


def test_K_TE32_cloning() -> None:
    state = home(role="scientist", techs=("botsourcing",), hand_=(0, 5, 5))
    act(state, 0, "research cloning copy=fuel-efficiency")
    assert state.seats[0].cloned == "fuel-efficiency"
    act(state, 0, "decline")  # the Scientist's own gain
    assert "needs Fuel Efficiency" in refused(state, 0, "research boosters")  # no prerequisite credit
    scores = G.view(state, 0).game.scores[0]
    state.seats[0].techs.remove("cloning")
    assert scores - G.view(state, 0).game.scores[0] == 2
    assert "copy=TECH" in refused(home(role="scientist", techs=("botsourcing",)), 0, "research cloning")


def test_K_TE33_memory_eraser() -> None:
    state = home(role="scientist", techs=("botsourcing", "cloning", "memory-eraser", "fuel-efficiency"))
    state.seats[1].techs = ["fuel-efficiency"]
    set_hand(state, 1, 0, 0, 0)
    act(state, 0, "use memory-eraser target=fuel-efficiency")
    assert "fuel-efficiency" not in state.seats[0].techs and state.seats[1].techs == []
    assert hand(state, 1) == (0, 1, 1) and hand(state, 0) == (5, 6, 6)


def test_K_TE32_a_cloned_action_tech_is_used_through_use_technology() -> None:
    state = home(role="scientist", techs=("botsourcing", "cloning"))
    state.seats[0].cloned = "terraform"
    assert "use terraform cell=0,-2 symbol=matter" in legal_texts(state, 0)
    state.seats[0].techs.append("terraform")  # held as well: nothing doubles
    from starlanes.games.kardashev.rules.common import effects

    assert sum(1 for e in effects(state, 0) if e.kind == "terraform") == 1


def test_K_TE33_erasing_cloning_drops_the_copy_and_a_copy_survives_erasing_its_original() -> None:
    state = home(role="scientist", techs=("botsourcing", "cloning", "memory-eraser"))
    state.seats[0].cloned = "fuel-efficiency"
    state.seats[1].techs = ["fuel-efficiency"]
    act(state, 0, "use memory-eraser target=fuel-efficiency")
    assert state.seats[0].cloned == "fuel-efficiency" and state.seats[1].techs == []
    state.research_used = 0
    act(state, 0, "use memory-eraser target=cloning")
    assert state.seats[0].cloned is None and "cloning" not in state.seats[0].techs
    assert state.tasks == [] and hand(state, 0) == (5, 7, 7)  # cloning's price back: 2 matter, 2 energy


def test_K_TE31_botsourcing_any_base_action_with_a_surcharge() -> None:
    state = home(role="scientist", techs=("botsourcing",), hand_=(0, 0, 2))
    put(state, "0,-1", ("food",))
    assert "move 0,-3 0,-1 via=botsourcing" in legal_texts(state, 0)  # 1 energy + 1 of any
    state.seats[0].energy = 1
    assert "move 0,-3 0,-1 via=botsourcing" not in legal_texts(state, 0)


def test_K_R02_any_and_matching_parts_are_the_payers_pick() -> None:
    state = home(techs=(), hand_=(3, 3, 3))
    act(state, 0, "research terraform")  # 1 food, 1 matter, 1 energy + 1 of any
    assert state.tasks[0].kind == "pay" and state.tasks[0].amount == 1
    assert {a.text() for a in G.legal_actions(state, 0)} == {"pay food=1", "pay matter=1", "pay energy=1"}
    act(state, 0, "pay matter=1")
    assert hand(state, 0) == (2, 1, 2)
    enc = home(hand_=(1, 2, 3))
    act(enc, 0, "research encryption")  # 2 of one type
    assert {a.text() for a in G.legal_actions(enc, 0)} == {"pay matter=2", "pay energy=2"}
    act(enc, 0, "pay energy=2")
    assert hand(enc, 0) == (1, 2, 1)


def test_A37_timeshares_skips_a_colony_someone_else_blockades() -> None:
    state = turn(with_roles(("warlord", "pioneer", "generalist")), hand=(5, 5, 5), techs=("timeshares",))
    put(state, "0,-3", ("military", "energy"), colony=0, fleet=0)
    put(state, "1,-3", ("matter",), colony=1, clevel=2)
    state.seats[2].techs = ["salvage-drone", "blockade"]
    put(state, "2,-3", ("food",), fleet=2)  # next to 1,-3: blockades it against seat 0
    assert harvests(state) == {"harvest energy=1"}
    state.seats[2].techs = []
    assert "harvest matter=2 energy=1 shares=1,-3" in harvests(state)


def test_A34_the_warlord_gains_the_attacked_tile_only_when_it_wins() -> None:
    won = attack("warlord", (), "pioneer", (), 2, 1)
    assert [t.types for t in won.tasks] == [["food"]]
    lost = attack("warlord", (), "pioneer", (), 1, 1)
    assert lost.tasks == []
