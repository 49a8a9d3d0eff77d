"""The coach at the web table: a review of every finished match, and hints during play.

Both are searches from one seat's view (:mod:`monolith.bots.coach`), worked out by the compute
service (:mod:`monolith.compute`) at the lowest priority, so the event loop never waits on them and
live play keeps the machine first. A review starts when a match's last action is committed, judges
its decisions (its progress is visible meanwhile) as background work that takes turns with other
matches' work, and is kept in the ``reviews`` table: it is worked out once. A hint is a search a
player waits for: it goes before any review's decisions.

What the review names is for its reader: a decision whose options only its player could list (an
objective kept, or which one to reveal) is named to that player alone; everyone else reads its
numbers and its mark.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
from dataclasses import dataclass
from typing import Any, TypeVar

from monolith.bots.coach import HINT, REVIEW, CoachBudget, evaluate, follow
from monolith.bots.reasons import consequence_in_view
from monolith.bots.review import (
    MARKS,
    THRESHOLDS,
    DecisionTask,
    Option,
    Verdict,
    judge,
    shown_to_all,
    summarize,
    tasks_for,
)
from monolith.compute import Compute, Priority, WorkerLost
from monolith.core import AnyGame, GameError, JsonDict
from monolith.core.companions import AGAINST_NEXT
from monolith.core.i18n import to_json
from monolith.games import get_game
from monolith.server.live import LiveMatch
from monolith.server.master import MatchMaster
from monolith.server.refusals import Refused
from monolith.server.settings import Settings
from monolith.server.storage import ReviewRow, StoredReview, utcnow

log = logging.getLogger("monolith.server")
T = TypeVar("T")

HINT_CHOICES = 3
"""Decisions a hint names, best first."""

HINTS_AT_ONCE = 4
"""Hints worked out at the same time, over every match; more are refused until one is done."""


REVIEW_ATTEMPTS = 2
"""Times a review is started before a worker dying under it marks it failed: a worker lost once
(a stop signalled to the whole process group, the kernel short of memory) is not the match's
fault."""

RETRY_SECONDS = 1.0
"""The pause before a review whose worker died starts again (a server stopping ends meanwhile,
leaving the review to its next start)."""


def hint_answer(game_name: str, view: JsonDict, seat: int, iterations: int, seed: int) -> JsonDict:
    """The coach's best decisions from ``view``, each with the line it expects after it, and
    what the best one does that the next best does not (a worker process runs this)."""
    game = get_game(game_name)
    budget = CoachBudget(iterations=iterations, runs=HINT.runs)
    found = evaluate(game, view, seat, budget=budget, seed=seed, top=HINT_CHOICES)
    shown = found.decisions[:HINT_CHOICES]
    reason = None
    if len(shown) > 1:  # weighed against the next choice: no move was played yet
        first, second = shown[0].action, shown[1].action
        why = consequence_in_view(game, view, seat, second, first, seed=seed, against=AGAINST_NEXT)
        reason = None if why is None else to_json(why)
    return {
        "win": found.win,
        "unsure": found.unsure(),
        "iterations": found.iterations,
        "legal": found.legal,
        "reason": reason,
        "decisions": [
            {
                "id": d.action_id,
                "win": d.win,
                "spread": d.spread,
                "visits": d.visits,
                "score": d.score,
                "place": d.place,
                "line": list(d.line),
            }
            for d in shown
        ],
    }


def judge_explained(task: DecisionTask, public_view: JsonDict) -> tuple[Verdict, JsonDict]:
    """A decision judged (:func:`~monolith.bots.review.judge`) and, when it is marked, what the
    coach's choice does that the decision played does not (:mod:`monolith.bots.reasons`),
    twice: from the deciding seat's view, for that seat, and from ``public_view`` (a
    spectator's), for every other reader, which then rests on nothing hidden (a worker process
    runs this)."""
    verdict = judge(task)
    reasons: JsonDict = {"reason": None, "reason_public": None}
    if verdict.mark == "good" or verdict.chosen.id == verdict.best.id:
        return verdict, reasons
    game = get_game(task.game)
    chosen, best = game.action_from_id(verdict.chosen.id), game.action_from_id(verdict.best.id)
    for key, view in (("reason", task.view), ("reason_public", public_view)):
        why = consequence_in_view(game, view, task.seat, chosen, best, seed=task.seed)
        reasons[key] = None if why is None else to_json(why)
    return verdict, reasons


@dataclass
class Progress:
    """A review waiting or under way: how many decisions it judges and has judged."""

    started: bool = False
    done: int = 0
    total: int = 0


class Coach:
    """Reviews and hints for one app's matches."""

    def __init__(self, master: MatchMaster, settings: Settings, compute: Compute) -> None:
        self.master = master
        self.settings = settings
        self.compute = compute
        self.jobs: dict[str, Progress] = {}
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._runner: asyncio.Task[None] | None = None
        self._hints: dict[str, tuple[int, int, asyncio.Task[JsonDict]]] = {}
        """Per match, the latest hint asked: its version, its seat and its answer."""
        self._hints_running = 0
        self._lost: dict[str, int] = {}
        """Per match, the review attempts whose worker died under them."""

    # Lifecycle -----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Follow finished matches, and take up the reviews a stopped server left unfinished."""
        self.master.on_finished.append(lambda live: self.enqueue(live.id))
        for match_id in await asyncio.to_thread(self._unfinished):
            self.enqueue(match_id)
        self._runner = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner

    # Reviews -------------------------------------------------------------------------------------

    def enqueue(self, match_id: str) -> None:
        """Review ``match_id`` after the reviews already waiting (once, however often asked)."""
        self._hints.pop(match_id, None)
        if match_id not in self.jobs:
            self.jobs[match_id] = Progress()
            self._queue.put_nowait(match_id)

    async def _run(self) -> None:
        while True:
            match_id = await self._queue.get()
            again = False
            try:
                await self._review(match_id)
            except asyncio.CancelledError:
                raise
            except WorkerLost as error:
                lost = self._lost[match_id] = self._lost.get(match_id, 0) + 1
                again = lost < REVIEW_ATTEMPTS
                if again:
                    log.warning("match %s: a coach worker ended during its review; again", match_id)
                else:
                    log.error("match %s: the review failed: %s", match_id, error)
                    await self._store(match_id, "failed", None, str(error)[:500])
            except Exception as error:
                log.exception("match %s: the review failed", match_id)
                await self._store(match_id, "failed", None, str(error)[:500])
            finally:
                self.jobs.pop(match_id, None)
            if again:
                await asyncio.sleep(RETRY_SECONDS)
                self.enqueue(match_id)
            else:
                self._lost.pop(match_id, None)

    async def _review(self, match_id: str) -> None:
        live = await self.master.get(match_id)
        row = await asyncio.to_thread(self._load, match_id)
        if live.status != "finished" or (row is not None and row.status == "done"):
            return
        progress = self.jobs.setdefault(match_id, Progress())
        progress.started = True
        stored = await asyncio.to_thread(self.master.repo.load, match_id)
        assert stored is not None  # the match was just loaded
        game = live.game
        actions = [game.action_from_json(action.action) for action in stored.actions]
        by_bot = {action.index for action in stored.actions if action.by_bot}
        seats = [seat.seat for seat in live.seats if seat.kind == "human"]
        budget = CoachBudget(iterations=self.settings.coach_review_iterations, runs=REVIEW.runs)
        tasks = await asyncio.to_thread(
            tasks_for, game, live.states, actions, seats, budget=budget, skip=by_bot.__contains__
        )
        progress.total = len(tasks)
        await self._store(match_id, "running", None, None)

        async def judged(task: DecisionTask) -> tuple[Verdict, JsonDict]:
            public = game.view(live.states[task.index], None)
            found = await self.compute.run(
                Priority.BACKGROUND, match_id, judge_explained, task, public
            )
            progress.done += 1
            return found

        found = await asyncio.gather(*(judged(task) for task in tasks))
        verdicts = [verdict for verdict, _ in found]
        reasons = {verdict.index: why for verdict, why in found}
        result = await asyncio.to_thread(review_payload, live, actions, verdicts, seats, reasons)
        await self._store(match_id, "done", result, None)
        log.info("match %s: reviewed %s decisions", match_id, len(tasks))

    async def review(self, match_id: str, token: str | None) -> JsonDict:
        """The review of a finished match for this reader (a seat's token, or none), or how far
        it has come; asking for one not worked out yet starts it."""
        live = await self.master.get(match_id)
        reader = self.master.optional_seat(live, token)
        if live.status != "finished":
            raise Refused("not_finished", "a review is worked out once the match is finished")
        row = await asyncio.to_thread(self._load, match_id)
        base: JsonDict = {"match_id": match_id, "thresholds": THRESHOLDS, "marks": list(MARKS)}
        if row is not None and row.status == "done":
            return {**base, "status": "done", **for_reader(row.result, reader)}
        if row is not None and row.status == "failed" and match_id not in self.jobs:
            return {**base, "status": "failed", "progress": None, "seats": [], "decisions": []}
        self.enqueue(match_id)
        progress = self.jobs[match_id]
        return {
            **base,
            "status": "running" if progress.started else "queued",
            "progress": {"done": progress.done, "total": progress.total},
            "seats": [],
            "decisions": [],
        }

    def _unfinished(self) -> list[str]:
        return self.master.repo.unfinished_reviews()

    def _load(self, match_id: str) -> ReviewRow | None:
        return self.master.repo.review(match_id)

    async def _store(
        self, match_id: str, status: str, result: JsonDict | None, error: str | None
    ) -> None:
        """Record a review's progress, through the server's one writer (group commit)."""
        stored = StoredReview(
            match_id, status, result, error, self.settings.coach_review_iterations, utcnow()
        )
        await self.master.writer.write(self.master.repo.store_reviews, stored)

    # Hints ---------------------------------------------------------------------------------------

    async def hint(self, match_id: str, token: str | None, version: int) -> JsonDict:
        """The coach's best decisions for the asking seat, on the version it sees; refused when
        the match has hints off or it is not the seat's decision."""
        live = await self.master.get(match_id)
        seat = await self.master.seat_for(live, token)  # a seat joined through another process
        if seat is None:
            seat = self.master.seat_of(live, token)  # no token: refused
        if not live.hints:
            raise Refused("hints_off", "this match was created without hints")
        self.master.check_turn(live, seat, version)
        asked = self._hints.get(match_id)
        failed = asked is not None and asked[2].done() and asked[2].exception() is not None
        if asked is None or failed or asked[:2] != (version, seat):
            if self._hints_running >= HINTS_AT_ONCE:
                raise Refused("coach_busy", "the coach is busy; ask again in a moment")
            work = asyncio.get_running_loop().create_task(self._work_out(live, seat, version))
            asked = (version, seat, work)
            self._hints[match_id] = asked
        answer = await asyncio.shield(asked[2])
        return {"match_id": match_id, "version": version, "seat": seat, **answer}

    async def _work_out(self, live: LiveMatch, seat: int, version: int) -> JsonDict:
        """A hint from the seat's view of the state it was asked on, named in that state."""
        self._hints_running += 1
        try:
            state = live.state
            view = live.game.view(state, seat)
            answer = await self.compute.run(
                Priority.SEARCH,
                live.id,
                hint_answer,
                live.game.info.name,
                view,
                seat,
                self.settings.coach_hint_iterations,
                version,
            )
            return await asyncio.to_thread(named_hint, live.game, state, answer, seat, version)
        finally:
            self._hints_running -= 1


def named_hint(game: AnyGame, state: Any, answer: JsonDict, seat: int, seed: int) -> JsonDict:
    """A hint's decisions with their actions, menu entries and lines, read off the state it was
    asked on (the worker sends ids)."""
    named = copy.deepcopy(answer)
    for decision in named["decisions"]:
        action = game.action_from_id(decision["id"])
        decision["action"] = game.action_to_json(action)
        decision["label"] = to_json(game.label(state, action))
        decision["line"] = named_line(game, state, seat, action, decision.get("line", []), seed)
    return named


def named_line(
    game: AnyGame, state: Any, seat: int, first: Any, line: list[int], seed: int
) -> list[JsonDict]:
    """The coach's line after ``first`` as a page draws and words it: each decision's seat,
    action and log lines (a menu entry would speak to the deciding seat alone). It is followed
    on a state sampled from ``seat``'s view, as the search that found it was, so that its words
    name nothing the seat could not know (the next piece from the box, another seat's cards),
    and it stops where its log would say something to one seat alone
    (:func:`monolith.bots.coach.follow`)."""
    if not line:
        return []
    try:
        sample = game.determinize(game.view(state, seat), seed)
        steps = follow(game, sample, first, line)
    except GameError:
        return []
    return [
        {
            "seat": step.seat,
            "action": game.action_to_json(step.action),
            "said": [to_json(message) for message in step.said],
        }
        for step in steps
    ]


# The stored review ------------------------------------------------------------------------------


def review_payload(
    live: LiveMatch,
    actions: list[Any],
    verdicts: list[Verdict],
    seats: list[int],
    reasons: dict[int, JsonDict],
) -> JsonDict:
    """The whole review as stored: each seat's summary and graph, and each judged decision with
    its options named (action and menu entry), whether everyone may read those names, the
    reasons of a marked one (``reasons`` by decision index: for its seat, and for everyone
    else) and the coach's line after its choice."""
    game = live.game

    def option(state: Any, judged: Option, seat: int, seed: int) -> JsonDict:
        action = game.action_from_id(judged.id)
        return {
            "id": judged.id,
            "action": game.action_to_json(action),
            "label": to_json(game.label(state, action)),
            "win": judged.win,
            "spread": judged.spread,
            "visits": judged.visits,
            "score": judged.score,
            "place": judged.place,
            "line": named_line(game, state, seat, action, judged.line, seed),
        }

    decisions = []
    for verdict in sorted(verdicts, key=lambda v: v.index):
        state = live.states[verdict.index]
        why = reasons.get(verdict.index, {})

        def named(judged: Option, verdict: Verdict = verdict, state: Any = state) -> JsonDict:
            return option(state, judged, verdict.seat, verdict.index)

        decisions.append(
            {
                "index": verdict.index,
                "seat": verdict.seat,
                "legal": verdict.legal,
                "mark": verdict.mark,
                "loss": verdict.loss,
                "unsure": verdict.unsure,
                "chose_best": verdict.chosen.id == verdict.best.id,
                "shown": shown_to_all(game, state, actions[verdict.index]),
                "reason": why.get("reason"),
                "reason_public": why.get("reason_public"),
                "chosen": named(verdict.chosen),
                "best": named(verdict.best),
                "alternatives": [named(o) for o in verdict.alternatives],
            }
        )
    summaries = summarize(verdicts, seats)
    return {
        "iterations": verdicts[0].iterations if verdicts else 0,
        "seats": [
            {
                "seat": s.seat,
                "decisions": s.decisions,
                "marks": s.marks,
                "mean_loss": s.mean_loss,
                "graph": [{"index": index, "win": win} for index, win in s.graph],
            }
            for s in summaries
        ],
        "decisions": decisions,
    }


HIDDEN = ("id", "action", "label")
"""What a review leaves out of an option of a decision the reader may not have named to them."""


def for_reader(result: JsonDict, reader: int | None) -> JsonDict:
    """The stored review as ``reader`` may read it: another seat's private decisions keep their
    numbers and marks, but not what was chosen or could have been, nor why; another seat's
    public decisions keep their names, with the reason found from a spectator's view. The
    coach's lines are searched from the deciding seat's view (its own cards steer them): they
    go to that seat alone."""
    out = copy.deepcopy(result)
    for decision in out["decisions"]:
        own = decision["seat"] == reader
        public = decision.pop("reason_public", None)
        if not own:
            decision["reason"] = public if decision["shown"] else None
        options = [decision["chosen"], decision["best"], *decision["alternatives"]]
        for option in options:
            if not own:
                option.pop("line", None)
            if not own and not decision["shown"]:
                for hidden in HIDDEN:
                    option.pop(hidden, None)
    return out
