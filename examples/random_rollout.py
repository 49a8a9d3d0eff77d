"""A random rollout through the PettingZoo environment, reading the observation by channel and
choosing from the action mask. Run: ``python examples/random_rollout.py``."""

from __future__ import annotations

import numpy as np

from monolith.rl import encoder, monolyth_v0


def main() -> None:
    env = monolyth_v0.env(players=2)
    env.reset(seed=42)
    layout = encoder("monolyth").layout
    rng = np.random.default_rng(42)
    turns = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            print(f"{agent} finishes with reward {reward:+.0f}")
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])  # ids of the legal actions
        if turns == 0:
            cubes = layout.view(observation["observation"], "cubes")  # (seat, colour, z, y, x)
            print(f"observation {observation['observation'].shape}, {len(legal)} legal actions")
            print(f"cubes on the observer's board: {int(cubes[0].sum())}")
        env.step(int(rng.choice(legal)))
        turns += 1
    print(f"{turns} turns; scores {env.game.scores(env.game_state)}")


if __name__ == "__main__":
    main()
