"""Mrs Mop: a declaration of the build family, dealt from two decks."""
