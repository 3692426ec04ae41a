"""Seeded randomness: the same seed gives the same challenge on every Python."""

import random


def seeded(seed: int | str, *salt: object) -> random.Random:
    """A private Random seeded from `seed` and `salt` (stable across runs and versions).

    random.Random(str) hashes strings with SHA-512 (version 2 seeding), which is
    stable across processes and Python versions, unlike hash().
    """
    return random.Random("/".join(str(part) for part in (seed, *salt)))
