"""One engine per game; each is a package whose ``ENGINE`` the registry names."""
