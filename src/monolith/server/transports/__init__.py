"""The ways a request reaches the door (:mod:`monolith.server.door`), each a thin adapter over
it: the HTTP protocol answering a move's two requests itself (:mod:`.protocol`), the fast lane in
front of the app for the same two (:mod:`.fastlane`) and the match socket (:mod:`.channel`). The
checks, budgets and refusals are the door's; a transport only reads requests and writes answers.
"""
