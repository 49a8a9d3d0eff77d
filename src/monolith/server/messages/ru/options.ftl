### Values of the games' rule options as the lobby names them (Russian).

# tower: how dropped hearts land
choice-uniform = равномерная
choice-sticky = липкая
# draft: how shamans are given out
choice-off = нет
choice-bid = со ставками
