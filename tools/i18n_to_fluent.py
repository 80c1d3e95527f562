#!/usr/bin/env python3
"""One-time conversion of the game's Rust translation tables to Fluent files.

The game's words used to live in Rust tables of (English, Simplified Chinese)
pairs: `ZH` in src/ui/i18n.rs (the interface's own) and one `zh.rs` per mode.
This script turned them into crates/i18n/locales/{en,zh-Hans}/<table>.ftl;
since then the .ftl files are the source of truth and this script is kept
only so the conversion can be checked: run it on the commit before the tables
were removed (the parent of the commit that added this script) into a
scratch folder and compare,

    tools/i18n_to_fluent.py --rev <commit> --out /tmp/ftl
    diff -r /tmp/ftl crates/i18n/locales

(without --rev it reads the work tree's sources, which no longer hold
tables). The zh-Hant files are made afterwards by tools/make_zh_hant.sh, and
messages added later (the game's title, `starhop`) were never in the tables.

What it does:
- a message id is derived from the English text: its ASCII words, lower-case,
  joined with '-', at most six words (more only to tell two texts apart);
  OVERRIDES names the texts whose words alone would collide;
- each positional `{}` becomes a named Fluent argument, named by ARG_NAMES
  (in the order the English uses them), `$arg1`, `$arg2`... otherwise; the
  Chinese `{}` take the same names in the same order (the old `trf` filled
  both in the same order);
- in English, a count before a plural noun ("{} moves") becomes a select on
  the plural category (PLURALS lists the counted arguments): "1 move", "2 moves";
- the tables' `// section` comments become Fluent group comments (`##`).
"""

import argparse
import os
import re
import subprocess
import sys

TABLES = [
    ("ui", "src/ui/i18n.rs", "the interface's own words"),
    ("crossing", "src/crossing/zh.rs", "the crossing challenge"),
    ("draughts", "src/draughts/zh.rs", "draughts"),
    ("league", "src/league/zh.rs", "the league: profiles, history and tournaments"),
    ("online", "src/online/zh.rs", "network games"),
]

LANGS = [("en", "English"), ("zh-Hans", "Simplified Chinese")]

# Ids for the texts whose words alone would give two texts one id.
OVERRIDES = {
    # An item's name inside a sentence ("Red used a flying wing").
    "roadblock": "roadblock-noun",
    "road worker": "road-worker-noun",
    "power marble": "power-marble-noun",
    "flying wing": "flying-wing-noun",
    "swap": "swap-noun",
    "tornado": "tornado-noun",
    "Paused": "paused-title",
    "turns": "turns-in-text",
    "Resign?": "resign-question",
    "Restart?": "restart-question",
    "move {}": "move-n",
    "Bot ({})": "bot-level",
    "Slides: {}": "slides-count",
    "slides": "slides-move",
    "{} marbles left": "n-marbles-left",
    "one marble left": "one-marble-left-in-text",
    "That hole is taken.": "that-hole-is-taken-sentence",
    "The game is over.": "the-game-is-over-sentence",
    "Nothing to undo.": "nothing-to-undo-sentence",
    "Nothing to redo.": "nothing-to-redo-sentence",
    "Moves: {}": "moves-count",
    "Moves {}": "moves-made",
    "{} moves": "n-moves",
    "row {} → row {}": "row-from-to",
    "{}. row {} → row {}": "numbered-row-from-to",
    "{} wins: {}.": "side-wins-reason",
    "Draw: {}.": "draw-reason",
    "draw": "draw-in-text",
    "{} min": "n-min",
    "Player {}": "player-n",
    "{} games": "n-games",
    "{} entrants": "n-entrants",
    "Entrants ({})": "entrants-count",
    "{} moves first.": "name-moves-first",
    "Rounds": "rounds-title",
    "Round {}": "round-n",
    "Level {}": "level-n",
    "Level {}!": "level-n-reached",
    "{} points": "n-points",
    "(open)": "open-seat",
    "⚠ {}: connection lost": "name-connection-lost",
}

# The names of each template's arguments, in the order the English uses them.
ARG_NAMES = {
    "Player {}": ["n"],
    "(would have been +{})": ["points"],
    "row {} → row {}": ["from", "to"],
    "Key {}": ["key"],
    "{} used a {}": ["name", "item"],
    "{} found a {}": ["name", "item"],
    "{} found a {}, but the hand is full: it is lost": ["name", "item"],
    "Anti-passive rule: after move {}, {} marbles must be out of home; now {}": [
        "move",
        "marbles",
        "now",
    ],
    "{}: {} moves to go": ["name", "moves"],
    "{}: at least {} moves to go": ["name", "moves"],
    "{} gives up this game.": ["name"],
    "move {}": ["n"],
    "Bot ({})": ["level"],
    "{} vs {}": ["first", "second"],
    "Saved: {}, move {}": ["players", "move"],
    "{} marbles": ["marbles"],
    "{} holes · {} marbles": ["holes", "marbles"],
    "«{}» could not be loaded: {}": ["file", "reason"],
    "{} holes.": ["holes"],
    "Solvable in {} moves.": ["moves"],
    "Marbles left: {}": ["marbles"],
    "Moves: {}": ["moves"],
    "Slides: {}": ["slides"],
    "{}: {} captured": ["name", "captured"],
    "{} marbles left": ["marbles"],
    "★ the fewest moves: {}": ["moves"],
    "Best: {}": ["stars"],
    "Not possible: {}": ["reason"],
    "takes {}": ["marbles"],
    "{} hops": ["hops"],
    "Move {} of {}": ["at", "total"],
    "This game cannot be replayed: its action {} breaks the rules (the record may be damaged).": [
        "action"
    ],
    # the crossing challenge
    "The best possible crossing: {} moves.": ["moves"],
    "Your best: {} moves": ["moves"],
    "Moves {}": ["moves"],
    "best possible {}": ["moves"],
    "lower bound {}": ["moves"],
    "best known {}": ["moves"],
    "The shortest crossing known: {} moves (not proven shortest).": ["moves"],
    "As short as the shortest crossing known ({} moves)!": ["moves"],
    "The shortest crossing known: {} moves ({} more).": ["moves", "more"],
    "At least {} more moves from here.": ["moves"],
    "This move still reaches the optimum: {} moves in all.": ["moves"],
    "The optimum ({}) is out of reach now; this move keeps to the fewest left: {} in all.": [
        "optimum",
        "moves",
    ],
    "This move keeps to the fewest moves left: {} in all.": ["moves"],
    "The best line found: {} moves in all (not proven shortest).": ["moves"],
    "Shortest crossing: move {} of {}": ["at", "total"],
    "Across in {} moves": ["moves"],
    "{}. row {} → row {}": ["n", "from", "to"],
    "The best possible: {} moves ({} more).": ["moves", "more"],
    "New best! (was {})": ["was"],
    # draughts
    "This draughts game could not be replayed: {}": ["reason"],
    "{} wins: {}.": ["side", "reason"],
    "Draw: {}.": ["reason"],
    "{} min": ["minutes"],
    "{}: {} of {}": ["rule", "count", "limit"],
    "{}: men {}, kings {}": ["side", "men", "kings"],
    # the league
    "{} moves": ["moves"],
    "{} games": ["games"],
    "The league file «{}» could not be read, so it was kept aside as «{}»; {} games and {} profiles were rebuilt from the history.": [
        "file",
        "aside",
        "games",
        "profiles",
    ],
    "No points were gained: the game was decided in round {}, and points are gained from round {} on (rule book §7).": [
        "decided",
        "from",
    ],
    "Winner: {}": ["name"],
    "Round {} of {}": ["round", "rounds"],
    "{} entrants": ["entrants"],
    "Entrants ({})": ["entrants"],
    "Next: round {}, {} against {}": ["round", "first", "second"],
    "{} moves first.": ["name"],
    "Game {} of the match.": ["game"],
    "{} wins the tournament!": ["name"],
    "Round {}": ["round"],
    "{} has a free round": ["name"],
    "Games of {}": ["name"],
    "Since {}": ["date"],
    "The league file «{}» could not be read, so it was kept aside as «{}».": [
        "file",
        "aside",
    ],
    "There is already a profile called {}.": ["name"],
    "Tournament of {}": ["date"],
    "Delete the profile {}?": ["name"],
    "Delete the tournament {}?": ["name"],
    "Level {}": ["level"],
    "{} points": ["points"],
    "Level {}!": ["level"],
    # network games
    "Take your seat back at {}": ["address"],
    "Table at {}": ["address"],
    "Not at the table: {}": ["reason"],
    "{} (you)": ["name"],
    "Watching: {}": ["spectators"],
    "🌐 Hosting · {}": ["code"],
    "🌐 Online · {}": ["code"],
    "⚠ {}: connection lost": ["name"],
    "{} asks to take back the last move.": ["name"],
    "The table could not be opened: {}": ["reason"],
    "Could not join: {}": ["reason"],
    "{} is back.": ["name"],
    "{} has lost the connection; the seat waits for them.": ["name"],
    "The host refused: {}": ["reason"],
    "The table has closed ({}). The game stays on screen: save it from the menu.": [
        "reason"
    ],
    "Cannot look for tables here: {}": ["reason"],
    "open seats: {}": ["seats"],
    "This game cannot be hosted: {}": ["reason"],
    "Game: {}": ["game"],
    "Food checkers · {} players · {} holes": ["players", "holes"],
}


def arg_names(english):
    """The names of a template's arguments; a file in «{}» is a `$file`."""
    holes = english.count("{}")
    names = ARG_NAMES.get(english)
    if names is None and holes == 1 and "«{}»" in english:
        names = ["file"]
    if names is None:
        names = ["arg%d" % (i + 1) for i in range(holes)]
    assert len(names) == holes, english
    assert len(set(names)) == len(names), english
    return names


# English counts followed by a plural noun ("{} moves", "{} more moves"):
# that piece becomes a plural select on the count. A count is an argument
# named after what it counts.
COUNTS = {"moves", "marbles", "holes", "games", "profiles", "entrants", "points", "players", "hops"}
PLURAL_NOUN = re.compile(r"^( (?:more )?[a-z]+)s\b")


def plural_indices(english):
    """Which holes of a template are counts before a plural noun."""
    pieces = english.split("{}")
    names = arg_names(english)
    return [
        i
        for i in range(len(pieces) - 1)
        if names[i] in COUNTS and PLURAL_NOUN.match(pieces[i + 1])
    ]


def read(path, rev):
    if rev:
        return subprocess.run(
            ["git", "show", "%s:%s" % (rev, path)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    with open(path, encoding="utf-8") as f:
        return f.read()


def parse_table(source):
    """The items of a `const ZH: &[(&str, &str)]` table: ('comment', text) and
    ('pair', english, chinese), in order. The tables hold no escapes."""
    start = source.index("const ZH: &[(&str, &str)] = &[")
    end = source.index("\n];", start)
    body = source[start + len("const ZH: &[(&str, &str)] = &[") : end]
    items, strings, i = [], [], 0
    while i < len(body):
        if body.startswith("//", i):
            j = body.index("\n", i)
            items.append(("comment", body[i + 2 : j].strip()))
            i = j
            continue
        if body[i] == '"':
            j = body.index('"', i + 1)
            text = body[i + 1 : j]
            assert "\\" not in text, text
            strings.append(text)
            if len(strings) == 2:
                items.append(("pair", strings[0], strings[1]))
                strings = []
            i = j + 1
            continue
        i += 1
    assert not strings
    return items


def words(english):
    return [w.lower() for w in re.findall(r"[A-Za-z0-9]+", english.replace("{}", " "))]


def make_ids(englishes):
    """One id per English text, all distinct."""
    ids, taken = {}, {}
    for en in englishes:
        if en in OVERRIDES:
            ids[en] = OVERRIDES[en]
            assert OVERRIDES[en] not in taken, en
            taken[OVERRIDES[en]] = en
    for en in englishes:
        if en in ids:
            continue
        w = words(en)
        if w and w[0][0].isdigit():
            w = ["num"] + w
        n = min(len(w), 6)
        while "-".join(w[:n]) in taken and n < len(w):
            n += 1
        cand = "-".join(w[:n])
        if not cand or cand in taken:
            sys.exit("no id for %r (collides with %r): add it to OVERRIDES" % (en, taken.get(cand)))
        ids[en] = cand
        taken[cand] = en
    for i in ids.values():
        assert re.fullmatch(r"[a-z][a-z0-9-]*", i), i
    return ids


def escape(text, lead=True, trail=True):
    """Fluent text: the spaces that Fluent would trim at the ends of a message
    (`lead`, `trail`) as string literals; no braces (none of the texts has any)."""
    assert "{" not in text and "}" not in text, text
    n_lead = len(text) - len(text.lstrip(" ")) if lead else 0
    n_trail = len(text) - len(text.rstrip(" ")) if trail else 0
    core = text[n_lead : len(text) - n_trail]
    if not core and text:
        return '{"%s"}' % text
    return ('{" "}' * n_lead) + core + ('{" "}' * n_trail)


def value(text, names, plurals=()):
    """A Fluent pattern for a template whose holes take `names`; the holes in
    `plurals` select on their count with the noun that follows them."""
    pieces = text.split("{}")
    assert len(pieces) == len(names) + 1, text
    last = len(names)
    out = escape(pieces[0], trail=last == 0)
    multiline = False
    for i, name in enumerate(names):
        rest = pieces[i + 1]
        if i in plurals:
            m = PLURAL_NOUN.match(rest)
            noun = m.group(1)
            out += (
                "{ $%s ->\n        [one] { $%s }%s\n       *[other] { $%s }%ss\n    }"
                % (name, name, noun, name, noun)
            )
            rest = rest[m.end() :]
            multiline = True
        else:
            out += "{ $%s }" % name
        if rest:
            # Spaces between a placeable and text are kept by Fluent; only
            # the message's own ends are trimmed.
            out += escape(rest, lead=False, trail=i == last - 1)
    return ("\n    " + out) if multiline else " " + out


def ftl(table, what, lang, lang_name, items, ids):
    lines = [
        "# Starhop: %s (%s)." % (what, lang_name),
        "# Each message's id comes from its English text; the game looks a text",
        "# up by its English (crates/i18n), so a change of wording there is a new",
        "# message in every language.",
        "",
    ]
    for item in items:
        if item[0] == "comment":
            lines += ["", "## " + item[1], ""]
            continue
        _, en, zh = item
        names = arg_names(en)
        if lang == "en":
            val = value(en, names, plural_indices(en))
        else:
            assert zh.count("{}") == en.count("{}"), en
            val = value(zh, names)
        lines.append("%s =%s" % (ids[en], val))
    text = "\n".join(lines) + "\n"
    return re.sub(r"\n{3,}", "\n\n", text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rev", help="read the tables from this git commit")
    ap.add_argument("--out", default="crates/i18n/locales")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    tables = [(name, what, parse_table(read(path, args.rev))) for name, path, what in TABLES]
    englishes = [i[1] for _, _, items in tables for i in items if i[0] == "pair"]
    dupes = {e for e in englishes if englishes.count(e) > 1}
    assert not dupes, dupes
    ids = make_ids(englishes)
    for name, what, items in tables:
        for lang, lang_name in LANGS:
            path = os.path.join(args.out, lang, name + ".ftl")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(ftl(name, what, lang, lang_name, items, ids))
    plurals = sum(1 for e in englishes if plural_indices(e))
    print("%d messages, %d with plurals, in %d tables" % (len(englishes), plurals, len(tables)))


if __name__ == "__main__":
    main()
