import pygame

from solitaire.app import audio
from solitaire.app.audio import SOUND_NAMES, Audio, synthesize


def test_no_audio_device_runs_muted(monkeypatch):
    def fail(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    sound = Audio()
    assert not sound.available
    sound.play("win")
    sound.set_volume(0.3)
    sound.set_muted(True)
    assert sound.volume == 0.3


def test_every_effect_is_short_pcm_within_range():
    pcm = synthesize(44100, 2)
    assert set(pcm) == set(SOUND_NAMES)
    for name, data in pcm.items():
        seconds = len(data) / 2 / 44100
        assert 0.03 < seconds < 1.5, name
        assert max(map(abs, data)) <= 32767 * 0.7


def test_wav_export(tmp_path):
    paths = audio.write_wavs(tmp_path)
    assert sorted(p.name for p in paths) == sorted(f"{n}.wav" for n in SOUND_NAMES)
    assert all(p.stat().st_size > 1000 for p in paths)


def test_a_resting_device_is_closed_and_the_next_sound_reopens_it():
    """Issue 22: the device is closed while the table is still (it cost CPU mixing silence);
    a sound asked for then is played all the same, at the volume set."""
    pygame.mixer.quit()
    sound = Audio(volume=0.4)
    try:
        assert sound.available and sound.awake
        sound.rest()
        assert not pygame.mixer.get_init() and not sound.awake
        sound.play("flip")
        assert pygame.mixer.get_init() == sound.format and sound.awake
        assert set(sound.sounds) == set(SOUND_NAMES)
        assert abs(sound.sounds["flip"].get_volume() - 0.4) < 0.01
    finally:
        pygame.mixer.quit()


def test_a_sound_still_playing_keeps_the_device_open(monkeypatch):
    pygame.mixer.quit()
    sound = Audio()
    try:
        monkeypatch.setattr(pygame.mixer, "get_busy", lambda: True)
        sound.rest()
        assert pygame.mixer.get_init() and sound.awake
    finally:
        pygame.mixer.quit()


def test_the_effects_are_made_when_first_wanted_not_before_the_first_frame():
    """Issue 33 item 9: synthesis (~50 ms) waits for the loop's first idle moment or the first
    sound, whichever comes first."""
    pygame.mixer.quit()
    sound = Audio(volume=0.4)
    try:
        assert sound.available and sound.pcm == {} and sound.sounds == {}
        sound.play("deal")
        assert set(sound.pcm) == set(SOUND_NAMES) == set(sound.sounds)
        made = sound.pcm
        sound.prepare()
        assert sound.pcm is made  # made once
    finally:
        pygame.mixer.quit()
