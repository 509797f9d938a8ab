"""The game's help on screen: the rules' pages and their pictures, the tutorial's coach
bubble."""
