### The coach: hints during play and reviews after it. The marks are shared with the web pages.

## A decision's mark, by how much win chance it lost against the best decision the coach found.
coach-mark = { $mark ->
    [good] good
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}
# A win chance (0-100) as a percentage.
coach-percent = { $value }%
# Win chance lost, in points of percentage.
coach-loss = −{ $value }%

## Hints in the terminal: h at any prompt.
coach-term-keys = ? rules and symbols · u take back · h hint · q quit
coach-term-help-key = - h asks the coach for the best decisions here, each with your chance of winning after it.
coach-term-hints-off = Hints are off in this game (start it with --hints to have them).
coach-term-thinking = The coach is thinking…
coach-term-hint-title = The coach's best decisions for you:
coach-term-win = { $win }% to win
coach-term-unsure = The first ones are too close to call.
coach-term-forced = This is the only decision you can take.

## Reviews in the terminal: monolith review FILE.
coach-review-not-over = { $file } holds a game that is not over yet; play it to the end first, with --resume.
coach-review-judging = The coach judges the decisions
coach-review-title = The coach's review of { $game } ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    })
coach-review-seat = { $name }: { $decisions ->
        [0] no decision to judge
        [one] 1 decision judged
       *[other] { $decisions } decisions judged
    } · { $blunder ->
        [one] 1 blunder
       *[other] { $blunder } blunders
    } · { $mistake ->
        [one] 1 mistake
       *[other] { $mistake } mistakes
    } · { $inaccuracy ->
        [one] 1 inaccuracy
       *[other] { $inaccuracy } inaccuracies
    }
coach-review-graph = Win chance after each decision:
coach-review-all-good = No decision lost enough win chance to mark.
coach-review-col-move = Move
coach-review-col-chosen = Played
coach-review-col-best = The coach's choice
coach-review-col-win = Win chance
coach-review-col-loss = Lost
coach-review-col-mark = Mark
coach-review-same = the same
coach-review-hidden = a hidden decision
coach-review-unsure = (not sure)
