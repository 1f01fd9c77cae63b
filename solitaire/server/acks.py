"""A race's records' acknowledgements from JetStream, read on one subscription of the
process's own (``streams`` publishes through ``Acks``; issue 35)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from nats.js.errors import APIError


class Acks:
    """Records published with a reply subject of this process's own, their acknowledgements read
    from one subscription: what ``JetStreamContext.publish_async`` does, without what a move does
    not need there (a semaphore wait, a random token, a ``PubAck`` dataclass built from each
    answer): about a quarter of the CPU a record cost on this side (``bench --server --processes``)."""

    def __init__(self, nc: Any) -> None:
        self.nc = nc
        self.prefix = f"{nc.new_inbox()}."
        self.waiting: dict[str, asyncio.Future] = {}
        self.count = 0

    async def start(self) -> None:
        await self.nc.subscribe(self.prefix + "*", cb=self._heard)

    async def publish_async(self, subject: str, data: bytes, headers: dict) -> asyncio.Future:
        """The record's acknowledgement to come: its sequence (``.seq``), or an ``APIError``."""
        self.count += 1
        token = str(self.count)
        future = asyncio.get_running_loop().create_future()
        self.waiting[token] = future
        future.add_done_callback(lambda _: self.waiting.pop(token, None))  # given up (``_expire``) or answered
        try:
            await self.nc.publish(subject, data, reply=self.prefix + token, headers=headers)
        except BaseException:
            self.waiting.pop(token, None)
            raise
        return future

    async def _heard(self, msg: Any) -> None:
        future = self.waiting.get(msg.subject[len(self.prefix):])
        if future is None or future.done():
            return
        try:
            answer = json.loads(msg.data)
        except ValueError:  # no JSON: "no responders" (no stream takes the subject)
            answer = {"error": {"code": 503, "description": "no stream answered"}}
        error = answer.get("error")
        if error is None and "seq" in answer:
            future.set_result(Acked(int(answer["seq"])))
        else:  # (a refusal may carry a "seq" too)
            error = error or {}
            future.set_exception(APIError(code=error.get("code"), description=error.get("description"),
                                          err_code=error.get("err_code")))


@dataclass(frozen=True)
class Acked:
    seq: int
