import random

import pytest

from wordbler.lexicon.alphabet import get_alphabet
from wordbler.wordsearch.words import Entry

# a fixed pool of everyday words of 4-10 letters (no word inside another or its reverse)
POOL_EN = """ACTOR ANCHOR ANIMAL BASKET BATTERY BICYCLE BLANKET BOTTLE BRIDGE BUCKET BUTTON CABINET
CAMERA CANDLE CARPET CASTLE CHIMNEY CIRCLE CLOCK COFFEE COTTON CRAYON CURTAIN DANCER DESERT
DIAMOND DRAGON ENGINE FEATHER FOREST FOUNTAIN GARDEN GLACIER GUITAR HAMMER HARBOUR HELMET
HORIZON ISLAND JACKET JUNGLE KETTLE KINGDOM LADDER LANTERN LEMONADE LIBRARY LIZARD MAGNET
MARKET MEADOW MIRROR MONKEY MOUNTAIN MUSEUM NAPKIN NEEDLE NOTEBOOK OCEAN ORCHARD OXYGEN
PAINTER PALACE PEPPER PICTURE PILLOW PIRATE PLANET POCKET PRINCESS PUZZLE QUARTER RABBIT
RAINBOW RIVER ROCKET SADDLE SANDWICH SCHOOL SHADOW SHOULDER SILVER SPIDER SQUIRREL STATION
SUNFLOWER TEACHER TICKET TOMATO TRUMPET TUNNEL UMBRELLA VALLEY VELVET VOLCANO WAGON WALNUT
WHISTLE WINDOW WIZARD YOGURT ZIPPER""".split()


def entries(words):
    return [Entry(w, w) for w in words]


def clean_draw(rng: random.Random, n: int, pool=POOL_EN) -> list[str]:
    """``n`` pool words, none inside another one or its reverse."""
    out = []
    for w in rng.sample(pool, len(pool)):
        if any(w in o or o in w or w[::-1] in o for o in out):
            continue
        out.append(w)
        if len(out) == n:
            return out
    raise AssertionError("pool too small")


@pytest.fixture
def en():
    return get_alphabet("en")


@pytest.fixture
def ru():
    return get_alphabet("ru")
