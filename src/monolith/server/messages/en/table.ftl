### The frame around every table: refusals, taking a seat back, invitations, undo, accessibility.

## Why Undo is unavailable (the state's undo_blocked; also the cannot_undo refusal).
undo-blocked = { $reason ->
    [spectator] Spectators cannot take moves back.
    [finished] The match is over.
    [taken_over] A bot plays your seat; take it back first.
    [nothing] Nothing has been played yet.
    [not_yours] The last move was { $last }'s. You can take back only your own move, while it is the last one.
    [by_bot] A bot made that move for you, so it stands.
    [revealed] That move revealed something hidden or random, so it stands.
    [passed] It is { $now }'s decision now, so your move stands.
   *[other] Nothing can be taken back now.
}
undo-blocked-label = Undo is unavailable

## Refusals, by the server's code; the server's English sentence is shown only as a detail.
error-bad_token = This browser does not hold the key to that seat.
error-not_your_seat = { $reason ->
    [taken_over] A bot plays your seat now; take it back first.
    [turn] It is { $to_move }'s decision, not yours.
    [other_seat] That seat is not yours.
   *[other] That is not your decision.
}
error-unknown_match = There is no such match.
error-unknown_seat = There is no such seat at this match.
error-stale_version = The table moved on before your move arrived. Look again and decide.
error-malformed = Your move could not be read.
error-illegal = The rules do not allow that move.
error-too_large = That request is too large.
error-finished = The match is over; nothing can change any more.
error-not_started = The match waits for every seat to be taken.
error-cannot_undo = { undo-blocked }
error-seat_taken = Someone has already taken that seat.
error-not_taken_over = You play this seat already.
error-not_finished = The replay opens once the match is over.
error-bad_options = The match cannot be set up that way.
error-damaged = This match's record is damaged, so it cannot go on.
error-network = The server cannot be reached right now; nothing was sent. Try again when the table shows Live.
error-internal = The server failed on that request. Nothing you did was lost; the table reloads.
error-unknown = The server refused that.
error-detail = Details from the server

## A seat a bot plays because its human ran out of time or left.
takeover-you = { $reason ->
    [timeout] Time ran out: { $bot } plays for you.
    [left] You left the table: { $bot } plays for you.
   *[other] { $bot } plays for you.
}
takeover-you_lead = You can take your seat back at any time until the match ends.
takeover-reclaim = Take my seat back
takeover-others = { $reason ->
    [timeout] Time ran out for { $name }: { $bot } plays that seat until they take it back.
    [left] { $name } left the table: { $bot } plays that seat until they take it back.
   *[other] { $bot } plays for { $name } until they take the seat back.
}
takeover-row = { $reason ->
    [timeout] { $bot } plays: time ran out
    [left] { $bot } plays: left the table
   *[other] { $bot } plays
}
takeover-back = Your seat is yours again.

## Inviting players to the table.
invite-button = Invite
invite-title = Invite players
invite-lead = Send each friend the link of one open seat. Anyone with the spectator link can watch.
invite-open_seats = { $n ->
    [0] Every seat is taken.
    [one] { $n } seat is open.
   *[other] { $n } seats are open.
}
invite-copy_seat = Copy the link for seat { $n }
invite-copy_spectators = Copy the spectator link
invite-copy = Copy
invite-copy_failed = The browser would not copy; select the link and copy it yourself.
invite-close = Close the invitations
invite-button_watch = Invite to watch
invite-title_watch = Invite spectators
invite-lead_watch = Every seat is taken. Anyone with this link can watch the match.

## The frame: players, log, dialogs, shortcuts.
frame-created = Match created. Invite players with the links on the table.
frame-created_full = Match created. Every seat is taken: the game begins.
frame-name_first = Enter your name first: it is how the other players see you.
frame-players_label = Players and who is to move
frame-to_move = to move
frame-your_turn_sr = your turn
frame-played_by_bot = played by a bot: { $about }
frame-connected = online
frame-disconnected = offline
frame-log_label = Game log, oldest first
frame-leave_title = Leave this match?
frame-leave_body = A bot plays your seat while you are away. Come back to this match from the lobby to take it back.
frame-leave_ok = Leave the match
frame-left = You left. A bot plays your seat; resume the match from the lobby to take it back.
frame-clock = { $min ->
    [0] { $sec ->
        [one] { $sec } second left for this decision
       *[other] { $sec } seconds left for this decision
    }
   *[other] { $min } min { $sec } s left for this decision
}
frame-replay_setup = The table at setup
frame-replay_step = Move { $k } of { $n }
keys-title = Keyboard shortcuts
keys-replay-step = ← →: one move back or forward
keys-replay-ends = Home / End: the setup / the last move
keys-replay-play = Space: play or pause
keys-dialog = Esc: close a dialog
