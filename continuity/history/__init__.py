"""What git says: the git command line, the tree's history as data, and each entry's provenance."""
