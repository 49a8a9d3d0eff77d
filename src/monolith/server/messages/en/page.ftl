### The web table's own words: the lobby, the frame around every table, replays and help.

ui-language = Language
ui-rules = Rules
ui-rules_help = Rules help
ui-close = Close
ui-cancel = Cancel
ui-confirm = Confirm
lobby-title = Build, scheme and play
lobby-lead = Start a match of any game here with friends or bots. Share a seat link with each friend; every move is saved the moment it is made.
lobby-your_name = Your name
lobby-name_needed = Please enter your name first.
lobby-new_match = New match
lobby-loading = Loading…
lobby-players = Players
lobby-players_range = { $min }–{ $max } players
lobby-seats = Seats
lobby-seat_n = Seat { $n }
lobby-human = Human player
lobby-bot_level = Bot: { $bot } ({ $level })
lobby-clock = Turn clock
lobby-clock_help = Time per decision; when it runs out a bot plays for the seat.
lobby-clock_none = No clock
lobby-clock_s = { $n } seconds
lobby-create = Create match
lobby-copied = Link copied.
lobby-spectators = Spectators
lobby-matches = Open and running matches
lobby-no_matches = No matches yet. Create one!
lobby-open_seat = open seat
lobby-resume = Resume seat { $n }
lobby-join_seat = Join seat { $n }
lobby-watch = Watch
lobby-replay = Replay
choice-random = random
choice-true = yes
choice-false = no
# The line for a browser without JavaScript: index.html holds it in every language (test_page_modules).
page-noscript = This table needs JavaScript.
status-open = open
status-running = running
status-finished = finished
join-title = Take seat { $n }
join-lead = Choose the name the other players will see. Your seat is kept in this browser.
join-sit = Sit down
join-game = A game of { $game }.
join-invited = { $who } invites you to a game of { $game }.
join-seat_free = Seat { $n } is free.
join-seat_taken = Seat { $n } is already taken: you can watch the game.
join-seat_over = This match is over: you can watch it.
conn-connecting = Connecting…
conn-connected = Live
conn-reconnecting = Reconnecting…
conn-connecting-help = Opening the live connection to the server.
conn-connected-help = Connected: moves appear as soon as they are made.
conn-reconnecting-help = The connection dropped; trying again. Nothing you did is lost.
table-loading = Setting up the table…
table-players = Players
table-player = Player
table-player_n = Player { $n }
table-log = Game log
table-you = you
table-bot_help = A bot plays this seat on the server.
table-bot_tag = BOT
table-online = online
table-offline = offline
table-your_turn = Your turn
table-waiting_for = Waiting for { $name }
table-waiting_players = Waiting for players to join
table-finished = Game over
table-game_over = Game over
table-score = Score
table-refused = Refused:
table-undo = Undo
table-undo_help = Take back your last action (only while it revealed nothing new).
table-leave = Leave
table-leave_help = Leave the match; a bot takes over your seat.
table-spectating = You are watching
table-watch_replay = Watch the replay
table-back_lobby = Back to the lobby
table-no_match = No such match
table-your_options = Your options
table-nothing_to_do = Nothing to do right now.
table-raw_view = Everything you see (raw)
replay-title = Replay
replay-first = First
replay-prev = Back
replay-next = Forward
replay-last = Last
replay-play = Play
replay-pause = Pause
replay-position = Position
replay-step_of = step { $k } of { $n }
replay-unavailable = No replay yet
help-table = 
    # Using the table
    - Hover anything for a tooltip. Your turn is announced in gold at the top.
    - The dot at the top right shows the live connection; if it drops, the table reconnects by itself and nothing is lost.
    - A refused action is explained in red; the table stays as it was.
    - Every finished match has a replay you can step through.
    - In a replay, ← → step through the moves and Space plays them.
table-no_moves = No moves yet.
table-log_times = { $count } times
conn-failed = Not connected
conn-failed-help = The server refused the live connection for this match.
table-bad_token = This seat is not yours in this browser

