"""Many tables in one headless host (``rami-host``): the hall's loop and which tables ring, a
table's spec and ``table.json``, a kept table coming back, the kept tables' commits, the tables
nobody joins expiring, and the loops with no window."""
