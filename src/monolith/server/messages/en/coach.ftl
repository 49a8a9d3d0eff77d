### The coach on the web table: hints during play, the review in the replay.

## Hints on or off, chosen when the match is created.
coach-hints_on = Hints on
coach-hints_off = Hints off
coach-hints_on_tip = Players at this match may ask the coach for the best decisions.
coach-hints_off_tip = Nobody at this match can ask the coach for hints.
coach-lobby_hints = Coach hints
coach-lobby_hints_help = Players may ask the coach for the best decisions during play. Off by default when several people play.

## A hint at the table.
coach-hint = Hint
coach-hint_help = Ask the coach for the best decisions here (H)
coach-hint_wait = The coach answers when it is your decision.
coach-hint_title = The coach suggests
coach-hint_close = Close the hint
coach-hint_thinking = The coach is thinking…
coach-hint_win = { $win }% to win
coach-hint_unsure = These are too close to call.
coach-hint_forced = This is the only decision you can take.
coach-hint_all = All suggestions
coach-show_board = Show on the board
coach-hide_board = Back to the move played
error-hints_off = This match was created without hints.
error-coach_busy = The coach is busy; ask again in a moment.

## The review in the replay.
coach-review = The coach's review
coach-review_queued = The coach will review this match in a moment.
coach-review_running = The coach is reviewing the match: { $done } of { $total } decisions.
coach-review_failed = The coach could not review this match.
coach-review_none = Only bots played this match, so there is nothing to review.
coach-summary = { $decisions ->
        [one] 1 decision judged
       *[other] { $decisions } decisions judged
    } — { $blunder ->
        [one] 1 blunder
       *[other] { $blunder } blunders
    }, { $mistake ->
        [one] 1 mistake
       *[other] { $mistake } mistakes
    }, { $inaccuracy ->
        [one] 1 inaccuracy
       *[other] { $inaccuracy } inaccuracies
    }.
coach-first = { $mark ->
    [blunder] first blunder
    [mistake] first mistake
   *[inaccuracy] first inaccuracy
}
coach-graph_label = Each reviewed player's chance of winning after each of their decisions, move by move
coach-graph_moves = { $n ->
        [one] 1 move
       *[other] { $n } moves
    }
coach-step_mark = { $you ->
    [yes] { $mark ->
            [good] A good decision of yours.
            [inaccuracy] Your inaccuracy.
            [mistake] Your mistake.
           *[blunder] Your blunder.
        }
   *[no] { $mark ->
            [good] A good decision by { $name }.
            [inaccuracy] An inaccuracy by { $name }.
            [mistake] A mistake by { $name }.
           *[blunder] A blunder by { $name }.
        }
}
coach-you = You
coach-win_after = Chance of winning after it: { $chosen }%; with the coach's choice: { $best }%.
coach-lost = { $loss }% of win chance lost
coach-agrees = The coach would have done the same.
coach-preferred = The coach preferred:
coach-board_before = The board shows the position before the move, with the coach's choice marked.
coach-hidden = Only { $name } saw the options of this decision, so the coach names them to { $name } alone.
coach-unsure = The coach is not sure of this one: its searches disagree.
coach-thresholds = Marks by the chance of winning lost against the coach's choice: an inaccuracy from { $inaccuracy }%, a mistake from { $mistake }%, a blunder from { $blunder }%.

## What the coach's choice does, in the game's terms, and the line it expects after it.
coach-hint_why = Why first: { $reason }
coach-hint_chosen = It is ready on the table: one press plays it.
coach-why = Why: { $reason }
coach-line = Then the coach expects:
coach-board_line = The board shows the position before the move: the coach's choice marked, and the moves it expects after it numbered.
coach-prev_mark = Previous marked decision
coach-next_mark = Next marked decision
coach-mark_of = Marked decision { $k } of { $n }
coach-marks_count = { $n ->
        [one] 1 marked decision
       *[other] { $n } marked decisions
    }
coach-open_review = The coach's review
