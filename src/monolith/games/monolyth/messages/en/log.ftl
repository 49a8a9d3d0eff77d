### Monolyth's menu entries (mono-choose-*: said to the player choosing) and log lines
### (mono-log-*: $actor_you is "yes" for the reader's own moves).

mono-choose-place = Take the { $colour } { $shape } ({ $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }) and place it on { $span ->
        [1] level { $low }
       *[other] levels { $low }–{ $high }
    }
mono-choose-swap = Take the { $colour } { $shape } ({ $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }), set it aside and place a single { $colour } cube on level { $low }
mono-choose-prophecy = Take the prophecy { $value } for your { $side } side: { $value } { $edge } cubes in that wall
mono-choose-pass = Pass: you have no legal move

mono-log-place = { $actor_you ->
    [yes] You take the { $colour } { $shape } and place it on { $span ->
            [1] level { $low }
           *[other] levels { $low }–{ $high }
        }.
   *[no] { $actor } takes the { $colour } { $shape } and places it on { $span ->
            [1] level { $low }
           *[other] levels { $low }–{ $high }
        }.
}
mono-log-swap = { $actor_you ->
    [yes] You set the { $colour } { $shape } aside and place a single { $colour } cube on level { $low }.
   *[no] { $actor } sets the { $colour } { $shape } aside and places a single { $colour } cube on level { $low }.
}
mono-log-prophecy = { $actor_you ->
    [yes] You take the prophecy { $value } for your { $side } side: { $value } { $edge } cubes in that wall.
   *[no] { $actor } takes the prophecy { $value } for the { $side } side: { $value } { $edge } cubes in that wall.
}
mono-log-pass = { $actor_you ->
    [yes] You have no legal move and pass.
   *[no] { $actor } has no legal move and passes.
}
mono-log-level-token = { $actor_you ->
    [yes] You complete level { $level } and take its token worth { $value }.
   *[no] { $actor } completes level { $level } and takes its token worth { $value }.
}
mono-log-level-no-token = { $actor_you ->
    [yes] You complete level { $level }, but none of its tokens is left.
   *[no] { $actor } completes level { $level }, but none of its tokens is left.
}
mono-log-structure-token = { $actor_you ->
    [yes] Your monolith fits the structure card: you take the structure token worth { $value }.
   *[no] { $actor }'s monolith fits the structure card: the structure token worth { $value } is theirs.
}
mono-log-rival = The rival takes the { $colour } { $shape } from the ring.
mono-log-last-round-complete = { $actor_you ->
    [yes] You complete your monolith: this round is the last.
   *[no] { $actor } completes their monolith: this round is the last.
}
mono-log-last-round-supply = The pieces have run out: this round is the last.
mono-log-all-passed = Nobody can move any more: the game ends.
mono-log-setup = { $actor_you ->
    [yes] You start. The structure card is { $card }: { $card_text }
   *[no] { $actor } starts. The structure card is { $card }: { $card_text }
}
