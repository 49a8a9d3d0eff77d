### Terminal play (`monolith play`): what every game's screen shares.

## Who sits at the table.
term-title = { $game }: { $players ->
        [one] 1 player
       *[other] { $players } players
    }, seed { $seed }
# $kind: you (the only human at this keyboard), human (hot seat), bot ($about says which bot).
term-seat = { $kind ->
        [you] { $name } (you)
        [human] { $name }
       *[bot] { $name } ({ $about })
    }
term-resumed = Resumed from { $file } after { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }.
term-save-failed = cannot save the game to { $file }: { $reason }
term-saving = Every move is saved to { $file }.

## Keys, help and undo.
term-keys = ? rules and symbols · u take back · q quit
term-help-title = Rules of { $game }
term-help-symbols = Symbols on the screen
term-help-keys-title = Keys
term-help-keys =
    Type the number or letter of a choice and press Enter.
    - ? shows this help, wherever you are asked something.
    - u takes back your own last decision, while nobody has decided since and it drew or revealed nothing.
    - b goes back to the previous menu.
    - q quits: the game is abandoned (with --save, --resume continues it).
# The heading of the part of a game's rules summary that is about the browser's table; the
# terminal leaves that part out of its help.
term-undone = { $actor_you ->
        [yes] You take back: { $what }
       *[no] { $actor } takes back: { $what }
    }
term-undo-nothing = There is no decision of yours to take back.
term-undo-since = { $actor } has decided since: your last decision stands.
term-undo-revealed = Your last decision drew or revealed something: it cannot be taken back.

## Hot seat.
term-pass = Pass the keyboard to { $name }.
term-pass-ready = { $name }, press Enter when you are ready:{" "}
term-since = Since your last turn:
term-so-far = Before your first turn:

## Choosing from a list (games without their own chooser).
term-choose = Choose 1–{ $count } (q quit):{" "}
term-choose-number = Type a number from 1 to { $count }.
term-not-allowed = That move is not allowed now.

## The end.
term-game-over = Game over
term-ranking = Final ranking
term-place = Place
term-player = Player
term-score = Score
term-breakdown = How the score was made
term-abandoned = Game abandoned after { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }.
term-abandoned-resume = Continue it with: monolith play { $game } --resume { $file }
term-abandoned-seed = Start the same game again with: { $command }

## Resuming a saved game: why a file is refused.
term-resume-unreadable = cannot read { $file }: { $reason }
term-resume-not-record = { $file } is not a saved game
term-resume-other-game = { $file } holds a game of { $other }, not { $game }
term-resume-no-replay = { $file } does not replay: its moves do not lead to the position it records
term-resume-over = the game in { $file } is already over
term-resume-players = { $file } holds a game for { $players ->
        [one] 1 player
       *[other] { $players } players
    }, not { $asked }
term-resume-seed = { $file } holds its own seed: leave out --seed, or give the same one
