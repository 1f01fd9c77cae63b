from solitaire.app.scene import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name, log, overlay=False):
        super().__init__(app=None)
        self.name, self.log, self.overlay = name, log, overlay

    def enter(self): self.log.append(f"{self.name}.enter")
    def exit(self): self.log.append(f"{self.name}.exit")
    def pause(self): self.log.append(f"{self.name}.pause")
    def resume(self): self.log.append(f"{self.name}.resume")
    def update(self, dt): self.log.append(f"{self.name}.update")
    def draw(self, surface, alpha): self.log.append(f"{self.name}.draw")


def test_lifecycle_order_for_push_pop_replace():
    log = []
    stack = SceneStack()
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    stack.pop()
    stack.replace(Recorder("c", log))
    stack.clear()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume",
                   "a.exit", "c.enter", "c.exit"]


def test_overlay_draws_over_paused_scene_and_only_top_updates():
    log = []
    stack = SceneStack()
    stack.push(Recorder("game", log))
    stack.push(Recorder("menu", log, overlay=True))
    log.clear()
    stack.update(0.01)
    stack.draw(None, 0.0)
    assert log == ["menu.update", "game.draw", "menu.draw"]
    stack.push(Recorder("full", log))
    log.clear()
    stack.draw(None, 0.0)
    assert log == ["full.draw"]
