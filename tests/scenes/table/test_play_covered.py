"""A table covered by a dialog while its cards are still flying shows them landed."""

from solitaire.core import STOCK


def test_a_dialog_opened_during_the_deal_shows_the_cards_in_their_places(app, driver):
    scene = app.open("play", code="TF1-D1N-AAAAAAB")
    driver.settle(0.1)  # the deal has only begun
    assert scene.view.in_motion()
    app.open("menu", play=scene)
    assert not scene.view.in_motion()
    positions = scene.layout.card_positions(scene.game)
    assert all(sprite.pos == positions[slot] for slot, sprite in scene.view.by_slot.items())
    assert all(sprite.face_up == (slot.pile.kind != STOCK) for slot, sprite in scene.view.by_slot.items())
