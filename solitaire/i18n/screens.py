"""The strings of issue 22's screens, in English and Arabic: the player's name before a first
network duel, the lobby's clipboard, the dropped connection's banner, an opponent who left, the
title's Continue, the win panel's records and the Settings' pages. ``en`` and ``ar`` take them
into their tables (each table stays a file of readable length).
"""

EN: dict[str, str] = {
    "net.name.title": "Your name",
    "net.name.about": "The other player sees this name during the duel. Settings → Network changes it later.",
    "net.name.placeholder": "Type your name",
    "net.name.ok": "Continue",
    "net.name.empty": "Type a name the other player will know you by.",
    "net.join.paste": "Paste",
    "net.join.nothing_to_paste": "The clipboard holds no text: copy the duel code first, or type it.",
    "net.gone.banner": "Connection to {name} lost: waiting {seconds} s for a comeback",
    "duel.left.you": "{name} left: you win!",
    "duel.left.opponent": "{name} left, but wins on points",
    "duel.left.tie": "{name} left: a tie on points",
    "duel.left.beats": "Your opponent left with {opponent}: you win with this",
    "duel.left.level": "Your opponent left with {opponent}: this ties with it",
    "duel.left.behind": "Your opponent left with {opponent}: play on to pass it",
    "menu.continue_game": "Continue {game} · {mode}",
    "win.code": "Deal {code}",
    "win.best": "Best score {score}",
    "win.new_best": "A new best score",
    "win.streak": "Winning streak {n}",
    "win.same_deal": "Same deal again",
    "win.new_deal": "New deal",
}

AR: dict[str, str] = {
    "net.name.title": "اسمك",
    "net.name.about": "يرى اللاعب الآخر هذا الاسم أثناء المبارزة. يمكنك تغييره لاحقًا من الإعدادات ← الشبكة.",
    "net.name.placeholder": "اكتب اسمك",
    "net.name.ok": "متابعة",
    "net.name.empty": "اكتب اسمًا يعرفك به اللاعب الآخر.",
    "net.join.paste": "لصق",
    "net.join.nothing_to_paste": "لا يوجد نص في الحافظة: انسخ رمز المبارزة أولًا، أو اكتبه.",
    "net.gone.banner": "انقطع الاتصال بـ {name}: ننتظر عودته {seconds} ث",
    "duel.left.you": "غادر {name}: لقد فزت!",
    "duel.left.opponent": "غادر {name}، لكنه يفوز بالنقاط",
    "duel.left.tie": "غادر {name}: تعادل بالنقاط",
    "duel.left.beats": "غادر خصمك بمجموع {opponent}: تفوز بهذا المجموع",
    "duel.left.level": "غادر خصمك بمجموع {opponent}: تتعادل معه بهذا المجموع",
    "duel.left.behind": "غادر خصمك بمجموع {opponent}: واصل اللعب لتتجاوزه",
    "menu.continue_game": "متابعة {game} · {mode}",
    "win.code": "التوزيعة {code}",
    "win.best": "أفضل نتيجة {score}",
    "win.new_best": "أفضل نتيجة جديدة",
    "win.streak": "سلسلة الفوز {n}",
    "win.same_deal": "التوزيعة نفسها مجددًا",
    "win.new_deal": "توزيعة جديدة",
}
