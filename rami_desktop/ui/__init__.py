"""The pygame-ce user interface: scenes, sprites, text, sound."""
