"""Front ends over Arbiter's functions: the ``arbiter`` command line and the web app."""
