### Words every game shares: who sits at the table.

# A seat whose player has no name (yet).
seat-name = Player { $seat }
# Bots are named after the gem of their seat's colour (red, blue, amber, green), so that two bots
# at one table never share a name.
bot-name = { $seat ->
    [0] Garnet
    [1] Sapphire
    [2] Amber
   *[3] Jade
}
bot-family = { $family ->
    [random] random bot
    [greedy] greedy bot
    [ismcts] searching bot
   *[other] bot
}
bot-level = { $level ->
    [easy] easy
    [hard] hard
   *[other] default level
}
bot-about = { bot-family } ({ bot-level })
