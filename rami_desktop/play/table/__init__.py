"""The one table every screen talks to (:class:`~.table.Table`, over a local or a remote source)
and the helpers the screens use with it: staging, the advisor, the clock, the hand's order on
screen."""
