"""The About page's strings, in English and Arabic (issue 37). The names of the works and their
licences (SPDX ids) and the licence texts themselves are shown as published, in English."""

EN: dict[str, str] = {
    "menu.about": "About",
    "about.title": "About Solitaire",
    "about.version": "Version {version}",
    "about.licence": "Solitaire is free software under the MIT licence: you may use, change and "
                     "share it, as its text says.",
    "about.read_licence": "Licence",
    "about.uses": "Built on the work of",
    "about.uses_note": "The people and projects whose work the game uses or its executable carries. "
                       "Choose one to read its licence.",
    "about.by": "By {by}",
    "about.text_note": "Licences are shown in their original language.",
}

AR: dict[str, str] = {
    "menu.about": "حول اللعبة",
    "about.title": "حول السوليتير",
    "about.version": "الإصدار {version}",
    "about.licence": "السوليتير برنامج حرّ بترخيص MIT: لك أن تستعمله وتغيّره وتشاركه كما ينصّ الترخيص.",
    "about.read_licence": "الترخيص",
    "about.uses": "بُنيت على عمل",
    "about.uses_note": "الأشخاص والمشاريع الذين تستعمل اللعبة عملهم أو يحمله ملفها التنفيذي. "
                       "اختر واحدًا لقراءة ترخيصه.",
    "about.by": "من: {by}",
    "about.text_note": "تُعرض التراخيص بلغتها الأصلية.",
}
