"""The chooser's line about each game (issue 34: the title's and the New game window's tiles),
English and Arabic: merged by ``en`` and ``ar``. A game with no line here shows its name alone."""

EN: dict[str, str] = {
    "chooser.klondike": "Build down in alternate colours",
    "chooser.double": "Klondike with two decks",
    "chooser.thoughtful": "Klondike with every card face up",
    "chooser.duel": "Race a rival on the same deal",
    "chooser.freecell": "Every card in sight, four cells",
    "chooser.spider": "Build suits from King to Ace",
    "chooser.yukon": "Move any group of face-up cards",
    "chooser.golf": "Clear the table, one up or down",
    "chooser.pyramid": "Pair off cards that add up to 13",
    "chooser.tripeaks": "Clear three peaks, one up or down",
}

AR: dict[str, str] = {
    "chooser.klondike": "رتّب نزولًا بلونين متناوبين",
    "chooser.double": "كلوندايك بمجموعتَي أوراق",
    "chooser.thoughtful": "كلوندايك وكل الأوراق مكشوفة",
    "chooser.duel": "سابق خصمًا على التوزيعة نفسها",
    "chooser.freecell": "كل الأوراق ظاهرة، وأربع خانات",
    "chooser.spider": "رتّب كل رمز من الملك إلى الآس",
    "chooser.yukon": "انقل أي مجموعة أوراق مكشوفة",
    "chooser.golf": "أفرغ الطاولة برتبة أعلى أو أدنى",
    "chooser.pyramid": "اجمع ورقتين مجموعهما 13",
    "chooser.tripeaks": "أفرغ القمم الثلاث برتبة أعلى أو أدنى",
}
