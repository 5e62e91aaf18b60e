"""statewise: verified operational memory and evidence gates for coding agents."""

__version__ = "0.1.0"
