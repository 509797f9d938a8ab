"""What the screens say in words and not the engine's codes: a round's result and review, a
replay's and the journal's problems, the network's words and the invite's, the teams, what
happened to the autosave."""
