## The coach's reasons: what its choice does that the move played does not (monolith review).

## Each reads after the coach's choice, as a clause: "March 3 warriors from Eastmarch — takes control of Ink Orchard".
tm-reason-favor = scores { $favor ->
        [one] one more favor
       *[other] { $favor } more favor
    }
tm-reason-keep-control = keeps control of { $space }, which { $against ->
       [next] the next choice
      *[other] your move
    } gives up
tm-reason-take-control = takes control of { $space }
tm-reason-slay = slays { $count ->
        [one] one more enemy warrior
       *[other] { $count } more enemy warriors
    }
tm-reason-hearts = { $hearts ->
        [one] one more heart goes
       *[other] { $hearts } more hearts go
    } to your { $to ->
        [slay] slay zone
        [maneuver] maneuver zone
        [boast] boast zone
        [tower] tower
        [bids] bids
       *[available] available pool
    } instead of { $away ->
        [slay] the slay zone
        [maneuver] the maneuver zone
        [boast] the boast zone
        [tower] the tower
        [bids] your bids
       *[available] your available pool
    }
tm-reason-warriors = keeps { $count ->
        [one] one more warrior
       *[other] { $count } more warriors
    } on the map
