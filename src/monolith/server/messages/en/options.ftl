### Values of the games' rule options as the lobby names them (option-* and choice-* in page.ftl
### name the options themselves and the shared values).

# tower: how dropped hearts land
choice-uniform = even
choice-sticky = sticky
# draft: how shamans are given out
choice-off = off
choice-bid = by bids
