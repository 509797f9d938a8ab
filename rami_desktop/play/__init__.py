"""The game behind every screen: the session, what a seat may know, the table, the tutorial.

Its rooms import one way (view, game <- keep <- review <- session <- table <- tutorial); what
each holds: docs/dev/architecture.md. Nothing here imports pygame nor the network.
"""
