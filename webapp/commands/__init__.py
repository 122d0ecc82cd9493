"""One module of ``arbiter`` subcommands per area (corpus, graph, search, …)."""
