### The end of a solo game: the final score placed on the scale of solo ratings, whose names are
### the content's rating-<key> (in English, the titles in content/tokens.toml). The terminal and
### the web table both say it with these.

mono-solo-title = Solo rating
mono-solo-scored = { $player_you ->
        [yes] You scored
       *[no] { $player } scored
    } { $score ->
        [one] 1 point
       *[other] { $score } points
    }: { $rating }
mono-solo-short = { $missing ->
        [one] 1 point
       *[other] { $missing } points
    } short of { $rating } (from { $minimum ->
        [one] 1 point
       *[other] { $minimum } points
    }).
mono-solo-top = That is the highest rating.
mono-solo-rating = Rating
mono-solo-points = Points
mono-solo-range = { $min }–{ $max }
mono-solo-range-open = { $min } or more
