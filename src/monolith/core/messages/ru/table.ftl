### Words every game shares: who sits at the table (Russian).

# A seat whose player has no name (yet).
seat-name = Игрок { $seat }
# Bots are named after the gem of their seat's colour (red, blue, amber, green).
bot-name = { $seat ->
    [0] Гранат
    [1] Сапфир
    [2] Янтарь
   *[3] Нефрит
}
bot-family = { $family ->
    [random] случайный бот
    [greedy] жадный бот
    [ismcts] бот с поиском
   *[other] бот
}
bot-level = { $level ->
    [easy] лёгкий
    [hard] сложный
   *[other] обычный уровень
}
bot-about = { bot-family } ({ bot-level })
