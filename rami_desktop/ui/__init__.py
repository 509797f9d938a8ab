"""The pygame-ce user interface: the screens and what they are drawn with.

Its rooms import one way (kit <- widgets <- stage <- words, help <- pieces <- table <- scenes
<- net_table); what each holds: docs/dev/architecture.md.
"""
