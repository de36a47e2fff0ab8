#!/usr/bin/env python3
"""Rebuild Wordbler's common-word lists (``dictionaries/<lang>/common.txt``), most common first.

    python -m venv /tmp/wf-build
    /tmp/wf-build/bin/pip install wordfreq==3.1.1 pymorphy3==2.0.6 \\
        pymorphy3-dicts-ru==2.4.417150.4580142
    /tmp/wf-build/bin/python scripts/build_common_words.py [--lang en|ru|fr ...]

(``pip install --target DIR ...`` and ``PYTHONPATH=DIR`` work as well; pymorphy3 is needed for
Russian only.)  The packages are used at build time only, never at run time.

A common-word list is a subset of the language's bundled list, ranked by word frequency from
the ``wordfreq`` package (code Apache-2.0, data CC BY-SA 4.0, by Robyn Speer), 2-15 letters,
without offensive or vulgar words (``EXCLUDE``).  It serves the puzzle games: the words a board
is built from and the words a player is expected to find.

English
    The words of ``dictionaries/en/wordbler-en.txt`` with SCOWL size <= 60 (sizes 70 and 80 are
    rare words, and the frequent ones among them are mostly proper names written in lower case:
    JAMES, PARIS, TEXAS), ranked by ``wordfreq``'s frequency of the word itself ("large"
    English list), kept down to ``MIN_ZIPF["en"]``.  Ties: smaller SCOWL size, then A-Z.

Russian
    The nouns of ``dictionaries/ru/words.txt``, ranked by the frequency of the *noun* (its
    lexeme), not of the string, which matters in an inflected language: every word form in
    ``wordfreq``'s "large" Russian list is analysed with pymorphy3 (the same OpenCorpora
    dictionary the noun list comes from) and a noun's frequency is the sum over its forms
    (СТОЛ, СТОЛА, СТОЛУ, СТОЛОМ ...) of its share of each form.
    * Noun or not: a form's frequency counts for nouns by pymorphy3's corpus estimate
      P(tag|word) (СТАТЬ is 98 % the verb); a noun share under ``MIN_ESTIMATED_SHARE`` is
      dropped as noise; a form with no estimate whose analyses are of more than one part
      of speech (МОЧЬ: noun and verb) gives nouns nothing (better to miss a rare noun than
      to rank a verb as a common one).
    * Which noun: a form shared by several nouns (СТАТЕЙ: СТАТЬЯ and СТАТЬ) is split in
      proportion to prior x the nouns' frequencies (prior: the corpus estimate, or equal),
      found by ``EM_ROUNDS`` rounds of expectation-maximisation starting from the forms of one
      noun only; names (РОЗА the name) take their part and are not counted.
    * Ё: a form written with Е that the dictionary only knows with Ё counts for the Ё word
      (ЕЛКА -> ЁЛКА), but when the form itself is a word (ВЕДРО) it does not count for
      another (ВЁДРО).
    Kept down to ``MIN_ZIPF["ru"]``; ties in alphabet order.  ГО and ЛЕТИЕ are excluded:
    their frequencies are the slang "go" and the tail of "100-летие", not the nouns.

French
    The words of ``dictionaries/fr/words.txt`` (Debian wfrench, accents folded: every form,
    plurals and conjugated verbs included), ranked by ``wordfreq``'s frequency ("large"
    French list) summed over the spellings that fold to the word (côte, coté and cote all
    count for COTE, as the list holds one COTE), less the English quoted in French text (the
    French frequency of "the" over its English one, times each unaccented spelling's English
    frequency: AND and FOR are no common French words), kept down to ``MIN_ZIPF["fr"]``; ties
    in A-Z order.  QU is left out: its frequency is the elided "qu'" of "qu'il", not a word.

Outputs: ``dictionaries/<lang>/common.txt`` and the attribution text: for English
``dictionaries/en/COMMON-WORDS.md`` (the README there belongs to the full list), for Russian
and French the section "The common-word list" at the end of ``dictionaries/<lang>/README.md``
(rewritten in place; the rest of that README is the full list's build script's).  Same input,
same output.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import sys
import tempfile
from collections import Counter
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DICT_DIR = REPO / "dictionaries"

PINNED = {"wordfreq": "3.1.1", "pymorphy3": "2.0.6", "pymorphy3-dicts-ru": "2.4.417150.4580142"}
MIN_LENGTH, MAX_LENGTH = 2, 15
MAX_SCOWL_SIZE = 60
# Zipf = log10(frequency per billion words); 3 = once per million words.
MIN_ZIPF = {"en": 2.7, "ru": 2.0, "fr": 2.7}
# Russian: a noun's share of a form's frequency under this corpus estimate is dropped as noise
# (P(noun | УЖЕ) = 0.08 would make УЖ, the grass snake, one of the commonest nouns).
MIN_ESTIMATED_SHARE = 0.1
# Rounds of splitting the forms shared by several nouns (see ru_noun_frequencies).
EM_ROUNDS = 8

ALPHABETS = {
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    "fr": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
}
# The French list (wfrench) holds English words (SOFTWARE, GREEN, PHONE, LOVE); a common
# word with no accented spelling whose spelling is this much more used in English than in
# French (in Zipf units: 1.0 is ten times) is taken for English and left out.  French words
# spelt as English ones are mostly used under ten times more in English (MILLION 0.80,
# SECOND 0.65, FUTURE 0.96) and stay; a few go (LOT, ADDITION): they stay playable, only no
# puzzle is built from them.  Some English words stay too (HELLO 0.68, WEEK 0.73).
FR_ENGLISH_MARGIN = 1.0
# French accented letters and ligatures: a spelling with one is French, not English.
FR_MARKED = "àâäçéèêëîïôöùûüÿœæ"

# Offensive, vulgar and sexual words, and words whose vulgar or slur sense is the common one:
# fine in a dictionary that checks a player's word, not in the words a puzzle is built from.
# (The full lists already leave out slurs and, in Russian, obscene words.)  Exact words, plus
# stems matched at the start of a word ("^") or anywhere ("*").
EXCLUDE = {
    "en": {
        "words": """
            ANAL ARSE ARSED ARSES ASS ASSES BASTARD BASTARDS BONER BONERS BOOB BOOBIES BOOBS
            BUGGER BUGGERED BUGGERS BUGGERY BOLLOCK BOLLOCKS BUTTHOLE CHINK CHINKS CLIT CLITS
            COCK COCKS CRAP CRAPPED CRAPPER CRAPPY CRAPS CUM CUMMING CUMS DAMMIT DAMN DAMNED
            DICK DICKS DYKE DYKED DYKES FAG FAGGED FAGGING FAGS GODDAMN GODDAMNED GYPSIES GYPSY
            HOMO HOMOS HORNY MILF MILFS MINGE PIMP PIMPED PIMPING PIMPS BIMBO BIMBOS
            ERECTION ERECTIONS NAZI NAZIS NEGRO NEGROES NEGROID ORGASM ORGASMIC
            ORGASMS PISS PISSED PISSER PISSES PISSING PRICK PRICKS PUSSIES PUSSY QUIM RAPE RAPED
            RAPES RAPING RAPIST RAPISTS RETARD RETARDED RETARDS SHAG SHAGGED SHAGGING SHAGS
            SODOMITE SODOMITES SODOMY SPASTIC SPASTICS TIT TITS TITTIES TITTY TRANNY TURD TURDS
            WILLY
        """,
        "prefixes": "BITCH FAGGOT NIGGA NIGGE PORN SLUT TWAT WANK",
        "anywhere": "ARSEHOLE ASSHOLE BLOWJOB CUNT DILDO FUCK JIZZ NIGGER SHIT WHORE",
    },
    "ru": {
        "words": """
            ГОВНО ГОВНЮК ДАУН ДЕБИЛ ДЕРЬМО ДЕРЬМОКРАТ ЖОПА ЗАСРАНЕЦ МАКАРОННИК МИНЕТ МРАЗЬ
            НЕГР НЕГРИТЁНОК НЕГРИТЯНКА ОРГАЗМ ПАДЛА ПАДЛО ПЕДЕРАСТ ПЕДЕРАСТИЯ ПЕНИС
            ПОТАСКУХА ПРОСТИТУТКА СВОЛОЧЬ СПЕРМА СРАНЬ СТЕРВА СУКА СУЧКА УБЛЮДОК ФРИЦ ХОХОЛ
            ЧУРКА ШАЛАВА ШЛЮХА
            ГО ЛЕТИЕ
        """,
        "prefixes": "ПОРН",
        "anywhere": "",
    },
    "fr": {
        "words": """
            BAISE BAISENT BAISER BAISES BAISEZ BAISAIT BITE BITES BORDEL BRANLE BRANLER
            BRANLETTE BOUGNOULE BOUGNOULES CHIER CHIE CHIES CHIANT CHIANTE CHIANTES CHIANTS
            CON CONS CONNE CONNES CONNARD CONNARDE CONNARDS CONNASSE CONNERIE CONNERIES
            COUILLE COUILLES CUL CULS EMMERDE EMMERDER EMMERDES EMMERDEUR EMMERDEURS
            ENCULE ENCULER ENCULES ENCULEE FOUTRE GOUINE GOUINES MERDE MERDES MERDIQUE
            NEGRE NEGRES NEGRESSE NIQUE NIQUER NIQUES NICHONS ORGASME ORGASMES PEDE PEDES
            PENIS PETASSE PUTAIN PUTAINS PUTE PUTES SALAUD SALAUDS SALOPE SALOPES SALOPARD
            SALOPARDS SPERME TARLOUZE TEUB VAGIN VAGINS YOUPIN YOUPINS ZIZI
            BATARD BATARDE BATARDES BATARDS BITTE BITTES BRANLEUR BRANLEURS CHATTE CHATTES
            FION FIONS GARCE GARCES NEGRO NEGROS PINE PINES PISSE PISSENT PISSER PISSES
            SALOPERIE SALOPERIES TAPETTE TAPETTES ZOB ZOBS
        """,
        "prefixes": "PORN PROSTITU CHIOTT CONNARD CONNASS EMMERD ENCUL ENFOIR MERD NEGR PUTAI SODOM",
        "anywhere": "",
    },
}


# Informal run-together forms and contractions written without their apostrophe: listed in
# the dictionary (a player may play them), frequent in speech, but not words a puzzle should
# be made of or expect a player to find (a Word Grid needed WHATS and GOTTA).
INFORMAL = {
    "en": frozenset("""
        DUNNO GIMME GONNA GOTCHA GOTTA KINDA LEMME OUTTA SORTA WANNA WHATS
    """.split()),
    "ru": frozenset(),
    "fr": frozenset({"QU"}),
}


def excluded(lang: str, word: str) -> bool:
    spec = _EXCLUDE_COMPILED[lang]
    return word in spec[0] or word.startswith(spec[1]) or any(s in word for s in spec[2])


_EXCLUDE_COMPILED = {
    lang: (frozenset(spec["words"].split()), tuple(spec["prefixes"].split()),
           tuple(spec["anywhere"].split()))
    for lang, spec in EXCLUDE.items()
}


# ---- reading the bundled lists ----------------------------------------------------------
def read_en_list() -> tuple[Path, dict[str, int]]:
    """The bundled English list: word -> SCOWL size (from its ``# size N`` sections)."""
    for path in (DICT_DIR / "en" / "wordbler-en.txt", DICT_DIR / "wordbler-en.txt"):
        if path.is_file():
            break
    else:
        sys.exit("build_common_words: no dictionaries/en/wordbler-en.txt")
    sizes: dict[str, int] = {}
    size = 0
    for line in path.read_text(encoding="ascii").splitlines():
        if line.startswith("# size "):
            size = int(line.split()[2])
        elif line and not line.startswith("#"):
            sizes[line] = size
    return path, sizes


def read_words_txt(lang: str) -> set[str]:
    """The words of ``dictionaries/<lang>/words.txt`` (Russian nouns, French words)."""
    path = DICT_DIR / lang / "words.txt"
    if not path.is_file():
        sys.exit(f"build_common_words: no dictionaries/{lang}/words.txt (run "
                 f"build_{lang}_dictionary.py)")
    return {line for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")}


def fr_fold():
    """The fold the bundled French list was built with (``build_fr_dictionary.fold``:
    accents dropped, ligatures spelt out, upper case), so a frequency list's spellings
    meet the list's words exactly."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "build_fr_dictionary", Path(__file__).resolve().parent / "build_fr_dictionary.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.fold


def zipf(freq: float) -> float:
    return math.log10(freq) + 9 if freq > 0 else 0.0


# ---- ranking ------------------------------------------------------------------------------
def rank_en(sizes: dict[str, int]) -> tuple[list[tuple[str, float]], Counter]:
    from wordfreq import get_frequency_dict

    freq = get_frequency_dict("en", wordlist="large")
    dropped: Counter = Counter()
    scored = []
    for word, size in sizes.items():
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH:
            continue
        f = freq.get(word.lower(), 0.0)
        z = zipf(f)
        if z < MIN_ZIPF["en"]:
            continue
        if size > MAX_SCOWL_SIZE:
            dropped[f"SCOWL size over {MAX_SCOWL_SIZE} (rare words, names in lower case)"] += 1
            continue
        if excluded("en", word):
            dropped["offensive or vulgar"] += 1
            continue
        if word in INFORMAL["en"]:
            dropped["informal run-together forms (GONNA, WHATS)"] += 1
            continue
        scored.append((word, f, size))
    scored.sort(key=lambda t: (-t[1], t[2], t[0]))
    return [(w, f) for w, f, _ in scored], dropped


def ru_noun_frequencies(nouns: set[str]) -> dict[str, float]:
    """Each noun's share of the word-form frequencies (see the module docstring)."""
    import pymorphy3
    from wordfreq import get_frequency_dict

    excluded_grammemes = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init",
                          "Erro", "Dist"}
    morph = pymorphy3.MorphAnalyzer()
    p_t_given_w = morph.prob_estimator.p_t_given_w
    freq = get_frequency_dict("ru", wordlist="large")

    # 1. Each form's frequency used as a noun, and the noun lexemes it may belong to.  A
    #    lexeme is the upper-case normal form for the nouns of the list; names and the like
    #    ("#" + normal form) compete for a form's frequency but are not counted.
    forms: list[tuple[float, tuple[tuple[str, float], ...]]] = []
    for form in sorted(freq):
        if not morph.word_is_known(form):
            continue
        parses = morph.parse(form)
        exact = [p for p in parses if p.word == form]
        if exact:
            parses = exact
        weight = sum(p.score for p in parses)
        nounish = [p for p in parses if p.tag.POS == "NOUN"]
        if not nounish or weight <= 0:
            continue
        estimated = any(p_t_given_w.prob(form, p.tag) > 0 for p in parses)
        if estimated:
            share = sum(p.score for p in nounish) / weight
            if share < MIN_ESTIMATED_SHARE:
                continue
        elif len(nounish) < len(parses):
            continue  # no estimate, and also another part of speech: nothing for nouns
        else:
            share = 1.0
        prior: dict[str, float] = {}
        for p in nounish:
            lex = (("#" + p.normal_form) if p.tag.grammemes & excluded_grammemes
                   else p.normal_form.upper())
            prior[lex] = prior.get(lex, 0.0) + (p.score if estimated else 1.0)
        if any(lex in nouns for lex in prior):
            norm = sum(prior.values())
            forms.append((freq[form] * share,
                          tuple(sorted((lex, v / norm) for lex, v in prior.items()))))

    # 2. A form shared by several nouns (СТАТЕЙ: СТАТЬЯ and СТАТЬ) is split in proportion to
    #    prior x the nouns' frequencies (prior: the corpus estimate, or equal), found by a few
    #    rounds of expectation-maximisation that start from the forms of one noun only.
    weights: dict[str, float] = {}
    for f, lexemes in forms:
        if len(lexemes) == 1:
            weights[lexemes[0][0]] = weights.get(lexemes[0][0], 0.0) + f
    for _ in range(EM_ROUNDS):
        total: dict[str, float] = {}
        for f, lexemes in forms:
            ws = [prior * weights.get(lex, 0.0) for lex, prior in lexemes]
            s = sum(ws)
            if s <= 0:
                ws = [prior for _, prior in lexemes]
                s = sum(ws)
            for (lex, _), w in zip(lexemes, ws):
                total[lex] = total.get(lex, 0.0) + f * w / s
        weights = total
    return {lex: w for lex, w in weights.items() if lex in nouns}


def rank_ru(nouns: set[str]) -> tuple[list[tuple[str, float]], Counter]:
    order = {c: i for i, c in enumerate(ALPHABETS["ru"])}
    total = ru_noun_frequencies(nouns)
    dropped: Counter = Counter()
    scored = []
    for word, f in total.items():
        # rounded so that the last bits of a float sum never decide an order
        f = float(f"{f:.6e}")
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH or zipf(f) < MIN_ZIPF["ru"]:
            continue
        if excluded("ru", word):
            dropped["offensive or vulgar"] += 1
            continue
        scored.append((word, f))
    scored.sort(key=lambda t: (-t[1], [order[c] for c in t[0]]))
    return scored, dropped


def rank_fr(words: set[str]) -> tuple[list[tuple[str, float]], Counter]:
    from wordfreq import get_frequency_dict

    freq = get_frequency_dict("fr", wordlist="large")
    english = get_frequency_dict("en", wordlist="large")
    # English quoted in French text (titles, songs, slogans) counts in the French
    # frequencies: "the", never French (thé has its accent), comes out as common as "avec".
    # Its share, French "the" over English "the", is taken off every unaccented spelling's
    # English frequency: AND, FOR, ARE and GREAT fall back to what French use leaves them.
    leak = freq.get("the", 0.0) / english["the"]
    fold = fr_fold()
    total: dict[str, float] = {}
    accented: set[str] = set()  # words with a spelling that has an accent or a ligature
    for spelling in sorted(freq):  # sorted: the float sums never depend on a dict's order
        w = fold(spelling)
        if w in words:
            f = freq[spelling]
            if spelling.isascii():
                f = max(0.0, f - leak * english.get(spelling, 0.0))
            elif any(c in FR_MARKED for c in spelling):  # not the ä or ñ of other languages
                accented.add(w)
            total[w] = total.get(w, 0.0) + f
    dropped: Counter = Counter()
    scored = []
    for word, f in total.items():
        f = float(f"{f:.6e}")  # rounded: the last bits of a sum never decide an order
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH or zipf(f) < MIN_ZIPF["fr"]:
            continue
        if excluded("fr", word):
            dropped["offensive or vulgar"] += 1
            continue
        plain = word.lower()
        if word not in accented and (zipf(english.get(plain, 0.0)) - zipf(freq.get(plain, 0.0))
                                     >= FR_ENGLISH_MARGIN):
            dropped["English words (no accented spelling, used far more in English)"] += 1
            continue
        if word in INFORMAL["fr"]:
            dropped["QU (the elided \"qu'\" of \"qu'il\")"] += 1
            continue
        scored.append((word, f))
    scored.sort(key=lambda t: (-t[1], t[0]))
    return scored, dropped


# ---- writing ----------------------------------------------------------------------------------
def content_hash(words: list[str]) -> str:
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()


WORDFREQ_CREDIT = [
    "wordfreq by Robyn Speer (https://github.com/rspeer/wordfreq), data CC BY-SA 4.0,",
    "built from Wikipedia, OPUS OpenSubtitles 2018 (opensubtitles.org), SUBTLEX word lists",
    "(Brysbaert et al., freely available data), NewsCrawl 2014, GlobalVoices, Google Books",
    "Ngrams 2012 (http://books.google.com/ngrams), OSCAR, ParaCrawl, the Leeds Internet",
    "Corpus, Twitter and Reddit.",
]


def render_list(lang: str, ranked: list[tuple[str, float]], versions: dict[str, str]) -> str:
    words = [w for w, _ in ranked]
    if lang == "en":
        head = [
            "# Wordbler common English words, most common first.",
            "# Built by scripts/build_common_words.py: the words of wordbler-en.txt (SCOWL size",
            f"# <= {MAX_SCOWL_SIZE}) of {MIN_LENGTH}-{MAX_LENGTH} letters with a word frequency "
            f"of at least zipf {MIN_ZIPF['en']}",
            f"# in wordfreq {versions['wordfreq']} (\"large\" English list), ranked by it; "
            "offensive and vulgar words left out,",
            "# and informal run-together forms (GONNA, WHATS).",
        ]
        lic = [
            "# Licence: CC BY-SA 4.0 (LICENSE-CC-BY-SA-4.0.txt): the ranking comes from the",
            "# word frequencies of " + WORDFREQ_CREDIT[0],
            *("# " + line for line in WORDFREQ_CREDIT[1:]),
            "# The words come from SCOWL (LICENSE-SCOWL.txt).  Details: COMMON-WORDS.md.",
        ]
    elif lang == "fr":
        head = [
            "# Wordbler common French words, most common first.",
            "# Built by scripts/build_common_words.py: the words of words.txt (Debian wfrench,",
            f"# accents folded) of {MIN_LENGTH}-{MAX_LENGTH} letters with a word frequency of at "
            f"least zipf {MIN_ZIPF['fr']} in",
            f"# wordfreq {versions['wordfreq']} (\"large\" French list, summed over the spellings "
            "that fold to",
            "# the word), ranked by it; offensive and vulgar words left out.",
        ]
        lic = [
            "# Licence: GPL-3.0-or-later (LICENSE-GPL-3.0.txt): the words come from wfrench",
            "# (GPL-2+, LICENSE-GPL-2.0.txt) and the ranking from the word frequencies of",
            "# " + WORDFREQ_CREDIT[0],
            *("# " + line for line in WORDFREQ_CREDIT[1:]),
            "# (CC BY-SA 4.0, LICENSE-CC-BY-SA-4.0.txt, which may be adapted under GPLv3).",
            "# Details: README.md.",
        ]
    else:
        head = [
            "# Wordbler common Russian nouns, most common first.",
            "# Built by scripts/build_common_words.py: the nouns of words.txt of "
            f"{MIN_LENGTH}-{MAX_LENGTH} letters,",
            f"# ranked by the frequency of the noun over all its forms (wordfreq "
            f"{versions['wordfreq']} \"large\"",
            "# Russian list, forms analysed with pymorphy3 and OpenCorpora), kept down to zipf "
            f"{MIN_ZIPF['ru']};",
            "# offensive and vulgar words left out.",
        ]
        lic = [
            "# Licence: CC BY-SA 4.0 (LICENSE-CC-BY-SA-4.0.txt): the ranking comes from the",
            "# word frequencies of " + WORDFREQ_CREDIT[0],
            *("# " + line for line in WORDFREQ_CREDIT[1:]),
            "# The nouns come from OpenCorpora (opencorpora.org, CC BY-SA 3.0,",
            "# LICENSE-CC-BY-SA-3.0.txt).  Details: README.md.",
        ]
    tail = [
        "# Format: one upper-case word a line, most common first; # lines are comments.",
        f"# words: {len(words)}",
        f"# sha256 of the words (in this order) joined by newlines: {content_hash(words)}",
    ]
    return "\n".join(head + lic + tail + words) + "\n"


def length_rows(words: list[str]) -> list[str]:
    counts = Counter(len(w) for w in words)
    rows = ["| letters | words | in the top 5,000 |", "|--------:|------:|------:|"]
    top = Counter(len(w) for w in words[:5000])
    for n in range(MIN_LENGTH, MAX_LENGTH + 1):
        rows.append(f"| {n} | {counts[n]} | {top[n]} |")
    return rows


def attribution_md(lang: str, versions: dict[str, str]) -> list[str]:
    if lang == "fr":
        return [
            "### Source, licence and attribution",
            "",
            "The words are those of the bundled French list `words.txt` (Paul Leyland's French",
            "word list as packaged by Debian in `wfrench`, **GPL-2+**, see `LICENSE-GPL-2.0.txt`);",
            f"their ranking comes from the word frequencies of **wordfreq** {versions['wordfreq']} by",
            "Robyn Speer (<https://github.com/rspeer/wordfreq>; code Apache-2.0, data **CC BY-SA",
            "4.0**, see `LICENSE-CC-BY-SA-4.0.txt`).  `common.txt` combines the two, so it is",
            "distributed under the **GNU GPL version 3 or later** (`LICENSE-GPL-3.0.txt`): GPL-2+",
            "allows version 3, and Creative Commons lists GPLv3 as a licence an adaptation of",
            "CC BY-SA 4.0 material may be shared under.  wordfreq's data is built from, and",
            "credits: Wikipedia; OPUS OpenSubtitles 2018 (opensubtitles.org); the SUBTLEX word",
            "lists (Brysbaert et al.); NewsCrawl 2014 and GlobalVoices; Google Books Ngrams 2012;",
            "OSCAR; ParaCrawl; the Leeds Internet Corpus; Twitter and Reddit word counts.",
            "",
            "Cite wordfreq as: Robyn Speer (2022). rspeer/wordfreq: v3.0. Zenodo.",
            "<https://doi.org/10.5281/zenodo.7199437>",
            "",
            "wordfreq is used only to build the list; Wordbler does not depend on it at run time.",
        ]
    words_source = (
        "the bundled English list `wordbler-en.txt` (SCOWL, see `LICENSE-SCOWL.txt`)"
        if lang == "en" else
        "the bundled noun list `words.txt` (OpenCorpora, CC BY-SA 3.0, see "
        "`LICENSE-CC-BY-SA-3.0.txt`)"
    )
    return [
        "### Source, licence and attribution",
        "",
        f"The words are those of {words_source}; their ranking comes from the word",
        f"frequencies of **wordfreq** {versions['wordfreq']} by Robyn Speer",
        "(<https://github.com/rspeer/wordfreq>; code Apache-2.0, data **CC BY-SA 4.0**).",
        "`common.txt` is an adaptation of that data and is distributed under CC BY-SA 4.0:",
        "the full text is in `LICENSE-CC-BY-SA-4.0.txt`.  wordfreq's data is built from, and",
        "credits:",
        "",
        "- Wikipedia, the free encyclopedia (<https://www.wikipedia.org>);",
        "- OPUS OpenSubtitles 2018 (<http://opus.nlpl.eu/OpenSubtitles.php>), from the",
        "  OpenSubtitles project (<http://www.opensubtitles.org/>);",
        "- the SUBTLEX word lists by Marc Brysbaert et al. (SUBTLEX is freely available",
        "  data; <http://crr.ugent.be/programs-data/subtitle-frequencies>);",
        "- NewsCrawl 2014 and GlobalVoices; Google Books Ngrams 2012",
        "  (<http://books.google.com/ngrams>); OSCAR (Ortiz Suárez, Sagot and Romary, 2019);",
        "  ParaCrawl (<https://paracrawl.eu>); the Leeds Internet Corpus",
        "  (<http://corpus.leeds.ac.uk/list.html>); Twitter and Reddit word counts.",
        "",
        "Cite wordfreq as: Robyn Speer (2022). rspeer/wordfreq: v3.0. Zenodo.",
        "<https://doi.org/10.5281/zenodo.7199437>",
        "",
        "wordfreq is used only to build the list; Wordbler does not depend on it at run time.",
    ]


def rebuild_md(lang: str, versions: dict[str, str]) -> list[str]:
    pins = f"wordfreq=={versions['wordfreq']}" if lang in ("en", "fr") else (
        f"wordfreq=={PINNED['wordfreq']} pymorphy3=={PINNED['pymorphy3']} "
        f"pymorphy3-dicts-ru=={PINNED['pymorphy3-dicts-ru']}")
    return [
        "### Rebuilding",
        "",
        "```sh",
        "python -m venv /tmp/wf-build",
        f"/tmp/wf-build/bin/pip install {pins}",
        f"/tmp/wf-build/bin/python scripts/build_common_words.py --lang {lang}",
        "```",
        "",
        "Deterministic: the same package versions and the same bundled list give the same",
        "file byte for byte.",
    ]


def counts_and_sources(lang: str, words: list[str], counted: str, dropped: Counter,
                       versions: dict[str, str]) -> list[str]:
    """The end of a list's description: counts per length, what was left out, the sources
    and licence, how to rebuild."""
    return [
        "### Counts",
        "",
        counted,
        "",
        *length_rows(words),
        "",
        "Left out among the frequent words:",
        "",
        *(f"- {k}: {v}" for k, v in sorted(dropped.items())),
        "",
        *attribution_md(lang, versions),
        "",
        *rebuild_md(lang, versions),
        "",
    ]


def render_en_md(ranked, dropped: Counter, versions: dict[str, str]) -> str:
    words = [w for w, _ in ranked]
    lines = [
        "# Common English words (`common.txt`)",
        "",
        "`common.txt` lists the common words of the bundled English list, most common first;",
        "`wordbler.lexicon.common_words(\"en\")` loads it.  The puzzle games build their boards",
        "from it and count its words as the ones a player should find.  It is generated by",
        "`scripts/build_common_words.py`; do not edit it by hand.",
        "",
        "### What is in it",
        "",
        f"- The words of `wordbler-en.txt` of {MIN_LENGTH}-{MAX_LENGTH} letters with SCOWL size <= "
        f"{MAX_SCOWL_SIZE} (sizes 70",
        "  and 80 hold rare words, and the frequent ones among them are mostly proper names",
        "  written in lower case: JAMES, PARIS, TEXAS).",
        f"- Ranked by wordfreq's frequency of the word (\"large\" English list), kept down to a",
        f"  Zipf frequency of {MIN_ZIPF['en']} (about {10 ** (MIN_ZIPF['en'] - 3):.1f} per million "
        "words).  Ties:",
        "  smaller SCOWL size first, then A-Z.",
        "- Offensive, vulgar and sexual words are left out (the script's `EXCLUDE`), as are",
        "  words whose vulgar sense is the common one (COCK, PUSSY), and informal run-together",
        "  forms and contractions without their apostrophe (GONNA, WHATS; `INFORMAL`).",
        "",
        "Format: ASCII, one upper-case word a line, most common first, `#` lines are comments;",
        "the header records the word count and the sha256 of the words in file order joined",
        "by `\\n`.",
        "",
        *counts_and_sources("en", words, f"{len(words)} words.", dropped, versions),
    ]
    return "\n".join(lines)


COMMON_MARK = "## The common-word list `common.txt`"


def render_fr_section(ranked, dropped: Counter, versions: dict[str, str]) -> str:
    words = [w for w, _ in ranked]
    lines = [
        COMMON_MARK,
        "",
        "`common.txt` lists the common words of `words.txt`, most common first;",
        "`wordbler.lexicon.common_words(\"fr\")` loads it.  The puzzle games build their boards",
        "from it and count its words as the ones a player should find.  It is generated by",
        "`scripts/build_common_words.py`; do not edit it by hand.",
        "",
        "### What is in it",
        "",
        f"- The words of `words.txt` of {MIN_LENGTH}-{MAX_LENGTH} letters (every form: plurals,",
        "  feminines and conjugated verbs, as the list holds them), ranked by wordfreq's",
        "  frequency (\"large\" French list) summed over the spellings that fold to the word",
        "  (côte, coté and cote all count for COTE), less the English quoted in French text:",
        "  the French frequency of \"the\" (never French: thé has its accent) over its English",
        "  one, times each unaccented spelling's English frequency, is taken off (AND, FOR and",
        "  ARE are no common French words; THE stays for thé).",
        f"- Kept down to a Zipf frequency of {MIN_ZIPF['fr']} (about "
        f"{10 ** (MIN_ZIPF['fr'] - 3):.1f} per million words); ties in",
        "  A-Z order.",
        "- The English words the French list holds (GREEN, PHONE, SOFTWARE) are left out: a",
        "  word with no accented spelling used ten times more in English than in French",
        "  (`FR_ENGLISH_MARGIN`).  French words spelt as English ones mostly stay (MILLION,",
        "  SECOND); a few go (LOT, ADDITION) and stay playable.",
        "- Offensive, vulgar and sexual words and slurs are left out (the script's `EXCLUDE`),",
        "  and QU, whose frequency is the elided \"qu'\" of \"qu'il\".",
        "",
        "Format: ASCII, one upper-case word a line, most common first, `#` lines are comments;",
        "the header records the word count and the sha256 of the words in file order joined",
        "by `\\n`.",
        "",
        *counts_and_sources("fr", words, f"{len(words)} words.", dropped, versions),
    ]
    return "\n".join(lines)


def write_section(readme: Path, section: str) -> None:
    """Replace the common-word section of ``readme`` (up to the next ``## `` heading; the
    sections after it are kept: the Russian README has the board game's after it), or add
    it at the end."""
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    at = text.find(COMMON_MARK)
    if at < 0:
        base = text.rstrip("\n")
        write_atomic(readme, (base + "\n\n" if base else "") + section)
        return
    end = text.find("\n## ", at + len(COMMON_MARK))
    after = "" if end < 0 else "\n" + text[end:].lstrip("\n")
    base = text[:at].rstrip("\n")
    write_atomic(readme, (base + "\n\n" if base else "") + section + after)


def render_ru_section(ranked, dropped: Counter, versions: dict[str, str]) -> str:
    words = [w for w, _ in ranked]
    lines = [
        COMMON_MARK,
        "",
        "`common.txt` lists the common nouns of `words.txt`, most common first;",
        "`wordbler.lexicon.common_words(\"ru\")` loads it.  The puzzle games build their boards",
        "from it and count its words as the ones a player should find.  It is generated by",
        "`scripts/build_common_words.py`; do not edit it by hand.",
        "",
        "### What is in it",
        "",
        f"- The nouns of `words.txt` of {MIN_LENGTH}-{MAX_LENGTH} letters, ranked by how often the "
        "*noun* is",
        "  used over all its forms: each word form of wordfreq's \"large\" Russian list is",
        "  analysed with pymorphy3 (the OpenCorpora dictionary the nouns come from), and a noun",
        "  sums its share of each of its forms (СТОЛ, СТОЛА, СТОЛУ ...).",
        "- Noun or not: pymorphy3's corpus estimate P(tag | word) says how much of a form's",
        "  frequency is a noun (СТАТЬ is 98 % the verb, so the noun СТАТЬ ranks low); a noun",
        f"  share below {MIN_ESTIMATED_SHARE} is dropped as noise (P(noun | УЖЕ) = 0.08 would make УЖ, the",
        "  grass snake, one of the commonest nouns); a form with no estimate whose analyses",
        "  are of different parts of speech (МОЧЬ: noun and verb) gives the noun nothing.",
        "- Which noun: a form shared by several nouns (СТАТЕЙ: СТАТЬЯ and СТАТЬ) is split in",
        "  proportion to the corpus estimate x each noun's frequency, found by a few rounds of",
        "  expectation-maximisation; first names and the like (РОЗА the name) take their part",
        "  and are not counted.",
        "- Ё: a form written with Е that the dictionary knows only with Ё counts for the Ё",
        "  word (ЕЛКА for ЁЛКА); a form that is itself a word (ВЕДРО) does not count for",
        "  another (ВЁДРО).",
        f"- Kept down to a Zipf frequency of {MIN_ZIPF['ru']} (about "
        f"{10 ** (MIN_ZIPF['ru'] - 3):.2f} per million words, all",
        "  forms together); ties in alphabet order.",
        "- Offensive, vulgar and sexual words are left out (the script's `EXCLUDE`), as are",
        "  words whose slur sense is the common one (ХОХОЛ, ЧУРКА), and ГО and ЛЕТИЕ (their",
        "  frequencies are the slang \"go\" and the tail of \"100-летие\", not the nouns).",
        "",
        "Format: UTF-8, one upper-case word a line, most common first, `#` lines are comments;",
        "the header records the word count and the sha256 of the words in file order joined",
        "by `\\n`.",
        "",
        *counts_and_sources("ru", words,
                            f"{len(words)} words, {sum('Ё' in w for w in words)} of them with Ё.",
                            dropped, versions),
    ]
    return "\n".join(lines)


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def versions() -> dict[str, str]:
    found = {}
    for name, want in PINNED.items():
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "?"
    return found


def check(found: dict[str, str], names: list[str]) -> None:
    for name in names:
        if found[name] == "?":
            sys.exit(f"build_common_words: {name} is not installed (see the docstring)")
        if found[name] != PINNED[name]:
            print(f"build_common_words: warning: {name} {found[name]} installed, the bundled "
                  f"lists were built from {PINNED[name]}", file=sys.stderr)


def report(lang: str, ranked) -> None:
    words = [w for w, _ in ranked]
    counts = Counter(len(w) for w in words)
    print(f"{lang}: {len(words)} common words; by length: "
          + ", ".join(f"{n}:{counts[n]}" for n in range(MIN_LENGTH, MAX_LENGTH + 1)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", action="append", choices=sorted(ALPHABETS),
                    help="the language(s) to build (default: all)")
    args = ap.parse_args(argv)
    langs = args.lang or sorted(ALPHABETS)
    found = versions()
    # per language: the packages it needs, its ranking, and where its description goes
    builds = {
        "en": (["wordfreq"], lambda: rank_en(read_en_list()[1]),
               lambda out, text: write_atomic(out / "COMMON-WORDS.md", text), render_en_md),
        "ru": (["wordfreq", "pymorphy3", "pymorphy3-dicts-ru"],
               lambda: rank_ru(read_words_txt("ru")),
               lambda out, text: write_section(out / "README.md", text), render_ru_section),
        "fr": (["wordfreq"], lambda: rank_fr(read_words_txt("fr")),
               lambda out, text: write_section(out / "README.md", text), render_fr_section),
    }
    for lang in ("en", "ru", "fr"):
        if lang not in langs:
            continue
        needs, rank, describe, render = builds[lang]
        check(found, needs)
        ranked, dropped = rank()
        out = DICT_DIR / lang
        write_atomic(out / "common.txt", render_list(lang, ranked, found))
        describe(out, render(ranked, dropped, found))
        report(lang, ranked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
