"""7 Ages with the Emissaries & Neutrals expansion (rules/000 and the 7 Ages facts sheet).

The plug-in is ``spec.SPEC``; ``schema`` holds the scenario attributes, ``tables`` the rules
tables (every HOUSE DEFAULT as data), ``checks`` the validator checks, ``mapmodes`` the map modes.
"""
