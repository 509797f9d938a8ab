; The installer's own words (rami.nsi); NSIS's language files give the rest of each page.
; Arabic is darija in Arabic script, as in the game (locales/ar_MA).

LangString SecGame ${LANG_ENGLISH} "Rami (game + Start menu)"
LangString SecGame ${LANG_FRENCH} "Rami (jeu + menu Démarrer)"
LangString SecGame ${LANG_ARABIC} "الرامي (اللعبة + قائمة ابدأ)"

LangString SecDesktop ${LANG_ENGLISH} "Desktop shortcut"
LangString SecDesktop ${LANG_FRENCH} "Raccourci sur le Bureau"
LangString SecDesktop ${LANG_ARABIC} "اختصار فسطح المكتب"

LangString RunRami ${LANG_ENGLISH} "Play Rami now"
LangString RunRami ${LANG_FRENCH} "Jouer au Rami maintenant"
LangString RunRami ${LANG_ARABIC} "العب الرامي دابا"

LangString Needs64 ${LANG_ENGLISH} "Rami needs 64-bit Windows (10 or 11)."
LangString Needs64 ${LANG_FRENCH} "Rami a besoin de Windows 64 bits (10 ou 11)."
LangString Needs64 ${LANG_ARABIC} "الرامي خاصو ويندوز 64 بت (10 ولا 11)."

LangString Welcome ${LANG_ENGLISH} "Setup will install Rami ${VERSION} for you only, in your own folders: no administrator rights are needed.$\r$\n$\r$\nClick Next to continue."
LangString Welcome ${LANG_FRENCH} "Rami ${VERSION} va être installé pour vous seul, dans vos propres dossiers : aucun droit d’administrateur n’est nécessaire.$\r$\n$\r$\nCliquez sur Suivant pour continuer."
LangString Welcome ${LANG_ARABIC} "غادي نثبّتو الرامي ${VERSION} ليك بوحدك، فالدوسيات ديالك: ما خاصكش صلاحيات المسؤول.$\r$\n$\r$\nكليكي على التالي باش تكمّل."

LangString KeepsFiles ${LANG_ENGLISH} "Rami will be removed from the folder below. Your settings, saved match and statistics are kept."
LangString KeepsFiles ${LANG_FRENCH} "Rami va être supprimé du dossier ci-dessous. Vos réglages, votre partie enregistrée et vos statistiques sont conservés."
LangString KeepsFiles ${LANG_ARABIC} "الرامي غادي يتحيّد من الدوسي اللي لتحت. الإعدادات ديالك، البارتية المحفوظة والإحصائيات كيبقاو."

LangString CloseRami ${LANG_ENGLISH} "Rami is open. Close the game, then click Retry (Cancel changes nothing)."
LangString CloseRami ${LANG_FRENCH} "Rami est ouvert. Fermez le jeu, puis cliquez sur Réessayer (Annuler ne change rien)."
LangString CloseRami ${LANG_ARABIC} "الرامي مازال مفتوح. سدّ اللعبة، ومن بعد كليكي على عاود (بلاش ما كيبدّل والو)."

LangString NotAllRemoved ${LANG_ENGLISH} "Rami was opened again, so some of its files could not be removed. Close the game and uninstall Rami again from Settings > Apps."
LangString NotAllRemoved ${LANG_FRENCH} "Rami a été rouvert : certains de ses fichiers n’ont pas pu être supprimés. Fermez le jeu et désinstallez Rami à nouveau depuis Paramètres > Applications."
LangString NotAllRemoved ${LANG_ARABIC} "الرامي تحلّ عاوتاني، داكشي علاش شي فيشيات ديالو ما تحيّدوش. سدّ اللعبة وعاود حيّد الرامي من الإعدادات > التطبيقات."
