"""Pieces of screens, drawn from the kit and the words: a seat's row in the setup and its face
picker, the setup's places, the round summary's rows, the review panel, the winner's
celebration."""
