"""Russian Solitaire: a declaration of the build family."""
