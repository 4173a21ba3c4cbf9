"""File > Compare with…: the open scenario against another version, on the map and in a list.

``sources`` reads the other version (a file, the last saved file, a git revision), ``dock`` lists
the changes, ``controller`` asks which version, runs ``model.diff`` and wires the list to the map's
colouring (``editor.mapview.compare_layer``) and to the selection.
"""
