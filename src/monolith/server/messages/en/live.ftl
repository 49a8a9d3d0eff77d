# The live connection when the server has no room for it, and decisions sent on it.
conn-polling = Refreshing
conn-polling-help = So many people have this match open that live updates are full; the table asks the server for news every few seconds instead.
error-too_many_sockets = So many people have this match open that live updates are full. The table refreshes every few seconds instead.
error-connection_lost = The connection dropped before the server answered. The table shows whether your move was taken.
