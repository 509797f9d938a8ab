"""The wire: what a host and its joiners say to each other, versioned (docs/dev/protocol.md): the
messages and their strict decoding, a seat's view, the updates that tell what changed, the
review's findings, the refusals' codes, the table codes and the invite's line."""
