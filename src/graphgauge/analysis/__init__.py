"""Old module paths kept loadable for one release (the methods moved to ``studies/``);
remove this package in the next one."""
