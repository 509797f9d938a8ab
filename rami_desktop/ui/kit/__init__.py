"""The screens' ground: the theme (colours, sizes, the scale), text (fonts, right-to-left,
wrapping), card art and the seats' faces, sound, the keys held, the clipboard, a frame saved as
an image. No widget, no scene."""
