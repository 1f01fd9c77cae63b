"""The chooser of games (issue 34): each game a tile with its opening table's picture, drawn from
its level file; a grid that fits the screen with nothing overlapping at 1280×720 and 4K, in both
languages, read right to left in Arabic; arrows that move through it by place; a tile that
says its game to a screen reader."""

from __future__ import annotations

import hashlib
from itertools import combinations

import pygame
import pytest

from solitaire.core.rules import REGISTRY
from solitaire.view import miniature
from solitaire.view.palette import FELT_CENTRE, FELT_EDGE
from tests.conftest import VARIANTS


def drawn(app, title) -> None:
    """Frames drawn until every picture is made (each frame draws within its budget)."""
    for _ in range(len(title.game_buttons) + 1):
        app.stack.draw(app.display.surface, 1.0)
        if not title.wants_frames():
            return
    raise AssertionError("pictures still pending")


def card_pixels(picture: pygame.Surface) -> int:
    """The pixels of a picture that are a card's white, not the felt's green."""
    return sum(1 for x in range(0, picture.get_width(), 2) for y in range(0, picture.get_height(), 2)
               if min(picture.get_at((x, y))[:3]) > 200)


def test_every_game_has_a_picture_of_its_own(make_app):
    app = make_app((1280, 720), reduced_motion=True)
    title = app.open("title")
    drawn(app, title)
    seen = {}
    for tile in title.game_buttons:
        picture = tile.picture(tile.game_id, tile.picture_rect.size)
        assert picture is not None and picture.get_size() == tile.picture_rect.size
        assert card_pixels(picture) > 100, tile.game_id  # cards on the felt, not an empty picture
        seen[hashlib.sha1(pygame.image.tobytes(picture, "RGBA")).hexdigest()] = tile.game_id
    assert len(seen) == len(title.game_buttons) == len(REGISTRY.title_games())


def test_the_tiles_show_the_pictures_drawn(make_app):
    """On screen, each tile's picture area holds its game's picture, not the felt's colour."""
    app = make_app((1280, 720), reduced_motion=True)
    title = app.open("title")
    drawn(app, title)
    surface = app.display.surface
    for tile in title.game_buttons:
        area = surface.subsurface(tile.picture_rect.move(tile.rect.topleft))
        assert card_pixels(area) > 100, tile.game_id


def test_a_game_added_later_gets_its_picture(variants):
    """Nothing names a game: a level file the registry learns is pictured from its data."""
    pygame.display.init()
    try:
        pictures = {game: miniature.draw(game, (240, 160)) for game in ("whitehead", "gargantua", "klondike")}
    finally:
        pygame.display.quit()
    for game, picture in pictures.items():
        assert card_pixels(picture) > 50, game
    hashes = {hashlib.sha1(pygame.image.tobytes(p, "RGBA")).digest() for p in pictures.values()}
    assert len(hashes) == 3


def test_a_picture_is_mirrored_in_arabic():
    pygame.display.init()
    try:
        left, right = miniature.draw("klondike", (240, 160)), miniature.draw("klondike", (240, 160), rtl=True)
    finally:
        pygame.display.quit()
    stock_corner = pygame.Rect(0, 0, 60, 50)  # Klondike's stock: top left, top right in Arabic
    assert card_pixels(left.subsurface(stock_corner)) > card_pixels(right.subsurface(stock_corner))
    mirrored = stock_corner.move(240 - 60, 0)
    assert card_pixels(right.subsurface(mirrored)) > card_pixels(left.subsurface(mirrored))


@pytest.fixture(params=["shipped", "two more"])
def games(request, tmp_path):
    """The shipped games, or two more on the title (two of the variants kept in tests/core):
    ten, as the title will offer with Pyramid and TriPeaks."""
    if request.param == "shipped":
        yield REGISTRY.title_games()
        return
    for name in ("whitehead", "gargantua"):
        text = (VARIANTS / f"{name}.toml").read_text(encoding="utf-8").replace("on_title = false", "on_title = true")
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    loaded = REGISTRY.load_folder(tmp_path)
    yield REGISTRY.title_games()
    for rules in loaded:
        REGISTRY.forget(rules.id)


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_grid_fits_and_nothing_overlaps(make_app, lang, size, games):
    app = make_app(size, lang)
    title = app.open("title")
    screen = pygame.Rect((0, 0), size)
    shown = [button for button in title.buttons if button.visible]
    _, hint = title.keys_hint()
    for button in shown:
        assert screen.contains(button.rect) and button.rect.bottom <= hint.top, button.label
        assert not button.rect.colliderect(title.heading_rect.inflate(-title.heading_rect.h // 4, -title.heading_rect.h // 4))
    for a, b in combinations(shown, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)
    for tile in title.game_buttons:
        assert tile.rect.contains(tile.picture_rect.move(tile.rect.topleft))
        assert tile.rect.contains(tile.name_rect.move(tile.rect.topleft))
        assert tile.rect.contains(tile.about_rect.move(tile.rect.topleft))
        if tile.about_px:  # the line, where shown, is whole on one line
            assert app.text.width(tile.about, tile.about_px) <= tile.about_rect.w, tile.about
    assert [tile.game_id for tile in title.game_buttons] == list(games)
    assert all(tile.about_px for tile in title.game_buttons if tile.about)  # room for every game's line
    assert len({tile.about_px for tile in title.game_buttons if tile.about}) == 1
    pictures = {tile.picture_rect.size for tile in title.game_buttons}
    assert len(pictures) == 1 and min(pictures.pop()) >= size[1] // 8  # one size, large enough to read


def rows(title) -> list[list]:
    """The tiles row by row, in focus order."""
    order = [w for w in title.group.focus_order() if w in title.game_buttons]
    out: list[list] = []
    for tile in order:
        if out and out[-1][0].rect.y == tile.rect.y:
            out[-1].append(tile)
        else:
            out.append([tile])
    return out


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_grid_reads_in_the_languages_direction(make_app, lang):
    title = make_app((1280, 720), lang).open("title")
    grid = rows(title)
    assert len(grid) >= 2 and sum(len(row) for row in grid) == len(title.game_buttons)
    for row in grid:
        xs = [tile.rect.x for tile in row]
        assert xs == sorted(xs, reverse=lang == "ar")  # Arabic: the first game on the right
    assert [t.game_id for row in grid for t in row] == list(REGISTRY.title_games())


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_arrows_move_through_the_grid_by_place(make_app, lang):
    from tests.scenes.conftest import Driver

    app = make_app((1280, 720), lang)
    title = app.open("title")
    keys = Driver(app)
    first, second = title.game_buttons[0], title.game_buttons[1]
    keys.key(pygame.K_DOWN)  # the first press shows the focus where it is: the first game
    assert title.group.focused is first and title.group.focus_visible
    onwards = pygame.K_LEFT if lang == "ar" else pygame.K_RIGHT
    keys.key(onwards)
    assert title.group.focused is second
    keys.key(pygame.K_LEFT if onwards == pygame.K_RIGHT else pygame.K_RIGHT)
    assert title.group.focused is first
    keys.key(pygame.K_DOWN)
    below = title.group.focused
    assert below in title.game_buttons and below.rect.x == first.rect.x and below.rect.y > first.rect.y
    keys.key(pygame.K_UP)
    assert title.group.focused is first
    grid = rows(title)
    for _ in range(len(grid[0]) - 1):  # to the end of the first row…
        keys.key(onwards)
    assert title.group.focused is grid[0][-1]
    keys.key(onwards)  # …and past it: the next row's first game, as the grid reads
    assert title.group.focused is grid[1][0]
    for _ in range(3):
        keys.key(pygame.K_DOWN)  # below the games: the menu's row
    assert title.group.focused in title.menu_buttons


def test_enter_opens_the_focused_game(make_app):
    from tests.scenes.conftest import Driver

    app = make_app((1280, 720))
    title = app.open("title")
    keys = Driver(app)
    keys.key(pygame.K_DOWN)
    keys.key(pygame.K_RIGHT)
    keys.key(pygame.K_RETURN)
    opened = app.stack.top
    assert type(opened).__name__ == "NewGameScene" and opened.game_id == title.game_buttons[1].game_id


def test_a_click_on_a_picture_opens_its_game(make_app):
    from tests.scenes.conftest import Driver

    app = make_app((1280, 720), reduced_motion=True)
    title = app.open("title")
    tile = next(t for t in title.game_buttons if t.game_id == "freecell")
    Driver(app).click(tile.picture_rect.move(tile.rect.topleft).center)
    assert type(app.stack.top).__name__ == "NewGameScene" and app.stack.top.game_id == "freecell"


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_focused_game_says_its_name_and_its_line(make_app, lang):
    app = make_app((1280, 720), lang)
    title = app.open("title")
    tile = title.game_buttons[0]
    assert tile.spoken() == f"{tile.label}. {tile.about}" and tile.about
    assert tile.about == app.t(f"chooser.{tile.game_id}")


def test_the_pictures_go_when_the_title_closes(make_app):
    app = make_app((1280, 720), reduced_motion=True)
    title = app.open("title")
    drawn(app, title)
    assert len(title.chooser.pictures) == len(title.game_buttons)
    app.stack.clear()
    assert len(title.chooser.pictures) == 0


def test_a_frame_draws_pictures_within_its_budget(make_app, monkeypatch):
    """The first frame does not draw every picture at once: the rest come in the next frames,
    and until then the screen asks for frames."""
    monkeypatch.setattr(miniature.Miniatures, "BUDGET", 0.0)
    app = make_app((1280, 720), reduced_motion=True)
    title = app.open("title")
    app.stack.draw(app.display.surface, 1.0)
    assert len(title.chooser.pictures) == 1 and title.wants_frames()
    surface = app.display.surface
    waiting = title.game_buttons[-1]
    centre = waiting.picture_rect.move(waiting.rect.topleft).center
    assert surface.get_at(centre)[:3] in (FELT_EDGE, FELT_CENTRE) or card_pixels(
        surface.subsurface(waiting.picture_rect.move(waiting.rect.topleft))) == 0
    drawn(app, title)
    assert len(title.chooser.pictures) == len(title.game_buttons)


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_with_the_largest_text_a_long_name_breaks_in_two_rather_than_shrink(make_app, size):
    """The largest text: "Thoughtful Solitaire" on one line under its picture would be drawn
    smaller than with normal text; on two lines it is drawn as large at least, whole."""
    normal = make_app(size).open("title").game_buttons[0].font_px
    title = make_app(size, text_size="largest").open("title")
    tiles = title.game_buttons
    assert len({tile.font_px for tile in tiles}) == 1 and tiles[0].font_px >= normal
    long = next(tile for tile in tiles if tile.label == "Thoughtful Solitaire")
    assert long.name_lines == ["Thoughtful", "Solitaire"]
    for tile in tiles:
        assert all(title.app.text.width(line, tile.font_px, True) <= tile.name_rect.w for line in tile.name_lines)


def test_a_picture_that_cannot_be_drawn_leaves_the_felt_and_a_line_in_the_log(make_app, monkeypatch, caplog):
    """A level the table's code cannot picture (a game in the making) does not take the title down."""
    real = miniature.draw

    def draw(game_id, *args, **kwargs):
        if game_id == "golf":
            raise ValueError("card size too small: (0, 0)")
        return real(game_id, *args, **kwargs)

    monkeypatch.setattr(miniature, "draw", draw)
    app = make_app((1280, 720), reduced_motion=True)
    title = app.open("title")
    drawn(app, title)
    golf = next(tile for tile in title.game_buttons if tile.game_id == "golf")
    assert card_pixels(golf.picture("golf", golf.picture_rect.size)) == 0
    assert "no picture of golf: card size too small" in caplog.text
    others = [tile for tile in title.game_buttons if tile is not golf]
    assert all(card_pixels(tile.picture(tile.game_id, tile.picture_rect.size)) > 100 for tile in others)
