"""The Gymnasium environments (windmill_widget.rl): Gymnasium's own checker on every variant, the
mask against the engine's legal moves, reproducible episodes, observations that cannot see the
stock's order, illegal actions, rewards, episode ends, pictures, vector environments and a policy
playing as a kit strategy."""

from __future__ import annotations

import random
import warnings

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from windmill_widget import Game, IllegalMove, QuiltGame, QuiltRules, Rules, play_game  # noqa: E402
from windmill_widget.rl import ENV_IDS, PolicyStrategy, QuiltEnv, WindmillEnv  # noqa: E402

WINDMILL, QUILT = "windmill_widget/Windmill-v0", "windmill_widget/CrazyQuilt-v0"
VARIANTS = [(WINDMILL, name) for name in Rules.PRESETS] + [(QUILT, name) for name in QuiltRules.PRESETS]


def make(env_id: str = WINDMILL, rules: str | None = None, **kwargs):
    return gym.make(env_id, rules=rules, **kwargs).unwrapped


def random_steps(env, n: int, rng: random.Random, seed: int | None = None):
    """Up to ``n`` random legal steps from a reset; yields (obs, reward, terminated, truncated, info)."""
    obs, info = env.reset(seed=seed)
    yield obs, 0.0, False, False, info
    for _ in range(n):
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        obs, reward, terminated, truncated, info = env.step(action)
        yield obs, reward, terminated, truncated, info
        if terminated or truncated:
            return


@pytest.mark.parametrize(("env_id", "rules"), VARIANTS)
@pytest.mark.parametrize("flatten", [False, True])
def test_gymnasium_checker_passes(env_id: str, rules: str, flatten: bool) -> None:
    # The checker steps actions sampled from the whole space, unmasked: illegal ones cost a penalty.
    env = gym.make(env_id, rules=rules, flatten=flatten, illegal="penalty").unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker warns about what it dislikes: fail on that too
        check_env(env, skip_render_check=flatten)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    picker=st.integers(0, 2**16),
    steps=st.integers(0, 400),
)
def test_mask_is_the_legal_moves(variant: tuple[str, str], seed: int, picker: int, steps: int) -> None:
    env = make(*variant)
    for _obs, _r, _term, _trunc, info in random_steps(env, steps, random.Random(picker), seed):
        legal = {env.move_action(m) for m in env.game.legal_moves()}
        assert set(np.flatnonzero(info["action_mask"]).tolist()) == legal
        assert set(np.flatnonzero(env.action_masks()).tolist()) == legal
        assert {str(env.action_move(a)) for a in legal} == {str(m) for m in env.game.legal_moves()}
        assert env.observation_space.contains(_obs)
        # each step updates the observation where the move touched it: the same as built afresh
        assert np.array_equal(env.flat(_obs), env.observation_of(env.game.view(), flatten=True))


@pytest.mark.parametrize(("env_id", "rules"), [(WINDMILL, "strict"), (QUILT, "literal")])
def test_reset_deals_the_game_of_that_seed(env_id: str, rules: str) -> None:
    env = make(env_id, rules)
    obs, info = env.reset(seed=42)
    game = (Game if env_id == WINDMILL else QuiltGame)(seed=42, rules=env.rules)
    assert info["deal"] == 42 and env.game.seed == 42
    assert env.game.piles() == game.piles()
    assert env.game.legal_moves() == game.legal_moves()
    if env_id == WINDMILL:  # the observation reads the deal's face-up cards, as faces 1..52
        tops = [c.id % 52 + 1 for c in (game.top(p) for p in ("c", "nw", "n1", "waste")) if c]
        assert [int(obs["tops"][i]) for i in (0, 5)] == tops
        assert int(obs["sizes"][-1]) == len(game.pile("stock"))
    else:
        assert [int(f) for f in obs["quilt"][:3]] == [
            c.id % 52 + 1 for c in (game.pile(n)[0] for n in ("a1", "b1", "c1"))
        ]
        assert int(obs["stock"][0]) == len(game.pile("stock"))


@pytest.mark.parametrize(("env_id", "rules"), [(WINDMILL, "pysolfc"), (QUILT, "common")])
def test_same_seed_same_episode(env_id: str, rules: str) -> None:
    def episode(seed: int) -> list:
        env = make(env_id, rules)
        out = []
        for obs, reward, term, trunc, info in random_steps(env, 300, random.Random(5), seed):
            out.append((env.flat(obs).tolist(), reward, term, trunc, info["action_mask"].tolist()))
        env.reset()  # the next deal comes from the seeded generator
        out.append(env.deal)
        return out

    a, b = episode(11), episode(11)
    assert a == b
    assert a != episode(12)


@pytest.mark.parametrize(
    ("env_id", "rules"), [(WINDMILL, "strict"), (WINDMILL, "classic"), (QUILT, "literal")]
)
@pytest.mark.parametrize("steps", [0, 25, 120])
def test_observation_does_not_see_the_stock_order(env_id: str, rules: str, steps: int) -> None:
    env = make(env_id, rules)
    *_, (obs, *_) = random_steps(env, steps, random.Random(steps), seed=3)
    stock = env.game.pile_ids[env.game.position_type.STOCK]  # the game's own list: shuffled below
    assert len(set(stock)) > 1
    before = env.flat(obs)
    view_obs = env.observation_of(env.game.view(), flatten=True)
    random.Random(1).shuffle(stock)  # another hidden order of the same cards
    env._rebuild()  # built afresh from the shuffled stock
    assert np.array_equal(env.flat(env._observation()), before)
    assert np.array_equal(view_obs, before)  # a player's view gives the same observation


@pytest.mark.parametrize("rules", QuiltRules.PRESETS)
def test_quilt_free_cells_are_the_engines(rules: str) -> None:
    # The observation's "free" cells, updated step by step, are the cells the engine calls available
    # (and every quilt cell a legal move leaves from is one of them), along seeded random episodes.
    env = make(QUILT, rules)
    cells = QuiltGame.move_type.notation.piles
    rng = random.Random(43)
    seen = 0
    for seed in range(6):
        for obs, *_ in random_steps(env, 300, rng, seed=seed):
            free = [cells[i] for i in np.flatnonzero(obs["free"])]
            assert free == env.game.available(), (seed, env.moves)
            assert {m.src for m in env.game.legal_moves() if m.src in cells[:64]} <= set(free)
            seen += len(free)
    assert seen > 0


def test_illegal_action_raises_and_loses_nothing() -> None:
    env = make(WINDMILL, "strict")
    _obs, info = env.reset(seed=42)
    a = env.move_action("n1>c")
    assert not info["action_mask"][a]
    with pytest.raises(IllegalMove, match=r"Action \d+ \(n1>c\) is illegal here: The centre needs a 2"):
        env.step(a)
    assert env.moves == 0 and env.game.history == ()
    with pytest.raises(ValueError, match=r"whole numbers 0\.\.65"):
        env.step(66)
    with pytest.raises(ValueError, match="whole numbers"):
        env.step(1.5)
    _obs, reward, term, _trunc, _info = env.step(env.move_action("deal"))  # still playable
    assert reward == 0 and not term and str(env.game.history[-1]) == "deal"


def test_illegal_action_penalty_when_asked() -> None:
    env = make(QUILT, "common", illegal="penalty", illegal_penalty=-0.5, max_moves=3)
    obs, info = env.reset(seed=7)
    a = env.move_action("h8>S+")
    assert not info["action_mask"][a]
    for n in (1, 2):
        obs2, reward, term, trunc, info2 = env.step(a)
        assert reward == -0.5 and not term and not trunc and env.moves == n
        assert np.array_equal(env.flat(obs2), env.flat(obs)) and env.game.history == ()
        assert "h8" in info2["illegal"] and np.array_equal(info2["action_mask"], info["action_mask"])
    assert env.step(a)[3]  # the third step reaches the move cap: truncated
    with pytest.raises(RuntimeError, match="reset"):
        env.step(a)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="presets are strict, relaxed, classic, pysolfc"):
        make(WINDMILL, "literal")
    with pytest.raises(TypeError, match="QuiltRules"):
        QuiltEnv(rules=Rules.strict())
    for bad in ({"reward": "shaped"}, {"illegal": "ignore"}, {"max_moves": 0}, {"render_mode": "human"}):
        with pytest.raises(ValueError):
            WindmillEnv(**bad)
    env = WindmillEnv()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="unknown"):
        env.reset(options={"seed": 3})
    with pytest.raises(ValueError, match="not both"):
        env.reset(options={"deal": 3, "game": Game(seed=3)})
    with pytest.raises(ValueError, match=r"under Rules\.strict\(\)"):
        env.reset(options={"game": Game(seed=3, rules=Rules.relaxed())})


@pytest.mark.parametrize("reward", ["dense", "sparse"])
def test_rewards_along_an_episode(reward: str) -> None:
    env = make(WINDMILL, "strict", reward=reward)
    env.reset(seed=42)
    start = env.game.cards_on_foundations
    steps = list(random_steps(env, 1000, random.Random(0), seed=42))
    total = sum(r for _obs, r, *_ in steps)
    assert steps[-1][2] and not steps[-1][3] and env.game.outcome is not None  # the game ended: won or lost
    if reward == "dense":
        assert total == env.game.cards_on_foundations - start > 0
    else:
        assert total == (1.0 if env.game.status.value == "won" else 0.0)


@pytest.mark.parametrize(("reward", "expected"), [("dense", 1.0), ("sparse", 1.0)])
def test_the_winning_move_terminates(reward: str, expected: float) -> None:
    # A staged game one card short of a win: the last King, on a sail, completes the centre.
    cycle = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"]
    won = Game.from_position(
        center=cycle[:-1],
        corners={
            c: [f"{r}{s}" for r in "KQJT98765432A"]
            for c, s in zip(("nw", "ne", "se", "sw"), "SHDC", strict=True)
        },
        sails={"n1": "KC"},
    )
    env = make(WINDMILL, "strict", reward=reward)
    _obs, info = env.reset(options={"game": won})
    assert info["deal"] is None and np.flatnonzero(info["action_mask"]).tolist() == [env.move_action("n1>c")]
    _obs, r, term, trunc, info = env.step(env.move_action("n1>c"))
    assert (r, term, trunc) == (expected, True, False) and env.game.status.value == "won"
    assert not info["action_mask"].any() and won.history == ()  # the env played a copy
    with pytest.raises(ValueError, match="over"):
        env.reset(options={"game": env.game})
    with pytest.raises(RuntimeError, match="reset"):  # nothing half-set-up to step
        env.step(0)


def test_truncated_at_the_move_cap() -> None:
    env = make(QUILT, "literal", max_moves=5)
    results = list(random_steps(env, 100, random.Random(0), seed=1))
    assert len(results) == 6 and results[-1][3] and not results[-1][2]
    assert env.game.outcome is None


def test_renders_text_and_pixels() -> None:
    env = make(WINDMILL, "strict", render_mode="ansi")
    env.reset(seed=42)
    assert env.render() == env.game.text() + "\n"
    pixels = make(QUILT, "literal", render_mode="rgb_array")
    pixels.reset(seed=7)
    image = pixels.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 10  # cards, felt and text, not a blank


def test_vector_environments_stack_the_masks() -> None:
    envs = gym.vector.SyncVectorEnv([lambda: gym.make(WINDMILL, rules="strict") for _ in range(2)])
    obs, info = envs.reset(seed=[1, 2])
    rng = np.random.default_rng(0)
    for _ in range(50):
        actions = [rng.choice(np.flatnonzero(m)) for m in info["action_mask"]]
        obs, _reward, _term, _trunc, info = envs.step(actions)
        assert info["action_mask"].shape == (2, 66) and obs["waste"].shape == (2, 104)
    envs.close()


def test_policy_plays_as_a_kit_strategy() -> None:
    prefer_home = PolicyStrategy(lambda obs, mask: int(np.flatnonzero(mask)[0]), QuiltEnv, name="first")
    record = play_game(prefer_home, seed=7, rules=QuiltRules.common())
    assert record.moves > 0 and repr(prefer_home) == "<PolicyStrategy first for QuiltEnv>"
    with pytest.raises(ValueError, match="plays Crazy Quilt, not windmill"):
        prefer_home(Game(seed=1).view())
    bad = PolicyStrategy(lambda obs, mask: 0, WindmillEnv)
    with pytest.raises(IllegalMove, match=r"action 0 \(c>nw\), which is not legal"):
        bad(Game(seed=42).view())


def test_registered_ids() -> None:
    assert set(ENV_IDS) <= set(gym.registry)
    assert gym.make(QUILT, rules=QuiltRules(redeals=2)).unwrapped.rules.redeals == 2


def wrapper_names(env) -> list[str]:
    names = []
    while hasattr(env, "env"):
        names.append(type(env).__name__)
        env = env.env
    return names


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_made_without_the_passive_checker_unless_asked(env_id: str) -> None:
    # Registered with disable_env_checker=True (CI runs check_env instead); make can put it back.
    assert wrapper_names(gym.make(env_id)) == ["OrderEnforcing"]
    assert "PassiveEnvChecker" in wrapper_names(gym.make(env_id, disable_env_checker=False))


@pytest.mark.parametrize(("env_id", "rules"), [(WINDMILL, "strict"), (QUILT, "literal")])
@pytest.mark.parametrize("flatten", [False, True])
def test_a_kept_observation_stays_as_it_was(env_id: str, rules: str, flatten: bool) -> None:
    # Each step hands out arrays of its own: what an agent keeps (a replay buffer) does not change later.
    env = make(env_id, rules, flatten=flatten)
    kept, then = [], []
    for obs, *_, info in random_steps(env, 60, random.Random(5), seed=8):
        kept.append((obs, info["action_mask"]))
        then.append(((obs if flatten else env.flat(obs)).copy(), info["action_mask"].copy()))
    assert len(kept) > 20 and any(not np.array_equal(then[0][0], flat) for flat, _ in then)
    for _ in random_steps(env, 60, random.Random(6), seed=9):
        pass
    for (obs, mask), (flat, mask_then) in zip(kept, then, strict=True):
        assert np.array_equal(obs if flatten else env.flat(obs), flat)
        assert np.array_equal(mask, mask_then)


def test_flat_form_is_gymnasiums_flattening() -> None:
    wrapped = gym.wrappers.FlattenObservation(gym.make(QUILT, rules="literal"))
    flat = make(QUILT, "literal", flatten=True)
    a, _ = wrapped.reset(seed=9)
    b, _ = flat.reset(seed=9)
    assert wrapped.observation_space == flat.observation_space and np.array_equal(a, b)
