"""Animations: real QPropertyAnimations, observed through signals, never through time."""

from __future__ import annotations

from PySide6.QtCore import Qt

from wordbler.boardgame.model import Coord, TurnKind
from wordbler.ui.boardgame.animation import Speed

from tests.ui.conftest import Words

H8, I8 = Coord(7, 7), Coord(7, 8)


def test_drawn_tiles_fly_from_the_bag_and_the_handoff_waits_for_them(driver, qtbot):
    words = Words()
    d = driver(lexicon=words, speed=Speed.FAST)
    w = d.window
    d.reveal()
    a, b = d.place_opening(words)
    with qtbot.waitSignal(w.animator.started, timeout=5000):
        d.done()
    rec = d.game.history[-1]
    assert rec.kind is TurnKind.PLAY
    # the state has changed already; the new tiles are hidden on the rack until they land
    assert w.animator.busy
    drawn = {t.id for t in rec.drawn}
    assert drawn <= set(w.animator.in_flight())
    assert all(w.rack.tile_widget(i) is None for i in drawn)
    assert not w.table.handoff.isVisible()  # the hand-off waits for the flight
    # the window stays responsive: the premium-label toggle works mid-flight
    w.labels_action.trigger()
    assert not d.square(Coord(0, 0)).state.show_label
    with qtbot.waitSignal(w.animator.idle, timeout=5000):
        pass
    assert not w.animator.busy and not w.animator.in_flight()
    assert w.table.handoff.isVisible()
    assert set(w.rack.tile_ids()) >= drawn


def test_undo_flies_the_tile_back_to_where_it_came_from(driver, qtbot):
    d = driver(speed=Speed.FAST)
    w = d.window
    d.reveal()
    with qtbot.waitActive(w):
        w.activateWindow()
    t = next(t for t in d.session.rack_tiles() if not t.is_blank)
    index = d.session.location_of(t.id)
    d.drop_on_square(t.id, H8)
    assert not w.animator.busy  # a drop does not animate: the hand already moved it
    with qtbot.waitSignal(w.animator.started, timeout=5000):
        d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert d.session.location_of(t.id) == index
    assert t.id in w.animator.in_flight() and w.rack.tile_widget(t.id) is None
    with qtbot.waitSignal(w.animator.idle, timeout=5000):
        pass
    assert w.rack.tile_widget(t.id) is not None


def test_exchange_sends_tiles_to_the_bag_and_draws_new_ones(driver, qtbot):
    d = driver(speed=Speed.FAST)
    w = d.window
    d.reveal()
    t = d.session.rack_tiles()[0]
    d.click_rack_tile(t.id, ctrl=True)
    d.click(w.table.exchange_button)  # it asks first, as Pass does
    from PySide6.QtWidgets import QMessageBox

    with qtbot.waitSignal(w.animator.idle, timeout=5000):
        d.click(w.exchange_box.button(QMessageBox.StandardButton.Yes))
    assert d.game.history[-1].kind is TurnKind.EXCHANGE
    assert w.table.handoff.isVisible()


def test_speed_menu_and_off_means_no_animation(driver):
    d = driver(speed=Speed.NORMAL)
    w = d.window
    w.speed_actions[Speed.OFF].trigger()
    assert w.animator.speed is Speed.OFF
    d.reveal()
    t = next(t for t in d.session.rack_tiles() if not t.is_blank)
    d.drop_on_square(t.id, H8)
    w.undo_action.trigger()
    assert not w.animator.busy and w.rack.tile_widget(t.id) is not None
    w.speed_actions[Speed.SLOW].trigger()
    assert w.animator.speed is Speed.SLOW and w.animator.duration(100) == 200


def test_the_bag_shakes_before_a_draw(driver, qtbot):
    from PySide6.QtCore import QPropertyAnimation

    words = Words()
    d = driver(lexicon=words, speed=Speed.FAST)
    w = d.window
    d.reveal()
    a, b = d.place_opening(words)
    d.done()
    (seq,) = w.animator._running
    shake = seq.animationAt(0)  # first the shake, then the flights
    assert isinstance(shake, QPropertyAnimation)
    assert shake.targetObject() is w.table.bag and bytes(shake.propertyName()) == b"shake"
    assert max(abs(v) for _, v in shake.keyValues()) > 0
    with qtbot.waitSignal(w.animator.idle, timeout=5000):
        pass
    assert w.table.bag.shake == 0.0


def test_the_first_draw_tiles_turn_over_one_by_one(driver, qtbot):
    from wordbler.ui.boardgame.tiles import FlipTileView

    d = driver(speed=Speed.FAST, players=("Ann", "Bob", "Cleo"))
    h = d.window.table.handoff
    views = [w for w in h._draw_widgets if isinstance(w, FlipTileView)]
    assert len(views) >= 3
    anim = h._draw_anim
    assert anim is not None and anim.animationCount() == 2 * len(views)  # a flip and a pause each
    with qtbot.waitSignal(anim.finished, timeout=10000):
        pass
    assert all(v.flip == 1.0 for v in views)
    assert h.isVisible()  # the hand-off stayed up all along
    d.reveal()
