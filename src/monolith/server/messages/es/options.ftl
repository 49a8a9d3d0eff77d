### Values of the games' rule options as the lobby names them (Spanish).

# tower: how dropped hearts land
choice-uniform = uniforme
choice-sticky = pegajosa
# draft: how shamans are given out
choice-off = no
choice-bid = por pujas
