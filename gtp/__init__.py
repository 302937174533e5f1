"""Mango's front ends: the GTP protocol and the `mango` command line. The engine never prints;
these own stdout."""
