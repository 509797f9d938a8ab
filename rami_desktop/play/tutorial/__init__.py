"""Learn to play: lessons on prepared deals, each checked by the engine, and the coach's steps.

Pure (no pygame): the lessons are data (``lessons/*.json``), the coach's words are msgids
(:mod:`.texts`), and :class:`~rami_desktop.play.tutorial.coach.LessonRun` follows the player through
a lesson; the user interface shows it on the real table.
"""
