"""The command line: parse, make one library call, render. The only package importing typer and rich."""
