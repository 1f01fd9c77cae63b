"""The chooser's line about each game (issue 34: the title's and the New game window's tiles),
English and Arabic, and the words a screen reader hears for them: merged by ``en`` and ``ar``. A game with no line here shows its name alone."""

EN: dict[str, str] = {
    "new_game.games": "Games: {games}",
    "chooser.klondike": "Red on black, King to Ace",
    "chooser.double": "Klondike with two decks",
    "chooser.thoughtful": "Klondike, all cards face up",
    "chooser.duel": "Race a rival, same deal",
    "chooser.freecell": "All cards open, four cells",
    "chooser.spider": "Build suits King to Ace",
    "chooser.yukon": "Move any face-up group",
    "chooser.golf": "Play one rank up or down",
    "chooser.pyramid": "Pair cards adding to 13",
    "chooser.tripeaks": "Three peaks, up or down",
}

AR: dict[str, str] = {
    "new_game.games": "الألعاب: {games}",
    "chooser.klondike": "أحمر على أسود، من الملك",
    "chooser.double": "كلوندايك بمجموعتَي أوراق",
    "chooser.thoughtful": "كلوندايك، كل الأوراق مكشوفة",
    "chooser.duel": "سابق خصمًا على التوزيعة ذاتها",
    "chooser.freecell": "كل الأوراق ظاهرة، أربع خانات",
    "chooser.spider": "رتّب كل رمز من الملك للآس",
    "chooser.yukon": "انقل أي مجموعة مكشوفة",
    "chooser.golf": "العب رتبة أعلى أو أدنى",
    "chooser.pyramid": "اجمع ورقتين مجموعهما 13",
    "chooser.tripeaks": "ثلاث قمم، رتبة أعلى أو أدنى",
}
