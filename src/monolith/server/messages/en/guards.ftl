### Refusals of the table's guards against abuse: too many requests, expired matches, names that
### cannot be shown as they read, requests that arrive too slowly.

error-rate_limited = { $retry_after ->
    [one] Too many requests from your address. Try again in { $retry_after } second.
   *[other] Too many requests from your address. Try again in { $retry_after } seconds.
}
error-expired = Nobody joined this match in time, so it has expired. Start a new one.
error-bad_name = { $reason ->
    [control] That name holds a control character. Type it again without it.
    [bidi] That name holds a character that turns the direction of the text, which could make it look like another name.
    [invisible] That name holds an invisible character. Type it again without it.
    [too_long] That name is too long: 40 characters at most.
    [empty] A name needs at least one visible character.
    [marks] That name stacks too many accents on one letter: 2 at most.
   *[other] That name cannot be used.
}
error-too_slow = The request took too long to arrive. Try again.
