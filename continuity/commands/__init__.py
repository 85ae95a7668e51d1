"""One module per ``continuity`` subcommand (see ``continuity.cli``)."""
