"""7 Ages with the Emissaries & Neutrals expansion (rules/000 and the 7 Ages facts sheet).

The plug-in is ``spec.SPEC``; ``schema`` holds the scenario attributes, ``tables`` the rules
tables (every HOUSE DEFAULT as data; ``tablereader`` reads the JSON), ``checks`` the validator
checks and ``mapmodes`` the map modes.
"""
