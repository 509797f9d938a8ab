"""Learn to play: lessons on prepared deals, each checked by the engine, and the coach's steps.

Pure (no pygame): the lessons are data (``lessons/*.json``), the coach's words are msgids
(:mod:`.texts`), and :class:`~rami_desktop.play.tutorial.coach.LessonRun` follows the player through
a lesson. :class:`~rami_desktop.play.tutorial.open_hand_coach.OpenHandCoach` puts a lesson on
the real table: the screen shows the player's seat view, and only the coach reads the whole
round (Bot's hand too), on purpose.
"""
