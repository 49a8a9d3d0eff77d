### Words every game shares: who sits at the table (Spanish).

# A seat whose player has no name (yet).
seat-name = Jugador { $seat }
# Bots are named after the gem of their seat's colour (red, blue, amber, green).
bot-name = { $seat ->
    [0] Granate
    [1] Zafiro
    [2] Ámbar
   *[3] Jade
}
bot-family = { $family ->
    [random] bot aleatorio
    [greedy] bot codicioso
    [ismcts] bot de búsqueda
   *[other] bot
}
bot-level = { $level ->
    [easy] fácil
    [hard] difícil
   *[other] nivel normal
}
bot-about = { bot-family } ({ bot-level })
