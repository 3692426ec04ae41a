"""Challenge generation (issue 8): not written yet."""


def generate(game, level: str, seed):
    raise NotImplementedError(f"{game.title} cannot generate challenges yet")
