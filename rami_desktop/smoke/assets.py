"""The assets a game needs: card pictures, sounds, fonts and their licences."""

from __future__ import annotations

import wave

from .report import require

SAMPLES: dict[str, str] = {
    "latin": "Rami Talaj — Tallage, première main",
    "arabic": "الرامي المغربي: التهبيطة والطلاج",
    "symbols": "♠ ♥ ♦ ♣",
}


def check_cards() -> str:
    """Every card picture of every variant exists, loads and is drawn by the card art."""
    import pygame

    from rami_desktop.resources import asset, assets_dir
    from rami_desktop.ui.kit.card_art import (
        FACE_CODES,
        FRENCH_LETTERS,
        JOKER_CODE,
        STYLES,
        CardArt,
        card_file,
    )

    require(assets_dir().is_dir(), f"no assets folder at {assets_dir()}")
    files = [asset("cards", "back.png")]
    for style in STYLES:
        for index in ("normal", "large"):
            variant = f"{style}-{index}"
            for code in sorted(FACE_CODES):
                files.append(card_file(variant, f"{code}.png"))
                if code != JOKER_CODE and code[:-1] in FRENCH_LETTERS:
                    files.append(card_file(variant, f"{code}.fr.png"))
    missing = [str(p) for p in files if not p.is_file()]
    require(not missing, f"{len(missing)} card files missing, e.g. {missing[:3]}")
    files = sorted(set(files))  # a picture two styles share is shipped once
    for path in files:
        surf = pygame.image.load(str(path))
        require(surf.get_width() > 0 and surf.get_height() > 0, f"empty picture {path}")
    drawn = 0
    for style in STYLES:
        for large in (False, True):
            for lang in ("en", "fr"):
                art = CardArt(style, large, lang)
                for code in [*sorted(FACE_CODES), "back"]:
                    require(art.path_for(code).is_file(), f"card art has no file for {code}")
                    surf = art.face(code, 90)
                    require(surf.get_size() == CardArt.size_for_width(90), f"bad size {code}")
                    drawn += 1
    return f"{len(files)} files, {drawn} faces drawn"


def check_sounds() -> str:
    """Every sound file is a readable WAV and (when a mixer starts) loads as a sound."""
    import pygame

    from rami_desktop.resources import asset
    from rami_desktop.ui.kit.sound import SOUND_NAMES

    for name in SOUND_NAMES:
        path = asset("sounds", f"{name}.wav")
        require(path.is_file(), f"missing sound {path}")
        with wave.open(str(path), "rb") as handle:
            require(handle.getnframes() > 0, f"empty sound {path}")
    mixer = "no mixer"
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        ready = bool(pygame.mixer.get_init())
    except pygame.error:
        ready = False
    if ready:
        for name in SOUND_NAMES:
            sound = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
            require(sound.get_length() > 0, f"sound {name} has no length")
        mixer = "mixer loaded them"
    return f"{len(SOUND_NAMES)} sounds, {mixer}"


def check_fonts() -> str:
    """Every font loads, has every character a name may hold (the bundle's fonts are cut down
    to them) and the text renderer draws Latin, Arabic and suit symbols."""
    import pygame

    from rami_desktop.resources import asset
    from rami_desktop.storage.names import NAME_RANGES, name_character
    from rami_desktop.ui.kit import text

    if not pygame.font.get_init():
        pygame.font.init()
    names = sorted({n for files in text.FONT_FILES.values() for n in files})
    for name in names:
        path = asset("fonts", name)
        require(path.is_file(), f"missing font {path}")
        require(pygame.font.Font(str(path), 24).size("Rami")[0] > 0, f"font {name} is empty")
    letters = [chr(c) for lo, hi in NAME_RANGES for c in range(lo, hi + 1)
               if name_character(chr(c)) and not chr(c).isspace()]
    for bold, files in text.FONT_FILES.items():
        covered = frozenset().union(*(text.coverage(str(asset("fonts", n))) for n in files))
        missing = [f"U+{ord(ch):04X}" for ch in letters if ord(ch) not in covered]
        require(not missing, f"{len(missing)} name characters in no font (bold {bold}), "
                             f"e.g. {missing[:5]}")
    for script, sample in SAMPLES.items():
        for bold in (False, True):
            surf = text.render(sample, 24, (0, 0, 0), bold=bold)
            require(surf.get_width() > 20, f"{script} text rendered empty")
    return f"{len(names)} fonts, {len(letters)} name characters in each style"


def check_licences() -> str:
    """The licences of the assets are shipped with them, the window's icon too, and the game's
    own metadata (its version)."""
    from rami_desktop import __version__
    from rami_desktop.resources import asset

    needed = [asset("LICENSES.md"), asset("fonts", "OFL.txt"), asset("icons", "rami-128.png")]
    missing = [str(p) for p in needed if not p.is_file()]
    require(not missing, f"missing files {missing}")
    require(__version__ != "0+unknown", "no metadata of the game: its version is unknown")
    return ", ".join(p.name for p in needed) + f", version {__version__}"

