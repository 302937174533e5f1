"""Offline knowledge for Mango: SGF reading, pattern learners and the shipped pattern tables."""
